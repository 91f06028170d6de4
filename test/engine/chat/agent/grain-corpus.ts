// Questions about real public data (vega-datasets: the Minnesota barley trials of 1931–1932, the British army's
// monthly deaths in the Crimean War 1854–1856) in people's own words (varieties and stations by partial names, "avg",
// "#", "pct", "bu", a typo or two, months and quarters of the war), each answer SQL of our own on the same files, run
// by native DuckDB (sql-cases.ts). Written before the analyst was run on them. The stations' regions are the model's
// hand-written lookup (STATIONS_SQL); the death rate is deaths per 1,000 soldiers over the summed monthly army size,
// as the model defines it.
import { FILES, STATIONS_SQL } from '../../../fixtures/analyst/grain.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const B = `(SELECT b."yield" y, b.variety, b.site, b."year" yr, s.region, s.northern FROM read_json_auto('${FILES.barley}') b JOIN (${STATIONS_SQL}) s ON b.site = s.site)`;
const C = `(SELECT CAST("date" AS TIMESTAMP) m, wounds, disease, other, wounds + disease + other total, army_size FROM read_json_auto('${FILES.crimea}'))`;

const specs: Spec[] = [
  // Barley: varieties and stations by name, years as numbers, regions, rankings, comparisons, a share.
  { q: 'how many barley varieties were trialled', sql: `SELECT count(DISTINCT variety) FROM ${B}` },
  { q: 'avg yield by site', sql: `SELECT site, avg(y) FROM ${B} GROUP BY 1` },
  ranked(
    'which variety had the highest average yield',
    `SELECT variety, avg(y) a FROM ${B} GROUP BY 1 ORDER BY a DESC`,
  ),
  {
    q: 'avg yield 1931 vs 1932',
    sql: cmp(B, 'avg(y) FILTER (WHERE yr = 1931)', 'avg(y) FILTER (WHERE yr = 1932)'),
  },
  {
    q: 'what did trebi yield at morris in 1931',
    sql: `SELECT avg(y) FROM ${B} WHERE variety = 'Trebi' AND site = 'Morris' AND yr = 1931`,
  },
  ranked(
    'top 3 stations by avg yield in 1932',
    `SELECT site, avg(y) a FROM ${B} WHERE yr = 1932 GROUP BY 1 ORDER BY a DESC LIMIT 3`,
  ),
  { q: 'average yield at the northern stations', sql: `SELECT avg(y) FROM ${B} WHERE region = 'North'` },
  { q: 'mean bushels per acre for each region', sql: `SELECT region, avg(y) FROM ${B} GROUP BY 1` },
  { q: '# of plots that yielded at least 40 bushels', sql: `SELECT count(*) FROM ${B} WHERE y >= 40` },
  { q: 'what pct of plots hit 40 bu/acre or more', sql: part(B, 'count(*)', 'y >= 40') },
  { q: 'lowest yield ever recorded at grand rapids', sql: `SELECT min(y) FROM ${B} WHERE site = 'Grand Rapids'` },
  { q: 'avg yield by variety and year', sql: `SELECT variety, yr, avg(y) FROM ${B} GROUP BY 1, 2` },
  {
    q: 'glabron vs velvet avg yield',
    sql: cmp(B, `avg(y) FILTER (WHERE variety = 'Glabron')`, `avg(y) FILTER (WHERE variety = 'Velvet')`),
  },
  { q: 'average yield at the univ farm', sql: `SELECT avg(y) FROM ${B} WHERE site = 'University Farm'` },
  {
    q: 'manchuria yield at each station in 1931',
    sql: `SELECT site, avg(y) FROM ${B} WHERE variety = 'Manchuria' AND yr = 1931 GROUP BY 1`,
  },
  ranked(
    'bottom 5 varieties by average yield at duluth',
    `SELECT variety, avg(y) a FROM ${B} WHERE site = 'Duluth' GROUP BY 1 ORDER BY a LIMIT 5`,
  ),
  {
    q: 'how many stations averaged more than 40 bushels per acre in 1931',
    sql: `SELECT count(*) FROM (SELECT site FROM ${B} WHERE yr = 1931 GROUP BY 1 HAVING avg(y) > 40)`,
  },
  { q: 'sum of all plot yields in 1932', sql: `SELECT sum(y) FROM ${B} WHERE yr = 1932` },
  { q: 'avg yeild of no. 457 per site', sql: `SELECT site, avg(y) FROM ${B} WHERE variety = 'No. 457' GROUP BY 1` },
  { q: 'best yield wisconsin 38 ever got', sql: `SELECT max(y) FROM ${B} WHERE variety = 'Wisconsin No. 38'` },
  // Crimea: causes of death, months and quarters of the war, the army's size, the death rate per 1,000.
  { q: 'total british army deaths in the crimean war data', sql: `SELECT sum(total) FROM ${C}` },
  { q: 'how many soldiers died of disease', sql: `SELECT sum(disease) FROM ${C}` },
  {
    q: 'what % of all deaths were from disease',
    sql: `SELECT sum(disease), sum(total), 100.0 * sum(disease) / sum(total) FROM ${C}`,
  },
  ranked(
    'deaths from wounds by month in 1855',
    `SELECT ${month('m')}, sum(wounds) FROM ${C} WHERE year(m) = 1855 GROUP BY 1 ORDER BY 1`,
  ),
  ranked(
    'which month had the most disease deaths',
    `SELECT ${month('m')}, sum(disease) d FROM ${C} GROUP BY 1 ORDER BY d DESC`,
  ),
  {
    q: 'death rate per 1000 soldiers in january 1855',
    sql: `SELECT 1000.0 * sum(total) / sum(army_size) FROM ${C} WHERE ${within('m', '1855-01-01', '1855-02-01')}`,
  },
  { q: 'avg army size in 1855', sql: `SELECT avg(army_size) FROM ${C} WHERE year(m) = 1855` },
  {
    q: 'disease deaths 1854 vs 1855',
    sql: cmp(C, 'sum(disease) FILTER (WHERE year(m) = 1854)', 'sum(disease) FILTER (WHERE year(m) = 1855)'),
  },
  { q: 'peak army size', sql: `SELECT max(army_size) FROM ${C}` },
  { q: 'how many months saw more than 1000 deaths in total', sql: `SELECT count(*) FROM ${C} WHERE total > 1000` },
  ranked(
    'monthly death rate per 1,000 troops in 1854',
    `SELECT ${month('m')}, 1000.0 * sum(total) / sum(army_size) FROM ${C} WHERE year(m) = 1854 GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'deaths from other causes over the first winter, nov 1854 through march 1855',
    sql: `SELECT sum(other) FROM ${C} WHERE ${within('m', '1854-11-01', '1855-04-01')}`,
  },
  { q: 'total deaths since march 1855', sql: `SELECT sum(total) FROM ${C} WHERE m >= '1855-03-01'` },
  {
    q: 'disease deaths in q1 1855',
    sql: `SELECT sum(disease) FROM ${C} WHERE ${within('m', '1855-01-01', '1855-04-01')}`,
  },
  {
    q: 'wounds vs disease deaths overall',
    sql: cmp(C, 'sum(wounds)', 'sum(disease)'),
  },
  // What the data cannot answer.
  { q: 'what did the barley seed cost per acre', decline: true },
  { q: 'rainfall at waseca in 1932', decline: true },
  { q: 'how many officers died vs enlisted men', decline: true },
  { q: 'french army deaths in the crimea by month', decline: true },
  { q: 'how many hospital beds were there at scutari', decline: true },
];

/** How many questions the set asks. */
export const GRAIN_QUESTIONS = specs.length;
export const grainCases = (): Promise<Case[]> => sqlCases(specs);
