// Questions about a hospital's admissions in people's own words (acronyms of values and titles: ER, ICU, LOS; a
// doctor by surname; states by name where patients keep codes; discharges by their own date), each answer SQL of our
// own on the same rows (sql-cases.ts). Written before the analyst was run on them.
import { admissions, doctors, patients, wards } from '../../../fixtures/analyst/hospital.js';
import type { Case } from './corpus.js';
import { sqlCases, type Spec } from './sql-cases.js';

const H = `(SELECT a.*, CAST(a.admitted_at AS TIMESTAMP) adm, CAST(a.discharged_at AS TIMESTAMP) dis, w.name ward,
  w.floor, d.name doctor, d.specialty, p.age, p.sex, p.state FROM admissions a LEFT JOIN wards w ON a.ward_id = w.id
  LEFT JOIN doctors d ON a.doctor_id = d.id LEFT JOIN patients p ON a.patient_id = p.id)`;
const day = (col: string) => `strftime(${col}, '%Y-%m-%d')`;
const Y25 = `adm >= '2025-01-01' AND adm < '2026-01-01'`;
const cmp = (a: string, b: string) => `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT ${a} a, ${b} b FROM ${H})`;

const specs: Spec[] = [
  {
    q: 'how many admissions did we have last month',
    sql: `SELECT count(*) FROM ${H} WHERE adm >= '2025-12-01' AND adm < '2026-01-01'`,
  },
  { q: 'how many patients were admitted in 2025', sql: `SELECT count(DISTINCT patient_id) FROM ${H} WHERE ${Y25}` },
  { q: 'average length of stay by ward', sql: `SELECT ward, avg(length_of_stay) FROM ${H} GROUP BY 1` },
  { q: 'avg LOS in the ICU', sql: `SELECT avg(length_of_stay) FROM ${H} WHERE ward = 'Intensive Care Unit'` },
  {
    q: 'how many ER admissions in 2025',
    sql: `SELECT count(*) FROM ${H} WHERE ward = 'Emergency Room' AND ${Y25}`,
  },
  {
    q: 'which ward had the most admissions',
    sql: `SELECT ward, count(*) c FROM ${H} GROUP BY 1 ORDER BY c DESC`,
    ordered: true,
  },
  {
    q: 'top 3 doctors by admissions',
    sql: `SELECT doctor, count(*) c FROM ${H} GROUP BY 1 ORDER BY c DESC LIMIT 3`,
    ordered: true,
  },
  {
    q: 'total cost of emergency admissions last year',
    sql: `SELECT sum(cost) FROM ${H} WHERE admission_type = 'Emergency' AND ${Y25}`,
  },
  { q: 'admissions by admission type', sql: `SELECT admission_type, count(*) FROM ${H} GROUP BY 1` },
  {
    q: 'how many discharges were there in december',
    sql: `SELECT count(*) FROM ${H} WHERE dis >= '2025-12-01' AND dis < '2026-01-01'`,
  },
  { q: 'readmissions by ward', sql: `SELECT ward, count(*) FROM ${H} WHERE readmitted GROUP BY 1` },
  {
    q: 'what share of admissions are readmissions',
    sql: `SELECT count(*) FILTER (WHERE readmitted), count(*), 100.0 * count(*) FILTER (WHERE readmitted) / count(*) FROM ${H}`,
  },
  {
    q: 'how many long stays in the oncology ward',
    sql: `SELECT count(*) FROM ${H} WHERE length_of_stay >= 7 AND ward = 'Oncology'`,
  },
  { q: 'average cost per admission in maternity', sql: `SELECT avg(cost) FROM ${H} WHERE ward = 'Maternity'` },
  {
    q: 'bed days by month in 2025',
    sql: `SELECT ${day("date_trunc('month', adm)")}, sum(length_of_stay) FROM ${H} WHERE ${Y25} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'admissions per doctor',
    sql: `SELECT count(*) / count(DISTINCT doctor_id) FROM ${H}`,
  },
  { q: 'how many admissions did dr tanaka have', sql: `SELECT count(*) FROM ${H} WHERE doctor = 'Priya Tanaka'` },
  { q: 'admissions by home state', sql: `SELECT state, count(*) FROM ${H} GROUP BY 1` },
  { q: 'admissions from New Jersey', sql: `SELECT count(*) FROM ${H} WHERE state = 'NJ'` },
  {
    q: 'how many patients from pennsylvania were admitted last year',
    sql: `SELECT count(DISTINCT patient_id) FROM ${H} WHERE state = 'PA' AND ${Y25}`,
  },
  {
    q: 'recoveries by doctor specialty',
    sql: `SELECT specialty, count(*) FROM ${H} WHERE outcome = 'Recovered' GROUP BY 1`,
  },
  {
    q: 'compare average length of stay elective vs emergency',
    sql: cmp(
      `avg(length_of_stay) FILTER (WHERE admission_type = 'Elective')`,
      `avg(length_of_stay) FILTER (WHERE admission_type = 'Emergency')`,
    ),
  },
  { q: 'admissions in Q3 2025', sql: `SELECT count(*) FROM ${H} WHERE adm >= '2025-07-01' AND adm < '2025-10-01'` },
  {
    q: 'icu admissions this year',
    sql: `SELECT count(*) FROM ${H} WHERE ward = 'Intensive Care Unit' AND adm >= '2026-01-01'`,
  },
  {
    q: 'which doctor has the longest average stay',
    sql: `SELECT doctor, avg(length_of_stay) a FROM ${H} GROUP BY 1 ORDER BY a DESC`,
    ordered: true,
  },
  { q: 'admissions on weekends', sql: `SELECT count(*) FROM ${H} WHERE dayofweek(adm) IN (0, 6)` },
  { q: 'how many admissions since october', sql: `SELECT count(*) FROM ${H} WHERE adm >= '2025-10-01'` },
  {
    q: 'total cost by admission type in 2024',
    sql: `SELECT admission_type, sum(cost) FROM ${H} WHERE adm >= '2024-01-01' AND adm < '2025-01-01' GROUP BY 1`,
  },
  {
    q: 'how many male patients were admitted to orthopedics',
    sql: `SELECT count(DISTINCT patient_id) FROM ${H} WHERE sex = 'male' AND ward = 'Orthopedics'`,
  },
  { q: 'admissions by floor', sql: `SELECT floor, count(*) FROM ${H} GROUP BY 1` },
  { q: 'avg cost of ER visits', sql: `SELECT avg(cost) FROM ${H} WHERE ward = 'Emergency Room'` },
  {
    q: 'top two specialties by total cost',
    sql: `SELECT specialty, sum(cost) s FROM ${H} GROUP BY 1 ORDER BY s DESC LIMIT 2`,
    ordered: true,
  },
  { q: 'how many admissions lasted more than 10 days', sql: `SELECT count(*) FROM ${H} WHERE length_of_stay > 10` },
  {
    q: 'number of pediatrics admissions per year',
    sql: `SELECT ${day("date_trunc('year', adm)")}, count(*) FROM ${H} WHERE ward = 'Pediatrics' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'total bed days in the ICU last year',
    sql: `SELECT sum(length_of_stay) FROM ${H} WHERE ward = 'Intensive Care Unit' AND ${Y25}`,
  },
  {
    q: 'how many patients died',
    sql: `SELECT count(DISTINCT patient_id) FROM ${H} WHERE outcome = 'Deceased'`,
  },
  {
    q: 'elective admissions by month this year',
    sql: `SELECT ${day("date_trunc('month', adm)")}, count(*) FROM ${H} WHERE admission_type = 'Elective' AND adm >= '2026-01-01' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'how many elective admissions were there in 2024',
    sql: `SELECT count(*) FROM ${H} WHERE admission_type = 'Elective' AND adm >= '2024-01-01' AND adm < '2025-01-01'`,
  },
  { q: 'what is the avg cost of a readmission', sql: `SELECT avg(cost) FROM ${H} WHERE readmitted` },
  // What the model cannot answer.
  { q: 'average nurse to patient ratio', decline: true },
  { q: 'how many beds are free in maternity', decline: true },
  { q: 'what was the most common diagnosis', decline: true },
  { q: 'ER wait times last month', decline: true },
];

/** How many questions the set asks. */
export const HOSPITAL_QUESTIONS = specs.length;
export const hospitalCases = (): Promise<Case[]> => sqlCases(specs, [], { admissions, wards, doctors, patients });
