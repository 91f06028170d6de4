// Questions about a city public transit agency in its planners' and operations managers' own words (boardings and
// fare revenue by fare type, stop, route, mode and district; on-time performance, delays and cancellations of trips;
// vehicles in service; incidents and complaints by category and resolution; "otp", "avg", "#", "tram vs bus",
// rankings, "last month", "last quarter", "this year", "yesterday", weekends, shares, per route and per stop, typos
// and shorthand), each answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on
// them, and kept as written.
import { incidents, routes, stops, taps, trips } from '../../../fixtures/analyst/transit.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const T = `(SELECT t.*, CAST(t.scheduled_departure AS TIMESTAMP) sd, r.number route_number, r.name route, r.mode,
  r.district FROM trips t LEFT JOIN routes r ON t.route_id = r.id)`;
const P = `(SELECT p.*, CAST(p.tapped_at AS TIMESTAMP) ta, s.name stop, s.district stop_district, r.number route_number,
  r.name route, r.mode FROM taps p LEFT JOIN stops s ON p.stop_id = s.id LEFT JOIN routes r ON p.route_id = r.id)`;
const I = `(SELECT i.*, CAST(i.reported_at AS TIMESTAMP) rt, r.number route_number, r.name route, r.mode, r.district
  FROM incidents i LEFT JOIN routes r ON i.route_id = r.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const OTP = `100.0 * count(*) FILTER (WHERE NOT cancelled AND delay_minutes <= 5) / count(*) FILTER (WHERE NOT cancelled)`;
const CANCEL_RATE = `100.0 * count(*) FILTER (WHERE cancelled) / count(*)`;

const specs: Spec[] = [
  { q: 'how many trips were cancelled last month', sql: `SELECT count(*) FROM ${T} WHERE cancelled AND ${DEC('sd')}` },
  { q: 'otp by mode', sql: `SELECT mode, ${OTP} FROM ${T} GROUP BY 1` },
  {
    q: 'avg delay on the metro last quarter',
    sql: `SELECT avg(delay_minutes) FROM ${T} WHERE mode = 'metro' AND ${Q4('sd')}`,
  },
  ranked('top 5 routes by ridership', `SELECT route, count(*) c FROM ${P} GROUP BY 1 ORDER BY c DESC LIMIT 5`),
  { q: 'boardings by fare type', sql: `SELECT fare_type, count(*) FROM ${P} GROUP BY 1` },
  { q: 'total fare revenue in 2025', sql: `SELECT sum(fare_amount) FROM ${P} WHERE ${Y25('ta')}` },
  { q: 'what % of boardings were student fares', sql: part(P, 'count(*)', `fare_type = 'student'`) },
  {
    q: 'senior vs student boardings last month',
    sql: cmp(
      `${P} WHERE ${DEC('ta')}`,
      `count(*) FILTER (WHERE fare_type = 'senior')`,
      `count(*) FILTER (WHERE fare_type = 'student')`,
    ),
  },
  ranked(
    'monthly ridership in 2025',
    `SELECT ${month('ta')}, count(*) FROM ${P} WHERE ${Y25('ta')} GROUP BY 1 ORDER BY 1`,
  ),
  ranked(
    'which district has the busiest stops',
    `SELECT stop_district, count(*) c FROM ${P} GROUP BY 1 ORDER BY c DESC`,
  ),
  {
    q: 'cancellation rate by mode in 2025',
    sql: `SELECT mode, ${CANCEL_RATE} FROM ${T} WHERE ${Y25('sd')} GROUP BY 1`,
  },
  {
    q: 'how many different vehicles ran the Airport Express in 2025',
    sql: `SELECT count(DISTINCT vehicle) FROM ${T} WHERE route = 'Airport Express' AND ${Y25('sd')}`,
  },
  { q: 'avg fare paid by adults', sql: `SELECT avg(fare_amount) FROM ${P} WHERE fare_type = 'adult'` },
  {
    q: 'boardings per stop last month',
    sql: `SELECT count(*) / count(DISTINCT stop_id) FROM ${P} WHERE ${DEC('ta')}`,
  },
  { q: '# of stops in Riverside', sql: `SELECT count(*) FROM stops WHERE district = 'Riverside'` },
  { q: 'how many routes do we run per mode', sql: `SELECT mode, count(*) FROM routes GROUP BY 1` },
  { q: 'complaints by category', sql: `SELECT category, count(*) FROM incidents GROUP BY 1` },
  { q: 'what % of incidents got resolved', sql: part(I, 'count(*)', 'resolved') },
  { q: 'unresolved incidents on trams', sql: `SELECT count(*) FROM ${I} WHERE NOT resolved AND mode = 'tram'` },
  { q: 'incidents reported last quarter', sql: `SELECT count(*) FROM ${I} WHERE ${Q4('rt')}` },
  {
    q: 'on-time performance for the Harbour Loop in 2025',
    sql: `SELECT ${OTP} FROM ${T} WHERE route = 'Harbour Loop' AND ${Y25('sd')}`,
  },
  {
    q: 'tram vs bus average delay',
    sql: cmp(T, `avg(delay_minutes) FILTER (WHERE mode = 'tram')`, `avg(delay_minutes) FILTER (WHERE mode = 'bus')`),
  },
  {
    q: 'how many taps on weekends in december',
    sql: `SELECT count(*) FROM ${P} WHERE dayofweek(ta) IN (0, 6) AND ${DEC('ta')}`,
  },
  {
    q: 'cancelled trips yesterday',
    sql: `SELECT count(*) FROM ${T} WHERE cancelled AND ${within('sd', '2026-01-14', '2026-01-15')}`,
  },
  { q: 'ridership this year', sql: `SELECT count(*) FROM ${P} WHERE ta >= '2026-01-01'` },
  ranked(
    'which metro line has the worst delays',
    `SELECT route, avg(delay_minutes) d FROM ${T} WHERE mode = 'metro' GROUP BY 1 ORDER BY d DESC`,
  ),
  ranked('busiest stop last month', `SELECT stop, count(*) c FROM ${P} WHERE ${DEC('ta')} GROUP BY 1 ORDER BY c DESC`),
  {
    q: 'fare revenue by fare type in 2025',
    sql: `SELECT fare_type, sum(fare_amount) FROM ${P} WHERE ${Y25('ta')} GROUP BY 1`,
  },
  { q: 'number of trips by district', sql: `SELECT district, count(*) FROM ${T} GROUP BY 1` },
  {
    q: 'how many routes had at least one cancelled trip in december',
    sql: `SELECT count(DISTINCT route_id) FROM ${T} WHERE cancelled AND ${DEC('sd')}`,
  },
  { q: 'late trips by mode', sql: `SELECT mode, count(*) FROM ${T} WHERE delay_minutes > 5 GROUP BY 1` },
  {
    q: 'incidents in Q3 2025 by mode',
    sql: `SELECT mode, count(*) FROM ${I} WHERE ${within('rt', '2025-07-01', '2025-10-01')} GROUP BY 1`,
  },
  { q: 'vehicles in service by mode', sql: `SELECT mode, count(DISTINCT vehicle) FROM ${T} GROUP BY 1` },
  {
    q: 'revenu from senior fares in 2024',
    sql: `SELECT sum(fare_amount) FROM ${P} WHERE fare_type = 'senior' AND ${Y24('ta')}`,
  },
  {
    q: 'trips schedled on route 42 last month',
    sql: `SELECT count(*) FROM ${T} WHERE route_number = '42' AND ${DEC('sd')}`,
  },
  // What the model cannot answer.
  { q: 'average passenger satisfaction score by route', decline: true },
  { q: 'fuel cost per km for the bus fleet', decline: true },
  { q: 'avg vehicle occupancy rate at peak hour', decline: true },
  { q: 'how many overtime hours did drivers work last month', decline: true },
  { q: 'what is the average trip distance in km', decline: true },
];

/** How many questions the set asks. */
export const TRANSIT_QUESTIONS = specs.length;
export const transitCases = (): Promise<Case[]> => sqlCases(specs, [], { trips, taps, incidents, routes, stops });
