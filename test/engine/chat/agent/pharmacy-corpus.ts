// Questions about a retail pharmacy chain in its pharmacy managers', district leaders' and finance team's own words
// (scripts filled, refills by store, Rx revenue by region and drug, copays vs plan reimbursement, gross margin % by
// drug class, return-to-stock rate by store, generic share and generic vs brand copay, reimbursement by insurer, statin
// fills for Medicare patients, Eliquis fills; fills per pharmacist and revenue per patient; prior authorizations:
// approval rate by insurer, turnaround and denials by drug, PAs sent to one plan; front-store OTC sales by category and
// region, loyalty share, a monthly cough & cold series; flu shots by store, flu vs COVID, walk-ins, shots by
// pharmacist, shingles patients' age; stock-outs by reason and store, open ones, days out for GLP-1s; e-scripts by
// store; auto-refill enrolment, certified immunizers, new patients; rankings, top 5, "last month", "dec", "Q3", "Q4",
// "since march", "since september", "this year", shares, typos and shorthand), each answer SQL of our own on the same
// rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import {
  drugs,
  fills,
  insurers,
  otcSales,
  patients,
  pharmacists,
  prescriptions,
  priorAuths,
  stockouts,
  stores,
  vaccinations,
} from '../../../fixtures/analyst/pharmacy.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const F = `(SELECT f.*, CAST(f.filled_at AS TIMESTAMP) ft, f.copay + f.plan_paid rev, s.name store, s.region,
  d.name drug, d.drug_class, d.generic, i.name insurer, i.plan_type FROM fills f
  LEFT JOIN stores s ON f.store_id = s.id LEFT JOIN drugs d ON f.drug_id = d.id
  LEFT JOIN insurers i ON f.insurer_id = i.id)`;
const PA = `(SELECT a.*, CAST(a.submitted_at AS TIMESTAMP) st, d.name drug, i.name insurer FROM prior_auths a
  LEFT JOIN drugs d ON a.drug_id = d.id LEFT JOIN insurers i ON a.insurer_id = i.id)`;
const V = `(SELECT v.*, CAST(v.administered_at AS TIMESTAMP) vt, s.name store, p.name pharmacist FROM vaccinations v
  LEFT JOIN stores s ON v.store_id = s.id LEFT JOIN pharmacists p ON v.pharmacist_id = p.id)`;
const O = `(SELECT o.*, CAST(o.sales_month AS TIMESTAMP) ot, s.name store, s.region FROM otc_sales o
  LEFT JOIN stores s ON o.store_id = s.id)`;
const S = `(SELECT x.*, CAST(x.reported_at AS TIMESTAMP) rt, s.name store, d.drug_class FROM stockouts x
  LEFT JOIN stores s ON x.store_id = s.id LEFT JOIN drugs d ON x.drug_id = d.id)`;
const RX = `(SELECT x.*, CAST(x.received_at AS TIMESTAMP) rt, s.name store FROM prescriptions x
  LEFT JOIN stores s ON x.store_id = s.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q3 = (col: string) => within(col, '2025-07-01', '2025-10-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const THIS_YEAR = (col: string) => `${col} >= '2026-01-01'`;
const SOLD = `status = 'sold'`;
const REVENUE = `sum(rev) FILTER (WHERE ${SOLD})`;
const APPROVAL = `100.0 * count(*) FILTER (WHERE status = 'approved')
  / count(*) FILTER (WHERE status IN ('approved', 'denied'))`;

const specs: Spec[] = [
  { q: 'how many scripts did we fill last month', sql: `SELECT count(*) FROM ${F} WHERE ${DEC('ft')}` },
  {
    q: 'refills by store in dec',
    sql: `SELECT store, count(*) FROM ${F} WHERE fill_number > 0 AND ${DEC('ft')} GROUP BY 1`,
  },
  { q: 'rx revenue by region 2025', sql: `SELECT region, ${REVENUE} FROM ${F} WHERE ${Y25('ft')} GROUP BY 1` },
  ranked(
    'top 5 drugs by revenue last yr',
    `SELECT drug, sum(rev) s FROM ${F} WHERE ${SOLD} AND ${Y25('ft')} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  { q: 'what % of fills were generics in 2025', sql: part(`${F} WHERE ${Y25('ft')}`, 'count(*)', 'generic') },
  {
    q: 'avg copay generic vs brand',
    sql: cmp(`${F} WHERE ${SOLD}`, 'avg(copay) FILTER (WHERE generic)', 'avg(copay) FILTER (WHERE NOT generic)'),
  },
  ranked(
    'which insurer reimbursed us the most in 2025',
    `SELECT insurer, sum(plan_paid) s FROM ${F} WHERE ${SOLD} AND ${Y25('ft')} GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'gross margin % by drug class',
    sql: `SELECT drug_class, 100.0 * (sum(rev) - sum(acquisition_cost)) / sum(rev) FROM ${F} WHERE ${SOLD}
      GROUP BY 1`,
  },
  {
    q: 'return to stock rate by store for 2025',
    sql: `SELECT store, 100.0 * count(*) FILTER (WHERE status = 'returned to stock') / count(*) FROM ${F}
      WHERE ${Y25('ft')} GROUP BY 1`,
  },
  {
    q: 'statin fills for medicare patients since march',
    sql: `SELECT count(*) FROM ${F} WHERE drug_class = 'Statins' AND plan_type = 'Medicare Part D'
      AND ft >= '2025-03-01'`,
  },
  {
    q: 'fills per pharmacist last month',
    sql: `SELECT count(*)::DOUBLE / count(DISTINCT pharmacist_id) FROM ${F} WHERE ${DEC('ft')}`,
  },
  {
    q: 'copays vs plan reimbursement last year',
    sql: cmp(`${F} WHERE ${SOLD} AND ${Y25('ft')}`, 'sum(copay)', 'sum(plan_paid)'),
  },
  { q: 'prior auth approval rate by insurer', sql: `SELECT insurer, ${APPROVAL} FROM ${PA} GROUP BY 1` },
  { q: 'avg PA turnaround time on ozempic', sql: `SELECT avg(turnaround_hours) FROM ${PA} WHERE drug = 'Ozempic'` },
  ranked(
    'which drug got the most PA denials in 2025',
    `SELECT drug, count(*) n FROM ${PA} WHERE status = 'denied' AND ${Y25('st')} GROUP BY 1 ORDER BY n DESC`,
  ),
  {
    q: 'how many PAs did we send to caremark last month',
    sql: `SELECT count(*) FROM ${PA} WHERE insurer = 'CVS Caremark' AND ${DEC('st')}`,
  },
  {
    q: 'otc sales by category last month',
    sql: `SELECT category, sum(net_sales) FROM ${O} WHERE ${DEC('ot')} GROUP BY 1`,
  },
  { q: 'front store sales by region q4', sql: `SELECT region, sum(net_sales) FROM ${O} WHERE ${Q4('ot')} GROUP BY 1` },
  {
    q: 'what share of otc sales came from loyalty members in 2025',
    sql: `SELECT sum(loyalty_sales), sum(net_sales), 100.0 * sum(loyalty_sales) / sum(net_sales) FROM ${O}
      WHERE ${Y25('ot')}`,
  },
  ranked(
    'monthly cough and cold sales in 2025',
    `SELECT ${month('ot')}, sum(net_sales) FROM ${O} WHERE category = 'Cough & cold' AND ${Y25('ot')}
     GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'flu shots by store in Q4',
    sql: `SELECT store, count(*) FROM ${V} WHERE vaccine = 'flu' AND ${Q4('vt')} GROUP BY 1`,
  },
  {
    q: 'flu vs covid vacines in 2025',
    sql: cmp(
      `${V} WHERE ${Y25('vt')}`,
      `count(*) FILTER (WHERE vaccine = 'flu')`,
      `count(*) FILTER (WHERE vaccine = 'COVID-19')`,
    ),
  },
  {
    q: 'how many walk in shots so far this year',
    sql: `SELECT count(*) FROM ${V} WHERE walk_in AND ${THIS_YEAR('vt')}`,
  },
  ranked(
    'which pharmacist gave the most vaccinations since september',
    `SELECT pharmacist, count(*) n FROM ${V} WHERE vt >= '2025-09-01' GROUP BY 1 ORDER BY n DESC`,
  ),
  {
    q: 'average age of shingles vaccine patients',
    sql: `SELECT avg(patient_age) FROM ${V} WHERE vaccine = 'shingles'`,
  },
  { q: 'stockouts by reason in 2025', sql: `SELECT reason, count(*) FROM ${S} WHERE ${Y25('rt')} GROUP BY 1` },
  { q: 'how many stock-outs are still open', sql: `SELECT count(*) FROM stockouts WHERE resolved_at IS NULL` },
  {
    q: 'avg days out of stock for glp1s',
    sql: `SELECT avg(days_out) FROM ${S} WHERE drug_class = 'GLP-1 agonists'`,
  },
  ranked(
    'which store had the most stock outs last year',
    `SELECT store, count(*) n FROM ${S} WHERE ${Y25('rt')} GROUP BY 1 ORDER BY n DESC`,
  ),
  { q: 'what % of our patients are signed up for auto refill', sql: part('patients', 'count(*)', 'auto_refill') },
  {
    q: 'how many certified immunizers at each store',
    sql: `SELECT s.name, count(*) FROM pharmacists p JOIN stores s ON p.store_id = s.id WHERE p.immunizer
      GROUP BY 1`,
  },
  {
    q: 'new patients this year',
    sql: `SELECT count(*) FROM patients WHERE ${THIS_YEAR('CAST(registered_at AS TIMESTAMP)')}`,
  },
  {
    q: 'e-scripts recieved by store in 2025',
    sql: `SELECT store, count(*) FROM ${RX} WHERE origin = 'electronic' AND ${Y25('rt')} GROUP BY 1`,
  },
  {
    q: 'rx revenue per patient in 2025',
    sql: `SELECT ${REVENUE} / count(DISTINCT patient_id) FROM ${F} WHERE ${Y25('ft')}`,
  },
  { q: 'eliquis fills in q3', sql: `SELECT count(*) FROM ${F} WHERE drug = 'Eliquis 5mg' AND ${Q3('ft')}` },
  // What the model cannot answer.
  { q: 'avg wait time at the drive thru last month', decline: true },
  { q: 'pharmacist overtime hours by store in Q4', decline: true },
  { q: 'how much have we lost to DIR fees this year', decline: true },
  { q: 'inventory shrink by store in 2025', decline: true },
  { q: 'patient satisfaction scores by region', decline: true },
];

/** How many questions the set asks. */
export const PHARMACY_QUESTIONS = specs.length;
export const pharmacyCases = (): Promise<Case[]> =>
  sqlCases(specs, [], {
    stores,
    pharmacists,
    drugs,
    insurers,
    patients,
    prescriptions,
    fills,
    prior_auths: priorAuths,
    vaccinations,
    otc_sales: otcSales,
    stockouts,
  });
