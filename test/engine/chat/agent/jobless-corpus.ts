// Questions about real public data (vega-datasets: US unemployed persons by industry and month, January 2000 to
// February 2010; deaths from natural disasters worldwide by type and year, 1900–2017) in people's own words
// (industries and disaster types as people say them — "info sector", "goverment workers", "storms", "volcano" —
// "avg", "#", "pct", "yoy", decades, month ranges, a typo or two), each answer SQL of our own on the same files, run
// by native DuckDB (sql-cases.ts). Time words are explicit (the data ends in 2010 and 2017). Disaster totals add up
// the types: the file's "All natural disasters" rows are totals and are left out, as the model leaves them out.
// Rates are averaged, never added; the unemployed are thousands of people, a monthly level (over several months,
// the average month). Written before the analyst was run on them.
import { FILES } from '../../../fixtures/analyst/jobless.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const U = `(SELECT series AS industry, "count" AS n, rate, CAST(make_date(year, month, 1) AS TIMESTAMP) AS d,
  CASE WHEN series IN ('Government', 'Self-employed') THEN series ELSE 'Private wage and salary' END AS worker_class,
  series IN ('Agriculture', 'Mining and Extraction', 'Construction', 'Manufacturing') AS goods
  FROM read_json_auto('${FILES.unemployment}'))`;
const D = `(SELECT "Entity" AS type, "Year" AS y, "Deaths" AS deaths, CASE
  WHEN "Entity" IN ('Earthquake', 'Volcanic activity', 'Mass movement (dry)') THEN 'Geophysical'
  WHEN "Entity" IN ('Flood', 'Landslide') THEN 'Hydrological'
  WHEN "Entity" IN ('Extreme weather', 'Extreme temperature') THEN 'Meteorological'
  WHEN "Entity" IN ('Drought', 'Wildfire') THEN 'Climatological'
  WHEN "Entity" = 'Epidemic' THEN 'Biological' END AS hazard
  FROM read_csv('${FILES.disasters}', header = true) WHERE "Entity" <> 'All natural disasters')`;
const year = (col: string) => `strftime(date_trunc('year', ${col}), '%Y-%m-%d')`;
const inYear = (y: number) => within('d', `${y}-01-01`, `${y + 1}-01-01`);
const WEATHER = `hazard IN ('Hydrological', 'Meteorological', 'Climatological')`;

const specs: Spec[] = [
  // Unemployment: industries in people's words, single months, years, month ranges, the recession months, rankings.
  {
    q: 'what was the unemployment rate in construction in jan 2010',
    sql: `SELECT avg(rate) FROM ${U} WHERE industry = 'Construction' AND d = '2010-01-01'`,
  },
  {
    q: 'avg jobless rate by industry in 2009',
    sql: `SELECT industry, avg(rate) FROM ${U} WHERE ${inYear(2009)} GROUP BY 1`,
  },
  ranked(
    'which industry had the highest unemployment rate on average in 2009',
    `SELECT industry, avg(rate) r FROM ${U} WHERE ${inYear(2009)} GROUP BY 1 ORDER BY r DESC`,
  ),
  {
    q: 'how many ppl were unemployed in manufacturing in march 2009',
    sql: `SELECT sum(n) FROM ${U} WHERE industry = 'Manufacturing' AND d = '2009-03-01'`,
  },
  {
    q: 'total # of unemployed across all industries in december 2009',
    sql: `SELECT sum(n) FROM ${U} WHERE d = '2009-12-01'`,
  },
  ranked(
    'monthly unemployment rate for finance in 2008',
    `SELECT ${month('d')}, avg(rate) FROM ${U} WHERE industry = 'Finance' AND ${inYear(2008)} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'construction vs manufacturing unemployment rate in 2009',
    sql: cmp(
      `${U} WHERE ${inYear(2009)}`,
      `avg(rate) FILTER (WHERE industry = 'Construction')`,
      `avg(rate) FILTER (WHERE industry = 'Manufacturing')`,
    ),
  },
  {
    q: 'yoy change in avg monthly unemployed for leisure & hospitality, 2008 vs 2009',
    sql: cmp(
      `${U} WHERE industry = 'Leisure and hospitality'`,
      `avg(n) FILTER (WHERE ${inYear(2008)})`,
      `avg(n) FILTER (WHERE ${inYear(2009)})`,
    ),
  },
  {
    q: 'lowest jobless rate ever recorded for goverment workers',
    sql: `SELECT min(rate) FROM ${U} WHERE industry = 'Government'`,
  },
  {
    q: 'how many months was construction unemployment in double digits',
    sql: `SELECT count(*) FROM ${U} WHERE industry = 'Construction' AND rate >= 10`,
  },
  {
    q: 'what % of the unemployed in jan 2010 came from construction',
    sql: part(`${U} WHERE d = '2010-01-01'`, 'sum(n)', `industry = 'Construction'`),
  },
  {
    q: 'avg unemployment rate of the goods-producing industries in 2009',
    sql: `SELECT avg(rate) FROM ${U} WHERE goods AND ${inYear(2009)}`,
  },
  {
    q: 'on average how many private sector wage and salary workers were unemployed per month in 2007, all private industries combined',
    sql: `SELECT sum(n) / count(DISTINCT d) FROM ${U} WHERE worker_class = 'Private wage and salary' AND ${inYear(2007)}`,
  },
  ranked(
    'top 5 industries by number of unemployed in june 2009',
    `SELECT industry, sum(n) s FROM ${U} WHERE d = '2009-06-01' GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  {
    q: 'avg unemployment rate per industry during the great recession',
    sql: `SELECT industry, avg(rate) FROM ${U} WHERE ${within('d', '2007-12-01', '2009-07-01')} GROUP BY 1`,
  },
  ranked(
    'construction jobless rate by year, 2000 thru 2009',
    `SELECT ${year('d')}, avg(rate) FROM ${U} WHERE industry = 'Construction' AND ${within('d', '2000-01-01', '2010-01-01')}
      GROUP BY 1 ORDER BY 1`,
  ),
  ranked(
    'which month of 2009 had the most people unemployed, all industries combined',
    `SELECT ${month('d')}, sum(n) s FROM ${U} WHERE ${inYear(2009)} GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'avg number of unemployed per industry in dec 2009',
    sql: `SELECT sum(n) / count(DISTINCT industry) FROM ${U} WHERE d = '2009-12-01'`,
  },
  {
    q: 'info sector unemployment rate from june to august 2003',
    sql: `SELECT avg(rate) FROM ${U} WHERE industry = 'Information' AND ${within('d', '2003-06-01', '2003-09-01')}`,
  },
  // Disasters: types and groups in people's words, decades, "since", rankings, a share and a comparison.
  {
    q: 'total deaths from natural disasters in the 1920s',
    sql: `SELECT sum(deaths) FROM ${D} WHERE y BETWEEN 1920 AND 1929`,
  },
  { q: 'deaths by disaster type', sql: `SELECT type, sum(deaths) FROM ${D} GROUP BY 1` },
  ranked(
    'which kind of disaster killed the most people since 1950',
    `SELECT type, sum(deaths) s FROM ${D} WHERE y >= 1950 GROUP BY 1 ORDER BY s DESC`,
  ),
  { q: 'earthquake deaths in 2010', sql: `SELECT sum(deaths) FROM ${D} WHERE type = 'Earthquake' AND y = 2010` },
  ranked('disaster deaths by decade', `SELECT y - y % 10 AS decade, sum(deaths) FROM ${D} GROUP BY 1 ORDER BY 1`),
  {
    q: 'what pct of all disaster deaths were caused by droughts',
    sql: part(D, 'sum(deaths)', `type = 'Drought'`),
  },
  {
    q: 'floods vs earthqakes: deaths in the 2000s',
    sql: cmp(
      `${D} WHERE y BETWEEN 2000 AND 2009`,
      `sum(deaths) FILTER (WHERE type = 'Flood')`,
      `sum(deaths) FILTER (WHERE type = 'Earthquake')`,
    ),
  },
  ranked(
    'top 5 deadliest years for earthquakes',
    `SELECT y, sum(deaths) s FROM ${D} WHERE type = 'Earthquake' GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  {
    q: 'deaths from geophysical disasters since 2000',
    sql: `SELECT sum(deaths) FROM ${D} WHERE hazard = 'Geophysical' AND y >= 2000`,
  },
  {
    q: 'how many died in weather-related disasters in the 90s',
    sql: `SELECT sum(deaths) FROM ${D} WHERE ${WEATHER} AND y BETWEEN 1990 AND 1999`,
  },
  {
    q: 'deaths by hazard group in the 2010s',
    sql: `SELECT hazard, sum(deaths) FROM ${D} WHERE y >= 2010 GROUP BY 1`,
  },
  {
    q: 'how many different types of disaster killed people in 2017',
    sql: `SELECT count(DISTINCT type) FROM ${D} WHERE y = 2017`,
  },
  {
    q: 'highest epidemic death toll in a single year',
    sql: `SELECT max(deaths) FROM ${D} WHERE type = 'Epidemic'`,
  },
  {
    q: 'how many times did a single type of disaster kill 100k or more people in one year',
    sql: `SELECT count(*) FROM ${D} WHERE deaths >= 100000`,
  },
  {
    q: 'volcano deaths before 1950',
    sql: `SELECT sum(deaths) FROM ${D} WHERE type = 'Volcanic activity' AND y < 1950`,
  },
  ranked(
    'storm deaths by decade since 1970',
    `SELECT y - y % 10 AS decade, sum(deaths) FROM ${D} WHERE type = 'Extreme weather' AND y >= 1970 GROUP BY 1 ORDER BY 1`,
  ),
  // What the model cannot answer.
  { q: 'what was the average weekly unemployment benefit paid in 2009', decline: true },
  { q: 'how many job openings were there in construction in 2008', decline: true },
  { q: 'unemployment rate in california in 2009', decline: true },
  { q: 'economic damage in usd from floods in the 2000s', decline: true },
  { q: 'how many people were injured by earthquakes in 2010', decline: true },
];

/** How many questions the set asks. */
export const JOBLESS_QUESTIONS = 40;
export const joblessCases = (): Promise<Case[]> => sqlCases(specs);
if (specs.length !== JOBLESS_QUESTIONS) throw new Error(`jobless corpus: ${specs.length} questions`);
