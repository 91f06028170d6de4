// Questions about real public data (vega-datasets: 10,000 wildlife strikes on aircraft at US airports 1990–2002, 6,508
// matches of five European top divisions 2013–2017) in people's own words (states, species, airlines and teams as
// people write them, "la liga", "the 90s", "since 1998", Q4, "avg", "pct", "#", a typo or two), each answer SQL of our
// own on the same files, run by native DuckDB (sql-cases.ts). Written before the analyst was run on them.
import { FILES } from '../../../fixtures/analyst/wildlife.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const B = `(SELECT "Airport Name" AS airport, "Aircraft Make Model" AS aircraft, "Effect Amount of damage" AS damage,
  CAST("Flight Date" AS TIMESTAMP) AS d, "Aircraft Airline Operator" AS op, "Origin State" AS state,
  "Phase of flight" AS phase, "Wildlife Size" AS size, "Wildlife Species" AS species, "Time of day" AS tod,
  "Cost Repair" AS repair, "Cost Total $" AS cost, "Speed IAS in knots" AS speed
  FROM read_csv('${FILES.birdstrikes}', header = true))`;
const F = `(SELECT CAST(date AS TIMESTAMP) d, division, home_team, away_team, home_score hs, away_score aws,
  CASE division WHEN 'English Premier League' THEN 'England' WHEN 'Deutsche Bundesliga' THEN 'Germany'
  WHEN 'Primera Division' THEN 'Spain' WHEN 'Serie A' THEN 'Italy' WHEN 'Österreichische Bundesliga' THEN 'Austria'
  END country FROM read_json_auto('${FILES.football}'))`;
const year = (col: string) => `strftime(date_trunc('year', ${col}), '%Y-%m-%d')`;
const damaged = `damage <> 'None'`;
const rate = (where: string) =>
  `100.0 * count(*) FILTER (WHERE ${where} AND ${damaged}) / count(*) FILTER (WHERE ${where})`;
const perMatch = (where: string) => `1.0 * sum(hs + aws) FILTER (WHERE ${where}) / count(*) FILTER (WHERE ${where})`;

const specs: Spec[] = [
  // Bird strikes: states, species, airlines and airports as people write them, decades and years, shares, rankings.
  { q: 'how many bird strikes are in the data', sql: `SELECT count(*) FROM ${B}` },
  { q: 'bird strikes by phase of flight', sql: `SELECT phase, count(*) FROM ${B} GROUP BY 1` },
  ranked('which state had the most strikes', `SELECT state, count(*) n FROM ${B} GROUP BY 1 ORDER BY n DESC`),
  { q: 'total repair cost of strikes in texas', sql: `SELECT sum(repair) FROM ${B} WHERE state = 'Texas'` },
  { q: 'what % of strikes caused damage to the aircraft', sql: part(B, 'count(*)', damaged) },
  { q: 'avg speed by time of day', sql: `SELECT tod, avg(speed) FROM ${B} GROUP BY 1` },
  ranked('strikes per year', `SELECT ${year('d')}, count(*) FROM ${B} GROUP BY 1 ORDER BY 1`),
  {
    q: 'how many strikes in the 90s',
    sql: `SELECT count(*) FROM ${B} WHERE ${within('d', '1990-01-01', '2000-01-01')}`,
  },
  ranked(
    'top 5 species by number of strikes',
    `SELECT species, count(*) n FROM ${B} GROUP BY 1 ORDER BY n DESC LIMIT 5`,
  ),
  { q: 'total cost of goose strikes', sql: `SELECT sum(cost) FROM ${B} WHERE species = 'Canada goose'` },
  {
    q: 'how many strikes did millitary planes have in 1995',
    sql: `SELECT count(*) FROM ${B} WHERE op = 'MILITARY' AND ${within('d', '1995-01-01', '1996-01-01')}`,
  },
  {
    q: 'damage rate for large vs small wildlife',
    sql: cmp(B, rate(`size = 'Large'`), rate(`size = 'Small'`)),
  },
  {
    q: 'strikes at night vs during the day',
    sql: cmp(B, `count(*) FILTER (WHERE tod = 'Night')`, `count(*) FILTER (WHERE tod = 'Day')`),
  },
  ranked(
    'top 5 operators by damaging strikes',
    `SELECT op, count(*) n FROM ${B} WHERE ${damaged} GROUP BY 1 ORDER BY n DESC LIMIT 5`,
  ),
  {
    q: 'avg speed of strikes during the takeoff run',
    sql: `SELECT avg(speed) FROM ${B} WHERE phase = 'Take-off run'`,
  },
  {
    q: 'number of airports with strikes in california',
    sql: `SELECT count(DISTINCT airport) FROM ${B} WHERE state = 'California'`,
  },
  ranked(
    'monthly strikes in 2001',
    `SELECT ${month('d')}, count(*) FROM ${B} WHERE ${within('d', '2001-01-01', '2002-01-01')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'total cost of strikes at ohare',
    sql: `SELECT sum(cost) FROM ${B} WHERE airport = 'CHICAGO O''HARE INTL ARPT'`,
  },
  {
    q: 'repair cost per strike for american airlines',
    sql: `SELECT 1.0 * sum(repair) / count(*) FROM ${B} WHERE op = 'AMERICAN AIRLINES'`,
  },
  {
    q: 'how many strikes with substantial damage since 1998',
    sql: `SELECT count(*) FROM ${B} WHERE damage = 'Substantial' AND d >= '1998-01-01'`,
  },
  // Football: leagues by their common names, teams by partial names, results, goals, quarters and months.
  { q: 'how many football matches are there', sql: `SELECT count(*) FROM ${F}` },
  { q: 'total goals per leauge', sql: `SELECT division, sum(hs + aws) FROM ${F} GROUP BY 1` },
  { q: 'avg goals per game in serie a', sql: `SELECT ${perMatch(`division = 'Serie A'`)} FROM ${F}` },
  {
    q: 'how many home wins in the premier league in 2016',
    sql: `SELECT count(*) FROM ${F} WHERE division = 'English Premier League' AND hs > aws AND ${within('d', '2016-01-01', '2017-01-01')}`,
  },
  { q: 'what pct of matches ended in a draw', sql: part(F, 'count(*)', 'hs = aws') },
  {
    q: 'how many goals did barcelona score at home',
    sql: `SELECT sum(hs) FROM ${F} WHERE home_team = 'Barcelona'`,
  },
  ranked('top 10 teams by away goals', `SELECT away_team, sum(aws) g FROM ${F} GROUP BY 1 ORDER BY g DESC LIMIT 10`),
  {
    q: 'home win rate by country',
    sql: `SELECT country, 100.0 * count(*) FILTER (WHERE hs > aws) / count(*) FROM ${F} GROUP BY 1`,
  },
  {
    q: 'german bundesliga vs premier league goals per match',
    sql: cmp(F, perMatch(`division = 'Deutsche Bundesliga'`), perMatch(`division = 'English Premier League'`)),
  },
  ranked(
    'matches per month in 2015',
    `SELECT ${month('d')}, count(*) FROM ${F} WHERE ${within('d', '2015-01-01', '2016-01-01')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'how many goalless draws in la liga',
    sql: `SELECT count(*) FROM ${F} WHERE division = 'Primera Division' AND hs = 0 AND aws = 0`,
  },
  {
    q: 'how many times did bayern lose at home',
    sql: `SELECT count(*) FROM ${F} WHERE home_team = 'FC Bayern Munchen' AND hs < aws`,
  },
  {
    q: 'goals scored in q4 2014',
    sql: `SELECT sum(hs + aws) FROM ${F} WHERE ${within('d', '2014-10-01', '2015-01-01')}`,
  },
  {
    q: 'how many different teams have played in the austrian league',
    sql: `SELECT count(DISTINCT home_team) FROM ${F} WHERE division = 'Österreichische Bundesliga'`,
  },
  {
    q: '# of matches with 5 or more goals by division',
    sql: `SELECT division, count(*) FROM ${F} WHERE hs + aws >= 5 GROUP BY 1`,
  },
  // What the data cannot answer.
  { q: 'how many passengers were injured in bird strikes', decline: true },
  { q: 'avg weight of the birds that hit aircraft', decline: true },
  { q: 'which airport handles the most flights', decline: true },
  { q: 'how many yellow cards were shown in serie a', decline: true },
  { q: 'avg attendance at arsenal home games', decline: true },
];

/** How many questions the set asks. */
export const WILDLIFE_QUESTIONS = specs.length;
export const wildlifeCases = (): Promise<Case[]> => sqlCases(specs);
