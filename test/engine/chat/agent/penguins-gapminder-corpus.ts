// Questions about real public data (vega-datasets: the Palmer penguins, gapminder's 62 countries every five years
// 1955–2005) in people's own words (species and islands by name, "avg", "#", "pop", decades, a typo or two), each
// answer SQL of our own on the same files, run by native DuckDB (sql-cases.ts). Written before the analyst was run on
// them. Sex is the file's value with "." read as not recorded, as the model reads it.
import { FILES } from '../../../fixtures/analyst/penguins-gapminder.js';
import type { Case } from './corpus.js';
import { sqlCases, type Spec } from './sql-cases.js';

const P = `(SELECT "Species" species, "Island" island, "Beak Length (mm)" bill_length, "Beak Depth (mm)" bill_depth, "Flipper Length (mm)" flipper, "Body Mass (g)" mass, NULLIF("Sex", '.') sex FROM read_json_auto('${FILES.penguins}'))`;
const G = `(SELECT * FROM read_json_auto('${FILES.gapminder}'))`;
const cmp = (a: string, b: string, from: string) =>
  `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT ${a} a, ${b} b FROM ${from})`;

const specs: Spec[] = [
  // Penguins: species, islands and sex by name, sizes, shares, the unrecorded sex.
  { q: 'how many penguins are there', sql: `SELECT count(*) FROM ${P}` },
  { q: 'penguins per species', sql: `SELECT species, count(*) FROM ${P} GROUP BY 1` },
  { q: 'avg body mass by species', sql: `SELECT species, avg(mass) FROM ${P} GROUP BY 1` },
  {
    q: 'which species is the heaviest',
    sql: `SELECT species, avg(mass) a FROM ${P} GROUP BY 1 ORDER BY a DESC`,
    ordered: true,
  },
  { q: 'how many gentoo penguins', sql: `SELECT count(*) FROM ${P} WHERE species = 'Gentoo'` },
  {
    q: 'what is the average flipper length of the adelie penguins that live on dream island?',
    sql: `SELECT avg(flipper) FROM ${P} WHERE species = 'Adelie' AND island = 'Dream'`,
  },
  {
    q: 'what % of penguins are female',
    sql: `SELECT count(*) FILTER (WHERE sex = 'FEMALE'), count(*), 100.0 * count(*) FILTER (WHERE sex = 'FEMALE') / count(*) FROM ${P}`,
  },
  { q: 'penguins by island', sql: `SELECT island, count(*) FROM ${P} GROUP BY 1` },
  { q: 'max body mass of any penguin', sql: `SELECT max(mass) FROM ${P}` },
  { q: 'how light is the lightest chinstrap', sql: `SELECT min(mass) FROM ${P} WHERE species = 'Chinstrap'` },
  {
    q: 'avg bill length male vs female',
    sql: cmp(`avg(bill_length) FILTER (WHERE sex = 'MALE')`, `avg(bill_length) FILTER (WHERE sex = 'FEMALE')`, P),
  },
  { q: 'avg beak depth by species and sex', sql: `SELECT species, sex, avg(bill_depth) FROM ${P} GROUP BY 1, 2` },
  { q: 'how many penguins weigh over 5000g', sql: `SELECT count(*) FROM ${P} WHERE mass > 5000` },
  { q: 'avg flipper length for each island', sql: `SELECT island, avg(flipper) FROM ${P} GROUP BY 1` },
  {
    q: 'how many male adelies on torgersen',
    sql: `SELECT count(*) FROM ${P} WHERE species = 'Adelie' AND island = 'Torgersen' AND sex = 'MALE'`,
  },
  { q: 'how many penguins have no sex recorded', sql: `SELECT count(*) FROM ${P} WHERE sex IS NULL` },
  {
    q: 'mean body mass of female gentoos',
    sql: `SELECT avg(mass) FROM ${P} WHERE species = 'Gentoo' AND sex = 'FEMALE'`,
  },
  { q: '# of chinstrap penguins by sex', sql: `SELECT sex, count(*) FROM ${P} WHERE species = 'Chinstrap' GROUP BY 1` },
  // Gapminder: years as numbers (single years, ranges, a decade), countries by name, rankings, comparisons.
  { q: 'how many countries are in the data', sql: `SELECT count(DISTINCT country) FROM ${G}` },
  { q: 'total pop in 2005', sql: `SELECT sum(pop) FROM ${G} WHERE year = 2005` },
  {
    q: 'avg life expectancy by year',
    sql: `SELECT year, avg(life_expect) FROM ${G} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'top 5 countries by population in 2000',
    sql: `SELECT country, sum(pop) p FROM ${G} WHERE year = 2000 GROUP BY 1 ORDER BY p DESC LIMIT 5`,
    ordered: true,
  },
  {
    q: 'life expectancy of japan in 1990',
    sql: `SELECT avg(life_expect) FROM ${G} WHERE country = 'Japan' AND year = 1990`,
  },
  {
    q: 'fertility rate in india over time',
    sql: `SELECT year, avg(fertility) FROM ${G} WHERE country = 'India' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'which country had the lowest life expectancy in 1955',
    // The ranked list, as every corpus expects of "which X had the most/lowest" (this set's "which species is the
    // heaviest" too): written first with LIMIT 1, which the judge, comparing rows, could never match.
    sql: `SELECT country, avg(life_expect) a FROM ${G} WHERE year = 1955 GROUP BY 1 ORDER BY a`,
    ordered: true,
  },
  { q: 'avg fertility by cluster', sql: `SELECT cluster, avg(fertility) FROM ${G} GROUP BY 1` },
  {
    q: 'what was the average life expectancy across all countries between 1970 and 2000?',
    sql: `SELECT avg(life_expect) FROM ${G} WHERE year BETWEEN 1970 AND 2000`,
  },
  {
    q: 'china vs india population in 2005',
    sql: cmp(
      `sum(pop) FILTER (WHERE country = 'China')`,
      `sum(pop) FILTER (WHERE country = 'India')`,
      `${G} WHERE year = 2005`,
    ),
  },
  {
    q: 'how many countries had life expectancy above 75 in 2005',
    sql: `SELECT count(DISTINCT country) FROM ${G} WHERE year = 2005 AND life_expect > 75`,
  },
  {
    q: 'avg life expectancy in the 60s',
    sql: `SELECT avg(life_expect) FROM ${G} WHERE year >= 1960 AND year < 1970`,
  },
  {
    q: 'total population by cluster in 1980',
    sql: `SELECT cluster, sum(pop) FROM ${G} WHERE year = 1980 GROUP BY 1`,
  },
  { q: 'highest fertility rate ever recorded', sql: `SELECT max(fertility) FROM ${G}` },
  { q: 'population of brazil in 1970', sql: `SELECT sum(pop) FROM ${G} WHERE country = 'Brazil' AND year = 1970` },
  {
    q: 'how many contries had more than 100 million people in 2000',
    sql: `SELECT count(DISTINCT country) FROM ${G} WHERE year = 2000 AND pop > 100000000`,
  },
  {
    q: 'bottom 5 countries by fertility in 2005',
    sql: `SELECT country, avg(fertility) f FROM ${G} WHERE year = 2005 GROUP BY 1 ORDER BY f LIMIT 5`,
    ordered: true,
  },
  // What the data cannot answer.
  { q: 'what do gentoo penguins eat', decline: true },
  { q: 'how old is the oldest penguin', decline: true },
  { q: 'gdp per capita of germany in 2000', decline: true },
  { q: 'infant mortality in brazil over time', decline: true },
  { q: 'which island is the coldest', decline: true },
];

/** How many questions the set asks. */
export const PENGUINS_QUESTIONS = specs.length;
export const penguinsCases = (): Promise<Case[]> => sqlCases(specs);
