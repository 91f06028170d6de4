// Questions about a coworking company in its managers' own words (bookings, hours booked and no-shows by location,
// city, resource and booking channel; members joining and cancelling by plan, kind and industry; invoiced and unpaid
// amounts and days late; community events and attendance; desks and floor area; "app vs front desk", "yoy",
// rankings, "last month", "q4", "since march", shares, per-location ratios, typos and shorthand), each answer SQL of
// our own on the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { bookings, events, invoices, locations, members, plans } from '../../../fixtures/analyst/cowork.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const B = `(SELECT b.*, CAST(b.starts_at AS TIMESTAMP) st, m.member_type, m.industry, l.name loc, l.city
  FROM bookings b LEFT JOIN members m ON b.member_id = m.id LEFT JOIN locations l ON b.location_id = l.id)`;
const M = `(SELECT m.*, CAST(m.joined_at AS TIMESTAMP) jt, CAST(m.cancelled_at AS TIMESTAMP) ct, p.name plan,
  p.kind, p.monthly_price, l.name loc, l.city FROM members m LEFT JOIN plans p ON m.plan_id = p.id
  LEFT JOIN locations l ON m.location_id = l.id)`;
const I = `(SELECT i.*, CAST(i.invoice_month AS TIMESTAMP) im, m.member_type, m.industry, p.name plan, p.kind,
  l.name loc, l.city FROM invoices i LEFT JOIN members m ON i.member_id = m.id LEFT JOIN plans p ON m.plan_id = p.id
  LEFT JOIN locations l ON m.location_id = l.id)`;
const E = `(SELECT e.*, CAST(e.held_on AS TIMESTAMP) ht, l.name loc, l.city FROM events e
  LEFT JOIN locations l ON e.location_id = l.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const NO_SHOW = `100.0 * count(*) FILTER (WHERE no_show) / count(*)`;

const specs: Spec[] = [
  { q: 'how many bookings last month', sql: `SELECT count(*) FROM ${B} WHERE ${DEC('st')}` },
  { q: 'no-show rate by location', sql: `SELECT loc, ${NO_SHOW} FROM ${B} GROUP BY 1` },
  {
    q: 'app vs front desk no show rate',
    sql: cmp(
      B,
      `100.0 * count(*) FILTER (WHERE no_show AND booked_via = 'app') / count(*) FILTER (WHERE booked_via = 'app')`,
      `100.0 * count(*) FILTER (WHERE no_show AND booked_via = 'front desk') / count(*) FILTER (WHERE booked_via = 'front desk')`,
    ),
  },
  ranked(
    'which location had the most hours booked in 2025',
    `SELECT loc, sum(hours) h FROM ${B} WHERE ${Y25('st')} GROUP BY 1 ORDER BY h DESC`,
  ),
  {
    q: 'avg length of a meeting room booking in hours',
    sql: `SELECT avg(hours) FROM ${B} WHERE resource_type = 'meeting room'`,
  },
  { q: 'how many active members do we have', sql: `SELECT count(*) FROM members WHERE cancelled_at IS NULL` },
  { q: 'how many members cancelld in 2025', sql: `SELECT count(*) FROM ${M} WHERE ${Y25('ct')}` },
  ranked(
    'new member signups per month in 2025',
    `SELECT ${month('jt')}, count(*) FROM ${M} WHERE ${Y25('jt')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'what % of all members, cancelled ones included, are freelancers',
    sql: part('members', 'count(*)', `member_type = 'freelancer'`),
  },
  { q: 'active members by plan kind', sql: `SELECT kind, count(*) FROM ${M} WHERE cancelled_at IS NULL GROUP BY 1` },
  { q: 'how much did we invoice in q4', sql: `SELECT sum(amount) FROM ${I} WHERE ${Q4('im')}` },
  { q: 'unpaid invoice amount by city', sql: `SELECT city, sum(amount) FROM ${I} WHERE NOT paid GROUP BY 1` },
  { q: 'avg days late by plan', sql: `SELECT plan, avg(days_late) FROM ${I} GROUP BY 1` },
  ranked(
    'top 5 industries by amount invoiced',
    `SELECT industry, sum(amount) s FROM ${I} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  ranked('which city hosted the most community events', `SELECT city, count(*) n FROM ${E} GROUP BY 1 ORDER BY n DESC`),
  { q: 'avg attendence at workshops', sql: `SELECT avg(attendees) FROM ${E} WHERE kind = 'workshop'` },
  {
    q: 'total attendees at our berlin events last year',
    sql: `SELECT sum(attendees) FROM ${E} WHERE city = 'Berlin' AND ${Y25('ht')}`,
  },
  { q: 'how many desks do we have in amsterdam', sql: `SELECT sum(desks) FROM locations WHERE city = 'Amsterdam'` },
  { q: 'm2 of floor space per desk for each location', sql: `SELECT name, floor_area_m2 / desks FROM locations` },
  { q: 'no shows in december', sql: `SELECT count(*) FROM ${B} WHERE no_show AND ${DEC('st')}` },
  {
    q: 'how many different members booked a meeting room in 2025',
    sql: `SELECT count(DISTINCT member_id) FROM ${B} WHERE resource_type = 'meeting room' AND ${Y25('st')}`,
  },
  {
    q: 'avg invoice for private office members',
    sql: `SELECT avg(amount) FROM ${I} WHERE kind = 'private office'`,
  },
  {
    q: 'hours booked in 2025: freelancers vs companies',
    sql: cmp(
      `${B} WHERE ${Y25('st')}`,
      `sum(hours) FILTER (WHERE member_type = 'freelancer')`,
      `sum(hours) FILTER (WHERE member_type = 'company')`,
    ),
  },
  ranked(
    'monthly no-show rate for 2025',
    `SELECT ${month('st')}, ${NO_SHOW} FROM ${B} WHERE ${Y25('st')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'how many hot-desk members have churned',
    sql: `SELECT count(*) FROM ${M} WHERE kind = 'hot desk' AND cancelled_at IS NOT NULL`,
  },
  {
    q: 'pct of paid invoices that were paid late',
    sql: part(`${I} WHERE paid`, 'count(*)', 'days_late > 0'),
  },
  {
    q: 'meeting room bookings at shoreditch since march',
    sql: `SELECT count(*) FROM ${B} WHERE loc = 'Shoreditch Yard' AND resource_type = 'meeting room' AND st >= '2025-03-01'`,
  },
  {
    q: 'how many active members at kreuzberg',
    sql: `SELECT count(*) FROM ${M} WHERE loc = 'Kreuzberg Hub' AND cancelled_at IS NULL`,
  },
  {
    q: 'how much did we bill members in the software industry in 2025',
    sql: `SELECT sum(amount) FROM ${I} WHERE industry = 'Software' AND ${Y25('im')}`,
  },
  { q: 'booking hours by resource type', sql: `SELECT resource_type, sum(hours) FROM ${B} GROUP BY 1` },
  ranked(
    'which plan has signed up the most members over all time',
    `SELECT plan, count(*) n FROM ${M} GROUP BY 1 ORDER BY n DESC`,
  ),
  { q: '# of community events by kind in 2025', sql: `SELECT kind, count(*) FROM ${E} WHERE ${Y25('ht')} GROUP BY 1` },
  {
    q: 'how many locations have we opened since 2022',
    sql: `SELECT count(*) FROM locations WHERE CAST(opened_at AS TIMESTAMP) >= '2022-01-01'`,
  },
  {
    q: 'how many of the december invoices are still unpaid',
    sql: `SELECT count(*) FROM ${I} WHERE NOT paid AND ${DEC('im')}`,
  },
  {
    q: 'yoy bookings, 2024 vs 2025',
    sql: cmp(B, `count(*) FILTER (WHERE ${Y24('st')})`, `count(*) FILTER (WHERE ${Y25('st')})`),
  },
  // What the model cannot answer.
  { q: 'what did we spend on cleaning per location last year', decline: true },
  { q: 'average member satisfaction score (NPS) by location', decline: true },
  { q: 'how many day passes did we sell to walk-in guests in 2025', decline: true },
  { q: 'what rent do we pay per m2 for each building', decline: true },
  { q: 'avg wifi bandwidth used per member last month', decline: true },
];

/** How many questions the set asks. */
export const COWORK_QUESTIONS = specs.length;
export const coworkCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { bookings, members, plans, invoices, locations, events });
