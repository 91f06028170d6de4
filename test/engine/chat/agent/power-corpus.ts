// Questions about real public data (vega-datasets: Iowa's net electricity generation by source and year 2001–2017,
// in thousand megawatt-hours; the US population by census year 1850–2000, 5-year age group and sex; the US workforce
// by occupation, sex and census year 1850–2000) in people's own words (sources, sexes, ages and occupations as people
// say them — "65+", "kids under 5", "lawyers", "carbon-free" — "avg", "#", "pct", "yoy", a decade, year ranges, a
// typo or two), each answer SQL of our own on the same files, run by native DuckDB (sql-cases.ts). Time words are
// explicit (the data end in 2017 and 2000). The population file's sex code is read as the model reads it (1 = male,
// 2 = female); shares are computed from the counts, never added up. Written before the analyst was run on them.
import { FARM_JOBS, FILES } from '../../../fixtures/analyst/power.js';
import type { Case } from './corpus.js';
import { cmp, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const E = `(SELECT source, net_generation AS g, CAST("year" AS TIMESTAMP) AS d
  FROM read_csv('${FILES.electricity}', header = true))`;
const P = `(SELECT "year" AS y, age, CASE sex WHEN 1 THEN 'male' WHEN 2 THEN 'female' END AS sex, people
  FROM read_json_auto('${FILES.population}'))`;
const J = `(SELECT job, sex, "year" AS y, "count" AS n FROM read_json_auto('${FILES.jobs}'))`;
const year = (col: string) => `strftime(date_trunc('year', ${col}), '%Y-%m-%d')`;
const inYear = (y: number) => within('d', `${y}-01-01`, `${y + 1}-01-01`);
const FARM = FARM_JOBS.map((j) => `'${j}'`).join(', ');

const specs: Spec[] = [
  // Iowa electricity: sources in people's words, single years, ranges, a decade, shares, rankings, comparisons.
  { q: 'how much electricity did iowa generate in 2017', sql: `SELECT sum(g) FROM ${E} WHERE ${inYear(2017)}` },
  { q: 'net generation by source in 2010', sql: `SELECT source, sum(g) FROM ${E} WHERE ${inYear(2010)} GROUP BY 1` },
  ranked(
    'renewables generaton per year',
    `SELECT ${year('d')}, sum(g) FROM ${E} WHERE source = 'Renewables' GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: "what % of iowa's power came from renewables in 2016",
    sql: part(`${E} WHERE ${inYear(2016)}`, 'sum(g)', `source = 'Renewables'`),
  },
  {
    q: 'nuclear vs renewables generation in 2005',
    sql: cmp(
      `${E} WHERE ${inYear(2005)}`,
      `sum(g) FILTER (WHERE source = 'Nuclear Energy')`,
      `sum(g) FILTER (WHERE source = 'Renewables')`,
    ),
  },
  {
    q: 'fossil fuel generation 2005 vs 2015',
    sql: cmp(
      `${E} WHERE source = 'Fossil Fuels'`,
      `sum(g) FILTER (WHERE ${inYear(2005)})`,
      `sum(g) FILTER (WHERE ${inYear(2015)})`,
    ),
  },
  ranked(
    'which source generated the most electricity since 2010',
    `SELECT source, sum(g) s FROM ${E} WHERE d >= '2010-01-01' GROUP BY 1 ORDER BY s DESC`,
  ),
  ranked(
    'top 3 years for fossil fuel output',
    `SELECT ${year('d')}, sum(g) s FROM ${E} WHERE source = 'Fossil Fuels' GROUP BY 1 ORDER BY s DESC LIMIT 3`,
  ),
  {
    q: 'avg yearly nuclear generation in the 2000s',
    sql: `SELECT avg(g) FROM ${E} WHERE source = 'Nuclear Energy' AND ${within('d', '2000-01-01', '2010-01-01')}`,
  },
  {
    q: 'how much carbon-free electricity (nuclear + renewables) did iowa make in 2012',
    sql: `SELECT sum(g) FROM ${E} WHERE source IN ('Nuclear Energy', 'Renewables') AND ${inYear(2012)}`,
  },
  {
    q: 'in how many years did renewables generate over 10 million mwh',
    sql: `SELECT count(*) FROM ${E} WHERE source = 'Renewables' AND g > 10000`,
  },
  ranked(
    'renewable share of iowa generation by year, 2010 to 2017',
    `SELECT ${year('d')}, 100.0 * sum(g) FILTER (WHERE source = 'Renewables') / sum(g) FROM ${E}
      WHERE ${within('d', '2010-01-01', '2018-01-01')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: "yoy change in iowa's total generation, 2016 vs 2017",
    sql: cmp(E, `sum(g) FILTER (WHERE ${inYear(2016)})`, `sum(g) FILTER (WHERE ${inYear(2017)})`),
  },
  // US population: census years as numbers, sexes and age groups in people's words, shares, a ratio, rankings.
  { q: 'us population in 1900', sql: `SELECT sum(people) FROM ${P} WHERE y = 1900` },
  { q: 'populaton by sex in 1950', sql: `SELECT sex, sum(people) FROM ${P} WHERE y = 1950 GROUP BY 1` },
  { q: 'how many people 65 and older in 2000', sql: `SELECT sum(people) FROM ${P} WHERE y = 2000 AND age >= 65` },
  {
    q: 'what pct of the population was 65+ in 1950',
    sql: part(`${P} WHERE y = 1950`, 'sum(people)', 'age >= 65'),
  },
  ranked('total population by census year', `SELECT y, sum(people) FROM ${P} GROUP BY 1 ORDER BY 1`),
  {
    q: 'men vs women in the 1850 census',
    sql: cmp(
      `${P} WHERE y = 1850`,
      `sum(people) FILTER (WHERE sex = 'male')`,
      `sum(people) FILTER (WHERE sex = 'female')`,
    ),
  },
  { q: 'how many kids under 5 were there in 1880', sql: `SELECT sum(people) FROM ${P} WHERE y = 1880 AND age = 0` },
  ranked(
    'which age group was the largest in 1990',
    `SELECT age, sum(people) s FROM ${P} WHERE y = 1990 GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'how many women aged 90+ in 2000',
    sql: `SELECT sum(people) FROM ${P} WHERE y = 2000 AND age = 90 AND sex = 'female'`,
  },
  {
    q: 'men per 100 women in 1900',
    sql: `SELECT 100.0 * sum(people) FILTER (WHERE sex = 'male') / sum(people) FILTER (WHERE sex = 'female')
      FROM ${P} WHERE y = 1900`,
  },
  {
    q: 'working-age population (15 to 64) in 1970',
    sql: `SELECT sum(people) FROM ${P} WHERE y = 1970 AND age BETWEEN 15 AND 60`,
  },
  {
    q: 'avg number of people per age group in the 2000 census',
    sql: `SELECT sum(people) / count(DISTINCT age) FROM ${P} WHERE y = 2000`,
  },
  // US workforce: occupations by partial or plural names, a group, the farm occupations, shares, rankings.
  { q: 'how many dentists were there in 1950', sql: `SELECT sum(n) FROM ${J} WHERE job = 'Dentist' AND y = 1950` },
  ranked(
    'top 5 occupations for women in 1900',
    `SELECT job, sum(n) s FROM ${J} WHERE sex = 'women' AND y = 1900 GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  {
    q: 'what % of the workforce was female in 1950',
    sql: part(`${J} WHERE y = 1950`, 'sum(n)', `sex = 'women'`),
  },
  ranked('nurses by census year', `SELECT y, sum(n) FROM ${J} WHERE job = 'Nurse' GROUP BY 1 ORDER BY 1`),
  {
    q: 'farmers 1900 vs 2000',
    sql: cmp(`${J} WHERE job = 'Farmer'`, `sum(n) FILTER (WHERE y = 1900)`, `sum(n) FILTER (WHERE y = 2000)`),
  },
  {
    q: 'how many different occupations had women working in them in 1850',
    sql: `SELECT count(DISTINCT job) FROM ${J} WHERE sex = 'women' AND y = 1850 AND n > 0`,
  },
  {
    q: 'how many professors were there in 1950, all fields combined (biology, physics etc)',
    sql: `SELECT sum(n) FROM ${J} WHERE (job = 'Professor' OR job LIKE 'Professor - %') AND y = 1950`,
  },
  ranked(
    'which census year had the most farm laborers',
    `SELECT y, sum(n) s FROM ${J} WHERE job = 'Farm Laborer' GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'what % of lawyers were women in 2000',
    sql: part(`${J} WHERE job = 'Lawyer / Judge' AND y = 2000`, 'sum(n)', `sex = 'women'`),
  },
  {
    q: 'how many ppl worked in farm occupations in 1900',
    sql: `SELECT sum(n) FROM ${J} WHERE job IN (${FARM}) AND y = 1900`,
  },
  // What the model cannot answer.
  { q: 'avg price of electricity in iowa in 2015, in cents per kwh', decline: true },
  { q: 'co2 emissions from iowa power plants in 2010', decline: true },
  { q: 'median salary of teachers in 1950', decline: true },
  { q: 'population of texas in 1950', decline: true },
  { q: 'how many power plants were operating in iowa in 2017', decline: true },
];

/** How many questions the set asks. */
export const POWER_QUESTIONS = 40;
export const powerCases = (): Promise<Case[]> => sqlCases(specs);
if (specs.length !== POWER_QUESTIONS) throw new Error(`power corpus: ${specs.length} questions`);
