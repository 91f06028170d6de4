// Questions about a truckload carrier in its dispatchers', fleet and safety managers' own words (revenue, revenue per
// mile, deadhead, length of haul, on-time delivery and late loads by terminal, region, shipper, lane, equipment, driver
// and month; cancelled and in-transit loads, long hauls, fuel surcharge share; fuel spend, gallons and price per gallon
// by state, truck stop and month; maintenance cost, parts vs labor, downtime, work orders and roadside breakdowns by
// make, category and truck; roadside inspections, OOS rate and violations by state, terminal and level; drivers hired,
// owner-operators, active tractors by terminal and model year; "reefer vs dry van", "loves vs pilot", rankings, "last
// month", "Q3", "Q4", "since march", "this year", shares, per driver and per truck, typos and shorthand), each answer
// SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import {
  drivers,
  fuelPurchases,
  inspections,
  loads,
  maintenanceJobs,
  shippers,
  terminals,
  trailers,
  trucks,
} from '../../../fixtures/analyst/trucking.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const L = `(SELECT l.*, CAST(l.pickup_at AS TIMESTAMP) pt, CAST(l.delivered_at AS TIMESTAMP) dt,
  l.linehaul + l.fuel_surcharge + l.accessorials rev, l.loaded_miles + l.empty_miles tm,
  l.status = 'delivered' AND CAST(l.delivered_at AS TIMESTAMP) <= CAST(l.appointment_at AS TIMESTAMP) on_time,
  l.status = 'delivered' AND CAST(l.delivered_at AS TIMESTAMP) > CAST(l.appointment_at AS TIMESTAMP) late,
  s.name shipper, s.industry, t.name terminal, t.region, k.unit_number, k.make, d.name driver FROM loads l
  LEFT JOIN shippers s ON l.shipper_id = s.id LEFT JOIN terminals t ON l.terminal_id = t.id
  LEFT JOIN trucks k ON l.truck_id = k.id LEFT JOIN drivers d ON l.driver_id = d.id)`;
const F = `(SELECT f.*, CAST(f.purchased_at AS TIMESTAMP) ft, k.make, t.name terminal FROM fuel_purchases f
  LEFT JOIN trucks k ON f.truck_id = k.id LEFT JOIN terminals t ON k.terminal_id = t.id)`;
const M = `(SELECT m.*, CAST(m.opened_at AS TIMESTAMP) ot, k.unit_number, k.make, t.name terminal
  FROM maintenance_jobs m LEFT JOIN trucks k ON m.truck_id = k.id LEFT JOIN terminals t ON k.terminal_id = t.id)`;
const I = `(SELECT i.*, CAST(i.inspected_at AS TIMESTAMP) it, t.name terminal FROM inspections i
  LEFT JOIN trucks k ON i.truck_id = k.id LEFT JOIN terminals t ON k.terminal_id = t.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q3 = (col: string) => within(col, '2025-07-01', '2025-10-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const SINCE_MARCH = (col: string) => `${col} >= '2025-03-01'`;
const THIS_YEAR = (col: string) => `${col} >= '2026-01-01'`;
const OTD = `100.0 * count(*) FILTER (WHERE on_time) / count(*) FILTER (WHERE status = 'delivered')`;
const OOS = `100.0 * count(*) FILTER (WHERE out_of_service) / count(*)`;

const specs: Spec[] = [
  { q: 'revenue by terminal last year', sql: `SELECT terminal, sum(rev) FROM ${L} WHERE ${Y25('pt')} GROUP BY 1` },
  { q: 'on time % by customer', sql: `SELECT shipper, ${OTD} FROM ${L} GROUP BY 1` },
  { q: 'deadhead % last month', sql: `SELECT 100.0 * sum(empty_miles) / sum(tm) FROM ${L} WHERE ${DEC('pt')}` },
  ranked(
    'top 5 shippers by revenue in 2025',
    `SELECT shipper, sum(rev) s FROM ${L} WHERE ${Y25('pt')} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  {
    q: 'how many loads for hartwell in q4',
    sql: `SELECT count(*) FROM ${L} WHERE shipper = 'Hartwell Foods' AND ${Q4('pt')}`,
  },
  {
    q: 'reefer vs dry van revenue per mile',
    sql: cmp(
      L,
      `sum(rev) FILTER (WHERE equipment = 'reefer') / sum(tm) FILTER (WHERE equipment = 'reefer')`,
      `sum(rev) FILTER (WHERE equipment = 'dry van') / sum(tm) FILTER (WHERE equipment = 'dry van')`,
    ),
  },
  {
    q: 'what % of loads got cancelled in 2025',
    sql: part(`${L} WHERE ${Y25('pt')}`, 'count(*)', `status = 'cancelled'`),
  },
  { q: 'fuel spend last month', sql: `SELECT sum(amount) FROM ${F} WHERE ${DEC('ft')}` },
  {
    q: 'avg diesel price per gallon by state 2025',
    sql: `SELECT state, sum(amount) / sum(gallons) FROM ${F} WHERE ${Y25('ft')} GROUP BY 1`,
  },
  {
    q: 'gallons at loves vs pilot this year',
    sql: cmp(
      `${F} WHERE ${THIS_YEAR('ft')}`,
      `sum(gallons) FILTER (WHERE truck_stop = 'Love''s')`,
      `sum(gallons) FILTER (WHERE truck_stop = 'Pilot Flying J')`,
    ),
  },
  {
    q: 'maintenance cost by make in 2025',
    sql: `SELECT make, sum(parts_cost + labor_cost) FROM ${M} WHERE ${Y25('ot')} GROUP BY 1`,
  },
  { q: 'total downtime hrs Q4', sql: `SELECT sum(downtime_hours) FROM ${M} WHERE ${Q4('ot')}` },
  ranked(
    'which truck broke down on the road the most last year',
    `SELECT unit_number, count(*) n FROM ${M} WHERE category = 'roadside' AND ${Y25('ot')} GROUP BY 1 ORDER BY n DESC`,
  ),
  { q: 'OOS rate by terminal', sql: `SELECT terminal, ${OOS} FROM ${I} GROUP BY 1` },
  { q: 'inspectoins by state last year', sql: `SELECT state, count(*) FROM ${I} WHERE ${Y25('it')} GROUP BY 1` },
  {
    q: 'miles per driver last month',
    sql: `SELECT sum(tm) / count(DISTINCT driver_id) FROM ${L} WHERE ${DEC('pt')}`,
  },
  {
    q: 'revnue per truck in 2025',
    sql: `SELECT sum(rev) / count(DISTINCT truck_id) FROM ${L} WHERE ${Y25('pt')}`,
  },
  ranked(
    'monthly revenue for 2025',
    `SELECT ${month('pt')}, sum(rev) FROM ${L} WHERE ${Y25('pt')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'how many drivers did we hire last year',
    sql: `SELECT count(*) FROM drivers WHERE ${Y25('CAST(hired_at AS TIMESTAMP)')}`,
  },
  {
    q: 'how many owner operator drivers are active',
    sql: `SELECT count(*) FROM drivers WHERE driver_type = 'owner-operator' AND status = 'active'`,
  },
  {
    q: 'avg length of haul on flatbed loads',
    sql: `SELECT avg(loaded_miles) FROM ${L} WHERE equipment = 'flatbed' AND status <> 'cancelled'`,
  },
  {
    q: 'what % of revenue was fuel surcharge in 2025',
    sql: `SELECT sum(fuel_surcharge), sum(rev), 100.0 * sum(fuel_surcharge) / sum(rev) FROM ${L} WHERE ${Y25('pt')}`,
  },
  {
    q: 'chicago to dallas loads last year',
    sql: `SELECT count(*) FROM ${L} WHERE lane = 'CHI-DAL' AND ${Y25('pt')}`,
  },
  ranked(
    'top 3 lanes by load count in q4',
    `SELECT lane, count(*) n FROM ${L} WHERE ${Q4('pt')} GROUP BY 1 ORDER BY n DESC LIMIT 3`,
  ),
  {
    q: 'OTD by region for deliveries in Q4',
    sql: `SELECT region, ${OTD} FROM ${L} WHERE ${Q4('dt')} GROUP BY 1`,
  },
  {
    q: 'how many active trucks at each terminal',
    sql: `SELECT t.name, count(*) FROM trucks k JOIN terminals t ON k.terminal_id = t.id
      WHERE k.status = 'active' GROUP BY 1`,
  },
  {
    q: 'how many of our active tractors are model year 2018 or older',
    sql: `SELECT count(*) FROM trucks WHERE status = 'active' AND model_year <= 2018`,
  },
  {
    q: 'parts vs labor cost on maintenance last year',
    sql: cmp(`${M} WHERE ${Y25('ot')}`, 'sum(parts_cost)', 'sum(labor_cost)'),
  },
  ranked(
    'which driver had the most late deliveries in 2025',
    `SELECT driver, count(*) n FROM ${L} WHERE late AND ${Y25('dt')} GROUP BY 1 ORDER BY n DESC`,
  ),
  { q: 'how many loads are in transit', sql: `SELECT count(*) FROM ${L} WHERE status = 'in transit'` },
  ranked(
    'avg price per gallon by month in 2025',
    `SELECT ${month('ft')}, sum(amount) / sum(gallons) FROM ${F} WHERE ${Y25('ft')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'violations per inspection by level',
    sql: `SELECT level, 1.0 * sum(violations) / count(*) FROM ${I} GROUP BY 1`,
  },
  { q: 'revenue by equipment type Q3', sql: `SELECT equipment, sum(rev) FROM ${L} WHERE ${Q3('pt')} GROUP BY 1` },
  {
    q: 'work orders by category since march',
    sql: `SELECT category, count(*) FROM ${M} WHERE ${SINCE_MARCH('ot')} GROUP BY 1`,
  },
  {
    q: 'how many long haul loads did we run in 2025',
    sql: `SELECT count(*) FROM ${L} WHERE loaded_miles >= 800 AND ${Y25('pt')}`,
  },
  // What the model cannot answer.
  { q: 'what are we paying drivers per mile', decline: true },
  { q: 'engine idle time % by truck last month', decline: true },
  { q: 'how many days on average do shippers take to pay their invoices', decline: true },
  { q: 'how much did we spend on tolls in 2025', decline: true },
  { q: 'insurance cost per truck this year', decline: true },
];

/** How many questions the set asks. */
export const TRUCKING_QUESTIONS = specs.length;
export const truckingCases = (): Promise<Case[]> =>
  sqlCases(specs, [], {
    terminals,
    shippers,
    trailers,
    trucks,
    drivers,
    loads,
    fuel_purchases: fuelPurchases,
    maintenance_jobs: maintenanceJobs,
    inspections,
  });
