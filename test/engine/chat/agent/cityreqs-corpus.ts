// Questions about a city's 311 service requests in the words of its operations managers (request volume by
// category, channel, neighborhood and council district; open backlog, closure rate and days to close; duplicates;
// crews and their headcount; department budgets; satisfaction scores and the share who would recommend 311; "app vs
// phone", "2024 vs 2025", rankings, "last month", "since march", "Q4", shares, per-neighborhood ratios, typos and
// shorthand), each answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on them,
// and kept as written.
import { crews, departments, requests, surveys } from '../../../fixtures/analyst/cityreqs.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const R = `(SELECT q.*, CAST(q.opened_at AS TIMESTAMP) ot, CAST(q.closed_at AS TIMESTAMP) ct, d.name department,
  c.name crew FROM requests q LEFT JOIN departments d ON q.department_id = d.id LEFT JOIN crews c ON q.crew_id = c.id)`;
const S = `(SELECT s.*, CAST(s.submitted_at AS TIMESTAMP) sat, q.category, q.channel, q.neighborhood, q.district,
  q.priority, d.name department FROM surveys s LEFT JOIN requests q ON s.request_id = q.id
  LEFT JOIN departments d ON q.department_id = d.id)`;
const C = `(SELECT c.*, d.name department FROM crews c LEFT JOIN departments d ON c.department_id = d.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const CLOSURE = `100.0 * count(*) FILTER (WHERE status = 'closed') / count(*)`;

const specs: Spec[] = [
  { q: 'how many 311 requests came in last month', sql: `SELECT count(*) FROM ${R} WHERE ${DEC('ot')}` },
  { q: 'requests by category', sql: `SELECT category, count(*) FROM requests GROUP BY 1` },
  {
    q: 'avg days to close a pothole',
    sql: `SELECT avg(days_to_close) FROM ${R} WHERE category = 'pothole'`,
  },
  ranked(
    'which neighborhood had the most graffiti complaints in 2025',
    `SELECT neighborhood, count(*) n FROM ${R} WHERE category = 'graffiti' AND ${Y25('ot')} GROUP BY 1 ORDER BY n DESC`,
  ),
  {
    q: 'app vs phone requests in 2025',
    sql: cmp(
      `${R} WHERE ${Y25('ot')}`,
      `count(*) FILTER (WHERE channel = 'app')`,
      `count(*) FILTER (WHERE channel = 'phone')`,
    ),
  },
  { q: 'what % of requests were duplicates', sql: part('requests', 'count(*)', `status = 'duplicate'`) },
  { q: 'how many requests are still open right now', sql: `SELECT count(*) FROM requests WHERE status = 'open'` },
  {
    q: 'open requests by department',
    sql: `SELECT department, count(*) FROM ${R} WHERE status = 'open' GROUP BY 1`,
  },
  ranked(
    'monthly request volume in 2025',
    `SELECT ${month('ot')}, count(*) FROM ${R} WHERE ${Y25('ot')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'average satisfaction score by department', sql: `SELECT department, avg(score) FROM ${S} GROUP BY 1` },
  {
    q: 'what pct of survey responses said they would recommend 311',
    sql: part('surveys', 'count(*)', 'would_recommend'),
  },
  { q: 'annual budget for each department', sql: `SELECT name, annual_budget FROM departments` },
  ranked(
    'which dept has the biggest budget',
    `SELECT name, annual_budget FROM departments ORDER BY annual_budget DESC`,
  ),
  {
    q: 'how many crews does the parks dept have',
    sql: `SELECT count(*) FROM ${C} WHERE department = 'Parks & Recreation'`,
  },
  {
    q: 'total crew members in sanitation',
    sql: `SELECT sum(crew_size) FROM ${C} WHERE department = 'Sanitation'`,
  },
  { q: 'avg crew size by department', sql: `SELECT department, avg(crew_size) FROM ${C} GROUP BY 1` },
  {
    q: 'how many different neighborhoods reported noise complaints in december',
    sql: `SELECT count(DISTINCT neighborhood) FROM ${R} WHERE category = 'noise' AND ${DEC('ot')}`,
  },
  {
    q: 'high priority requests opened in Q4',
    sql: `SELECT count(*) FROM ${R} WHERE priority = 'high' AND ${Q4('ot')}`,
  },
  { q: 'closure rate by channel', sql: `SELECT channel, ${CLOSURE} FROM requests GROUP BY 1` },
  {
    q: 'streetlight outages reported in district 3 since march',
    sql: `SELECT count(*) FROM ${R} WHERE category = 'streetlight' AND district = 'District 3'
      AND ot >= '2025-03-01'`,
  },
  { q: 'avg days to close by priority', sql: `SELECT priority, avg(days_to_close) FROM requests GROUP BY 1` },
  ranked(
    'top 5 neighborhoods by # of requests in 2025',
    `SELECT neighborhood, count(*) n FROM ${R} WHERE ${Y25('ot')} GROUP BY 1 ORDER BY n DESC LIMIT 5`,
  ),
  ranked(
    'missed trash pickups by month in 2024',
    `SELECT ${month('ot')}, count(*) FROM ${R} WHERE category = 'missed trash pickup' AND ${Y24('ot')}
      GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'request volume 2024 vs 2025',
    sql: cmp(R, `count(*) FILTER (WHERE ${Y24('ot')})`, `count(*) FILTER (WHERE ${Y25('ot')})`),
  },
  { q: 'avg satisfaction score on pothole requests', sql: `SELECT avg(score) FROM ${S} WHERE category = 'pothole'` },
  {
    q: 'how many survey responses submitted last year scored a 1 or 2',
    sql: `SELECT count(*) FROM ${S} WHERE score <= 2 AND ${Y25('sat')}`,
  },
  {
    q: 'noise complaints that came in via the web in 2025',
    sql: `SELECT count(*) FROM ${R} WHERE category = 'noise' AND channel = 'web' AND ${Y25('ot')}`,
  },
  {
    q: 'avg days to close: district 2 vs district 5',
    sql: cmp(
      'requests',
      `avg(days_to_close) FILTER (WHERE district = 'District 2')`,
      `avg(days_to_close) FILTER (WHERE district = 'District 5')`,
    ),
  },
  ranked(
    'which crew closed the most requests in 2025',
    `SELECT crew, count(*) n FROM ${R} WHERE status = 'closed' AND ${Y25('ct')} GROUP BY 1 ORDER BY n DESC`,
  ),
  {
    q: 'avg number of requests per neighborhood in 2025',
    sql: `SELECT count(*) / count(DISTINCT neighborhood) FROM ${R} WHERE ${Y25('ot')}`,
  },
  {
    q: 'graffitti requests closed last month',
    sql: `SELECT count(*) FROM ${R} WHERE category = 'graffiti' AND status = 'closed' AND ${DEC('ct')}`,
  },
  {
    q: 'share of 2025 requests that came in thru the app',
    sql: part(`${R} WHERE ${Y25('ot')}`, 'count(*)', `channel = 'app'`),
  },
  {
    q: 'avg satisfaction for requests reported by phone',
    sql: `SELECT avg(score) FROM ${S} WHERE channel = 'phone'`,
  },
  { q: 'number of surveys by score', sql: `SELECT score, count(*) FROM surveys GROUP BY 1` },
  {
    q: 'avg days to close per category, high priority requests only',
    sql: `SELECT category, avg(days_to_close) FROM requests WHERE priority = 'high' GROUP BY 1`,
  },
  // What the model cannot answer.
  { q: 'what did it cost us to fix potholes in 2025', decline: true },
  { q: 'how many overtime hours did crews work last month', decline: true },
  { q: 'requests per 1,000 residents by neighborhood', decline: true },
  { q: 'avg hold time for callers on the 311 phone line', decline: true },
  { q: 'how much did we spend on fuel for crew trucks in 2025', decline: true },
];

/** How many questions the set asks. */
export const CITYREQS_QUESTIONS = specs.length;
export const cityreqsCases = (): Promise<Case[]> => sqlCases(specs, [], { requests, departments, crews, surveys });
