// Questions about real public data (vega-datasets: 406 cars of 1970–1982, five stocks' monthly prices 2000–2010) in
// people's own words (origins as adjectives, "mpg", "hp", tickers, decades, which car), each answer SQL of our own on
// the same files, run by native DuckDB (sql-cases.ts). Written before the analyst was run on them.
import { FILES } from '../../../fixtures/analyst/cars-stocks.js';
import type { Case } from './corpus.js';
import { sqlCases, type Spec } from './sql-cases.js';

const C = `(SELECT *, CAST("Year" AS TIMESTAMP) yr FROM read_json_auto('${FILES.cars}'))`;
const S = `(SELECT symbol, price, strptime(CAST(date AS VARCHAR), '%b %d %Y') d FROM read_csv('${FILES.stocks}', all_varchar = true, header = true)) `;
const SP = `(SELECT symbol, CAST(price AS DOUBLE) price, d FROM ${S})`;
const day = (col: string) => `strftime(${col}, '%Y-%m-%d')`;
const cmp = (a: string, b: string, from: string) =>
  `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT ${a} a, ${b} b FROM ${from})`;

const specs: Spec[] = [
  { q: 'how many cars are there', sql: `SELECT count(*) FROM ${C}` },
  { q: 'how many japanese cars', sql: `SELECT count(*) FROM ${C} WHERE "Origin" = 'Japan'` },
  { q: 'average mpg by origin', sql: `SELECT "Origin", avg("Miles_per_Gallon") FROM ${C} GROUP BY 1` },
  { q: 'avg hp of european cars', sql: `SELECT avg("Horsepower") FROM ${C} WHERE "Origin" = 'Europe'` },
  { q: 'cars by number of cylinders', sql: `SELECT "Cylinders", count(*) FROM ${C} GROUP BY 1` },
  { q: 'how many 8 cylinder cars', sql: `SELECT count(*) FROM ${C} WHERE "Cylinders" = 8` },
  {
    q: 'average miles per gallon by year',
    sql: `SELECT ${day("date_trunc('year', yr)")}, avg("Miles_per_Gallon") FROM ${C} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'how many cars from 1975',
    sql: `SELECT count(*) FROM ${C} WHERE yr >= '1975-01-01' AND yr < '1976-01-01'`,
  },
  { q: 'average weight of american cars', sql: `SELECT avg("Weight_in_lbs") FROM ${C} WHERE "Origin" = 'USA'` },
  {
    q: 'which origin has the best fuel economy',
    sql: `SELECT "Origin", avg("Miles_per_Gallon") a FROM ${C} GROUP BY 1 ORDER BY a DESC`,
    ordered: true,
  },
  { q: 'most horsepower of any car', sql: `SELECT max("Horsepower") FROM ${C}` },
  { q: 'cars with more than 150 horsepower', sql: `SELECT count(*) FROM ${C} WHERE "Horsepower" > 150` },
  { q: 'cars that get over 30 mpg', sql: `SELECT count(*) FROM ${C} WHERE "Miles_per_Gallon" > 30` },
  {
    q: 'what share of cars are from japan',
    sql: `SELECT count(*) FILTER (WHERE "Origin" = 'Japan'), count(*), 100.0 * count(*) FILTER (WHERE "Origin" = 'Japan') / count(*) FROM ${C}`,
  },
  {
    q: 'avg acceleration by cylinders',
    sql: `SELECT "Cylinders", avg("Acceleration") FROM ${C} GROUP BY 1`,
  },
  {
    q: 'compare avg mpg of usa vs japan',
    sql: cmp(
      `avg("Miles_per_Gallon") FILTER (WHERE "Origin" = 'USA')`,
      `avg("Miles_per_Gallon") FILTER (WHERE "Origin" = 'Japan')`,
      C,
    ),
  },
  {
    q: 'japanese cars per year',
    sql: `SELECT ${day("date_trunc('year', yr)")}, count(*) FROM ${C} WHERE "Origin" = 'Japan' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'average horsepower of 4-cylinder cars in the 80s',
    sql: `SELECT avg("Horsepower") FROM ${C} WHERE "Cylinders" = 4 AND yr >= '1980-01-01' AND yr < '1990-01-01'`,
  },
  { q: 'how many cars weigh over 4000 pounds', sql: `SELECT count(*) FROM ${C} WHERE "Weight_in_lbs" > 4000` },
  { q: 'mpg of the ford pinto', sql: `SELECT avg("Miles_per_Gallon") FROM ${C} WHERE "Name" = 'ford pinto'` },
  {
    q: 'top 3 origins by average horsepower',
    sql: `SELECT "Origin", avg("Horsepower") a FROM ${C} GROUP BY 1 ORDER BY a DESC LIMIT 3`,
    ordered: true,
  },
  {
    q: 'avg weight by origin in 1980',
    sql: `SELECT "Origin", avg("Weight_in_lbs") FROM ${C} WHERE yr >= '1980-01-01' AND yr < '1981-01-01' GROUP BY 1`,
  },
  // Stocks: tickers as codes among few values, highs and lows, years, comparisons.
  { q: 'average price of AAPL in 2008', sql: `SELECT avg(price) FROM ${SP} WHERE symbol = 'AAPL' AND year(d) = 2008` },
  { q: 'highest price of amazon stock', sql: `SELECT max(price) FROM ${SP} WHERE symbol = 'AMZN'` },
  { q: 'avg price by ticker', sql: `SELECT symbol, avg(price) FROM ${SP} GROUP BY 1` },
  {
    q: 'lowest msft price since 2005',
    sql: `SELECT min(price) FROM ${SP} WHERE symbol = 'MSFT' AND d >= '2005-01-01'`,
  },
  {
    q: 'which stock had the highest average price',
    sql: `SELECT symbol, avg(price) a FROM ${SP} GROUP BY 1 ORDER BY a DESC`,
    ordered: true,
  },
  {
    q: 'IBM average price per year',
    sql: `SELECT ${day("date_trunc('year', d)")}, avg(price) FROM ${SP} WHERE symbol = 'IBM' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'GOOG vs AAPL average price in 2009',
    sql: cmp(
      `avg(price) FILTER (WHERE symbol = 'GOOG')`,
      `avg(price) FILTER (WHERE symbol = 'AAPL')`,
      `${SP} WHERE year(d) = 2009`,
    ),
  },
  { q: 'max price of each stock in 2001', sql: `SELECT symbol, max(price) FROM ${SP} WHERE year(d) = 2001 GROUP BY 1` },
  {
    q: 'how many months did ibm close above 100',
    sql: `SELECT count(*) FROM ${SP} WHERE symbol = 'IBM' AND price > 100`,
  },
  {
    q: 'average stock price in Q4 2008',
    sql: `SELECT avg(price) FROM ${SP} WHERE d >= '2008-10-01' AND d < '2009-01-01'`,
  },
  {
    q: 'msft price by month in 2003',
    sql: `SELECT ${day("date_trunc('month', d)")}, avg(price) FROM ${SP} WHERE symbol = 'MSFT' AND year(d) = 2003 GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  { q: 'lowest google price', sql: `SELECT min(price) FROM ${SP} WHERE symbol = 'GOOG'` },
  // What the data cannot answer.
  { q: 'how many cars did toyota sell', decline: true },
  { q: 'average price of a japanese car', decline: true },
  { q: 'trading volume of AAPL in 2008', decline: true },
  { q: 'which car is the safest', decline: true },
  { q: 'dividends paid by IBM', decline: true },
];

/** How many questions the set asks. */
export const CARS_QUESTIONS = specs.length;
export const carsCases = (): Promise<Case[]> => sqlCases(specs);
