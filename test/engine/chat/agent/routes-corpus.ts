// Questions about real public data (vega-datasets: US airline routes with the airports at both ends, the health and
// income of 187 countries, Seattle's hourly climate normals laid on 2010) in people's own words (airport codes,
// cities and states, regions by part of their name, "avg", "#", "pct", a quarter, a typo or two), each answer SQL of
// our own on the same files, run by native DuckDB (sql-cases.ts). Written before the analyst was run on them.
import { FILES } from '../../../fixtures/analyst/routes.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

// Routes with the airport at each end (every code of the routes file is in the airports file).
const R = `(SELECT r.origin, r.destination, r."count" flights, o.name o_name, o.city o_city, o.state o_state, d.name d_name, d.city d_city, d.state d_state FROM read_csv_auto('${FILES.routes}') r JOIN read_csv_auto('${FILES.airports}') o ON r.origin = o.iata JOIN read_csv_auto('${FILES.airports}') d ON r.destination = d.iata)`;
const C = `(SELECT * FROM read_csv_auto('${FILES.countries}'))`;
const S = `(SELECT CAST(date AS TIMESTAMP) t, pressure, temperature, wind FROM read_csv_auto('${FILES.normals}'))`;

const specs: Spec[] = [
  // Routes and flights: codes, cities and states of either end, rankings, shares, comparisons.
  { q: 'how many routes are there', sql: `SELECT count(*) FROM ${R}` },
  { q: 'total # of flights across all routes', sql: `SELECT sum(flights) FROM ${R}` },
  ranked(
    'top 5 origin airports by number of flights (just the codes)',
    `SELECT origin, sum(flights) f FROM ${R} GROUP BY 1 ORDER BY f DESC LIMIT 5`,
  ),
  { q: 'how many flights leave from ATL', sql: `SELECT sum(flights) FROM ${R} WHERE origin = 'ATL'` },
  {
    q: 'how many flights depart from airports in texas?',
    sql: `SELECT sum(flights) FROM ${R} WHERE o_state = 'TX'`,
  },
  ranked(
    'which origin state has the most flights',
    `SELECT o_state, sum(flights) f FROM ${R} GROUP BY 1 ORDER BY f DESC`,
  ),
  {
    q: 'how many different destination airports can you fly to from DEN',
    sql: `SELECT count(DISTINCT destination) FROM ${R} WHERE origin = 'DEN'`,
  },
  { q: 'avg flights per route', sql: `SELECT avg(flights) FROM ${R}` },
  {
    q: 'how many routes have at least 1000 flights',
    sql: `SELECT count(*) FROM ${R} WHERE flights >= 1000`,
  },
  {
    q: 'what % of all flights depart from california airports',
    sql: part(R, 'sum(flights)', `o_state = 'CA'`),
  },
  {
    q: 'flights departing LAX vs SFO',
    sql: cmp(R, `sum(flights) FILTER (WHERE origin = 'LAX')`, `sum(flights) FILTER (WHERE origin = 'SFO')`),
  },
  {
    q: 'how many flights from JFK to LAX',
    sql: `SELECT sum(flights) FROM ${R} WHERE origin = 'JFK' AND destination = 'LAX'`,
  },
  ranked(
    'top 10 destination cities by flights arriving',
    `SELECT d_city, sum(flights) f FROM ${R} GROUP BY 1 ORDER BY f DESC LIMIT 10`,
  ),
  {
    q: 'how many airports in alaska have outbound flights',
    sql: `SELECT count(DISTINCT origin) FROM ${R} WHERE o_state = 'AK'`,
  },
  {
    q: 'total flights from florida to new york state',
    sql: `SELECT sum(flights) FROM ${R} WHERE o_state = 'FL' AND d_state = 'NY'`,
  },
  { q: 'how many routes fly into honolulu', sql: `SELECT count(*) FROM ${R} WHERE d_city = 'Honolulu'` },
  {
    q: 'avg number of fligths per route out of hawaii',
    sql: `SELECT avg(flights) FROM ${R} WHERE o_state = 'HI'`,
  },
  {
    q: "flights out of chicago o'hare",
    sql: `SELECT sum(flights) FROM ${R} WHERE o_name = 'Chicago O''Hare International'`,
  },
  ranked(
    'which 3 routes have the most flights? show origin and destination codes',
    `SELECT origin, destination, sum(flights) f FROM ${R} GROUP BY 1, 2 ORDER BY f DESC LIMIT 3`,
  ),
  {
    q: 'how many routes have fewer than 100 flights',
    sql: `SELECT count(*) FROM ${R} WHERE flights < 100`,
  },
  // Health and income: regions as the file writes them (said in words), countries by name, rankings, shares.
  { q: 'how many countries are in the health and income data', sql: `SELECT count(*) FROM ${C}` },
  { q: 'avg life expectancy by region', sql: `SELECT region, avg(health) FROM ${C} GROUP BY 1` },
  ranked(
    'which region has the highest avg income per person',
    `SELECT region, avg(income) i FROM ${C} GROUP BY 1 ORDER BY i DESC`,
  ),
  {
    q: 'total populaton of sub-saharan africa',
    sql: `SELECT sum(population) FROM ${C} WHERE region = 'sub_saharan_africa'`,
  },
  ranked(
    'top 5 richest countries by income per person',
    `SELECT country, sum(income) i FROM ${C} GROUP BY 1 ORDER BY i DESC LIMIT 5`,
  ),
  { q: 'life expectancy in japan', sql: `SELECT avg(health) FROM ${C} WHERE country = 'Japan'` },
  {
    q: 'how many countries have a life expectancy under 60 years',
    sql: `SELECT count(*) FROM ${C} WHERE health < 60`,
  },
  {
    q: 'avg income per person: europe & central asia vs the americas',
    sql: cmp(
      C,
      `avg(income) FILTER (WHERE region = 'europe_central_asia')`,
      `avg(income) FILTER (WHERE region = 'america')`,
    ),
  },
  {
    q: 'what pct of the worlds population lives in east asia and the pacific',
    sql: part(C, 'sum(population)', `region = 'east_asia_pacific'`),
  },
  {
    q: 'average income per person of countries with more than 100 million people',
    sql: `SELECT avg(income) FROM ${C} WHERE population > 100000000`,
  },
  // Seattle hourly normals (2010): months, a quarter, thresholds, a month-by-month series.
  {
    q: 'avg temperature in seattle in july 2010',
    sql: `SELECT avg(temperature) FROM ${S} WHERE ${within('t', '2010-07-01', '2010-08-01')}`,
  },
  ranked('seattle avg temp by month', `SELECT ${month('t')} m, avg(temperature) FROM ${S} GROUP BY 1 ORDER BY 1`),
  {
    q: 'avg wind speed in Q4 2010',
    sql: `SELECT avg(wind) FROM ${S} WHERE ${within('t', '2010-10-01', '2011-01-01')}`,
  },
  {
    q: 'average pressure january 2010 vs july 2010',
    sql: cmp(
      S,
      `avg(pressure) FILTER (WHERE ${within('t', '2010-01-01', '2010-02-01')})`,
      `avg(pressure) FILTER (WHERE ${within('t', '2010-07-01', '2010-08-01')})`,
    ),
  },
  {
    q: 'how many hours in the seattle normals are warmer than 20 degrees',
    sql: `SELECT count(*) FROM ${S} WHERE temperature > 20`,
  },
  // What the data cannot answer.
  { q: 'whats the avg ticket price from ATL to LAX', decline: true },
  { q: 'which airline flies the most routes', decline: true },
  { q: 'avg departure delay at ORD', decline: true },
  { q: 'co2 emissions per person by region', decline: true },
  { q: 'how much rain falls in seattle in november', decline: true },
];

/** How many questions the set asks. */
export const ROUTES_QUESTIONS = specs.length;
export const routesCases = (): Promise<Case[]> => sqlCases(specs);
