// Questions about a law firm in its managing partner's and finance team's own words (billable and chargeable hours,
// utilization, realization, WIP, invoiced, collected, write-offs and unpaid invoices by practice area, office, fee
// arrangement, role, client, industry and country; open, on-hold and closed matters; lawyers' rates; "litigation vs
// corporate", "2024 vs 2025", rankings, "last month", "q4", "since march", shares, per client, partial names, typos
// and shorthand), each answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on
// them, and kept as written.
import { clients, invoices, lawyers, matters, timeEntries } from '../../../fixtures/analyst/law.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const T = `(SELECT t.*, CAST(t.worked_on AS TIMESTAMP) wt, l.name lawyer, l.role, l.office, m.practice_area,
  m.fee_type, m.lead_partner, m.status, m.client_id, c.name client, c.industry, c.country FROM time_entries t
  LEFT JOIN lawyers l ON t.lawyer_id = l.id LEFT JOIN matters m ON t.matter_id = m.id
  LEFT JOIN clients c ON m.client_id = c.id)`;
const I = `(SELECT i.*, CAST(i.issued_at AS TIMESTAMP) it, CAST(i.paid_at AS TIMESTAMP) pt, m.practice_area,
  m.fee_type, m.lead_partner, m.client_id, c.name client, c.industry, c.country, c.key_account FROM invoices i
  LEFT JOIN matters m ON i.matter_id = m.id LEFT JOIN clients c ON m.client_id = c.id)`;
const M = `(SELECT m.*, CAST(m.opened_at AS TIMESTAMP) ot, CAST(m.closed_at AS TIMESTAMP) ct, c.name client,
  c.industry, c.country FROM matters m LEFT JOIN clients c ON m.client_id = c.id)`;
const C = `(SELECT *, CAST(signed_at AS TIMESTAMP) st FROM clients)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const BILLABLE = `sum(hours) FILTER (WHERE billable)`;
const UTIL = `100.0 * sum(hours) FILTER (WHERE billable) / sum(hours)`;
const REALIZATION = `100.0 * sum(billed_amount) / sum(standard_value) FILTER (WHERE billable)`;
const COLLECTED = `sum(amount - written_off) FILTER (WHERE paid_at IS NOT NULL)`;

const specs: Spec[] = [
  { q: 'billabel hours last month', sql: `SELECT ${BILLABLE} FROM ${T} WHERE ${DEC('wt')}` },
  {
    q: 'billable hours by practice area in 2025',
    sql: `SELECT practice_area, ${BILLABLE} FROM ${T} WHERE ${Y25('wt')} GROUP BY 1`,
  },
  { q: 'realization rate by fee type', sql: `SELECT fee_type, ${REALIZATION} FROM ${T} GROUP BY 1` },
  ranked(
    'which partners logged the most billable hours in 2025',
    `SELECT lawyer, ${BILLABLE} h FROM ${T} WHERE role = 'Partner' AND ${Y25('wt')} GROUP BY 1 ORDER BY h DESC`,
  ),
  { q: 'how many open matters do we have', sql: `SELECT count(*) FROM matters WHERE status = 'open'` },
  {
    q: 'how much did we collect in payments last month',
    sql: `SELECT ${COLLECTED} FROM ${I} WHERE ${DEC('pt')}`,
  },
  { q: 'write-offs by practice area', sql: `SELECT practice_area, sum(written_off) FROM ${I} GROUP BY 1` },
  { q: 'what % of invoices are still unpaid', sql: part(I, 'count(*)', 'paid_at IS NULL') },
  {
    q: 'avg invoce amount for corporate matters',
    sql: `SELECT avg(amount) FROM ${I} WHERE practice_area = 'Corporate'`,
  },
  ranked(
    'top 5 clients by amount invoiced',
    `SELECT client, sum(amount) s FROM ${I} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  {
    q: 'litigation vs corporate billable hours in 2025',
    sql: cmp(
      `${T} WHERE ${Y25('wt')}`,
      `sum(hours) FILTER (WHERE billable AND practice_area = 'Litigation')`,
      `sum(hours) FILTER (WHERE billable AND practice_area = 'Corporate')`,
    ),
  },
  { q: 'how many clients do we have in germany', sql: `SELECT count(*) FROM clients WHERE country = 'Germany'` },
  { q: 'number of clients by sector', sql: `SELECT industry, count(*) FROM clients GROUP BY 1` },
  ranked(
    'monthly billable hours in 2025',
    `SELECT ${month('wt')}, ${BILLABLE} FROM ${T} WHERE ${Y25('wt')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'WIP by practice area',
    sql: `SELECT practice_area, sum(billed_amount) FILTER (WHERE billable AND NOT invoiced) FROM ${T} GROUP BY 1`,
  },
  { q: 'avg hourly rate for associates', sql: `SELECT avg(hourly_rate) FROM lawyers WHERE role = 'Associate'` },
  {
    q: 'how many different lawyers worked on employment matters last month',
    sql: `SELECT count(DISTINCT lawyer_id) FROM ${T} WHERE practice_area = 'Employment' AND ${DEC('wt')}`,
  },
  {
    q: 'hours logged by paralegals last quarter',
    sql: `SELECT sum(hours) FROM ${T} WHERE role = 'Paralegal' AND ${Q4('wt')}`,
  },
  {
    q: 'realisation rate on contingency matters in 2025',
    sql: `SELECT ${REALIZATION} FROM ${T} WHERE fee_type = 'contingency' AND ${Y25('wt')}`,
  },
  { q: 'how many matters did we close in 2025', sql: `SELECT count(*) FROM ${M} WHERE ${Y25('ct')}` },
  {
    q: 'matters on hold by lead partner',
    sql: `SELECT lead_partner, count(*) FROM matters WHERE status = 'on hold' GROUP BY 1`,
  },
  { q: 'what pct of our matters are contingency', sql: part('matters', 'count(*)', `fee_type = 'contingency'`) },
  {
    q: 'how much have we invoiced per client on average',
    sql: `SELECT sum(amount) / count(DISTINCT client_id) FROM ${I}`,
  },
  {
    q: 'utilization for the new york office in q4',
    sql: `SELECT ${UTIL} FROM ${T} WHERE office = 'New York' AND ${Q4('wt')}`,
  },
  {
    q: 'chargeable hours by office last year',
    sql: `SELECT office, ${BILLABLE} FROM ${T} WHERE ${Y25('wt')} GROUP BY 1`,
  },
  ranked(
    'which industry have we invoiced the most',
    `SELECT industry, sum(amount) s FROM ${I} GROUP BY 1 ORDER BY s DESC`,
  ),
  { q: 'how many new clients did we sign in 2025', sql: `SELECT count(*) FROM ${C} WHERE ${Y25('st')}` },
  { q: 'how many key accounts do we have', sql: `SELECT count(*) FROM clients WHERE key_account` },
  {
    q: 'unpaid invoice total by client country',
    sql: `SELECT country, sum(amount) FROM ${I} WHERE paid_at IS NULL GROUP BY 1`,
  },
  {
    q: 'collection rate by practice area',
    sql: `SELECT practice_area, 100.0 * ${COLLECTED} / sum(amount) FROM ${I} GROUP BY 1`,
  },
  {
    q: 'hours logged by okafor in 2025',
    sql: `SELECT sum(hours) FROM ${T} WHERE lawyer = 'David Okafor' AND ${Y25('wt')}`,
  },
  {
    q: 'how many matters have we opened for northwind',
    sql: `SELECT count(*) FROM ${M} WHERE client = 'Northwind Logistics'`,
  },
  {
    q: 'billable hrs 2024 vs 2025',
    sql: cmp(
      T,
      `sum(hours) FILTER (WHERE billable AND ${within('wt', '2024-01-01', '2025-01-01')})`,
      `sum(hours) FILTER (WHERE billable AND ${Y25('wt')})`,
    ),
  },
  { q: 'matters opened since march', sql: `SELECT count(*) FROM ${M} WHERE ot >= '2025-03-01'` },
  {
    q: 'billed value of IP work in 2025',
    sql: `SELECT sum(billed_amount) FROM ${T} WHERE practice_area = 'IP' AND ${Y25('wt')}`,
  },
  // What the model cannot answer.
  { q: "what's our profit margin by practice area", decline: true },
  { q: 'avg partner salary', decline: true },
  { q: 'client satisfaction score by lead partner', decline: true },
  { q: 'win rate on litigation matters last year', decline: true },
  { q: 'how much did we spend on office rent in london', decline: true },
];

/** How many questions the set asks. */
export const LAWFIRM_QUESTIONS = specs.length;
export const lawCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { time_entries: timeEntries, invoices, matters, lawyers, clients });
