// Questions about a city bike-share system in its operations team's own words (trips, minutes, kilometres and
// revenue by rider type, bike type and station — where rides start and where they end —, member vs casual, e-bike
// share, round trips and long rides, the fleet in and out of service, maintenance spend by type of work and bike type,
// stations and docks by neighborhood, members by plan and age band; "last month", "this year", "q4", "since
// september", "2024 vs 2025", rankings, shares, per-trip ratios, typos and shorthand), each answer SQL of our own on
// the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { bikes, maintenance, members, stations, trips } from '../../../fixtures/analyst/bikes.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const T = `(SELECT t.*, CAST(t.started_at AS TIMESTAMP) st, s.name start_name, s.neighborhood start_hood,
  e.name end_name, e.neighborhood end_hood, b.bike_type, m.plan, m.age_band FROM trips t
  LEFT JOIN stations s ON t.start_station_id = s.id LEFT JOIN stations e ON t.end_station_id = e.id
  LEFT JOIN bikes b ON t.bike_id = b.id LEFT JOIN members m ON t.member_id = m.id)`;
const M = `(SELECT x.*, CAST(x.serviced_at AS TIMESTAMP) sv, b.bike_type FROM maintenance x
  LEFT JOIN bikes b ON x.bike_id = b.id)`;
const U = `(SELECT *, CAST(signed_up_at AS TIMESTAMP) su FROM members)`;
const S = `(SELECT *, CAST(opened_at AS TIMESTAMP) op FROM stations)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y26 = (col: string) => within(col, '2026-01-01', '2027-01-01');

const specs: Spec[] = [
  { q: 'how many rides last month', sql: `SELECT count(*) FROM ${T} WHERE ${DEC('st')}` },
  { q: 'avg trip duration by rider type', sql: `SELECT rider_type, avg(duration_min) FROM ${T} GROUP BY 1` },
  ranked(
    'monthly revenue in 2025',
    `SELECT ${month('st')}, sum(price_paid) FROM ${T} WHERE ${Y25('st')} GROUP BY 1 ORDER BY 1`,
  ),
  ranked(
    'which station do the most rides start from',
    `SELECT start_name, count(*) c FROM ${T} GROUP BY 1 ORDER BY c DESC`,
  ),
  ranked(
    'top 5 drop-off stations by # of trips',
    `SELECT end_name, count(*) c FROM ${T} GROUP BY 1 ORDER BY c DESC LIMIT 5`,
  ),
  {
    q: 'member vs casual trips in 2025',
    sql: cmp(
      `${T} WHERE ${Y25('st')}`,
      `count(*) FILTER (WHERE rider_type = 'member')`,
      `count(*) FILTER (WHERE rider_type = 'casual')`,
    ),
  },
  { q: 'what % of trips were on e-bikes', sql: part(T, 'count(*)', `bike_type = 'electric'`) },
  { q: 'total km ridden in 2024', sql: `SELECT sum(distance_km) FROM ${T} WHERE ${Y24('st')}` },
  {
    q: 'avg distance per trip on electric bikes',
    sql: `SELECT avg(distance_km) FROM ${T} WHERE bike_type = 'electric'`,
  },
  { q: 'how many bikes are out of service right now', sql: `SELECT count(*) FROM bikes WHERE NOT in_service` },
  { q: 'bikes by type', sql: `SELECT bike_type, count(*) FROM bikes GROUP BY 1` },
  { q: 'total maintenance cost last year', sql: `SELECT sum(cost) FROM ${M} WHERE ${Y25('sv')}` },
  { q: 'maintenance spend by type of repair', sql: `SELECT event_type, sum(cost) FROM ${M} GROUP BY 1` },
  {
    q: 'avg cost per maintenance event: classic vs electric bikes',
    sql: cmp(M, `avg(cost) FILTER (WHERE bike_type = 'classic')`, `avg(cost) FILTER (WHERE bike_type = 'electric')`),
  },
  { q: '# of stations per neighborhood', sql: `SELECT neighborhood, count(*) FROM stations GROUP BY 1` },
  { q: 'how many docks do we have downtown', sql: `SELECT sum(docks) FROM stations WHERE neighborhood = 'Downtown'` },
  { q: 'how many new stations opened since march 2024', sql: `SELECT count(*) FROM ${S} WHERE op >= '2024-03-01'` },
  { q: 'new members last month', sql: `SELECT count(*) FROM ${U} WHERE ${DEC('su')}` },
  {
    q: 'annual vs monthly members',
    sql: cmp('members', `count(*) FILTER (WHERE plan = 'annual')`, `count(*) FILTER (WHERE plan = 'monthly')`),
  },
  { q: 'members by age band', sql: `SELECT age_band, count(*) FROM members GROUP BY 1` },
  { q: 'revenue per trip by rider type', sql: `SELECT rider_type, sum(price_paid) / count(*) FROM ${T} GROUP BY 1` },
  {
    q: 'how many distinct members took at least one ride in Q4',
    sql: `SELECT count(DISTINCT member_id) FROM ${T} WHERE ${Q4('st')}`,
  },
  {
    q: 'how many rides over 30 min this year',
    sql: `SELECT count(*) FROM ${T} WHERE duration_min > 30 AND ${Y26('st')}`,
  },
  {
    q: 'how many trips ended at the same station they started from',
    sql: `SELECT count(*) FROM ${T} WHERE start_station_id = end_station_id`,
  },
  { q: 'avg ride time for annual plan members', sql: `SELECT avg(duration_min) FROM ${T} WHERE plan = 'annual'` },
  ranked(
    'which neighborhood do most trips start in',
    `SELECT start_hood, count(*) c FROM ${T} GROUP BY 1 ORDER BY c DESC`,
  ),
  {
    q: 'rides from riverside to downtown in 2025',
    sql: `SELECT count(*) FROM ${T} WHERE start_hood = 'Riverside' AND end_hood = 'Downtown' AND ${Y25('st')}`,
  },
  {
    q: 'revenue from casual riders this year',
    sql: `SELECT sum(price_paid) FROM ${T} WHERE rider_type = 'casual' AND ${Y26('st')}`,
  },
  {
    q: 'trips 2024 vs 2025, yoy',
    sql: cmp(T, `count(*) FILTER (WHERE ${Y24('st')})`, `count(*) FILTER (WHERE ${Y25('st')})`),
  },
  { q: 'avg repair cost for flat tyres', sql: `SELECT avg(cost) FROM ${M} WHERE event_type = 'Flat tire'` },
  { q: 'number of maintenance jobs by bike type', sql: `SELECT bike_type, count(*) FROM ${M} GROUP BY 1` },
  {
    q: 'trips starting at union square in december',
    sql: `SELECT count(*) FROM ${T} WHERE start_name = 'Union Square & 5th' AND ${DEC('st')}`,
  },
  { q: 'avg distance of casual rides', sql: `SELECT avg(distance_km) FROM ${T} WHERE rider_type = 'casual'` },
  {
    q: 'total minutes riden by members last month',
    sql: `SELECT sum(duration_min) FROM ${T} WHERE rider_type = 'member' AND ${DEC('st')}`,
  },
  ranked(
    'e-bike trips by month since september',
    `SELECT ${month('st')}, count(*) FROM ${T} WHERE bike_type = 'electric' AND st >= '2025-09-01' GROUP BY 1
      ORDER BY 1`,
  ),
  // What the model cannot answer.
  { q: 'what is the average rider satisfaction score', decline: true },
  { q: 'how many bikes were stolen in 2025', decline: true },
  { q: 'how much did we spend on the rebalancing vans last month', decline: true },
  { q: 'avg wait time for an open dock at union square', decline: true },
  { q: 'how much ad spend did we have this year', decline: true },
];

/** How many questions the set asks. */
export const BIKES_QUESTIONS = specs.length;
export const bikesCases = (): Promise<Case[]> => sqlCases(specs, [], { trips, stations, bikes, members, maintenance });
