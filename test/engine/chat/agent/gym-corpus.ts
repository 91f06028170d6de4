// Questions about a fitness club chain in its managers' own words (members by plan, joins and cancellations; class
// bookings, check-ins, no-shows and the attendance rate by class type, instructor and club; classes run and their
// capacity; revenue by club, city, plan and payment type, revenue per member; shares, comparisons, rankings,
// shorthand), each answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on
// them, and kept as written.
import { bookings, clubs, instructors, members, payments, sessions } from '../../../fixtures/analyst/gym.js';
import type { Case } from './corpus.js';
import { cmp, month, part, sqlCases, within, type Spec } from './sql-cases.js';

const B = `(SELECT b.*, CAST(b.booked_at AS TIMESTAMP) bt, s.class_type, CAST(s.starts_at AS TIMESTAMP) st, s.capacity,
  i.name instructor, c.name club, c.city, m.plan FROM bookings b LEFT JOIN sessions s ON b.session_id = s.id
  LEFT JOIN instructors i ON s.instructor_id = i.id LEFT JOIN clubs c ON s.club_id = c.id
  LEFT JOIN members m ON b.member_id = m.id)`;
const K = `(SELECT s.*, CAST(s.starts_at AS TIMESTAMP) st, i.name instructor, c.name club, c.city FROM sessions s
  LEFT JOIN instructors i ON s.instructor_id = i.id LEFT JOIN clubs c ON s.club_id = c.id)`;
const M = `(SELECT m.*, CAST(m.joined_at AS TIMESTAMP) jt, CAST(m.cancelled_at AS TIMESTAMP) ct, c.name club, c.city
  FROM members m LEFT JOIN clubs c ON m.club_id = c.id)`;
const P = `(SELECT p.*, CAST(p.paid_at AS TIMESTAMP) pt, m.plan, c.name club, c.city FROM payments p
  LEFT JOIN members m ON p.member_id = m.id LEFT JOIN clubs c ON m.club_id = c.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const RATE = `100.0 * count(*) FILTER (WHERE NOT no_show) / count(*)`;
const PER = `sum(amount) / count(DISTINCT member_id)`;

const specs: Spec[] = [
  { q: 'how many active members do we have', sql: `SELECT count(*) FROM ${M} WHERE cancelled_at IS NULL` },
  { q: 'members by plan', sql: `SELECT plan, count(*) FROM ${M} GROUP BY 1` },
  { q: 'new members last month', sql: `SELECT count(*) FROM ${M} WHERE ${DEC('jt')}` },
  { q: 'how many members cancelled in 2025', sql: `SELECT count(*) FROM ${M} WHERE ${Y25('ct')}` },
  { q: 'revenue last month', sql: `SELECT sum(amount) FROM ${P} WHERE ${DEC('pt')}` },
  { q: 'revenue by club in 2025', sql: `SELECT club, sum(amount) FROM ${P} WHERE ${Y25('pt')} GROUP BY 1` },
  {
    q: 'which club made the most money last year',
    sql: `SELECT club, sum(amount) s FROM ${P} WHERE ${Y25('pt')} GROUP BY 1 ORDER BY s DESC`,
    ordered: true,
  },
  { q: 'attendance rate by class type', sql: `SELECT class_type, ${RATE} FROM ${B} GROUP BY 1` },
  { q: 'no shows last month', sql: `SELECT count(*) FROM ${B} WHERE no_show AND ${DEC('st')}` },
  {
    q: 'which instructor has the best attendance rate',
    sql: `SELECT instructor, ${RATE} v FROM ${B} GROUP BY 1 ORDER BY v DESC`,
    ordered: true,
  },
  {
    q: 'top 3 instructors by bookings',
    sql: `SELECT instructor, count(*) n FROM ${B} GROUP BY 1 ORDER BY n DESC LIMIT 3`,
    ordered: true,
  },
  {
    q: 'how many yoga classes did we run in december',
    sql: `SELECT count(*) FROM ${K} WHERE class_type = 'Yoga' AND ${DEC('st')}`,
  },
  {
    q: 'spin classes per month in 2025',
    sql: `SELECT ${month('st')}, count(*) FROM ${K} WHERE class_type = 'Spin' AND ${Y25('st')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  { q: 'avg class capacity by type', sql: `SELECT class_type, avg(capacity) FROM ${K} GROUP BY 1` },
  {
    q: 'total capacity in chicago last month',
    sql: `SELECT sum(capacity) FROM ${K} WHERE city = 'Chicago' AND ${DEC('st')}`,
  },
  { q: 'premium members by club', sql: `SELECT club, count(*) FROM ${M} WHERE plan = 'Premium' GROUP BY 1` },
  { q: 'revenue per member by plan', sql: `SELECT plan, ${PER} FROM ${P} GROUP BY 1` },
  {
    q: 'personal training revenue in 2025',
    sql: `SELECT sum(amount) FROM ${P} WHERE category = 'Personal training' AND ${Y25('pt')}`,
  },
  { q: 'what % of revenue comes from dues', sql: part(P, 'sum(amount)', `category = 'Dues'`) },
  {
    q: 'student vs basic members',
    sql: cmp(M, `count(*) FILTER (WHERE plan = 'Student')`, `count(*) FILTER (WHERE plan = 'Basic')`),
  },
  {
    q: 'bookings at back bay this year',
    sql: `SELECT count(*) FROM ${B} WHERE club = 'Boston Back Bay' AND bt >= '2026-01-01'`,
  },
  {
    q: 'how many members joined in 2024',
    sql: `SELECT count(*) FROM ${M} WHERE ${within('jt', '2024-01-01', '2025-01-01')}`,
  },
  { q: 'cancellations by plan last year', sql: `SELECT plan, count(*) FROM ${M} WHERE ${Y25('ct')} GROUP BY 1` },
  { q: 'avg payment amount', sql: `SELECT avg(amount) FROM ${P}` },
  { q: 'HIIT attendance rate last month', sql: `SELECT ${RATE} FROM ${B} WHERE class_type = 'HIIT' AND ${DEC('st')}` },
  {
    q: 'which city has the most members',
    sql: `SELECT city, count(*) n FROM ${M} GROUP BY 1 ORDER BY n DESC`,
    ordered: true,
  },
  { q: 'share of members on the student plan', sql: part(M, 'count(*)', `plan = 'Student'`) },
  {
    q: 'revenue seattle vs portland',
    sql: cmp(P, `sum(amount) FILTER (WHERE city = 'Seattle')`, `sum(amount) FILTER (WHERE city = 'Portland')`),
  },
  { q: 'what share of bookings were no shows', sql: part(B, 'count(*)', 'no_show') },
  {
    q: 'how many classes did Maya Chen teach last month',
    sql: `SELECT count(*) FROM ${K} WHERE instructor = 'Maya Chen' AND ${DEC('st')}`,
  },
  { q: 'average age of members by plan', sql: `SELECT plan, avg(age) FROM ${M} GROUP BY 1` },
  {
    q: 'members who joined in q4 2025',
    sql: `SELECT count(*) FROM ${M} WHERE ${within('jt', '2025-10-01', '2026-01-01')}`,
  },
  {
    q: 'pilates bookings 2024 vs 2025',
    sql: cmp(
      `${B} WHERE class_type = 'Pilates'`,
      `count(*) FILTER (WHERE ${within('bt', '2024-01-01', '2025-01-01')})`,
      `count(*) FILTER (WHERE ${Y25('bt')})`,
    ),
  },
  {
    q: 'monthly revenue in 2025',
    sql: `SELECT ${month('pt')}, sum(amount) FROM ${P} WHERE ${Y25('pt')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  { q: 'rev per member in denver', sql: `SELECT ${PER} FROM ${P} WHERE city = 'Denver'` },
  {
    q: 'which class type has the most no shows',
    sql: `SELECT class_type, count(*) FILTER (WHERE no_show) n FROM ${B} GROUP BY 1 ORDER BY n DESC`,
    ordered: true,
  },
  { q: 'how many members have cancelled', sql: `SELECT count(*) FROM ${M} WHERE cancelled_at IS NOT NULL` },
  { q: 'avg bookings per member', sql: `SELECT count(*) / count(DISTINCT member_id) FROM ${B}` },
  {
    q: 'total revenue from premium members in 2025',
    sql: `SELECT sum(amount) FROM ${P} WHERE plan = 'Premium' AND ${Y25('pt')}`,
  },
  { q: 'check-ins by club', sql: `SELECT club, count(*) FILTER (WHERE NOT no_show) FROM ${B} GROUP BY 1` },
  // What the model cannot answer.
  { q: 'what is our member satisfaction score', decline: true },
  { q: 'how many towels were washed last month', decline: true },
  { q: 'average heart rate in spin classes', decline: true },
  { q: 'locker rentals by club', decline: true },
  { q: 'parking revenue at chicago loop', decline: true },
];

/** How many questions the set asks. */
export const GYM_QUESTIONS = specs.length;
export const gymCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { bookings, sessions, instructors, clubs, members, payments });
