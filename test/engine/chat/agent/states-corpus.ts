// Questions about real public data on US states (vega-datasets: the FEC campaign finance summaries of 58 candidates
// for federal office filed in 2015; the household income distribution by state and bracket; per state the
// population, the share of residents who are engineers and hurricane strikes 1851–2004) in an analyst's own words
// (parties by code and by name, "dem vs rep", "spending", "cash on hand", states by name while candidates carry postal
// codes, lowercase regions, income brackets as "200k+", "#", "avg", "pct", a typo or two), each answer SQL of our own
// on the same files, run by native DuckDB (sql-cases.ts). Time words are explicit (the filings are from 2015).
// Households in a bracket are its share × the state's households; a candidate's office is the first letter of the FEC
// ID; the one blank status is no status. Written before the analyst was run on them.
import { FILES, STATE_CODES } from '../../../fixtures/analyst/states.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const CODES = STATE_CODES.map(([fips, code]) => `(${fips}, '${code}')`).join(', ');
const REGIONS = `(SELECT DISTINCT i.region, c.code FROM read_json_auto('${FILES.income}') i
  JOIN (VALUES ${CODES}) AS c(fips, code) ON c.fips = i.id)`;
const C = `(SELECT f."Candidate_Identification" AS id, f."Candidate_Name" AS name,
  NULLIF(f."Incumbent_Challenger_Status", '') AS status, f."Party_Affiliation" AS party,
  CASE left(f."Candidate_Identification", 1) WHEN 'H' THEN 'House' WHEN 'S' THEN 'Senate' WHEN 'P' THEN 'President'
  END AS office, f."Total_Receipts" AS receipts, f."Total_Disbursements" AS spent, f."Ending_Cash" AS cash,
  f."Debts_Owed_By" AS debts, f."Contributions_from_Candidate" AS own, f."Total_Individual_Contributions" AS indiv,
  f."Candidate_State" AS st, strptime(f."Coverage_End_Date", '%m/%d/%Y') AS ended, r.region
  FROM read_json_auto('${FILES.contributions}') f LEFT JOIN ${REGIONS} r ON r.code = f."Candidate_State")`;
const S = `(SELECT s.state AS name, s.population AS pop, s.engineers AS eng, s.hurricanes AS hur, i.region,
  i.total AS households FROM read_csv('${FILES.states}', header = true) s
  LEFT JOIN (SELECT DISTINCT id, region, total FROM read_json_auto('${FILES.income}')) i ON i.id = s.id)`;
const I = `(SELECT name, region, "group" AS grp, pct, total, pct * total AS hh,
  CASE "group" WHEN '<10000' THEN 0 WHEN '200000+' THEN 200000 ELSE CAST(split_part("group", ' ', 1) AS INTEGER) END
  AS floor FROM read_json_auto('${FILES.income}'))`;
const ENG = 'sum(pop * eng)';

const specs: Spec[] = [
  // Campaign finance: parties by code, offices, statuses, states by code, coverage dates, rankings, comparisons.
  { q: 'how many candidates are in the campaign finance data', sql: `SELECT count(*) FROM ${C}` },
  { q: 'total reciepts by party', sql: `SELECT party, sum(receipts) FROM ${C} GROUP BY 1` },
  {
    q: 'how much was spent by office (house, senate, president)?',
    sql: `SELECT office, sum(spent) FROM ${C} GROUP BY 1`,
  },
  ranked('which party raised the most money', `SELECT party, sum(receipts) r FROM ${C} GROUP BY 1 ORDER BY r DESC`),
  ranked('top 5 candidates by cash on hand', `SELECT name, sum(cash) c FROM ${C} GROUP BY 1 ORDER BY c DESC LIMIT 5`),
  {
    q: 'avg receipts: challengers vs open seat candidates',
    sql: cmp(C, `avg(receipts) FILTER (WHERE status = 'C')`, `avg(receipts) FILTER (WHERE status = 'O')`),
  },
  { q: 'total debt owed by senate candidates', sql: `SELECT sum(debts) FROM ${C} WHERE office = 'Senate'` },
  { q: 'how many candidates are carrying debt', sql: `SELECT count(*) FROM ${C} WHERE debts > 0` },
  { q: 'net cash flow by party', sql: `SELECT party, sum(receipts) - sum(spent) FROM ${C} GROUP BY 1` },
  {
    q: 'money raised per region, house candidates only',
    sql: `SELECT region, sum(receipts) FROM ${C} WHERE office = 'House' GROUP BY 1`,
  },
  ranked(
    'which state has the most house candidates',
    `SELECT st, count(*) n FROM ${C} WHERE office = 'House' GROUP BY 1 ORDER BY n DESC`,
  ),
  {
    q: 'candidates who spent more than $10k, with what they spent',
    sql: `SELECT name, sum(spent) FROM ${C} WHERE spent > 10000 GROUP BY 1`,
  },
  {
    q: 'avg debt of republican challengers',
    sql: `SELECT avg(debts) FROM ${C} WHERE party = 'REP' AND status = 'C'`,
  },
  {
    q: 'in total, how much did candidates put into their own campaigns? not counting loans',
    sql: `SELECT sum(own) FROM ${C}`,
  },
  {
    q: 'how many candidates had a coverage period ending in q3 2015',
    sql: `SELECT count(*) FROM ${C} WHERE ${within('ended', '2015-07-01', '2015-10-01')}`,
  },
  ranked(
    '# of candidates by the month their coverage period ended, 2015',
    `SELECT ${month('ended')}, count(*) FROM ${C} WHERE ${within('ended', '2015-01-01', '2016-01-01')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'how many different states do the senate candidates come from',
    sql: `SELECT count(DISTINCT st) FROM ${C} WHERE office = 'Senate'`,
  },
  ranked(
    'which nebraska candidate raised the most',
    `SELECT name, sum(receipts) r FROM ${C} WHERE st = 'NE' GROUP BY 1 ORDER BY r DESC`,
  ),
  { q: 'how much did the incumbents spend in total', sql: `SELECT sum(spent) FROM ${C} WHERE status = 'I'` },
  {
    q: 'total debts dem vs rep',
    sql: cmp(C, `sum(debts) FILTER (WHERE party = 'DEM')`, `sum(debts) FILTER (WHERE party = 'REP')`),
  },
  { q: 'what % of all money raised went to challengers', sql: part(C, 'sum(receipts)', `status = 'C'`) },
  // States: regions in their words, hurricanes, engineers, population and household size.
  { q: 'total hurricane strikes by region', sql: `SELECT region, sum(hur) FROM ${S} GROUP BY 1` },
  ranked('top 5 states for huricanes', `SELECT name, sum(hur) h FROM ${S} GROUP BY 1 ORDER BY h DESC LIMIT 5`),
  {
    q: 'how many southern states have been hit by at least one hurricane',
    sql: `SELECT count(*) FROM ${S} WHERE region = 'south' AND hur > 0`,
  },
  { q: 'population of the northeast', sql: `SELECT sum(pop) FROM ${S} WHERE region = 'northeast'` },
  { q: 'estimated number of engineers by region', sql: `SELECT region, ${ENG} FROM ${S} GROUP BY 1` },
  {
    q: 'engineers per 1k residents: washington vs massachusetts',
    sql: cmp(
      S,
      `1000.0 * ${ENG} FILTER (WHERE name = 'Washington') / sum(pop) FILTER (WHERE name = 'Washington')`,
      `1000.0 * ${ENG} FILTER (WHERE name = 'Massachusetts') / sum(pop) FILTER (WHERE name = 'Massachusetts')`,
    ),
  },
  { q: 'avg population of a midwest state', sql: `SELECT avg(pop) FROM ${S} WHERE region = 'midwest'` },
  {
    q: 'avg household size in utah (people per household)',
    sql: `SELECT 1.0 * sum(pop) / sum(households) FROM ${S} WHERE name = 'Utah'`,
  },
  // Household income: brackets in shorthand, regions, states by name, rankings, a share, a comparison.
  {
    q: 'what pct of massachusetts households make 200k+',
    sql: part(`${I} WHERE name = 'Massachusetts'`, 'sum(hh)', `grp = '200000+'`),
  },
  {
    q: '# of households earning under $10k by region',
    sql: `SELECT region, sum(hh) FROM ${I} WHERE grp = '<10000' GROUP BY 1`,
  },
  ranked(
    'top 5 states by number of households making 200k or more',
    `SELECT name, sum(hh) h FROM ${I} WHERE grp = '200000+' GROUP BY 1 ORDER BY h DESC LIMIT 5`,
  ),
  {
    q: 'households earning 150k+: northeast vs west',
    sql: cmp(
      `${I} WHERE floor >= 150000`,
      `sum(hh) FILTER (WHERE region = 'northeast')`,
      `sum(hh) FILTER (WHERE region = 'west')`,
    ),
  },
  {
    q: 'how many northeastern states have at least 8% of their households earning 200k+',
    sql: `SELECT count(DISTINCT name) FROM ${I} WHERE region = 'northeast' AND grp = '200000+' AND pct >= 0.08`,
  },
  {
    q: 'households making 100k or more in new jersey',
    sql: `SELECT sum(hh) FROM ${I} WHERE name = 'New Jersey' AND floor >= 100000`,
  },
  // What the data cannot answer.
  { q: 'how much did each candidate spend on tv ads', decline: true },
  { q: 'which candidates won their elections', decline: true },
  { q: 'how many individual donors gave to each candidate', decline: true },
  { q: 'unemployment rate by state', decline: true },
  { q: 'avg salary of engineers in california', decline: true },
];

/** How many questions the set asks. */
export const STATES_QUESTIONS = specs.length;
export const statesCases = (): Promise<Case[]> => sqlCases(specs);
