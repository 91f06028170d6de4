// Questions about real public data (vega-datasets: gapminder's fertility and life expectancy of 62 countries
// 1955–2000, one GitHub repository's hourly commits January–May 2015, US miles driven and gas prices 1956–2010, US
// county unemployment rates) in people's own words (countries and continents by name, "avg", "#", "pct", "vs",
// decades, quarters, a typo or two, state names and a FIPS code), each answer SQL of our own on the same files, run by
// native DuckDB (sql-cases.ts). Written before the analyst was run on them. Regions and states are the fixture's
// lookups; an unemployment rate is the file's fraction (0.1 = 10%).
import { FILES, HIGH_RATE, REGIONS, STATES } from '../../../fixtures/analyst/world.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const regions = REGIONS.map(([c, r]) => `('${c}', '${r}')`).join(', ');
const states = STATES.map(([f, c, n]) => `(${f}, '${c}', '${n}')`).join(', ');
const setup = [
  `CREATE VIEW c AS SELECT k.country, k.year, k.fertility, k.life_expect, r.region
    FROM read_json_auto('${FILES.countries}') k LEFT JOIN (VALUES ${regions}) AS r(country, region) ON r.country = k.country`,
  `CREATE VIEW g AS SELECT "time" t, "count" n FROM read_csv('${FILES.github}', header = true)`,
  `CREATE VIEW d AS SELECT make_date(CAST(year AS INTEGER), 1, 1) y, year, miles, gas FROM read_json_auto('${FILES.driving}')`,
  `CREATE VIEW u AS SELECT x.id, x.rate, s.code, s.name
    FROM read_csv('${FILES.unemployment}', header = true, delim = '\t') x
    LEFT JOIN (VALUES ${states}) AS s(fips, code, name) ON s.fips = x.id // 1000`,
];
const year = (col: string) => `strftime(${col}, '%Y-%m-%d')`;
const hi = `rate >= ${HIGH_RATE}`;

const specs: Spec[] = [
  // Gapminder: years as numbers, countries and continents by name, rankings, shares, comparisons.
  { q: 'avg fertility rate in 2000', sql: `SELECT avg(fertility) FROM c WHERE year = 2000` },
  ranked(
    'life expectancy in japan over time',
    `SELECT year, avg(life_expect) FROM c WHERE country = 'Japan' GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'how many countries had a fertility rate below 2 in 1975',
    sql: `SELECT count(DISTINCT country) FROM c WHERE year = 1975 AND fertility < 2`,
  },
  ranked(
    'top 5 countries by life expectancy in 2000',
    `SELECT country, avg(life_expect) l FROM c WHERE year = 2000 GROUP BY 1 ORDER BY l DESC LIMIT 5`,
  ),
  {
    q: 'average life expectancy by continent in 1955',
    sql: `SELECT region, avg(life_expect) FROM c WHERE year = 1955 GROUP BY 1`,
  },
  {
    q: 'fertility india vs china in 1980',
    sql: cmp(
      `c WHERE year = 1980`,
      `avg(fertility) FILTER (WHERE country = 'India')`,
      `avg(fertility) FILTER (WHERE country = 'China')`,
    ),
  },
  ranked(
    'which region had the highest avg fertility in the 90s',
    `SELECT region, avg(fertility) f FROM c WHERE year >= 1990 AND year < 2000 GROUP BY 1 ORDER BY f DESC`,
  ),
  { q: '# of african countries in the data', sql: `SELECT count(DISTINCT country) FROM c WHERE region = 'Africa'` },
  {
    q: 'avg fertilty of european countries in 1960',
    sql: `SELECT avg(fertility) FROM c WHERE region = 'Europe' AND year = 1960`,
  },
  {
    q: 'what % of countries had a life expectancy over 70 in 1990',
    sql: part(`c WHERE year = 1990`, 'count(*)', 'life_expect > 70'),
  },
  {
    q: 'south korea fertility 1960 vs 2000',
    sql: cmp(
      `c WHERE country = 'South Korea'`,
      `avg(fertility) FILTER (WHERE year = 1960)`,
      `avg(fertility) FILTER (WHERE year = 2000)`,
    ),
  },
  // Commits: hours of 2015, months, weekends, busy hours, per-day ratios.
  { q: 'how many commits in total', sql: `SELECT sum(n) FROM g` },
  ranked('commits per month', `SELECT ${month('t')}, sum(n) FROM g GROUP BY 1 ORDER BY 1`),
  {
    q: 'number of commits in march 2015',
    sql: `SELECT sum(n) FROM g WHERE ${within('t', '2015-03-01', '2015-04-01')}`,
  },
  ranked('which hour of the day gets the most commits', `SELECT hour(t) h, sum(n) s FROM g GROUP BY 1 ORDER BY s DESC`),
  { q: 'avg commits per active hour', sql: `SELECT avg(n) FROM g` },
  { q: 'how many hours had 10 or more commits', sql: `SELECT count(*) FROM g WHERE n >= 10` },
  {
    q: 'weekend vs weekday commits',
    sql: cmp('g', 'sum(n) FILTER (WHERE dayofweek(t) IN (0, 6))', 'sum(n) FILTER (WHERE dayofweek(t) NOT IN (0, 6))'),
  },
  { q: 'what pct of commits were made on weekends', sql: part('g', 'sum(n)', 'dayofweek(t) IN (0, 6)') },
  {
    q: 'on how many days was there at least one commit in q1 2015',
    sql: `SELECT count(DISTINCT CAST(t AS DATE)) FROM g WHERE ${within('t', '2015-01-01', '2015-04-01')}`,
  },
  {
    q: 'commits per active day in april 2015',
    sql: `SELECT 1.0 * sum(n) / count(DISTINCT CAST(t AS DATE)) FROM g WHERE ${within('t', '2015-04-01', '2015-05-01')}`,
  },
  // Driving: years as dates, decades, the gas price, miles per person.
  { q: 'avg gas price in the 70s', sql: `SELECT avg(gas) FROM d WHERE year >= 1970 AND year < 1980` },
  { q: 'how many miles did the average american drive in 2000', sql: `SELECT avg(miles) FROM d WHERE year = 2000` },
  ranked(
    'gas price by year since 2000',
    `SELECT ${year('y')}, avg(gas) FROM d WHERE year >= 2000 GROUP BY 1 ORDER BY 1`,
  ),
  ranked('which year had the most expensive gas', `SELECT ${year('y')}, avg(gas) p FROM d GROUP BY 1 ORDER BY p DESC`),
  {
    q: 'miles driven per person 1960 vs 2010',
    sql: cmp('d', 'avg(miles) FILTER (WHERE year = 1960)', 'avg(miles) FILTER (WHERE year = 2010)'),
  },
  { q: 'how many years was gas over $3 a gallon', sql: `SELECT count(*) FROM d WHERE gas > 3` },
  { q: 'cheapest gas price before 1990', sql: `SELECT min(gas) FROM d WHERE year < 1990` },
  // County unemployment: states by name and code, a FIPS code, double digits, shares, comparisons.
  { q: 'how many counties are in the unemployment data', sql: `SELECT count(*) FROM u` },
  { q: 'how many counties have double-digit unemployment', sql: `SELECT count(*) FROM u WHERE ${hi}` },
  {
    q: 'what % of texas counties have an unemployment rate of 10% or more',
    sql: part(`u WHERE code = 'TX'`, 'count(*)', hi),
  },
  { q: 'highest county unemployment rate in california', sql: `SELECT max(rate) FROM u WHERE code = 'CA'` },
  { q: 'jobless rate for county fips 6037', sql: `SELECT avg(rate) FROM u WHERE id = 6037` },
  {
    q: 'avg county unemployment rate puerto rico vs florida',
    sql: cmp('u', `avg(rate) FILTER (WHERE code = 'PR')`, `avg(rate) FILTER (WHERE code = 'FL')`),
  },
  ranked(
    'top 5 of the 50 states by avg county unemployment rate',
    `SELECT name, avg(rate) r FROM u WHERE code NOT IN ('DC', 'PR') GROUP BY 1 ORDER BY r DESC LIMIT 5`,
  ),
  // What the data cannot answer.
  { q: 'population of nigeria in 2000', decline: true },
  { q: 'how many lines of code were added in april 2015', decline: true },
  { q: 'who made the most commits', decline: true },
  { q: 'how many people are unemployed in michigan', decline: true },
  { q: 'how many gallons of gas did americans buy in 2005', decline: true },
];

/** How many questions the set asks. */
export const WORLD_QUESTIONS = specs.length;
export const worldCases = (): Promise<Case[]> => sqlCases(specs, setup);
