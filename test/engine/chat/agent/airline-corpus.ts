// Questions about real public data (vega-datasets: 20,000 flights of 2001 with their airports, Seattle and New York
// weather 2012–2015, 3,201 films), in people's own words — shorthand, typos, direction words, segments by their
// titles. Each expected answer is SQL of our own on the same files, run by another DuckDB (the native one of
// @duckdb/node-api, not the engine's wasm build), never a number read off the analyst.
import { FILES } from '../../../fixtures/analyst/airline.js';
import type { Case } from './corpus.js';
import { sqlCases, type Spec } from './sql-cases.js';

const FLIGHTS = `(SELECT *, strptime(CAST(date AS VARCHAR), '%Y/%m/%d %H:%M') AS t FROM read_json_auto('${FILES.flights}'))`;
const AIRPORTS = `read_csv_auto('${FILES.airports}')`;
const AIR = `(SELECT f.*, o.name AS oname, o.city AS ocity, o.state AS ostate, d.name AS dname, d.city AS dcity,
  d.state AS dstate FROM ${FLIGHTS} f LEFT JOIN ${AIRPORTS} o ON f.origin = o.iata LEFT JOIN ${AIRPORTS} d
  ON f.destination = d.iata)`;
const WEATHER = `read_csv_auto('${FILES.weather}')`;
const FILMS = `(SELECT *, strptime("Release Date", '%b %d %Y') AS released FROM read_json_auto('${FILES.films}'))`;
const day = (col: string) => `strftime(${col}, '%Y-%m-%d')`;

const specs: Spec[] = [
  // Counts, plain and with segments by their titles (and a synonym: "late flights").
  { q: 'how many flights are there', sql: `SELECT count(*) FROM ${FLIGHTS}` },
  { q: 'how many long-haul flights', sql: `SELECT count(*) FROM ${FLIGHTS} WHERE distance >= 1500` },
  {
    q: 'number of long haul flights in february 2001',
    sql: `SELECT count(*) FROM ${FLIGHTS} WHERE distance >= 1500 AND month(t) = 2`,
  },
  { q: 'how many delayed flights', sql: `SELECT count(*) FROM ${FLIGHTS} WHERE delay > 15` },
  { q: 'late flights out of Chicago', sql: `SELECT count(*) FROM ${AIR} WHERE delay > 15 AND ocity = 'Chicago'` },
  { q: 'how many red-eye flights were there', sql: `SELECT count(*) FROM ${FLIGHTS} WHERE hour(t) < 5` },
  { q: 'avg delay on red eye flights', sql: `SELECT avg(delay) FROM ${FLIGHTS} WHERE hour(t) < 5` },
  { q: 'average delay of long-haul flights', sql: `SELECT avg(delay) FROM ${FLIGHTS} WHERE distance >= 1500` },
  {
    q: 'delayed flights by origin state',
    sql: `SELECT ostate, count(*) FROM ${AIR} WHERE delay > 15 GROUP BY 1`,
  },
  {
    q: 'long-haul flights per month',
    sql: `SELECT ${day("date_trunc('month', t)")}, count(*) FROM ${FLIGHTS} WHERE distance >= 1500 GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  // Direction words: "from"/"out of"/"leaving" → origin, "to"/"into"/"arriving" → destination.
  {
    q: 'how many flights from ORD to LAX',
    sql: `SELECT count(*) FROM ${FLIGHTS} WHERE origin = 'ORD' AND destination = 'LAX'`,
  },
  {
    q: 'flights from Chicago to New York',
    sql: `SELECT count(*) FROM ${AIR} WHERE ocity = 'Chicago' AND dcity = 'New York'`,
  },
  { q: 'average delay of flights leaving Denver', sql: `SELECT avg(delay) FROM ${AIR} WHERE ocity = 'Denver'` },
  { q: 'miles flown into Seattle', sql: `SELECT sum(distance) FROM ${AIR} WHERE dcity = 'Seattle'` },
  {
    q: 'how many delayed flights went to Boston',
    sql: `SELECT count(*) FROM ${AIR} WHERE delay > 15 AND dcity = 'Boston'`,
  },
  { q: 'how many flights to SFO', sql: `SELECT count(*) FROM ${FLIGHTS} WHERE destination = 'SFO'` },
  {
    q: 'flights out of Atlanta by month',
    sql: `SELECT ${day("date_trunc('month', t)")}, count(*) FROM ${AIR} WHERE ocity = 'Atlanta' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  { q: 'avg delay for flights arriving in Las Vegas', sql: `SELECT avg(delay) FROM ${AIR} WHERE dcity = 'Las Vegas'` },
  // Measures, breakdowns, rankings.
  { q: 'whats the average delay', sql: `SELECT avg(delay) FROM ${FLIGHTS}` },
  { q: 'total miles flown in march 2001', sql: `SELECT sum(distance) FROM ${FLIGHTS} WHERE month(t) = 3` },
  { q: 'average distance by destination state', sql: `SELECT dstate, avg(distance) FROM ${AIR} GROUP BY 1` },
  { q: 'longest delay', sql: `SELECT max(delay) FROM ${FLIGHTS}` },
  {
    q: 'top 5 origin cities by number of flights',
    sql: `SELECT ocity, count(*) c FROM ${AIR} GROUP BY 1 ORDER BY c DESC LIMIT 5`,
    ordered: true,
  },
  {
    q: 'which 3 destination airports have the worst average delay',
    sql: `SELECT dname, avg(delay) a FROM ${AIR} GROUP BY 1 ORDER BY a DESC LIMIT 3`,
    ordered: true,
  },
  {
    q: 'flights per month',
    sql: `SELECT ${day("date_trunc('month', t)")}, count(*) FROM ${FLIGHTS} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'average delay by day of week',
    sql: `SELECT dayname(t), avg(delay) FROM ${FLIGHTS} GROUP BY 1, isodow(t) ORDER BY isodow(t)`,
    ordered: true,
  },
  { q: 'flights with a delay over 60 minutes', sql: `SELECT count(*) FROM ${FLIGHTS} WHERE delay > 60` },
  { q: 'how many flights were longer than 2000 miles', sql: `SELECT count(*) FROM ${FLIGHTS} WHERE distance > 2000` },
  {
    q: 'compare flights in january 2001 vs february 2001',
    sql: `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT count(*) FILTER (WHERE month(t) = 1) a, count(*) FILTER (WHERE month(t) = 2) b FROM ${FLIGHTS})`,
  },
  {
    q: 'what share of flights are long haul',
    sql: `SELECT count(*) FILTER (WHERE distance >= 1500), count(*), 100.0 * count(*) FILTER (WHERE distance >= 1500) / count(*) FROM ${FLIGHTS}`,
  },
  {
    q: 'what percentage of flights out of Denver were delayed',
    sql: `SELECT count(*) FILTER (WHERE delay > 15), count(*), 100.0 * count(*) FILTER (WHERE delay > 15) / count(*) FROM ${AIR} WHERE ocity = 'Denver'`,
  },
  { q: 'flights by origin code in TX', sql: `SELECT origin, count(*) FROM ${AIR} WHERE ostate = 'TX' GROUP BY 1` },
  // States by name where the airports keep their codes.
  { q: 'how many flights from California', sql: `SELECT count(*) FROM ${AIR} WHERE ostate = 'CA'` },
  { q: 'average delay of flights into Florida', sql: `SELECT avg(delay) FROM ${AIR} WHERE dstate = 'FL'` },
  {
    q: 'flights out of new jersey by month',
    sql: `SELECT ${day("date_trunc('month', t)")}, count(*) FROM ${AIR} WHERE ostate = 'NJ' GROUP BY 1 ORDER BY 1`,
  },
  // Weather: segments (wet, freezing; "frosty" is an author synonym), values, time.
  { q: 'wet days in Seattle', sql: `SELECT count(*) FROM ${WEATHER} WHERE location = 'Seattle' AND precipitation > 0` },
  {
    q: 'how many freezing days did New York have in 2013',
    sql: `SELECT count(*) FROM ${WEATHER} WHERE location = 'New York' AND temp_min < 0 AND year(date) = 2013`,
  },
  { q: 'frosty days by city', sql: `SELECT location, count(*) FROM ${WEATHER} WHERE temp_min < 0 GROUP BY 1` },
  {
    q: 'how many snowy days in seattle',
    sql: `SELECT count(*) FROM ${WEATHER} WHERE location = 'Seattle' AND weather = 'snow'`,
  },
  {
    q: 'rainy days by year in new york',
    sql: `SELECT ${day("date_trunc('year', date)")}, count(*) FROM ${WEATHER} WHERE location = 'New York' AND weather = 'rain' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'total precipitation in Seattle by year',
    sql: `SELECT ${day("date_trunc('year', date)")}, sum(precipitation) FROM ${WEATHER} WHERE location = 'Seattle' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  { q: 'average high temp by city', sql: `SELECT location, avg(temp_max) FROM ${WEATHER} GROUP BY 1` },
  {
    q: 'hottest temperature in new york in 2015',
    sql: `SELECT max(temp_max) FROM ${WEATHER} WHERE location = 'New York' AND year(date) = 2015`,
  },
  {
    q: 'avg wind speed in july 2014',
    sql: `SELECT avg(wind) FROM ${WEATHER} WHERE date BETWEEN '2014-07-01' AND '2014-07-31'`,
  },
  {
    q: 'how many sunny days were there in 2012',
    sql: `SELECT count(*) FROM ${WEATHER} WHERE weather = 'sun' AND year(date) = 2012`,
  },
  {
    q: 'days by weather in seattle',
    sql: `SELECT weather, count(*) FROM ${WEATHER} WHERE location = 'Seattle' GROUP BY 1`,
  },
  { q: 'days with wind over 8', sql: `SELECT count(*) FROM ${WEATHER} WHERE wind > 8` },
  {
    q: 'precipitation seattle vs new york',
    sql: `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT sum(precipitation) FILTER (WHERE location = 'Seattle') a, sum(precipitation) FILTER (WHERE location = 'New York') b FROM ${WEATHER})`,
  },
  {
    q: 'wet days per month in 2015',
    sql: `SELECT ${day("date_trunc('month', date)")}, count(*) FROM ${WEATHER} WHERE precipitation > 0 AND year(date) = 2015 GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  // Films: segments (blockbusters, acclaimed), values, acronyms (US, MPAA, IMDB), decades.
  { q: 'how many films', sql: `SELECT count(*) FROM ${FILMS}` },
  { q: 'how many blockbusters', sql: `SELECT count(*) FROM ${FILMS} WHERE "Worldwide Gross" >= 500000000` },
  {
    q: 'blockbusters by genre',
    sql: `SELECT "Major Genre", count(*) FROM ${FILMS} WHERE "Worldwide Gross" >= 500000000 GROUP BY 1`,
  },
  {
    q: 'acclaimed films by MPAA rating',
    sql: `SELECT "MPAA Rating", count(*) FROM ${FILMS} WHERE "IMDB Rating" >= 8 GROUP BY 1`,
  },
  { q: 'how many comedies', sql: `SELECT count(*) FROM ${FILMS} WHERE "Major Genre" = 'Comedy'` },
  {
    q: 'average imdb rating of R rated films',
    sql: `SELECT avg("IMDB Rating") FROM ${FILMS} WHERE "MPAA Rating" = 'R'`,
  },
  {
    q: 'worldwide gross of comedies',
    sql: `SELECT sum("Worldwide Gross") FROM ${FILMS} WHERE "Major Genre" = 'Comedy'`,
  },
  { q: 'us gross by genre', sql: `SELECT "Major Genre", sum("US Gross") FROM ${FILMS} GROUP BY 1` },
  {
    q: 'how many horror films came out in the 90s',
    sql: `SELECT count(*) FROM ${FILMS} WHERE "Major Genre" = 'Horror' AND released >= '1990-01-01' AND released < '2000-01-01'`,
  },
  { q: 'films released in 2005', sql: `SELECT count(*) FROM ${FILMS} WHERE year(released) = 2005` },
  {
    q: 'average running time of westerns',
    sql: `SELECT avg("Running Time min") FROM ${FILMS} WHERE "Major Genre" = 'Western'`,
  },
  {
    q: 'top 3 distributors by worldwide gross',
    sql: `SELECT "Distributor", sum("Worldwide Gross") g FROM ${FILMS} GROUP BY 1 ORDER BY g DESC NULLS LAST LIMIT 3`,
    ordered: true,
  },
  {
    q: 'production budget of PG-13 films',
    sql: `SELECT sum("Production Budget") FROM ${FILMS} WHERE "MPAA Rating" = 'PG-13'`,
  },
  {
    q: 'films based on a book by genre',
    sql: `SELECT "Major Genre", count(*) FROM ${FILMS} WHERE "Source" = 'Based on Book/Short Story' GROUP BY 1`,
  },
  { q: 'how many super hero movies', sql: `SELECT count(*) FROM ${FILMS} WHERE "Creative Type" = 'Super Hero'` },
  {
    q: 'what share of films are acclaimed',
    sql: `SELECT count(*) FILTER (WHERE "IMDB Rating" >= 8), count(*), 100.0 * count(*) FILTER (WHERE "IMDB Rating" >= 8) / count(*) FROM ${FILMS}`,
  },
  { q: 'films with an imdb rating over 8.5', sql: `SELECT count(*) FROM ${FILMS} WHERE "IMDB Rating" > 8.5` },
  { q: 'avg imdb rating by genre', sql: `SELECT "Major Genre", avg("IMDB Rating") FROM ${FILMS} GROUP BY 1` },
  {
    q: 'number of films by year',
    sql: `SELECT ${day("date_trunc('year', released)")}, count(*) FROM ${FILMS} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'how many dramas were rated PG',
    sql: `SELECT count(*) FROM ${FILMS} WHERE "Major Genre" = 'Drama' AND "MPAA Rating" = 'PG'`,
  },
  // What the model cannot answer: declined, naming what it does not know.
  { q: 'films by Steven Spielberg', decline: true },
  { q: 'how many passengers flew to Denver', decline: true },
  { q: 'average ticket price of long-haul flights', decline: true },
  { q: 'humidity in Seattle last year', decline: true },
  { q: 'which airline had the most delays', decline: true },
  { q: 'gross by genre', decline: true },
];

/** How many questions the corpus asks. */
export const AIRLINE_QUESTIONS = specs.length;

/** The corpus with its expected rows, each computed by SQL on the files. */
export const airlineCases = (): Promise<Case[]> => sqlCases(specs);
