// Questions about a construction contractor in its managers' own words (projects and contract value by sector, region,
// status and project manager; change orders, their approval and cost by reason and subcontractor; safety incidents,
// lost-time and days lost by trade and region; inspections passed and failed by inspector; invoicing, unpaid and overdue
// invoices and days to pay by client and sector; "residential vs commercial", rankings, "last month", "last qtr",
// "since march", shares, per project, partial names, typos and shorthand), each answer SQL of our own on the same rows
// (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import {
  change_orders,
  incidents,
  inspections,
  invoices,
  projects,
  sites,
  subcontractors,
} from '../../../fixtures/analyst/contractor.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const P = `(SELECT *, CAST(completed_at AS TIMESTAMP) ct FROM projects)`;
const CO = `(SELECT c.*, CAST(c.raised_at AS TIMESTAMP) rt, p.name project, p.client, p.sector, p.region,
  p.project_manager, s.name sub, s.trade FROM change_orders c LEFT JOIN projects p ON c.project_id = p.id
  LEFT JOIN subcontractors s ON c.subcontractor_id = s.id)`;
const I = `(SELECT i.*, CAST(i.occurred_at AS TIMESTAMP) ot, st.name site, st.city, p.name project, p.sector, p.region,
  s.trade FROM incidents i LEFT JOIN sites st ON i.site_id = st.id LEFT JOIN projects p ON st.project_id = p.id
  LEFT JOIN subcontractors s ON i.subcontractor_id = s.id)`;
const N = `(SELECT n.*, CAST(n.inspected_at AS TIMESTAMP) nt, st.city, p.sector, p.region FROM inspections n
  LEFT JOIN sites st ON n.site_id = st.id LEFT JOIN projects p ON st.project_id = p.id)`;
const V = `(SELECT v.*, CAST(v.issued_at AS TIMESTAMP) it, CAST(v.paid_at AS TIMESTAMP) pt, p.name project, p.client,
  p.sector, p.region, p.project_manager FROM invoices v LEFT JOIN projects p ON v.project_id = p.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const PASS_RATE = `100.0 * count(*) FILTER (WHERE result = 'passed') / count(*)`;

const specs: Spec[] = [
  { q: 'how many active projects do we have', sql: `SELECT count(*) FROM projects WHERE status = 'active'` },
  { q: 'contarct value by sector', sql: `SELECT sector, sum(contract_value) FROM projects GROUP BY 1` },
  ranked(
    'total contract value by project manager, biggest first',
    `SELECT project_manager, sum(contract_value) s FROM projects GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'avg contract value for public sector projects',
    sql: `SELECT avg(contract_value) FROM projects WHERE sector = 'public'`,
  },
  { q: 'how many projects did we finish in 2025', sql: `SELECT count(*) FROM ${P} WHERE ${Y25('ct')}` },
  { q: 'change orders raised last month', sql: `SELECT count(*) FROM ${CO} WHERE ${DEC('rt')}` },
  {
    q: 'approved change order cost by reason',
    sql: `SELECT reason, sum(cost_impact) FROM ${CO} WHERE approved GROUP BY 1`,
  },
  { q: 'what % of change orders got approved', sql: part(CO, 'count(*)', 'approved') },
  ranked(
    'top 5 subs by approved change order cost',
    `SELECT sub, sum(cost_impact) s FROM ${CO} WHERE approved GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  { q: '# of invoices issued this year', sql: `SELECT count(*) FROM ${V} WHERE it >= '2026-01-01'` },
  { q: 'days lost by trade', sql: `SELECT trade, sum(days_lost) FROM ${I} GROUP BY 1` },
  {
    q: 'how many change orders on the harbor point jobs',
    sql: `SELECT count(*) FROM ${CO} WHERE project LIKE 'Harbor Point%'`,
  },
  ranked(
    'which region had the most safety incidents in 2025',
    `SELECT region, count(*) c FROM ${I} WHERE ${Y25('ot')} GROUP BY 1 ORDER BY c DESC`,
  ),
  { q: 'inspecton pass rate by inspector', sql: `SELECT inspector, ${PASS_RATE} FROM ${N} GROUP BY 1` },
  {
    q: 'how many inspections failed last quarter',
    sql: `SELECT count(*) FROM ${N} WHERE result = 'failed' AND ${Q4('nt')}`,
  },
  ranked(
    'monthly invoiced amount in 2025',
    `SELECT ${month('it')}, sum(amount) FROM ${V} WHERE ${Y25('it')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'how much is still unpaid on our invoices', sql: `SELECT sum(amount) FROM ${V} WHERE paid_at IS NULL` },
  { q: 'overdue invoices by client', sql: `SELECT client, count(*) FROM ${V} WHERE overdue GROUP BY 1` },
  { q: 'avg days to pay on commercial projects', sql: `SELECT avg(days_to_pay) FROM ${V} WHERE sector = 'commercial'` },
  {
    q: 'residential vs commercial contract value',
    sql: cmp(
      'projects',
      `sum(contract_value) FILTER (WHERE sector = 'residential')`,
      `sum(contract_value) FILTER (WHERE sector = 'commercial')`,
    ),
  },
  { q: 'how many electrical subs do we have', sql: `SELECT count(*) FROM subcontractors WHERE trade = 'Electrical'` },
  {
    q: 'avg rating of our roofing subcontractors',
    sql: `SELECT avg(rating) FROM subcontractors WHERE trade = 'Roofing'`,
  },
  { q: 'subcontractor rating by trade', sql: `SELECT trade, avg(rating) FROM subcontractors GROUP BY 1` },
  {
    q: 'avg # of change orders per project, counting only projects that had any',
    sql: `SELECT count(*) / count(DISTINCT project_id) FROM ${CO}`,
  },
  {
    q: 'how many different clients have projects in the midwest',
    sql: `SELECT count(DISTINCT client) FROM projects WHERE region = 'Midwest'`,
  },
  {
    q: 'how much have we invoiced greystone in total',
    sql: `SELECT sum(amount) FROM ${V} WHERE client = 'Greystone Properties'`,
  },
  { q: 'lost-time incidents last qtr', sql: `SELECT count(*) FROM ${I} WHERE lost_time AND ${Q4('ot')}` },
  { q: 'inspections by result last year', sql: `SELECT result, count(*) FROM ${N} WHERE ${Y25('nt')} GROUP BY 1` },
  { q: 'projects by status', sql: `SELECT status, count(*) FROM projects GROUP BY 1` },
  {
    q: 'how much did we invoice on public sector jobs in q4',
    sql: `SELECT sum(amount) FROM ${V} WHERE sector = 'public' AND ${Q4('it')}`,
  },
  {
    q: 'failed inspections since march',
    sql: `SELECT count(*) FROM ${N} WHERE result = 'failed' AND nt >= '2025-03-01'`,
  },
  {
    q: "how many change orders were raised on Dana Whitfield's projects in 2025",
    sql: `SELECT count(*) FROM ${CO} WHERE project_manager = 'Dana Whitfield' AND ${Y25('rt')}`,
  },
  { q: 'what share of safety incidents were serious', sql: part(I, 'count(*)', `severity = 'serious'`) },
  { q: 'count of large projects, 5m and up', sql: `SELECT count(*) FROM projects WHERE contract_value >= 5000000` },
  {
    q: 'paid vs unpaid invoice amount',
    sql: cmp(V, `sum(amount) FILTER (WHERE paid_at IS NOT NULL)`, `sum(amount) FILTER (WHERE paid_at IS NULL)`),
  },
  // What the model cannot answer.
  { q: 'what was our gross margin on commercial projects last year', decline: true },
  { q: 'how many labor hours did crews log in december', decline: true },
  { q: 'average headcount on site per project', decline: true },
  { q: 'which suppliers delivered materials late most often', decline: true },
  { q: 'how much did we spend on equipment rentals in 2025', decline: true },
];

/** How many questions the set asks. */
export const CONTRACTOR_QUESTIONS = specs.length;
export const contractorCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { projects, sites, subcontractors, change_orders, incidents, inspections, invoices });
