// Questions about an insurer's claims book in its claims managers' own words (open, approved and denied claims by
// cause, policy type, state and adjuster; amounts claimed and paid; approval rate, loss ratio, days to settle; policies
// and premium; shares, comparisons, rankings, "last quarter", sloppy spelling), each answer SQL of our own on the same
// rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { adjusters, claims, customers, policies } from '../../../fixtures/analyst/insurance.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const C = `(SELECT c.*, CAST(c.filed_at AS TIMESTAMP) ft, CAST(c.closed_at AS TIMESTAMP) ct, p.policy_type, p.state,
  a.name adjuster, a.team, u.name customer, u.segment FROM claims c LEFT JOIN policies p ON c.policy_id = p.id
  LEFT JOIN adjusters a ON c.adjuster_id = a.id LEFT JOIN customers u ON p.customer_id = u.id)`;
const P = `(SELECT p.*, CAST(p.starts_on AS TIMESTAMP) st, u.name customer, u.segment FROM policies p
  LEFT JOIN customers u ON p.customer_id = u.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const APPROVAL = `100.0 * count(*) FILTER (WHERE status = 'approved') / count(*) FILTER (WHERE status IN ('approved', 'denied'))`;
const LOSS = `100.0 * sum(paid_losses) / sum(premium)`;

const specs: Spec[] = [
  { q: 'how many open claims do we have', sql: `SELECT count(*) FROM ${C} WHERE status = 'open'` },
  { q: 'claims by status', sql: `SELECT status, count(*) FROM ${C} GROUP BY 1` },
  { q: 'claims filed last month', sql: `SELECT count(*) FROM ${C} WHERE ${DEC('ft')}` },
  { q: 'how many claims were filed in 2025', sql: `SELECT count(*) FROM ${C} WHERE ${Y25('ft')}` },
  { q: 'total paid on claims settled in 2025', sql: `SELECT sum(paid_amount) FROM ${C} WHERE ${Y25('ct')}` },
  { q: 'approval rate by policy type', sql: `SELECT policy_type, ${APPROVAL} FROM ${C} GROUP BY 1` },
  ranked(
    'which adjuster closed the most claims last quarter',
    `SELECT adjuster, count(*) n FROM ${C} WHERE ${Q4('ct')} GROUP BY 1 ORDER BY n DESC`,
  ),
  { q: 'average days to settle', sql: `SELECT avg(days_to_settle) FROM ${C}` },
  { q: 'avg days to settle by adjuster', sql: `SELECT adjuster, avg(days_to_settle) FROM ${C} GROUP BY 1` },
  ranked(
    'top 5 adjusters by amount paid',
    `SELECT adjuster, sum(paid_amount) s FROM ${C} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  { q: 'loss ratio by policy type', sql: `SELECT policy_type, ${LOSS} FROM ${P} GROUP BY 1` },
  { q: "what's our loss ratio in texas", sql: `SELECT ${LOSS} FROM ${P} WHERE state = 'TX'` },
  {
    q: 'flood claims in florida',
    sql: `SELECT count(*) FROM ${C} WHERE cause = 'flood' AND state = 'FL'`,
  },
  { q: 'how much was claimed for fire damage', sql: `SELECT sum(claimed_amount) FROM ${C} WHERE cause = 'fire'` },
  { q: 'claims by cause last year', sql: `SELECT cause, count(*) FROM ${C} WHERE ${Y25('ft')} GROUP BY 1` },
  { q: 'denied claims by cause', sql: `SELECT cause, count(*) FROM ${C} WHERE status = 'denied' GROUP BY 1` },
  { q: 'what share of claims were denied', sql: part(C, 'count(*)', `status = 'denied'`) },
  {
    q: 'what % of auto claims were theft',
    sql: part(`${C} WHERE policy_type = 'Auto'`, 'count(*)', `cause = 'theft'`),
  },
  { q: 'average claim amount', sql: `SELECT avg(claimed_amount) FROM ${C}` },
  { q: 'avg claim size by policy type', sql: `SELECT policy_type, avg(claimed_amount) FROM ${C} GROUP BY 1` },
  {
    q: 'home vs auto claims in 2025',
    sql: cmp(
      `${C} WHERE ${Y25('ft')}`,
      `count(*) FILTER (WHERE policy_type = 'Home')`,
      `count(*) FILTER (WHERE policy_type = 'Auto')`,
    ),
  },
  { q: 'written premium by state', sql: `SELECT state, sum(premium) FROM ${P} GROUP BY 1` },
  { q: 'how many life policies do we have', sql: `SELECT count(*) FROM ${P} WHERE policy_type = 'Life'` },
  { q: 'new policies last quarter', sql: `SELECT count(*) FROM ${P} WHERE ${Q4('st')}` },
  { q: 'average premium for home policies', sql: `SELECT avg(premium) FROM ${P} WHERE policy_type = 'Home'` },
  {
    q: 'claims per policy by policy type',
    sql: `SELECT policy_type, count(*) / count(DISTINCT policy_id) FROM ${C} GROUP BY 1`,
  },
  ranked(
    'monthly claims in 2025',
    `SELECT ${month('ft')}, count(*) FROM ${C} WHERE ${Y25('ft')} GROUP BY 1 ORDER BY 1`,
  ),
  ranked('which state paid out the most', `SELECT state, sum(paid_amount) s FROM ${C} GROUP BY 1 ORDER BY s DESC`),
  {
    q: 'how many claims from 2024 are still open',
    sql: `SELECT count(*) FROM ${C} WHERE status = 'open' AND ${within('ft', '2024-01-01', '2025-01-01')}`,
  },
  { q: 'largest single claim amount', sql: `SELECT max(claimed_amount) FROM ${C}` },
  {
    q: 'claims handled by Sarah Kim this year',
    sql: `SELECT count(*) FROM ${C} WHERE adjuster = 'Sarah Kim' AND ft >= '2026-01-01'`,
  },
  {
    q: 'approval rate for theft claims last year',
    sql: `SELECT ${APPROVAL} FROM ${C} WHERE cause = 'theft' AND ${Y25('ft')}`,
  },
  {
    q: 'denied claims in q3 2025',
    sql: `SELECT count(*) FROM ${C} WHERE status = 'denied' AND ${within('ft', '2025-07-01', '2025-10-01')}`,
  },
  { q: 'how many customers do we have', sql: `SELECT count(*) FROM customers` },
  { q: 'customers by segment', sql: `SELECT segment, count(*) FROM customers GROUP BY 1` },
  {
    q: 'avg premium commercial vs personal',
    sql: cmp(
      P,
      `avg(premium) FILTER (WHERE segment = 'Commercial')`,
      `avg(premium) FILTER (WHERE segment = 'Personal')`,
    ),
  },
  { q: 'how many claims over 50k', sql: `SELECT count(*) FROM ${C} WHERE claimed_amount > 50000` },
  {
    q: 'amount paid for hail claims by state',
    sql: `SELECT state, sum(paid_amount) FROM ${C} WHERE cause = 'hail' GROUP BY 1`,
  },
  // What the model cannot answer.
  { q: 'what is our customer satisfaction score', decline: true },
  { q: 'fraud rate by adjuster', decline: true },
  { q: 'average deductible on auto policies', decline: true },
  { q: 'how many claims were reopened last year', decline: true },
  { q: 'subrogation recoveries in 2025', decline: true },
];

/** How many questions the set asks. */
export const INSURANCE_QUESTIONS = specs.length;
export const insuranceCases = (): Promise<Case[]> => sqlCases(specs, [], { claims, policies, adjusters, customers });
