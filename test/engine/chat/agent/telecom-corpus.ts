// Questions about a mobile carrier in its managers' own words (active subscribers, churn and churn rate by segment
// and region, auto-pay, ARPU, amounts billed, collected and written off, overdue invoices, days to pay, data used,
// voice minutes, texts, roaming and overage by plan, current subscribers per plan, prepaid vs postpaid, support
// tickets by channel and category with satisfaction and resolution time; "last month", "last quarter", "q4 2025",
// "since march", "yoy", rankings, shares, per-subscriber ratios, typos and shorthand), each answer SQL of our own on
// the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { invoices, plans, subscribers, subscriptions, tickets, usage } from '../../../fixtures/analyst/telecom.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const S = `(SELECT *, CAST(signed_up_at AS TIMESTAMP) su, CAST(churned_at AS TIMESTAMP) ct FROM subscribers)`;
const U = `(SELECT u.*, CAST(u.usage_month AS TIMESTAMP) um, p.name plan_name, p.plan_type, s.segment, s.region,
  s.city FROM usage u LEFT JOIN plans p ON u.plan_id = p.id LEFT JOIN subscribers s ON u.subscriber_id = s.id)`;
const I = `(SELECT i.*, CAST(i.invoiced_at AS TIMESTAMP) it, s.segment, s.region, s.city, s.auto_pay FROM invoices i
  LEFT JOIN subscribers s ON i.subscriber_id = s.id)`;
const T = `(SELECT t.*, CAST(t.opened_at AS TIMESTAMP) ot, s.segment, s.region FROM tickets t
  LEFT JOIN subscribers s ON t.subscriber_id = s.id)`;
const B = `(SELECT b.*, CAST(b.started_at AS TIMESTAMP) st, p.name plan_name, p.plan_type FROM subscriptions b
  LEFT JOIN plans p ON b.plan_id = p.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const CHURN_RATE = `100.0 * count(*) FILTER (WHERE churned_at IS NOT NULL) / count(*)`;

const specs: Spec[] = [
  { q: 'how many active subscibers do we have', sql: `SELECT count(*) FROM subscribers WHERE churned_at IS NULL` },
  {
    q: 'total data used yoy: 2024 vs 2025',
    sql: cmp(U, `sum(data_gb) FILTER (WHERE ${Y24('um')})`, `sum(data_gb) FILTER (WHERE ${Y25('um')})`),
  },
  { q: 'how many customers churned last month', sql: `SELECT count(*) FROM ${S} WHERE ${DEC('ct')}` },
  { q: 'chrun rate by segment', sql: `SELECT segment, ${CHURN_RATE} FROM subscribers GROUP BY 1` },
  {
    q: 'business vs consumer churn rate',
    sql: cmp(
      'subscribers',
      `100.0 * count(*) FILTER (WHERE churned_at IS NOT NULL AND segment = 'business') / count(*) FILTER (WHERE segment = 'business')`,
      `100.0 * count(*) FILTER (WHERE churned_at IS NOT NULL AND segment = 'consumer') / count(*) FILTER (WHERE segment = 'consumer')`,
    ),
  },
  {
    q: 'what % of our active subscribers use auto-pay',
    sql: part(`subscribers WHERE churned_at IS NULL`, 'count(*)', 'auto_pay'),
  },
  { q: 'arpu by region', sql: `SELECT region, avg(amount_billed) FROM ${I} GROUP BY 1` },
  {
    q: 'what was ARPU for business customers in 2025',
    sql: `SELECT avg(amount_billed) FROM ${I} WHERE segment = 'business' AND ${Y25('it')}`,
  },
  { q: 'overage charges last quarter', sql: `SELECT sum(overage_charges) FROM ${U} WHERE ${Q4('um')}` },
  ranked(
    'which plan brings in the most overage',
    `SELECT plan_name, sum(overage_charges) s FROM ${U} GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'avg data per line on the unlimited plans',
    sql: `SELECT avg(data_gb) FROM ${U} WHERE plan_name LIKE '%Unlimited%'`,
  },
  ranked(
    'total GB used per month in 2025',
    `SELECT ${month('um')}, sum(data_gb) FROM ${U} WHERE ${Y25('um')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'voice mins by segment last year',
    sql: `SELECT segment, sum(voice_minutes) FROM ${U} WHERE ${Y25('um')} GROUP BY 1`,
  },
  { q: 'how many texts were sent in december', sql: `SELECT sum(texts) FROM ${U} WHERE ${DEC('um')}` },
  {
    q: 'how many subscribers roamed abroad in 2025',
    sql: `SELECT count(DISTINCT subscriber_id) FROM ${U} WHERE roaming AND ${Y25('um')}`,
  },
  { q: '# of overdue invoices', sql: `SELECT count(*) FROM invoices WHERE status = 'overdue'` },
  {
    q: 'total written off on 2025 invoices',
    sql: `SELECT sum(amount_billed) FROM ${I} WHERE status = 'written off' AND ${Y25('it')}`,
  },
  {
    q: 'what pct of the amount billed did we actually collect, by region',
    sql: `SELECT region, 100.0 * sum(amount_paid) / sum(amount_billed) FROM ${I} GROUP BY 1`,
  },
  {
    q: 'avg days to pay: auto-pay vs manual payers',
    sql: cmp(I, `avg(days_to_pay) FILTER (WHERE auto_pay)`, `avg(days_to_pay) FILTER (WHERE NOT auto_pay)`),
  },
  { q: 'averge days to pay by segment', sql: `SELECT segment, avg(days_to_pay) FROM ${I} GROUP BY 1` },
  { q: 'support tickets by channel', sql: `SELECT channel, count(*) FROM tickets GROUP BY 1` },
  ranked(
    'which ticket category has the lowest satisfaction',
    `SELECT category, avg(satisfaction) s FROM tickets GROUP BY 1 ORDER BY s ASC`,
  ),
  {
    q: 'average resolution time in hours for network tickets',
    sql: `SELECT avg(resolution_hours) FROM tickets WHERE category = 'network'`,
  },
  {
    q: 'csat on app tickets opened last month',
    sql: `SELECT avg(satisfaction) FROM ${T} WHERE channel = 'app' AND ${DEC('ot')}`,
  },
  { q: 'how many tickets were opened in q4 2025', sql: `SELECT count(*) FROM ${T} WHERE ${Q4('ot')}` },
  {
    q: 'data used per subscriber last month',
    sql: `SELECT sum(data_gb) / count(DISTINCT subscriber_id) FROM ${U} WHERE ${DEC('um')}`,
  },
  {
    q: 'prepaid vs postpaid subscriptions started in 2025',
    sql: cmp(
      `${B} WHERE ${Y25('st')}`,
      `count(*) FILTER (WHERE plan_type = 'prepaid')`,
      `count(*) FILTER (WHERE plan_type = 'postpaid')`,
    ),
  },
  {
    q: 'how many subscribers are on each plan right now',
    sql: `SELECT plan_name, count(*) FROM ${B} WHERE ended_at IS NULL GROUP BY 1`,
  },
  ranked(
    'top 5 cities by amount billed in 2025',
    `SELECT city, sum(amount_billed) s FROM ${I} WHERE ${Y25('it')} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  { q: 'new signups since march', sql: `SELECT count(*) FROM ${S} WHERE su >= '2025-03-01'` },
  {
    q: 'avg monthly fee of our postpaid plans',
    sql: `SELECT avg(monthly_fee) FROM plans WHERE plan_type = 'postpaid'`,
  },
  ranked(
    'which region has the highest churn rate',
    `SELECT region, ${CHURN_RATE} c FROM subscribers GROUP BY 1 ORDER BY c DESC`,
  ),
  ranked(
    '# of subscribers who churned each month in 2025',
    `SELECT ${month('ct')}, count(*) FROM ${S} WHERE ${Y25('ct')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'what pct of overage charges came from months when the line was roaming',
    sql: part(U, 'sum(overage_charges)', 'roaming'),
  },
  {
    q: 'how many active business subscribers in the midwest',
    sql: `SELECT count(*) FROM subscribers WHERE churned_at IS NULL AND segment = 'business' AND region = 'Midwest'`,
  },
  // What the model cannot answer.
  { q: 'what does the network cost us per subscriber', decline: true },
  { q: 'dropped call rate by city last month', decline: true },
  { q: 'how many cell towers do we have in the west', decline: true },
  { q: 'customer acquisition cost for new signups in 2025', decline: true },
  { q: 'how many phones did we sell in stores last quarter', decline: true },
];

/** How many questions the set asks. */
export const TELECOM_QUESTIONS = specs.length;
export const telecomCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { subscribers, plans, subscriptions, usage, invoices, tickets });
