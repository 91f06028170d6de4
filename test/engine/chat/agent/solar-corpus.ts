// Questions about a residential solar installer in its sales, ops and service managers' own words (leads by source,
// conversion, door knocking out of one office, utility bills of referral leads; site surveys completed, reroofs and
// approval rate on shingle roofs; quoted system size, close rate by rep, batteries quoted; kW sold by rep, contracts by
// financing type, cash vs loan, price per watt by branch, cancellations and their reasons, contract value, battery
// attach rate by state, loan volume by lender, deals per rep; permit turnaround by city, pending permits, "henderson vs
// vegas"; first-time pass rate and failed inspections by crew; kW installed and installs by crew, install days; monthly
// kWh, performance ratio by branch, kWh per system; open tickets, days to close, warranty share; rankings, "last
// month", "Q3", "Q4", "since march", "this year", shares, per rep and per system, typos and shorthand), each answer SQL
// of our own on the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import {
  branches,
  contracts,
  crews,
  financingPartners,
  inspections,
  installs,
  leads,
  permits,
  quotes,
  readings,
  reps,
  surveys,
  tickets,
} from '../../../fixtures/analyst/solar.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const LD = `(SELECT l.*, CAST(l.created_at AS TIMESTAMP) ct, b.name branch FROM leads l
  LEFT JOIN branches b ON l.branch_id = b.id)`;
const SV = `(SELECT s.*, CAST(s.scheduled_for AS TIMESTAMP) st FROM surveys s)`;
const Q = `(SELECT q.*, CAST(q.quoted_at AS TIMESTAMP) qt, p.name rep FROM quotes q LEFT JOIN reps p ON q.rep_id = p.id)`;
const C = `(SELECT c.*, CAST(c.signed_at AS TIMESTAMP) sg, CAST(c.cancelled_at AS TIMESTAMP) cx, p.name rep,
  b.name branch, b.state, f.name partner FROM contracts c LEFT JOIN reps p ON c.rep_id = p.id
  LEFT JOIN branches b ON c.branch_id = b.id LEFT JOIN financing_partners f ON c.financing_partner_id = f.id)`;
const P = `(SELECT p.*, CAST(p.submitted_at AS TIMESTAMP) sb FROM permits p)`;
const I = `(SELECT i.*, CAST(i.inspected_at AS TIMESTAMP) it, w.name crew FROM inspections i
  LEFT JOIN installs n ON i.install_id = n.id LEFT JOIN crews w ON n.crew_id = w.id)`;
const N = `(SELECT n.*, CAST(n.installed_at AS TIMESTAMP) nt, w.name crew FROM installs n
  LEFT JOIN crews w ON n.crew_id = w.id)`;
const R = `(SELECT x.*, CAST(x.reading_month AS TIMESTAMP) rm, b.name branch FROM production_readings x
  LEFT JOIN installs n ON x.install_id = n.id LEFT JOIN contracts c ON n.contract_id = c.id
  LEFT JOIN branches b ON c.branch_id = b.id)`;
const T = `(SELECT t.*, CAST(t.opened_at AS TIMESTAMP) ot FROM service_tickets t)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q3 = (col: string) => within(col, '2025-07-01', '2025-10-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const SINCE_MARCH = (col: string) => `${col} >= '2025-03-01'`;
const THIS_YEAR = (col: string) => `${col} >= '2026-01-01'`;
const signedShare = (where = 'true') =>
  `100.0 * count(*) FILTER (WHERE status = 'signed' AND ${where}) / count(*) FILTER (WHERE ${where})`;

const specs: Spec[] = [
  { q: 'leads by source last month', sql: `SELECT source, count(*) FROM ${LD} WHERE ${DEC('ct')} GROUP BY 1` },
  ranked('which lead source converts best', `SELECT source, ${signedShare()} r FROM leads GROUP BY 1 ORDER BY r DESC`),
  {
    q: 'door knocking leads out of the tucson office in 2025',
    sql: `SELECT count(*) FROM ${LD} WHERE source = 'door-to-door' AND branch = 'Tucson' AND ${Y25('ct')}`,
  },
  {
    q: 'avg monthly electric bill for referral leads',
    sql: `SELECT avg(monthly_bill) FROM leads WHERE source = 'referral'`,
  },
  {
    q: 'google vs facebook leads since march',
    sql: cmp(
      `${LD} WHERE ${SINCE_MARCH('ct')}`,
      `count(*) FILTER (WHERE source = 'google ads')`,
      `count(*) FILTER (WHERE source = 'facebook')`,
    ),
  },
  { q: 'site surveys completed in q4', sql: `SELECT count(*) FROM ${SV} WHERE status = 'completed' AND ${Q4('st')}` },
  {
    q: 'what % of completed surveys needed a reroof',
    sql: part(`surveys WHERE status = 'completed'`, 'count(*)', `outcome = 'reroof needed'`),
  },
  {
    q: 'survey approval rate on shingle roofs',
    sql: `SELECT 100.0 * count(*) FILTER (WHERE outcome = 'approved') / count(*) FILTER (WHERE status = 'completed')
      FROM surveys WHERE roof_type = 'asphalt shingle'`,
  },
  { q: 'avg system size quoted in 2025', sql: `SELECT avg(system_kw) FROM ${Q} WHERE ${Y25('qt')}` },
  { q: 'close rate by rep last year', sql: `SELECT rep, ${signedShare()} FROM ${Q} WHERE ${Y25('qt')} GROUP BY 1` },
  {
    q: 'how many quotes this year included a battery',
    sql: `SELECT count(*) FROM ${Q} WHERE battery AND ${THIS_YEAR('qt')}`,
  },
  ranked(
    'top 5 reps by kw sold in 2025',
    `SELECT rep, sum(system_kw) s FROM ${C} WHERE ${Y25('sg')} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  {
    q: 'contracts signed by financing type last year',
    sql: `SELECT financing_type, count(*) FROM ${C} WHERE ${Y25('sg')} GROUP BY 1`,
  },
  {
    q: 'cash vs loan deals in 2025',
    sql: cmp(
      `${C} WHERE ${Y25('sg')}`,
      `count(*) FILTER (WHERE financing_type = 'cash')`,
      `count(*) FILTER (WHERE financing_type = 'loan')`,
    ),
  },
  {
    q: 'ppw by branch q4',
    sql: `SELECT branch, sum(contract_value) / (sum(system_kw) * 1000) FROM ${C} WHERE ${Q4('sg')} GROUP BY 1`,
  },
  {
    q: 'what % of 2025 contracts ended up cancelled',
    sql: part(`${C} WHERE ${Y25('sg')}`, 'count(*)', `status = 'cancelled'`),
  },
  {
    q: 'cancelations by reason since march',
    sql: `SELECT cancel_reason, count(*) FROM ${C} WHERE status = 'cancelled' AND ${SINCE_MARCH('cx')} GROUP BY 1`,
  },
  { q: 'total contract value signed in Q3', sql: `SELECT sum(contract_value) FROM ${C} WHERE ${Q3('sg')}` },
  {
    q: 'battery attach rate by state',
    sql: `SELECT state, 100.0 * count(*) FILTER (WHERE battery) / count(*) FROM ${C} GROUP BY 1`,
  },
  ranked(
    'which lender got the most loan volume last year',
    `SELECT partner, sum(contract_value) s FROM ${C} WHERE financing_type = 'loan' AND ${Y25('sg')} GROUP BY 1
     ORDER BY s DESC`,
  ),
  { q: 'deals per rep in 2025', sql: `SELECT count(*)::DOUBLE / count(DISTINCT rep_id) FROM ${C} WHERE ${Y25('sg')}` },
  { q: 'avg permit turnaround by city', sql: `SELECT jurisdiction, avg(turnaround_days) FROM permits GROUP BY 1` },
  { q: 'how many permits are still pending', sql: `SELECT count(*) FROM permits WHERE status = 'pending'` },
  {
    q: 'henderson vs vegas permits submitted in 2025',
    sql: cmp(
      `${P} WHERE ${Y25('sb')}`,
      `count(*) FILTER (WHERE jurisdiction = 'Henderson')`,
      `count(*) FILTER (WHERE jurisdiction = 'Las Vegas')`,
    ),
  },
  {
    q: 'first time pass rate on final inspections in 2025',
    sql: `SELECT 100.0 * count(*) FILTER (WHERE passed AND attempt = 1) / count(*) FILTER (WHERE attempt = 1)
      FROM ${I} WHERE inspection_type = 'final' AND ${Y25('it')}`,
  },
  {
    q: 'failed inspections by crew last year',
    sql: `SELECT crew, count(*) FROM ${I} WHERE NOT passed AND ${Y25('it')} GROUP BY 1`,
  },
  { q: 'kW installed by crew in Q4', sql: `SELECT crew, sum(system_kw) FROM ${N} WHERE ${Q4('nt')} GROUP BY 1` },
  ranked(
    'which crew did the most installs last month',
    `SELECT crew, count(*) n FROM ${N} WHERE ${DEC('nt')} GROUP BY 1 ORDER BY n DESC`,
  ),
  { q: 'avg install days on battery jobs', sql: `SELECT avg(install_days) FROM installs WHERE battery` },
  ranked(
    'monthly kwh production 2025',
    `SELECT ${month('rm')}, sum(kwh_produced) FROM ${R} WHERE ${Y25('rm')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'perfomance ratio by branch last year',
    sql: `SELECT branch, 100.0 * sum(kwh_produced) / sum(kwh_expected) FROM ${R} WHERE ${Y25('rm')} GROUP BY 1`,
  },
  {
    q: 'kwh per system last month',
    sql: `SELECT sum(kwh_produced)::DOUBLE / count(DISTINCT install_id) FROM ${R} WHERE ${DEC('rm')}`,
  },
  { q: 'open tickets by priority', sql: `SELECT priority, count(*) FROM ${T} WHERE status = 'open' GROUP BY 1` },
  // Still answered wrong, the set's one wrong answer left (analyst-corpus.node.test.ts allows it, no other): the
  // tickets are dated by their closing (the measure's own event), where this answer dates them by their opening.
  {
    q: 'avg days to close high priority tickets in 2025',
    sql: `SELECT avg(days_to_close) FROM ${T} WHERE priority = 'high' AND ${Y25('ot')}`,
  },
  {
    q: 'what share of service tickets were warranty claims in 2025',
    sql: part(`${T} WHERE ${Y25('ot')}`, 'count(*)', 'warranty'),
  },
  // What the model cannot answer.
  { q: 'whats our customer acquisition cost by lead source', decline: true },
  { q: 'how much commission did we pay reps in 2025', decline: true },
  { q: 'avg NPS after install by crew', decline: true },
  { q: 'how many panels do we have in stock at the tucson warehouse', decline: true },
  { q: 'avg federal tax credit our customers claimed last year', decline: true },
];

/** How many questions the set asks. */
export const SOLAR_QUESTIONS = specs.length;
export const solarCases = (): Promise<Case[]> =>
  sqlCases(specs, [], {
    ...{ branches, reps, crews, financing_partners: financingPartners, leads, surveys, quotes, contracts, permits },
    ...{ installs, inspections, production_readings: readings, service_tickets: tickets },
  });
