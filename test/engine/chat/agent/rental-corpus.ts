// Questions about a car rental fleet in its managers' own words (revenue, daily rate and rental length by car class,
// fuel, make and model, pick-up branch and city, airport vs downtown; cancellations, late returns and one-way
// rentals; renting customers by country and loyalty tier; damage reports and repair costs; the fleet's mileage and
// purchases; maintenance visits and their cost and downtime; bookings by month; "last month", "q4", "since march",
// "yoy", rankings, shares, per-customer ratios, typos and shorthand), each answer SQL of our own on the same rows
// (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import {
  branches,
  customers,
  damageReports,
  maintenanceVisits,
  rentals,
  vehicles,
} from '../../../fixtures/analyst/rental.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const R = `(SELECT x.*, CAST(x.booked_at AS TIMESTAMP) bt, CAST(x.pickup_at AS TIMESTAMP) pt,
  CAST(x.returned_at AS TIMESTAMP) rt, x.pickup_branch_id <> x.return_branch_id one_way, v.make, v.model,
  v.vehicle_class, v.fuel_type, c.country, c.loyalty_tier, b.name pickup_branch, b.city pickup_city,
  b.kind pickup_kind, rb.name return_branch, rb.city return_city FROM rentals x
  LEFT JOIN vehicles v ON x.vehicle_id = v.id LEFT JOIN customers c ON x.customer_id = c.id
  LEFT JOIN branches b ON x.pickup_branch_id = b.id LEFT JOIN branches rb ON x.return_branch_id = rb.id)`;
const D = `(SELECT d.*, CAST(d.reported_at AS TIMESTAMP) dt, v.make, v.vehicle_class, v.fuel_type FROM damage_reports d
  LEFT JOIN rentals x ON d.rental_id = x.id LEFT JOIN vehicles v ON x.vehicle_id = v.id)`;
const V = `(SELECT v.*, CAST(v.purchased_at AS TIMESTAMP) bought, b.name home_branch, b.city home_city FROM vehicles v
  LEFT JOIN branches b ON v.branch_id = b.id)`;
const M = `(SELECT m.*, CAST(m.visited_at AS TIMESTAMP) mt, v.make, v.vehicle_class FROM maintenance_visits m
  LEFT JOIN vehicles v ON m.vehicle_id = v.id)`;
const U = `(SELECT *, CAST(signed_up_at AS TIMESTAMP) su FROM customers)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
/** Picked up: active or returned (what revenue, rental days and the rental length count). */
const PU = `status IN ('active', 'returned')`;
const REV = `sum(amount) FILTER (WHERE ${PU})`;
const rev = (where: string) => `sum(amount) FILTER (WHERE ${PU} AND ${where})`;

const specs: Spec[] = [
  {
    q: 'how much revenue did we make on rentals picked up last month',
    sql: `SELECT ${REV} FROM ${R} WHERE ${DEC('pt')}`,
  },
  { q: 'revenue by car class', sql: `SELECT vehicle_class, ${REV} FROM ${R} GROUP BY 1` },
  ranked(
    'which pick-up branch brought in the most revenue',
    `SELECT pickup_branch, ${REV} s FROM ${R} GROUP BY 1 ORDER BY s DESC`,
  ),
  ranked(
    'top 5 models by number of rentals picked up',
    `SELECT model, count(*) n FROM ${R} WHERE ${PU} GROUP BY 1 ORDER BY n DESC LIMIT 5`,
  ),
  {
    q: 'late return rate by vehicle class',
    sql: `SELECT vehicle_class, 100.0 * count(*) FILTER (WHERE late_return) / count(*) FILTER (WHERE status = 'returned')
      FROM ${R} GROUP BY 1`,
  },
  { q: 'what % of bookings were cancelled', sql: part(R, 'count(*)', `status = 'cancelled'`) },
  {
    q: 'how many one-way rentals were picked up in 2025',
    sql: `SELECT count(*) FROM ${R} WHERE one_way AND ${Y25('pt')}`,
  },
  {
    q: 'avg daily rate for SUVs',
    sql: `SELECT sum(amount) / sum(days) FROM ${R} WHERE ${PU} AND vehicle_class = 'SUV'`,
  },
  {
    q: 'electric vs diesel revenue for pick-ups in 2025',
    sql: cmp(`${R} WHERE ${Y25('pt')}`, rev(`fuel_type = 'electric'`), rev(`fuel_type = 'diesel'`)),
  },
  {
    q: '# of gold or platinum customers',
    sql: `SELECT count(*) FROM customers WHERE loyalty_tier IN ('gold', 'platinum')`,
  },
  { q: 'new customer signups last quarter', sql: `SELECT count(*) FROM ${U} WHERE ${Q4('su')}` },
  {
    q: 'total repair cost for major damage reported in 2025',
    sql: `SELECT sum(repair_cost) FROM ${D} WHERE severity = 'major' AND ${Y25('dt')}`,
  },
  { q: 'avg repair cost by car class', sql: `SELECT vehicle_class, avg(repair_cost) FROM ${D} GROUP BY 1` },
  ranked(
    'which make has the highest avg mileage',
    `SELECT make, avg(mileage_km) a FROM vehicles GROUP BY 1 ORDER BY a DESC`,
  ),
  { q: 'fleet size by home branch', sql: `SELECT home_branch, count(*) FROM ${V} GROUP BY 1` },
  {
    q: 'maintenance spend by visit type last year',
    sql: `SELECT kind, sum(cost) FROM ${M} WHERE ${Y25('mt')} GROUP BY 1`,
  },
  ranked(
    'monthly revenue in 2025 by pick-up month',
    `SELECT ${month('pt')}, ${REV} FROM ${R} WHERE ${Y25('pt')} GROUP BY 1 ORDER BY 1`,
  ),
  ranked(
    'bookings made each month in q4 2025',
    `SELECT ${month('bt')}, count(*) FROM ${R} WHERE ${Q4('bt')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'what % of revenue comes from airport pick-ups',
    sql: part(`${R} WHERE ${PU}`, 'sum(amount)', `pickup_kind = 'airport'`),
  },
  { q: 'avg rental length for vans', sql: `SELECT avg(days) FROM ${R} WHERE ${PU} AND vehicle_class = 'van'` },
  {
    q: 'late returns in 2025 by return branch',
    sql: `SELECT return_branch, count(*) FROM ${R} WHERE late_return AND ${Y25('rt')} GROUP BY 1`,
  },
  {
    q: 'how many different customers picked up a car in 2025',
    sql: `SELECT count(DISTINCT customer_id) FROM ${R} WHERE ${Y25('pt')}`,
  },
  {
    q: 'avg revenue per customer for pick-ups in 2025',
    sql: `SELECT ${REV} / count(DISTINCT customer_id) FROM ${R} WHERE ${Y25('pt')}`,
  },
  {
    q: 'what pct of rentals picked up last year included insurance',
    sql: part(`${R} WHERE ${Y25('pt')}`, 'count(*)', 'insurance'),
  },
  {
    q: 'how many rentals with a child seat were picked up at lisbon airport in 2025',
    sql: `SELECT count(*) FROM ${R} WHERE child_seat AND pickup_branch = 'Lisbon Airport' AND ${Y25('pt')}`,
  },
  {
    q: 'gold vs silver members revenue',
    sql: cmp(R, rev(`loyalty_tier = 'gold'`), rev(`loyalty_tier = 'silver'`)),
  },
  {
    q: 'cancelation rate by pick-up city',
    sql: `SELECT pickup_city, 100.0 * count(*) FILTER (WHERE status = 'cancelled') / count(*) FROM ${R} GROUP BY 1`,
  },
  ranked(
    'which customer country spends the most with us',
    `SELECT country, ${REV} s FROM ${R} GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'maintenance visits for vans since march',
    sql: `SELECT count(*) FROM ${M} WHERE vehicle_class = 'van' AND mt >= '2025-03-01'`,
  },
  {
    q: 'avg days off the road per maintenance visit, by visit type',
    sql: `SELECT kind, avg(downtime_days) FROM maintenance_visits GROUP BY 1`,
  },
  { q: 'how many cars did we buy in 2024', sql: `SELECT count(*) FROM ${V} WHERE ${Y24('bought')}` },
  {
    q: 'avrage mileage of our economy cars',
    sql: `SELECT avg(mileage_km) FROM vehicles WHERE vehicle_class = 'economy'`,
  },
  {
    q: 'airport vs downtown: rentals picked up in december',
    sql: cmp(
      `${R} WHERE ${DEC('pt')}`,
      `count(*) FILTER (WHERE pickup_kind = 'airport')`,
      `count(*) FILTER (WHERE pickup_kind = 'downtown')`,
    ),
  },
  {
    q: 'revnue yoy 2024 vs 2025, by pick-up date',
    sql: cmp(R, rev(Y24('pt')), rev(Y25('pt'))),
  },
  { q: 'how many cars are out on rent right now', sql: `SELECT count(*) FROM rentals WHERE status = 'active'` },
  // What the model cannot answer.
  { q: 'how much did we spend on fuel last month', decline: true },
  { q: 'avg customer satisfaction score by branch', decline: true },
  { q: 'how many traffic fines did we get in 2025', decline: true },
  { q: 'how many staff work at each branch', decline: true },
  { q: 'what is the average age of our renters', decline: true },
];

/** How many questions the set asks. */
export const RENTAL_QUESTIONS = 40;
export const rentalCases = (): Promise<Case[]> =>
  sqlCases(specs, [], {
    rentals,
    vehicles,
    customers,
    branches,
    damage_reports: damageReports,
    maintenance_visits: maintenanceVisits,
  });
