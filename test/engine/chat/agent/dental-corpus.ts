// Questions about a group of dental practices in its managers' own words (no-show rate, chair utilization, recall
// rate and production by practice, town, clinician, insurance type, appointment type and procedure code; collections,
// insurance and patient payments, outstanding balances; patients registered, seen, active, born in the 90s; "sms vs
// email", "hygienists vs dentists", rankings, "last month", "Q4", "since march", "so far this month", shares, per
// patient, typos and shorthand), each answer SQL of our own on the same rows (sql-cases.ts). Written before the
// analyst was run on them, and kept as written.
import {
  appointments,
  clinicians,
  patients,
  practiceDays,
  practices,
  recalls,
  treatments,
} from '../../../fixtures/analyst/dental.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const A = `(SELECT a.*, CAST(a.scheduled_at AS TIMESTAMP) st, p.name practice, p.town, c.name clinician, c.role,
  pt.insurance FROM appointments a LEFT JOIN practices p ON a.practice_id = p.id
  LEFT JOIN clinicians c ON a.clinician_id = c.id LEFT JOIN patients pt ON a.patient_id = pt.id)`;
const T = `(SELECT t.*, CAST(t.billed_at AS TIMESTAMP) bt, a.type, a.patient_id, p.name practice, pt.insurance
  FROM treatments t LEFT JOIN appointments a ON t.appointment_id = a.id LEFT JOIN practices p ON a.practice_id = p.id
  LEFT JOIN patients pt ON a.patient_id = pt.id)`;
const R = `(SELECT r.*, CAST(r.sent_at AS TIMESTAMP) sa, p.name practice FROM recalls r
  LEFT JOIN patients pt ON r.patient_id = pt.id LEFT JOIN practices p ON pt.practice_id = p.id)`;
const D = `(SELECT d.*, CAST(d.day AS TIMESTAMP) dd, p.name practice, p.town FROM practice_days d
  LEFT JOIN practices p ON d.practice_id = p.id)`;
const P = `(SELECT pt.*, CAST(pt.registered_at AS TIMESTAMP) rg, p.name practice FROM patients pt
  LEFT JOIN practices p ON pt.practice_id = p.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const SINCE_MARCH = (col: string) => `${col} >= '2025-03-01'`;
const THIS_YEAR = (col: string) => `${col} >= '2026-01-01'`;
const NO_SHOW_RATE = `100.0 * count(*) FILTER (WHERE status = 'no-show') / count(*)`;
const RECALL_RATE = `100.0 * count(*) FILTER (WHERE booked) / count(*)`;
const UTILIZATION = `100.0 * sum(chair_minutes_booked) / sum(chair_minutes_staffed)`;

const specs: Spec[] = [
  { q: 'no-show rate by practice', sql: `SELECT practice, ${NO_SHOW_RATE} FROM ${A} GROUP BY 1` },
  {
    q: 'total appts last month incl cancellations and no-shows',
    sql: `SELECT count(*) FROM ${A} WHERE ${DEC('st')}`,
  },
  { q: 'production last year', sql: `SELECT sum(fee) FROM ${T} WHERE ${Y25('bt')}` },
  ranked(
    'which dentist completed the most root canals',
    `SELECT clinician, count(*) n FROM ${A} WHERE type = 'root canal' AND status = 'completed' GROUP BY 1
     ORDER BY n DESC`,
  ),
  { q: 'recal rate by channel', sql: `SELECT channel, ${RECALL_RATE} FROM ${R} GROUP BY 1` },
  {
    q: 'sms vs email recall rate',
    sql: cmp(
      R,
      `100.0 * count(*) FILTER (WHERE booked AND channel = 'sms') / count(*) FILTER (WHERE channel = 'sms')`,
      `100.0 * count(*) FILTER (WHERE booked AND channel = 'email') / count(*) FILTER (WHERE channel = 'email')`,
    ),
  },
  { q: 'what % of registered patients are uninsured', sql: part('patients', 'count(*)', `insurance = 'uninsured'`) },
  {
    q: 'chair utilization by practice in 2025',
    sql: `SELECT practice, ${UTILIZATION} FROM ${D} WHERE ${Y25('dd')} GROUP BY 1`,
  },
  { q: 'avg appointment length for crowns', sql: `SELECT avg(duration_min) FROM ${A} WHERE type = 'crown'` },
  ranked(
    'no show rate by month in 2025',
    `SELECT ${month('st')}, ${NO_SHOW_RATE} FROM ${A} WHERE ${Y25('st')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'how many patients registered since march', sql: `SELECT count(*) FROM ${P} WHERE ${SINCE_MARCH('rg')}` },
  ranked(
    'top 3 procedure codes by production',
    `SELECT procedure_code, sum(fee) s FROM ${T} GROUP BY 1 ORDER BY s DESC LIMIT 3`,
  ),
  { q: 'collections in q4', sql: `SELECT sum(insurance_paid + patient_paid) FROM ${T} WHERE ${Q4('bt')}` },
  {
    q: 'how much have insurers paid us this year',
    sql: `SELECT sum(insurance_paid) FROM ${T} WHERE ${THIS_YEAR('bt')}`,
  },
  {
    q: 'outstanding balance by insurance type',
    sql: `SELECT insurance, sum(fee) - sum(insurance_paid + patient_paid) FROM ${T} GROUP BY 1`,
  },
  {
    q: 'how many hygienists does each practice have',
    sql: `SELECT p.name, count(*) FROM clinicians c JOIN practices p ON c.practice_id = p.id
      WHERE c.role = 'hygienist' GROUP BY 1`,
  },
  {
    q: 'patients seen last year',
    sql: `SELECT count(DISTINCT patient_id) FROM ${A} WHERE status = 'completed' AND ${Y25('st')}`,
  },
  {
    q: 'no-shows among uninsured patients in 2025',
    sql: `SELECT count(*) FROM ${A} WHERE status = 'no-show' AND insurance = 'uninsured' AND ${Y25('st')}`,
  },
  ranked('which town has the most chairs', `SELECT town, sum(chairs) s FROM practices GROUP BY 1 ORDER BY s DESC`),
  {
    q: 'cancellations by appointment type last year',
    sql: `SELECT type, count(*) FROM ${A} WHERE status = 'cancelled' AND ${Y25('st')} GROUP BY 1`,
  },
  {
    q: 'how many active patients does kingsway have',
    sql: `SELECT count(*) FROM ${P} WHERE active AND practice = 'Kingsway Dental Care'`,
  },
  { q: 'wat share of production came from crowns', sql: part(T, 'sum(fee)', `type = 'crown'`) },
  {
    q: 'hygienists vs dentists: completed appointments in 2025',
    sql: cmp(
      `${A} WHERE status = 'completed' AND ${Y25('st')}`,
      `count(*) FILTER (WHERE role = 'hygienist')`,
      `count(*) FILTER (WHERE role = 'dentist')`,
    ),
  },
  {
    q: 'reminders sent by letter last month',
    sql: `SELECT count(*) FROM ${R} WHERE channel = 'letter' AND ${DEC('sa')}`,
  },
  {
    q: 'recall rate for lewes patients',
    sql: `SELECT ${RECALL_RATE} FROM ${R} WHERE practice = 'Lewes Family Dentistry'`,
  },
  ranked(
    'monthly production in 2025',
    `SELECT ${month('bt')}, sum(fee) FROM ${T} WHERE ${Y25('bt')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'patient payments vs insurance payments in 2025',
    sql: cmp(`${T} WHERE ${Y25('bt')}`, 'sum(patient_paid)', 'sum(insurance_paid)'),
  },
  {
    q: 'how many clinicians started before 2018',
    sql: `SELECT count(*) FROM clinicians WHERE CAST(started_at AS TIMESTAMP) < '2018-01-01'`,
  },
  ranked(
    'which practice had the highest no-show rate in Q4',
    `SELECT practice, ${NO_SHOW_RATE} r FROM ${A} WHERE ${Q4('st')} GROUP BY 1 ORDER BY r DESC`,
  ),
  {
    q: 'extraction appts so far this month',
    sql: `SELECT count(*) FROM ${A} WHERE type = 'extraction' AND ${THIS_YEAR('st')}`,
  },
  {
    q: 'chair utilization for the brighton practices last month',
    sql: `SELECT ${UTILIZATION} FROM ${D} WHERE town = 'Brighton' AND ${DEC('dd')}`,
  },
  {
    q: 'production from public patients since march',
    sql: `SELECT sum(fee) FROM ${T} WHERE insurance = 'public' AND ${SINCE_MARCH('bt')}`,
  },
  {
    q: 'how many patients were born in the 90s',
    sql: `SELECT count(*) FROM patients WHERE birth_year BETWEEN 1990 AND 1999`,
  },
  {
    q: 'production per patient last year',
    sql: `SELECT sum(fee) / count(DISTINCT patient_id) FROM ${T} WHERE ${Y25('bt')}`,
  },
  {
    q: 'how many new patients did each practice register in 2025',
    sql: `SELECT practice, count(*) FROM ${P} WHERE ${Y25('rg')} GROUP BY 1`,
  },
  // What the model cannot answer.
  { q: 'how much did we spend on dental supplies last quarter', decline: true },
  { q: 'avg time patients wait in reception before being seen', decline: true },
  { q: 'patient satisfaction score by practice', decline: true },
  { q: 'what do we pay our hygienists on average', decline: true },
  { q: 'marketing spend per new patient in 2025', decline: true },
];

/** How many questions the set asks. */
export const DENTAL_QUESTIONS = specs.length;
export const dentalCases = (): Promise<Case[]> =>
  sqlCases(specs, [], {
    practices,
    clinicians,
    patients,
    appointments,
    treatments,
    recalls,
    practice_days: practiceDays,
  });
