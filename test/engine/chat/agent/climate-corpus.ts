// Questions about real public data (vega-datasets: monthly CO2 at Mauna Loa, March 1958 to April 2020; the global
// temperature anomaly by year, 1880–2023; the 63 deaths of the 1992 Los Angeles riots) in people's own words ("avg",
// "#", "pct", "yoy", decades, single months and days, police shootings for officer-involved ones, a typo or two), each
// answer SQL of our own on the same files, run by native DuckDB (sql-cases.ts). Time words are explicit (nothing in
// the files is recent). CO2 and the anomaly are averaged, never added; CO2 is the monthly mean unless the question
// says seasonally adjusted; the one victim whose age is not known is left out of ages. Written before the analyst
// was run on them.
import { FILES } from '../../../fixtures/analyst/climate.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const C = `(SELECT CAST(c."Date" AS TIMESTAMP) AS d, year(c."Date") AS y, c."CO2" AS ppm, c."adjusted CO2" AS adj,
  t.temp AS anomaly
  FROM read_csv('${FILES.co2}', header = true) c LEFT JOIN read_csv('${FILES.temps}', header = true) t
  ON t.year = year(c."Date"))`;
const T = `(SELECT year AS y, temp FROM read_csv('${FILES.temps}', header = true))`;
const R = `(SELECT first_name, last_name, age, gender, race, CAST(death_date AS DATE) AS died, neighborhood,
  "type" AS kind FROM read_csv('${FILES.riots}', header = true))`;
const inYear = (y: number) => within('d', `${y}-01-01`, `${y + 1}-01-01`);
const day = (col: string) => `strftime(${col}, '%Y-%m-%d')`;

const specs: Spec[] = [
  // CO2 at Mauna Loa: single years and months, a decade, summer months, a comparison, a share, the year's warmth.
  { q: 'avg co2 level in 1998', sql: `SELECT avg(ppm) FROM ${C} WHERE y = 1998` },
  { q: 'highest monthly co2 reading ever recorded at mauna loa', sql: `SELECT max(ppm) FROM ${C}` },
  ranked('monthly co2 in 2019', `SELECT ${month('d')}, avg(ppm) FROM ${C} WHERE ${inYear(2019)} GROUP BY 1 ORDER BY 1`),
  {
    q: 'average co2 1960 vs 2010',
    sql: cmp(C, 'avg(ppm) FILTER (WHERE y = 1960)', 'avg(ppm) FILTER (WHERE y = 2010)'),
  },
  { q: 'how many months has co2 been above 400 ppm', sql: `SELECT count(*) FROM ${C} WHERE ppm > 400` },
  { q: 'avg co2 concentration in the 1980s', sql: `SELECT avg(ppm) FROM ${C} WHERE y BETWEEN 1980 AND 1989` },
  {
    q: 'what was the seasonally adjusted co2 in may 2015',
    sql: `SELECT avg(adj) FROM ${C} WHERE d = '2015-05-01'`,
  },
  {
    q: 'avg co2 during the summer months (jun-aug) of 2018',
    sql: `SELECT avg(ppm) FROM ${C} WHERE ${within('d', '2018-06-01', '2018-09-01')}`,
  },
  {
    q: 'the average of all monthly co2 readings in years when the global temp anomaly was above 0.5 °C',
    sql: `SELECT avg(ppm) FROM ${C} WHERE anomaly > 0.5`,
  },
  {
    q: 'what pct of months since jan 2015 were above 400 ppm',
    sql: part(`${C} WHERE d >= '2015-01-01'`, 'count(*)', 'ppm > 400'),
  },
  ranked(
    'which month of 2010 had the lowest co2',
    `SELECT ${month('d')}, avg(ppm) p FROM ${C} WHERE ${inYear(2010)} GROUP BY 1 ORDER BY p`,
  ),
  // Global temperature: single years, decades, rankings, counts of years, a share, year over year.
  { q: 'global temprature anomaly in 1998', sql: `SELECT avg(temp) FROM ${T} WHERE y = 1998` },
  ranked('top 5 warmest years on record', `SELECT y, avg(temp) a FROM ${T} GROUP BY 1 ORDER BY a DESC LIMIT 5`),
  { q: 'avg temp anomaly in the 1940s', sql: `SELECT avg(temp) FROM ${T} WHERE y BETWEEN 1940 AND 1949` },
  ranked(
    'avg temperature anomaly by decade since 1950',
    `SELECT y - y % 10 AS decade, avg(temp) FROM ${T} WHERE y >= 1950 GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'how many years were colder than the baseline', sql: `SELECT count(*) FROM ${T} WHERE temp < 0` },
  {
    q: 'how many years since 1980 were more than 0.5°C above the baseline',
    sql: `SELECT count(*) FROM ${T} WHERE y >= 1980 AND temp > 0.5`,
  },
  ranked(
    'global temperature anomaly each year from 2015 to 2023',
    `SELECT y, avg(temp) FROM ${T} WHERE y BETWEEN 2015 AND 2023 GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'what % of years since 1880 were warmer than the baseline',
    sql: part(T, 'count(*)', 'temp > 0'),
  },
  {
    q: 'yoy change in the temp anomaly, 2022 vs 2023',
    sql: cmp(T, 'avg(temp) FILTER (WHERE y = 2022)', 'avg(temp) FILTER (WHERE y = 2023)'),
  },
  // The 1992 LA riots: people by race, gender and age, kinds of death in people's words, days, neighborhoods.
  {
    q: 'how many deaths does the la riots data have in total, all types included',
    sql: `SELECT count(*) FROM ${R}`,
  },
  { q: 'deaths by race', sql: `SELECT race, count(*) FROM ${R} GROUP BY 1` },
  ranked(
    'which neighborhood had the most deaths',
    `SELECT neighborhood, count(*) n FROM ${R} GROUP BY 1 ORDER BY n DESC`,
  ),
  { q: 'avg age of the victims', sql: `SELECT avg(age) FROM ${R}` },
  {
    q: 'how many homicides on april 30 1992',
    sql: `SELECT count(*) FROM ${R} WHERE kind = 'Homicide' AND died = DATE '1992-04-30'`,
  },
  {
    q: 'what % of the deaths were police shootings',
    sql: part(R, 'count(*)', `kind = 'Officer-involved shooting'`),
  },
  ranked(
    'deaths per day from april 29 to may 4 1992',
    `SELECT ${day('died')}, count(*) FROM ${R} WHERE died BETWEEN DATE '1992-04-29' AND DATE '1992-05-04'
      GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'how many women died', sql: `SELECT count(*) FROM ${R} WHERE gender = 'Female'` },
  {
    q: '# of distinct neighborhoods with at least one death',
    sql: `SELECT count(DISTINCT neighborhood) FROM ${R}`,
  },
  {
    q: 'avg age latino vs black victms',
    sql: cmp(R, `avg(age) FILTER (WHERE race = 'Latino')`, `avg(age) FILTER (WHERE race = 'Black')`),
  },
  {
    q: 'how many riot-related deaths were there',
    sql: `SELECT count(*) FROM ${R} WHERE kind <> 'Not riot-related'`,
  },
  { q: 'deaths by type for white victims', sql: `SELECT kind, count(*) FROM ${R} WHERE race = 'White' GROUP BY 1` },
  { q: 'how many of the dead were under 18', sql: `SELECT count(*) FROM ${R} WHERE age < 18` },
  {
    q: 'on average how many people died per neighborhood',
    sql: `SELECT 1.0 * count(*) / count(DISTINCT neighborhood) FROM ${R}`,
  },
  { q: 'how many people died in pico union', sql: `SELECT count(*) FROM ${R} WHERE neighborhood = 'Pico-Union'` },
  // What the model cannot answer.
  { q: 'how much did global sea level rise between 1993 and 2020', decline: true },
  { q: 'methane concentration at mauna loa in 2010', decline: true },
  { q: 'what was the total property damage in dollars from the 1992 riots', decline: true },
  { q: 'how many people were arrested during the la riots', decline: true },
  { q: 'how many people were injured in the riots in koreatown', decline: true },
];

/** How many questions the set asks. */
export const CLIMATE_QUESTIONS = 40;
export const climateCases = (): Promise<Case[]> => sqlCases(specs);
if (specs.length !== CLIMATE_QUESTIONS) throw new Error(`climate corpus: ${specs.length} questions`);
