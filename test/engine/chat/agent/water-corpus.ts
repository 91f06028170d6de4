// Questions about a municipal water utility in its managers' own words (consumption by district, zone, account type
// and month; estimated reads; amounts billed, average bills, days to pay, late fees, overdue and disputed bills;
// autopay and senior-discount accounts; smart meters; main breaks, outage minutes and customers affected by cause and
// district; leak, pressure and quality tickets and hours to close; "residential vs commercial", rankings, "last
// month", "Q4", "since march", shares, per account, typos and shorthand), each answer SQL of our own on the same rows
// (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { bills, customers, districts, meters, outages, readings, tickets } from '../../../fixtures/analyst/water.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const C = `(SELECT c.*, CAST(c.connected_at AS TIMESTAMP) ct, d.name district, d.zone FROM customers c
  LEFT JOIN districts d ON c.district_id = d.id)`;
const M = `(SELECT m.*, CAST(m.installed_at AS TIMESTAMP) it, c.account_type FROM meters m
  LEFT JOIN customers c ON m.customer_id = c.id)`;
const R = `(SELECT r.*, CAST(r.reading_date AS TIMESTAMP) rt, m.meter_size, m.smart_meter, m.customer_id,
  c.account_type, c.senior_discount, d.name district, d.zone FROM readings r LEFT JOIN meters m ON r.meter_id = m.id
  LEFT JOIN customers c ON m.customer_id = c.id LEFT JOIN districts d ON c.district_id = d.id)`;
const B = `(SELECT b.*, CAST(b.billing_period AS TIMESTAMP) bp, CAST(b.issued_at AS TIMESTAMP) bt, c.account_type,
  c.autopay, c.senior_discount, d.name district, d.zone FROM bills b LEFT JOIN customers c ON b.customer_id = c.id
  LEFT JOIN districts d ON c.district_id = d.id)`;
const X = `(SELECT o.*, CAST(o.started_at AS TIMESTAMP) st, d.name district, d.zone FROM outages o
  LEFT JOIN districts d ON o.district_id = d.id)`;
const T = `(SELECT t.*, CAST(t.opened_at AS TIMESTAMP) ot, c.account_type, d.name district, d.zone FROM tickets t
  LEFT JOIN customers c ON t.customer_id = c.id LEFT JOIN districts d ON c.district_id = d.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');

const specs: Spec[] = [
  { q: 'total water consumption last month', sql: `SELECT sum(usage_gallons) FROM ${R} WHERE ${DEC('rt')}` },
  { q: 'consumption by zone in 2025', sql: `SELECT zone, sum(usage_gallons) FROM ${R} WHERE ${Y25('rt')} GROUP BY 1` },
  {
    q: 'avg monthly usage for residential accounts',
    sql: `SELECT avg(usage_gallons) FROM ${R} WHERE account_type = 'residential'`,
  },
  ranked(
    'which district used the most water in 2025',
    `SELECT district, sum(usage_gallons) s FROM ${R} WHERE ${Y25('rt')} GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'residential vs commercial consumption last year',
    sql: cmp(
      `${R} WHERE ${Y25('rt')}`,
      `sum(usage_gallons) FILTER (WHERE account_type = 'residential')`,
      `sum(usage_gallons) FILTER (WHERE account_type = 'commercial')`,
    ),
  },
  ranked(
    'monthly consumtion in 2025',
    `SELECT ${month('rt')}, sum(usage_gallons) FROM ${R} WHERE ${Y25('rt')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'what % of meter reads were estimated in Q4', sql: part(`${R} WHERE ${Q4('rt')}`, 'count(*)', 'estimated') },
  {
    q: 'estimated read rate by meter size',
    sql: `SELECT meter_size, 100.0 * count(*) FILTER (WHERE estimated) / count(*) FROM ${R} GROUP BY 1`,
  },
  {
    q: 'water use per account in 2025',
    sql: `SELECT sum(usage_gallons) / count(DISTINCT customer_id) FROM ${R} WHERE ${Y25('rt')}`,
  },
  {
    q: 'total amount billed for billing periods in 2025',
    sql: `SELECT sum(amount_billed) FROM ${B} WHERE ${Y25('bp')}`,
  },
  {
    q: 'avrage bill for commercial customers',
    sql: `SELECT avg(amount_billed) FROM ${B} WHERE account_type = 'commercial'`,
  },
  { q: 'avg days to pay for customers on autopay', sql: `SELECT avg(days_to_pay) FROM ${B} WHERE autopay` },
  { q: 'days to pay by account type', sql: `SELECT account_type, avg(days_to_pay) FROM ${B} GROUP BY 1` },
  { q: 'how many bills are overdue', sql: `SELECT count(*) FROM ${B} WHERE status = 'overdue'` },
  { q: 'late fees charged by zone', sql: `SELECT zone, sum(late_fee) FROM ${B} GROUP BY 1` },
  { q: 'what share of the amount billed is disputed', sql: part(B, 'sum(amount_billed)', `status = 'disputed'`) },
  {
    q: 'number of disputed bills for Q4 billing periods',
    sql: `SELECT count(*) FROM ${B} WHERE status = 'disputed' AND ${Q4('bp')}`,
  },
  { q: 'how many customers are on autopay', sql: `SELECT count(*) FROM customers WHERE autopay` },
  {
    q: 'autopay rate by district',
    sql: `SELECT district, 100.0 * count(*) FILTER (WHERE autopay) / count(*) FROM ${C} GROUP BY 1`,
  },
  {
    q: '# of senior discount accounts in riverside',
    sql: `SELECT count(*) FROM ${C} WHERE senior_discount AND district = 'Riverside'`,
  },
  { q: 'new connections since march', sql: `SELECT count(*) FROM ${C} WHERE ct >= '2025-03-01'` },
  { q: 'smart meters installed in 2025', sql: `SELECT count(*) FROM ${M} WHERE smart_meter AND ${Y25('it')}` },
  { q: 'what pct of our meters are smart meters', sql: part(M, 'count(*)', 'smart_meter') },
  { q: 'how many main breaks in 2025', sql: `SELECT count(*) FROM ${X} WHERE ${Y25('st')}` },
  ranked(
    'which cause led to the most outage minutes',
    `SELECT cause, sum(duration_minutes) s FROM ${X} GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'main breaks caused by freezing last year',
    sql: `SELECT count(*) FROM ${X} WHERE cause = 'freeze' AND ${Y25('st')}`,
  },
  { q: 'avg outage duration in the east zone', sql: `SELECT avg(duration_minutes) FROM ${X} WHERE zone = 'east'` },
  {
    q: 'customers affected by main breaks in Q4',
    sql: `SELECT sum(customers_affected) FROM ${X} WHERE ${Q4('st')}`,
  },
  ranked(
    'top 3 districts by outage minutes',
    `SELECT district, sum(duration_minutes) s FROM ${X} GROUP BY 1 ORDER BY s DESC LIMIT 3`,
  ),
  {
    q: 'leak tickets last month',
    sql: `SELECT count(*) FROM ${T} WHERE category = 'leak' AND ${DEC('ot')}`,
  },
  {
    q: 'tickets by category this year',
    sql: `SELECT category, count(*) FROM ${T} WHERE ot >= '2026-01-01' GROUP BY 1`,
  },
  { q: 'avg hrs to close high priority tickets', sql: `SELECT avg(hours_to_close) FROM ${T} WHERE priority = 'high'` },
  { q: 'how many tickets are still open', sql: `SELECT count(*) FROM ${T} WHERE closed_at IS NULL` },
  {
    q: 'leak tickets per district in 2025',
    // Changed after the first run, to the project's rule for "a measure per entity" (a count per district is the count
    // divided by the districts, said so in the reading): first written as the count by district, a reading as
    // defensible that the rule does not take.
    sql: `SELECT count(*)::DOUBLE / count(DISTINCT district) FROM ${T} WHERE category = 'leak' AND ${Y25('ot')}`,
  },
  {
    q: 'water quality tickets millbrook vs eastgate',
    sql: cmp(
      T,
      `count(*) FILTER (WHERE category = 'quality' AND district = 'Millbrook')`,
      `count(*) FILTER (WHERE category = 'quality' AND district = 'Eastgate')`,
    ),
  },
  // What the model cannot answer.
  { q: 'non-revenue water by district last year', decline: true },
  { q: 'how much did main break repairs cost us in 2025', decline: true },
  { q: 'average water pressure in psi by zone', decline: true },
  { q: 'chlorine levels in harbor point last month', decline: true },
  { q: 'how many field crew employees do we have', decline: true },
];

/** How many questions the set asks. */
export const WATER_QUESTIONS = specs.length;
export const waterCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { districts, customers, meters, readings, bills, outages, tickets });
