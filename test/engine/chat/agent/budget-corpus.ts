// Questions about real public data (vega-datasets: US federal budget receipts by account, agency and fiscal year;
// 5,000 US flights of early 2001; the characters of Les Misérables and who appears with whom) in a curious user's own
// words: receipts in a named year, by agency, source category and account, "since 2010", "in the 1990s", "1990 vs
// 2010", income vs corporate taxes, what % came from social insurance taxes, per account; flights out of and into an
// airport, by month, in a named month of 2001, on-time rate, "SFO vs LAX", a share of late flights, top 5; characters
// by group, who appears with Valjean most, connections, link weights, "Gavroche vs Enjolras"; shorthand and a typo or
// two. Each answer is SQL of our own on the same rows and file, run by native DuckDB (sql-cases.ts). Written before
// the analyst was run on them, and kept as written.
import { FILES, accounts, agencies, characters, coAppearances, receipts } from '../../../fixtures/analyst/budget.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const R = `(SELECT r.*, a.account_name account, a.bureau, a.source_category, a.budget_status, g.name agency
  FROM receipts r JOIN accounts a ON r.account_id = a.id JOIN agencies g ON a.agency_id = g.id)`;
const F = `(SELECT *, strptime(CAST(date AS VARCHAR), '%Y/%m/%d %H:%M') t FROM read_json_auto('${FILES.flights}'))`;
const L = `(SELECT l.*, c.name who, c.group_id, o.name other FROM co_appearances l
  JOIN characters c ON l.character_id = c.id JOIN characters o ON l.co_character_id = o.id)`;
const FY = (year: number) => `fiscal_year = ${year}`;
const ON_TIME_RATE = `100.0 * count(*) FILTER (WHERE delay <= 15) / count(*)`;

const specs: Spec[] = [
  // Federal receipts: named fiscal years, agencies, source categories, accounts.
  { q: 'total federal receipts in 2010', sql: `SELECT sum(amount) FROM ${R} WHERE ${FY(2010)}` },
  ranked(
    'which agency brought in the most money in 2014',
    `SELECT agency, sum(amount) s FROM ${R} WHERE ${FY(2014)} GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'recipts by source category for fiscal 2000',
    sql: `SELECT source_category, sum(amount) FROM ${R} WHERE ${FY(2000)} GROUP BY 1`,
  },
  {
    q: 'individual income taxes vs corporation income taxes in 2008',
    sql: cmp(
      `${R} WHERE ${FY(2008)}`,
      `sum(amount) FILTER (WHERE source_category = 'Individual Income Taxes')`,
      `sum(amount) FILTER (WHERE source_category = 'Corporation Income Taxes')`,
    ),
  },
  {
    q: 'what % of 2012 receipts came from social insurance taxes',
    sql: part(`${R} WHERE ${FY(2012)}`, 'sum(amount)', `source_category = 'Social Insurance Taxes and Contributions'`),
  },
  ranked(
    'top 5 accounts by receipts in 2019',
    `SELECT account, sum(amount) s FROM ${R} WHERE ${FY(2019)} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  ranked(
    'customs duties by year since 2010',
    `SELECT fiscal_year, sum(amount) FROM ${R} WHERE source_category = 'Customs Duties' AND fiscal_year >= 2010
     GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'how much did the dept of labor collect in 2005',
    sql: `SELECT sum(amount) FROM ${R} WHERE agency = 'Department of Labor' AND ${FY(2005)}`,
  },
  {
    q: 'off-budget receipts in 2015',
    sql: `SELECT sum(amount) FROM ${R} WHERE budget_status = 'Off-budget' AND ${FY(2015)}`,
  },
  {
    q: 'how many accounts does the treasury have',
    sql: `SELECT count(*) FROM accounts a JOIN agencies g ON a.agency_id = g.id
      WHERE g.name = 'Department of the Treasury'`,
  },
  {
    q: 'excise tax receipts 1990 vs 2010',
    sql: cmp(
      `${R} WHERE source_category = 'Excise Taxes'`,
      `sum(amount) FILTER (WHERE ${FY(1990)})`,
      `sum(amount) FILTER (WHERE ${FY(2010)})`,
    ),
  },
  {
    q: 'how many accounts had receipts in 1970',
    sql: `SELECT count(DISTINCT account_id) FROM ${R} WHERE ${FY(1970)}`,
  },
  {
    q: 'avg receipts per account in 2016',
    sql: `SELECT sum(amount) / count(DISTINCT account_id) FROM ${R} WHERE ${FY(2016)}`,
  },
  {
    q: 'estate and gift taxes in the 1990s',
    sql: `SELECT sum(amount) FROM ${R} WHERE source_category = 'Estate and Gift Taxes'
      AND fiscal_year BETWEEN 1990 AND 1999`,
  },
  {
    q: 'how much did the EPA take in in 1995',
    sql: `SELECT sum(amount) FROM ${R} WHERE agency = 'Environmental Protection Agency' AND ${FY(1995)}`,
  },
  // Flights of January–March 2001: airports either way, named months, shares, a comparison.
  {
    q: 'how many flights in jan 2001',
    sql: `SELECT count(*) FROM ${F} WHERE ${within('t', '2001-01-01', '2001-02-01')}`,
  },
  { q: 'avg delay out of ORD', sql: `SELECT avg(delay) FROM ${F} WHERE origin = 'ORD'` },
  ranked(
    'top 5 busiest airports by departures',
    `SELECT origin, count(*) n FROM ${F} GROUP BY 1 ORDER BY n DESC LIMIT 5`,
  ),
  { q: 'what % of flights were more than 15 min late', sql: part(F, 'count(*)', 'delay > 15') },
  ranked(
    'number of flights per month in 2001',
    `SELECT ${month('t')}, count(*) FROM ${F} WHERE ${within('t', '2001-01-01', '2002-01-01')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'how many flights LAX to SFO',
    sql: `SELECT count(*) FROM ${F} WHERE origin = 'LAX' AND destination = 'SFO'`,
  },
  {
    q: 'avg delay in feb 2001',
    sql: `SELECT avg(delay) FROM ${F} WHERE ${within('t', '2001-02-01', '2001-03-01')}`,
  },
  {
    q: 'total miles flown out of DEN in march 2001',
    sql: `SELECT sum(distance) FROM ${F} WHERE origin = 'DEN' AND ${within('t', '2001-03-01', '2001-04-01')}`,
  },
  { q: 'on-time rate for flights into ATL', sql: `SELECT ${ON_TIME_RATE} FROM ${F} WHERE destination = 'ATL'` },
  {
    q: 'avg delay SFO vs LAX departures',
    sql: cmp(F, `avg(delay) FILTER (WHERE origin = 'SFO')`, `avg(delay) FILTER (WHERE origin = 'LAX')`),
  },
  { q: 'longest delay on a flight into JFK', sql: `SELECT max(delay) FROM ${F} WHERE destination = 'JFK'` },
  // Les Misérables: characters, groups, who appears with whom.
  { q: 'how many characters are in les mis', sql: `SELECT count(*) FROM characters` },
  ranked(
    'which group has the most characters',
    `SELECT group_id, count(*) n FROM characters GROUP BY 1 ORDER BY n DESC`,
  ),
  ranked(
    'who does valjean appear with the most',
    `SELECT other, sum(weight) w FROM ${L} WHERE who = 'Valjean' GROUP BY 1 ORDER BY w DESC`,
  ),
  {
    q: 'how many other characters is Javert linked to',
    sql: `SELECT count(DISTINCT co_character_id) FROM ${L} WHERE who = 'Javert'`,
  },
  ranked(
    'top 5 characters by number of connections',
    `SELECT who, count(DISTINCT co_character_id) n FROM ${L} GROUP BY 1 ORDER BY n DESC LIMIT 5`,
  ),
  {
    q: 'co-appearance weight between Marius and Cosette',
    sql: `SELECT sum(weight) FROM ${L} WHERE who = 'Marius' AND other = 'Cosette'`,
  },
  { q: 'how many characters in group 6', sql: `SELECT count(*) FROM characters WHERE group_id = 6` },
  {
    q: 'Gavroche vs Enjolras: how many characters each appears with',
    sql: cmp(
      L,
      `count(DISTINCT co_character_id) FILTER (WHERE who = 'Gavroche')`,
      `count(DISTINCT co_character_id) FILTER (WHERE who = 'Enjolras')`,
    ),
  },
  { q: 'avg link weight for fantine', sql: `SELECT avg(weight) FROM ${L} WHERE who = 'Fantine'` },
  // What the data cannot answer.
  { q: 'how much did the government spend on defense in 2010', decline: true },
  { q: 'what was the federal deficit in 2009', decline: true },
  { q: 'which airline had the most delayed flights', decline: true },
  { q: 'avg ticket price from LAX to JFK', decline: true },
  { q: 'what chapter does cosette first show up in', decline: true },
];

/** How many questions the set asks. */
export const BUDGET_QUESTIONS = specs.length;
export const budgetCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { receipts, accounts, agencies, characters, co_appearances: coAppearances });
