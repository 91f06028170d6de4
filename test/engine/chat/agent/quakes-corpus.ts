// Questions about real public data (vega-datasets: a week of the USGS earthquake feed, 31 Jan – 7 Feb 2018, a wind
// field over western Europe, Anscombe's quartet and London's borough centroids) in a curious user's own words: quake
// counts, magnitudes, depths and felt reports by region, network, event type, review status and magnitude class; M4.5+
// quakes, quarry blasts, the tsunami flag, days and date ranges of that week named as dates, "top 5", "which … the
// most", "nevada vs utah", "what % of", per network; wind speed over the grid by compass point, latitude and side of the
// meridian, one grid cell; the quartet's means by series; boroughs east of Greenwich and furthest north; typos and
// shorthand. Each answer is SQL of our own on the same rows and files (sql-cases.ts). Written before the analyst was
// run on them, and kept as written.
import { earthquakes, FILES } from '../../../fixtures/analyst/quakes.js';
import type { Case } from './corpus.js';
import { cmp, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const Q = `(SELECT *, CAST(occurred_at AS TIMESTAMP) t, CASE WHEN mag < 3 THEN 'micro' WHEN mag < 4 THEN 'minor'
  WHEN mag < 5 THEN 'light' WHEN mag < 6 THEN 'moderate' WHEN mag < 7 THEN 'strong' ELSE 'major' END mag_class
  FROM earthquakes)`;
const W = `(SELECT *, CASE WHEN dir < 22.5 OR dir >= 337.5 THEN 'N' WHEN dir < 67.5 THEN 'NE' WHEN dir < 112.5 THEN 'E'
  WHEN dir < 157.5 THEN 'SE' WHEN dir < 202.5 THEN 'S' WHEN dir < 247.5 THEN 'SW' WHEN dir < 292.5 THEN 'W'
  ELSE 'NW' END compass FROM read_csv_auto('${FILES.wind}'))`;
const A = `(SELECT * FROM read_json_auto('${FILES.anscombe}'))`;
const L = `(SELECT * FROM read_json_auto('${FILES.london}'))`;
const day = (col: string) => `strftime(date_trunc('day', ${col}), '%Y-%m-%d')`;

const specs: Spec[] = [
  // The earthquake feed: regions, networks, event types, magnitudes, depths, felt reports, dates of that week.
  { q: 'how many earthquakes are in the feed', sql: `SELECT count(*) FROM ${Q}` },
  { q: 'how many M4.5+ quakes were there', sql: `SELECT count(*) FROM ${Q} WHERE mag >= 4.5` },
  { q: 'largest magnitude recorded in alaska', sql: `SELECT max(mag) FROM ${Q} WHERE region = 'Alaska'` },
  { q: 'avg magnitdue by network', sql: `SELECT net, avg(mag) FROM ${Q} GROUP BY 1` },
  ranked('top 5 regions by # of quakes', `SELECT region, count(*) n FROM ${Q} GROUP BY 1 ORDER BY n DESC LIMIT 5`),
  { q: 'what % of quakes happened in california', sql: part(Q, 'count(*)', `region = 'California'`) },
  ranked(
    'daily quake count feb 1 to feb 6 2018',
    `SELECT ${day('t')}, count(*) FROM ${Q} WHERE ${within('t', '2018-02-01', '2018-02-07')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'avg depth of hawaii earthqaukes', sql: `SELECT avg(depth) FROM ${Q} WHERE region = 'Hawaii'` },
  { q: 'how many quarry blasts were recorded', sql: `SELECT count(*) FROM ${Q} WHERE type = 'quarry blast'` },
  { q: 'break down the events by type', sql: `SELECT type, count(*) FROM ${Q} GROUP BY 1` },
  { q: 'how many events have the tsunami flag', sql: `SELECT count(*) FROM ${Q} WHERE tsunami` },
  { q: 'total felt reports for california quakes', sql: `SELECT sum(felt) FROM ${Q} WHERE region = 'California'` },
  {
    q: 'avg magnitude reviewed vs automatic',
    sql: cmp(Q, `avg(mag) FILTER (WHERE status = 'reviewed')`, `avg(mag) FILTER (WHERE status = 'automatic')`),
  },
  {
    q: 'quakes deeper than 100km between feb 2 and feb 5 2018',
    sql: `SELECT count(*) FROM ${Q} WHERE depth > 100 AND ${within('t', '2018-02-02', '2018-02-06')}`,
  },
  {
    q: 'nevada vs utah number of quakes',
    sql: cmp(Q, `count(*) FILTER (WHERE region = 'Nevada')`, `count(*) FILTER (WHERE region = 'Utah')`),
  },
  { q: 'quakes by magnitude class', sql: `SELECT mag_class, count(*) FROM ${Q} GROUP BY 1` },
  {
    q: 'how many quakes on feb 4 2018',
    sql: `SELECT count(*) FROM ${Q} WHERE ${within('t', '2018-02-04', '2018-02-05')}`,
  },
  ranked('which network reported the most quakes', `SELECT net, count(*) n FROM ${Q} GROUP BY 1 ORDER BY n DESC`),
  {
    q: 'on average how many quakes did each network report',
    sql: `SELECT count(*)::DOUBLE / count(DISTINCT net) FROM ${Q}`,
  },
  {
    q: 'what share of events have been reviewed by a seismologist',
    sql: part(Q, 'count(*)', `status = 'reviewed'`),
  },
  // The wind field: speed over the grid, compass points, latitude and longitude, one cell.
  { q: 'avg wind speed across the grid', sql: `SELECT avg(speed) FROM ${W}` },
  { q: 'how many grid cells have wind speed above 10 m/s', sql: `SELECT count(*) FROM ${W} WHERE speed > 10` },
  { q: 'avg wind speed by compass direction', sql: `SELECT compass, avg(speed) FROM ${W} GROUP BY 1` },
  ranked(
    'which compass point shows up most in the wind field',
    `SELECT compass, count(*) n FROM ${W} GROUP BY 1 ORDER BY n DESC`,
  ),
  { q: 'max wind speed north of 55 degrees latitude', sql: `SELECT max(speed) FROM ${W} WHERE latitude > 55` },
  {
    q: 'avg wind speed west of the prime meridian vs east of it',
    sql: cmp(W, 'avg(speed) FILTER (WHERE longitude < 0)', 'avg(speed) FILTER (WHERE longitude > 0)'),
  },
  { q: 'what pct of grid cells have SW wind', sql: part(W, 'count(*)', `compass = 'SW'`) },
  {
    q: 'wind speed at longitude -0.125 latitude 51.375',
    sql: `SELECT avg(speed) FROM ${W} WHERE longitude = -0.125 AND latitude = 51.375`,
  },
  // Anscombe's quartet.
  { q: 'mean x and mean y for each anscombe series', sql: `SELECT Series, avg(X), avg(Y) FROM ${A} GROUP BY 1` },
  {
    q: 'how many points does each series in anscombes quartet have',
    sql: `SELECT Series, count(*) FROM ${A} GROUP BY 1`,
  },
  { q: 'highest y in series IV', sql: `SELECT max(Y) FROM ${A} WHERE Series = 'IV'` },
  { q: 'avg y for anscombe points where x is above 10', sql: `SELECT avg(Y) FROM ${A} WHERE X > 10` },
  // London boroughs' centroids.
  { q: 'how many london boroughs are east of the greenwich meridian', sql: `SELECT count(*) FROM ${L} WHERE cx > 0` },
  ranked('top 3 boroughs furthest north', `SELECT name, max(cy) y FROM ${L} GROUP BY 1 ORDER BY y DESC LIMIT 3`),
  { q: 'latitude of the city of london centroid', sql: `SELECT avg(cy) FROM ${L} WHERE name = 'City of London'` },
  // What the data cannot answer.
  { q: 'how many people were killed by earthquakes that week', decline: true },
  { q: 'estimated damage in dollars from the taiwan quake', decline: true },
  { q: 'peak wind gusts over the grid', decline: true },
  { q: 'population of each london borough', decline: true },
  { q: 'avg air temperature across the wind grid', decline: true },
];

/** How many questions the set asks. */
export const QUAKES_QUESTIONS = specs.length;
export const quakesCases = (): Promise<Case[]> => sqlCases(specs, [], { earthquakes });
