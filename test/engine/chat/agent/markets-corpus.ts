// Questions about real public data (vega-datasets: the S&P 500 daily 2000–April 2020, one stock's days in June and
// July 2009 with a trading signal and return, US federal budget forecasts, nine people in three groups) in people's
// own words ("s&p", "avg", "pct", "the 90s", "Q4", a typo or two), each answer SQL of our own on the same files, run
// by native DuckDB (sql-cases.ts). Written before the analyst was run on them. An up day closes above its open, as
// the model reads it.
import { FILES } from '../../../fixtures/analyst/markets.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const S = `(SELECT CAST("date" AS TIMESTAMP) d, CAST(open AS DOUBLE) open, CAST(high AS DOUBLE) high, CAST(low AS DOUBLE) low, CAST("close" AS DOUBLE) cl, CAST(adjclose AS DOUBLE) adj, CAST(volume AS DOUBLE) volume FROM read_csv('${FILES.sp500}', all_varchar = true, header = true))`;
const O = `(SELECT CAST(date AS TIMESTAMP) d, open, high, low, "close" cl, signal, ret FROM read_json_auto('${FILES.ohlc}'))`;
const B = `(SELECT "budgetYear" budget_year, "forecastYear" forecast_year, value FROM read_json_auto('${FILES.budgets}'))`;
const P = `(SELECT p.name, CAST(p.age AS DOUBLE) age, CAST(p.height AS DOUBLE) height, CAST(g."group" AS INTEGER) grp FROM read_csv('${FILES.people}', all_varchar = true, header = true) p JOIN read_csv('${FILES.groups}', all_varchar = true, header = true) g ON p.name = g.person)`;
const year = (col: string) => `strftime(date_trunc('year', ${col}), '%Y-%m-%d')`;
const up = 'cl > open';

const specs: Spec[] = [
  // The S&P 500: days, closes, highs and lows, volume, up and down days, years and months.
  { q: 'how many trading days are in the s&p data', sql: `SELECT count(*) FROM ${S}` },
  { q: 'avg s&p clsoe in 2008', sql: `SELECT avg(cl) FROM ${S} WHERE ${within('d', '2008-01-01', '2009-01-01')}` },
  { q: 'what was the highest closing level of the s&p 500', sql: `SELECT max(cl) FROM ${S}` },
  {
    q: 'total volume traded in 2019',
    sql: `SELECT sum(volume) FROM ${S} WHERE ${within('d', '2019-01-01', '2020-01-01')}`,
  },
  ranked(
    'average s&p close by month in 2020',
    `SELECT ${month('d')}, avg(cl) FROM ${S} WHERE ${within('d', '2020-01-01', '2021-01-01')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'how many up days did the index have in 2017',
    sql: `SELECT count(*) FROM ${S} WHERE ${up} AND ${within('d', '2017-01-01', '2018-01-01')}`,
  },
  {
    q: 'what pct of trading days in 2008 were up days',
    sql: part(`${S} WHERE ${within('d', '2008-01-01', '2009-01-01')}`, 'count(*)', up),
  },
  {
    q: 'lowest s&p close in 2009',
    sql: `SELECT min(cl) FROM ${S} WHERE ${within('d', '2009-01-01', '2010-01-01')}`,
  },
  {
    q: 'avg daily volume in q4 2008',
    sql: `SELECT avg(volume) FROM ${S} WHERE ${within('d', '2008-10-01', '2009-01-01')}`,
  },
  ranked(
    'which year had the most shares traded',
    `SELECT ${year('d')}, sum(volume) v FROM ${S} GROUP BY 1 ORDER BY v DESC`,
  ),
  {
    q: 'avg close 2007 vs 2009 for the s&p',
    sql: cmp(
      S,
      `avg(cl) FILTER (WHERE ${within('d', '2007-01-01', '2008-01-01')})`,
      `avg(cl) FILTER (WHERE ${within('d', '2009-01-01', '2010-01-01')})`,
    ),
  },
  {
    q: 'how many down days in march 2020',
    sql: `SELECT count(*) FROM ${S} WHERE cl < open AND ${within('d', '2020-03-01', '2020-04-01')}`,
  },
  {
    q: 'highest intraday high of the s&p during the 2000s',
    sql: `SELECT max(high) FROM ${S} WHERE ${within('d', '2000-01-01', '2010-01-01')}`,
  },
  {
    q: 'lowest intraday low since march 2020',
    sql: `SELECT min(low) FROM ${S} WHERE d >= '2020-03-01'`,
  },
  ranked(
    'average adjusted close per year in the 2010s',
    `SELECT ${year('d')}, avg(adj) FROM ${S} WHERE ${within('d', '2010-01-01', '2020-01-01')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'on how many days did the s&p trade over 5 billion shares',
    sql: `SELECT count(*) FROM ${S} WHERE volume > 5e9`,
  },
  // The 2009 stock: signals by name, returns, June vs July.
  { q: 'how many days was the signal long', sql: `SELECT count(*) FROM ${O} WHERE signal = 'long'` },
  { q: 'avg return by signal', sql: `SELECT signal, avg(ret) FROM ${O} GROUP BY 1` },
  {
    q: 'avg close of the 2009 stock in june',
    sql: `SELECT avg(cl) FROM ${O} WHERE ${within('d', '2009-06-01', '2009-07-01')}`,
  },
  { q: 'best single-day return of the 2009 stock', sql: `SELECT max(ret) FROM ${O}` },
  {
    q: "what % of the 2009 stock's trading days had a neutral signal",
    sql: part(O, 'count(*)', `signal = 'neutral'`),
  },
  {
    q: 'the 2009 stock: highest high in july',
    sql: `SELECT max(high) FROM ${O} WHERE ${within('d', '2009-07-01', '2009-08-01')}`,
  },
  ranked('which signal came up on the most days', `SELECT signal, count(*) n FROM ${O} GROUP BY 1 ORDER BY n DESC`),
  {
    q: 'avg daily return of the 2009 stock, june vs july',
    sql: cmp(
      O,
      `avg(ret) FILTER (WHERE ${within('d', '2009-06-01', '2009-07-01')})`,
      `avg(ret) FILTER (WHERE ${within('d', '2009-07-01', '2009-08-01')})`,
    ),
  },
  // Budget forecasts: the year a budget was made vs the year it forecast, surpluses, the 90s.
  { q: 'how many budget forcasts are there', sql: `SELECT count(*) FROM ${B}` },
  { q: 'avg forecast value per budget year', sql: `SELECT budget_year, avg(value) FROM ${B} GROUP BY 1` },
  {
    q: 'what did the 2009 budget forecast for 2015',
    sql: `SELECT avg(value) FROM ${B} WHERE budget_year = 2009 AND forecast_year = 2015`,
  },
  {
    q: 'lowest forecast value among budgets made in the 90s',
    sql: `SELECT min(value) FROM ${B} WHERE budget_year BETWEEN 1990 AND 1999`,
  },
  { q: 'how many forecasts predicted a surplus', sql: `SELECT count(*) FROM ${B} WHERE value > 0` },
  { q: 'how many different budget years are in the forecasts', sql: `SELECT count(DISTINCT budget_year) FROM ${B}` },
  {
    q: 'avg forecast for the year 2010 across all budgets',
    sql: `SELECT avg(value) FROM ${B} WHERE forecast_year = 2010`,
  },
  // People and their groups (a join by name).
  { q: 'how many people are in group 2', sql: `SELECT count(*) FROM ${P} WHERE grp = 2` },
  { q: 'avg age by group', sql: `SELECT grp, avg(age) FROM ${P} GROUP BY 1` },
  { q: 'average height of people older than 40', sql: `SELECT avg(height) FROM ${P} WHERE age > 40` },
  ranked(
    'who is the tallest person in group 3',
    `SELECT name, max(height) h FROM ${P} WHERE grp = 3 GROUP BY 1 ORDER BY h DESC`,
  ),
  // Not in the model: dividends, fees, weight, actual outcomes, valuations.
  { q: 'what was the s&p dividend yield in 2010', decline: true },
  { q: 'how much did the 2009 stock cost in trading fees', decline: true },
  { q: 'what is the avg weight of the people in group 1', decline: true },
  { q: 'what was the actual federal deficit in 2015, not the forecast', decline: true },
  { q: 'p/e ratio of the s&p 500 in 2015', decline: true },
];

/** How many questions the set asks. */
export const MARKETS_QUESTIONS = 40;
export const marketsCases = (): Promise<Case[]> => sqlCases(specs);
