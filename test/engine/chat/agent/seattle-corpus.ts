// Questions about real public data (vega-datasets: Seattle's daily weather 2012–2015; US employment by sector and
// month 2006–2015) in people's own words (weather as people say it — "sunny", "snowy", "foggy", "wettest", "below
// freezing" — sectors by their short names, "avg", "#", "precip", "yoy", explicit years, months and seasons, a typo or
// two), each answer SQL of our own on the same files, run by native DuckDB (sql-cases.ts). Time words are explicit:
// the data end in 2015. Job levels (thousands) are averaged over the months asked about, never added up; the monthly
// nonfarm change adds up. Summer is June to August, as the model's segment says. Written before the analyst was run
// on them.
import { FILES } from '../../../fixtures/analyst/seattle.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const W = `(SELECT CAST("date" AS TIMESTAMP) AS d, precipitation AS p, temp_max AS hi, temp_min AS lo, wind, weather
  FROM read_csv('${FILES.weather}', header = true))`;
const E = `(SELECT CAST("month" AS TIMESTAMP) AS d, * EXCLUDE ("month") FROM read_csv('${FILES.employment}', header = true))`;
const year = (col: string) => `strftime(date_trunc('year', ${col}), '%Y-%m-%d')`;
const inYear = (y: number) => within('d', `${y}-01-01`, `${y + 1}-01-01`);
const inMonth = (y: number, m: number) =>
  within(
    'd',
    `${y}-${String(m).padStart(2, '0')}-01`,
    m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`,
  );
const summer = (y: number) => within('d', `${y}-06-01`, `${y}-09-01`);

const specs: Spec[] = [
  // Seattle weather: labels in people's words, days, months, seasons and years, rankings, a share, a comparison.
  {
    q: 'how many days were logged as rain in 2013',
    sql: `SELECT count(*) FROM ${W} WHERE weather = 'rain' AND ${inYear(2013)}`,
  },
  { q: 'total precip in 2014', sql: `SELECT sum(p) FROM ${W} WHERE ${inYear(2014)}` },
  { q: 'avg daily high in july 2015', sql: `SELECT avg(hi) FROM ${W} WHERE ${inMonth(2015, 7)}` },
  { q: 'hottest temprature in the seattle data', sql: `SELECT max(hi) FROM ${W}` },
  { q: 'number of days by weather type', sql: `SELECT weather, count(*) FROM ${W} GROUP BY 1` },
  ranked(
    'which month of 2014 was the wettest, by total precipitation',
    `SELECT ${month('d')}, sum(p) s FROM ${W} WHERE ${inYear(2014)} GROUP BY 1 ORDER BY s DESC`,
  ),
  ranked(
    'monthly rainfall totals for 2012',
    `SELECT ${month('d')}, sum(p) FROM ${W} WHERE ${inYear(2012)} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'avg wind speed for each kind of weather', sql: `SELECT weather, avg(wind) FROM ${W} GROUP BY 1` },
  {
    q: 'what % of days in 2015 were sunny',
    sql: part(`${W} WHERE ${inYear(2015)}`, 'count(*)', `weather = 'sun'`),
  },
  {
    q: 'avg high temp summer 2013 vs summer 2014',
    sql: cmp(W, `avg(hi) FILTER (WHERE ${summer(2013)})`, `avg(hi) FILTER (WHERE ${summer(2014)})`),
  },
  {
    q: 'how many completely dry days (no precipitation at all) were there in 2012',
    sql: `SELECT count(*) FROM ${W} WHERE p = 0 AND ${inYear(2012)}`,
  },
  {
    q: 'on how many days in 2013 did the low drop below freezing',
    sql: `SELECT count(*) FROM ${W} WHERE lo < 0 AND ${inYear(2013)}`,
  },
  {
    q: 'what was the average gap between the daily high and low in 2015',
    sql: `SELECT avg(hi) - avg(lo) FROM ${W} WHERE ${inYear(2015)}`,
  },
  ranked(
    'which month of 2012 had the highest avg wind speed',
    `SELECT ${month('d')}, avg(wind) a FROM ${W} WHERE ${inYear(2012)} GROUP BY 1 ORDER BY a DESC`,
  ),
  ranked('foggy days per year', `SELECT ${year('d')}, count(*) FROM ${W} WHERE weather = 'fog' GROUP BY 1 ORDER BY 1`),
  {
    q: 'how many days hotter than 30°C in 2015',
    sql: `SELECT count(*) FROM ${W} WHERE hi > 30 AND ${inYear(2015)}`,
  },
  {
    q: 'how many different weather types showed up in 2014',
    sql: `SELECT count(DISTINCT weather) FROM ${W} WHERE ${inYear(2014)}`,
  },
  {
    q: 'avg wind on wet-weather days (drizzle, rain or snow) in 2014',
    sql: `SELECT avg(wind) FROM ${W} WHERE weather IN ('drizzle', 'rain', 'snow') AND ${inYear(2014)}`,
  },
  // US employment: sectors by their short names, single months, years, the recession, rankings, comparisons.
  { q: 'avg nonfarm jobs in 2014', sql: `SELECT avg(nonfarm) FROM ${E} WHERE ${inYear(2014)}` },
  { q: 'net jobs added in 2014', sql: `SELECT sum(nonfarm_change) FROM ${E} WHERE ${inYear(2014)}` },
  {
    q: 'manufacturing jobs 2009 vs 2014',
    sql: cmp(
      E,
      `avg(manufacturing) FILTER (WHERE ${inYear(2009)})`,
      `avg(manufacturing) FILTER (WHERE ${inYear(2014)})`,
    ),
  },
  ranked(
    'construction employment by month in 2008',
    `SELECT ${month('d')}, avg(construction) FROM ${E} WHERE ${inYear(2008)} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'how many months did the us economy lose jobs from 2008 thru 2010',
    sql: `SELECT count(*) FROM ${E} WHERE nonfarm_change < 0 AND ${within('d', '2008-01-01', '2011-01-01')}`,
  },
  { q: 'avg # of retail jobs in 2010', sql: `SELECT avg(retail_trade) FROM ${E} WHERE ${inYear(2010)}` },
  {
    q: 'private sector employment yoy, 2013 vs 2014',
    sql: cmp(E, `avg(private) FILTER (WHERE ${inYear(2013)})`, `avg(private) FILTER (WHERE ${inYear(2014)})`),
  },
  ranked(
    'top 3 worst months for nonfarm job losses',
    `SELECT ${month('d')}, sum(nonfarm_change) c FROM ${E} GROUP BY 1 ORDER BY c LIMIT 3`,
  ),
  ranked('net job gains each year', `SELECT ${year('d')}, sum(nonfarm_change) FROM ${E} GROUP BY 1 ORDER BY 1`),
  {
    q: 'leisure and hospitality jobs in july 2012',
    sql: `SELECT avg(leisure_and_hospitality) FROM ${E} WHERE ${inMonth(2012, 7)}`,
  },
  {
    q: 'avg goverment jobs during the great recession',
    sql: `SELECT avg(government) FROM ${E} WHERE ${within('d', '2007-12-01', '2009-07-01')}`,
  },
  ranked(
    'education & health jobs by year since 2010',
    `SELECT ${year('d')}, avg(education_and_health_services) FROM ${E} WHERE d >= '2010-01-01' GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'construction employmnet 2006 vs 2010',
    sql: cmp(E, `avg(construction) FILTER (WHERE ${inYear(2006)})`, `avg(construction) FILTER (WHERE ${inYear(2010)})`),
  },
  {
    q: 'goods producing vs service providing jobs in 2015',
    sql: cmp(`${E} WHERE ${inYear(2015)}`, 'avg(goods_producing)', 'avg(service_providing)'),
  },
  { q: 'peak nonfarm employment in 2008', sql: `SELECT max(nonfarm) FROM ${E} WHERE ${inYear(2008)}` },
  {
    q: "what pct of 2015's net nonfarm job gains came in december",
    sql: part(`${E} WHERE ${inYear(2015)}`, 'sum(nonfarm_change)', inMonth(2015, 12)),
  },
  {
    q: 'info sector jobs in 2015, monthly average',
    sql: `SELECT avg(information) FROM ${E} WHERE ${inYear(2015)}`,
  },
  // What the model cannot answer.
  { q: 'avg humidity in seattle in 2014', decline: true },
  { q: 'seattle air quality index by month in 2015', decline: true },
  { q: 'what was the us unemployment rate in 2009', decline: true },
  { q: 'avg hourly earnings of manufacturing workers in 2012', decline: true },
  { q: 'how many construction jobs were there in seattle in 2013', decline: true },
];

/** How many questions the set asks. */
export const SEATTLE_QUESTIONS = 40;
export const seattleCases = (): Promise<Case[]> => sqlCases(specs);
if (specs.length !== SEATTLE_QUESTIONS) throw new Error(`seattle corpus: ${specs.length} questions`);
