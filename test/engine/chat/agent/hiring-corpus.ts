// Questions about a company's recruiting pipeline in its head of talent's own words (applications, hires, time to
// hire, offer acceptance, interview scores and no-shows by department, office, source, interviewer and hiring
// manager; open roles; "referral vs linkedin", "2024 vs 2025", rankings, "last month", "last quarter", "Q4",
// "since march", "this year", shares, per-opening and per-hire ratios, typos and shorthand), each answer SQL of our
// own on the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { applications, candidates, interviews, offers, openings } from '../../../fixtures/analyst/hiring.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const A = `(SELECT a.*, CAST(a.applied_at AS TIMESTAMP) apt, CAST(a.hired_at AS TIMESTAMP) ht, o.title, o.department,
  o.location, o.remote, o.hiring_manager, c.source, c.city, c.years_experience FROM applications a
  LEFT JOIN openings o ON a.opening_id = o.id LEFT JOIN candidates c ON a.candidate_id = c.id)`;
const I = `(SELECT i.*, CAST(i.scheduled_at AS TIMESTAMP) st, a.department, a.location, a.source FROM interviews i
  LEFT JOIN ${A} a ON i.application_id = a.id)`;
const F = `(SELECT f.*, CAST(f.offered_at AS TIMESTAMP) ft, a.department, a.location, a.source FROM offers f
  LEFT JOIN ${A} a ON f.application_id = a.id)`;
const P = `(SELECT *, CAST(opened_at AS TIMESTAMP) ot FROM openings)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const HIRED = `stage = 'hired'`;
const ACCEPT = `100.0 * count(*) FILTER (WHERE accepted) / count(*)`;
const NO_SHOW = `100.0 * count(*) FILTER (WHERE no_show) / count(*)`;

const specs: Spec[] = [
  { q: 'how many applications did we get last month', sql: `SELECT count(*) FROM ${A} WHERE ${DEC('apt')}` },
  {
    q: 'how many people did we hire in 2025, by department',
    sql: `SELECT department, count(*) FROM ${A} WHERE ${HIRED} AND ${Y25('ht')} GROUP BY 1`,
  },
  { q: 'offer acceptance rate', sql: `SELECT ${ACCEPT} FROM offers` },
  { q: 'offer acceptance rate by candidate source', sql: `SELECT source, ${ACCEPT} FROM ${F} GROUP BY 1` },
  {
    q: 'avg time to hire by department',
    sql: `SELECT department, avg(days_to_hire) FROM ${A} WHERE ${HIRED} GROUP BY 1`,
  },
  ranked(
    'which source brings in the most hires',
    `SELECT source, count(*) n FROM ${A} WHERE ${HIRED} GROUP BY 1 ORDER BY n DESC`,
  ),
  { q: 'average interview score by interview type', sql: `SELECT kind, avg(score) FROM interviews GROUP BY 1` },
  { q: 'no-show rate for phone screens', sql: `SELECT ${NO_SHOW} FROM interviews WHERE kind = 'phone'` },
  { q: 'how many open roles do we have right now', sql: `SELECT count(*) FROM openings WHERE closed_at IS NULL` },
  {
    q: 'open reqs by department',
    sql: `SELECT department, count(*) FROM openings WHERE closed_at IS NULL GROUP BY 1`,
  },
  {
    q: 'referral vs linkedin hires',
    sql: cmp(
      A,
      `count(*) FILTER (WHERE ${HIRED} AND source = 'referral')`,
      `count(*) FILTER (WHERE ${HIRED} AND source = 'LinkedIn')`,
    ),
  },
  { q: 'what % of our hires came from referrals', sql: part(`${A} WHERE ${HIRED}`, 'count(*)', `source = 'referral'`) },
  {
    q: 'how many interviews do we run per hire',
    sql: `SELECT (SELECT count(*) FROM interviews) / (SELECT count(*) FROM applications WHERE ${HIRED})`,
  },
  {
    q: 'number of distinct candidates who applied in 2025',
    sql: `SELECT count(DISTINCT candidate_id) FROM ${A} WHERE ${Y25('apt')}`,
  },
  ranked(
    'top 5 hiring managers by number of hires',
    `SELECT hiring_manager, count(*) n FROM ${A} WHERE ${HIRED} GROUP BY 1 ORDER BY n DESC LIMIT 5`,
  ),
  { q: 'avg offer salary for engineering', sql: `SELECT avg(salary) FROM ${F} WHERE department = 'Engineering'` },
  { q: 'how many candidates did agencies send us', sql: `SELECT count(*) FROM candidates WHERE source = 'agency'` },
  ranked(
    'monthly applications in 2025',
    `SELECT ${month('apt')}, count(*) FROM ${A} WHERE ${Y25('apt')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'hires last quarter', sql: `SELECT count(*) FROM ${A} WHERE ${HIRED} AND ${Q4('ht')}` },
  {
    q: 'rejections by reason',
    sql: `SELECT rejected_reason, count(*) FROM applications WHERE stage = 'rejected' GROUP BY 1`,
  },
  { q: 'what % of applications end in a hire', sql: part(A, 'count(*)', HIRED) },
  {
    q: 'avg years of experience of candidates by source',
    sql: `SELECT source, avg(years_experience) FROM candidates GROUP BY 1`,
  },
  {
    q: 'how many remote roles did we open in 2025',
    sql: `SELECT count(*) FROM ${P} WHERE remote AND ${Y25('ot')}`,
  },
  {
    q: 'average top of the salary band by department',
    sql: `SELECT department, avg(salary_max) FROM openings GROUP BY 1`,
  },
  {
    q: 'how many interviews did priya do in Q4',
    sql: `SELECT count(*) FROM ${I} WHERE interviewer = 'Priya Shah' AND ${Q4('st')}`,
  },
  {
    q: 'avg score on onsites for engineering roles',
    sql: `SELECT avg(score) FROM ${I} WHERE kind = 'onsite' AND department = 'Engineering'`,
  },
  {
    q: 'london vs berlin hires in 2025',
    sql: cmp(
      `${A} WHERE ${HIRED} AND ${Y25('ht')}`,
      `count(*) FILTER (WHERE location = 'London')`,
      `count(*) FILTER (WHERE location = 'Berlin')`,
    ),
  },
  {
    q: 'applications per opening by dept',
    sql: `SELECT department, count(*) / count(DISTINCT opening_id) FROM ${A} GROUP BY 1`,
  },
  {
    q: 'offers made since march',
    sql: `SELECT count(*) FROM ${F} WHERE ft >= '2025-03-01'`,
  },
  {
    q: 'how many applications submitted in 2025 were withdrawn',
    sql: `SELECT count(*) FROM ${A} WHERE stage = 'withdrawn' AND ${Y25('apt')}`,
  },
  {
    q: 'applications 2024 vs 2025',
    sql: cmp(A, `count(*) FILTER (WHERE ${Y24('apt')})`, `count(*) FILTER (WHERE ${Y25('apt')})`),
  },
  {
    q: 'hire rate for referal candidates',
    sql: `SELECT 100.0 * count(*) FILTER (WHERE ${HIRED}) / count(*) FROM ${A} WHERE source = 'referral'`,
  },
  {
    q: 'avg salary of accepted offers by department',
    sql: `SELECT department, avg(salary) FROM ${F} WHERE accepted GROUP BY 1`,
  },
  { q: 'applications so far this year', sql: `SELECT count(*) FROM ${A} WHERE apt >= '2026-01-01'` },
  { q: '# of applications by stage', sql: `SELECT stage, count(*) FROM applications GROUP BY 1` },
  // What the model cannot answer.
  { q: "what's our cost per hire", decline: true },
  { q: 'total agency fees paid in 2025', decline: true },
  { q: 'how many new hires left within their first 90 days', decline: true },
  { q: 'avg candidate satisfaction score from the post-interview survey', decline: true },
  { q: 'gender breakdown of applicants', decline: true },
];

/** How many questions the set asks. */
export const HIRING_QUESTIONS = specs.length;
export const hiringCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { applications, openings, candidates, interviews, offers });
