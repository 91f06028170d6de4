// Questions about an IT service desk's tickets in its staff's own words (priorities and categories by value, SLA
// breaches as a segment, resolution by its own date, agents by first name, sites as teams), each answer SQL of our own
// on the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { agents, departments, tickets } from '../../../fixtures/analyst/helpdesk.js';
import type { Case } from './corpus.js';
import { sqlCases, type Spec } from './sql-cases.js';

const T = `(SELECT t.*, CAST(t.opened_at AS TIMESTAMP) op, CAST(t.resolved_at AS TIMESTAMP) res, a.name agent, a.team,
  a.site, d.name department FROM tickets t LEFT JOIN agents a ON t.agent_id = a.id
  LEFT JOIN departments d ON t.department_id = d.id)`;
const day = (col: string) => `strftime(${col}, '%Y-%m-%d')`;
const Y25 = `op >= '2025-01-01' AND op < '2026-01-01'`;
const BREACH = `resolution_hours > CASE priority WHEN 'Critical' THEN 4 WHEN 'High' THEN 8 WHEN 'Medium' THEN 24 ELSE 72 END`;
const cmp = (a: string, b: string) => `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT ${a} a, ${b} b FROM ${T})`;
const share = (part: string) =>
  `SELECT count(*) FILTER (WHERE ${part}), count(*), 100.0 * count(*) FILTER (WHERE ${part}) / count(*) FROM ${T}`;

const specs: Spec[] = [
  {
    q: 'how many tickets were opened last month',
    sql: `SELECT count(*) FROM ${T} WHERE op >= '2025-12-01' AND op < '2026-01-01'`,
  },
  { q: 'tickets by priority', sql: `SELECT priority, count(*) FROM ${T} GROUP BY 1` },
  { q: 'average resolution time by category', sql: `SELECT category, avg(resolution_hours) FROM ${T} GROUP BY 1` },
  {
    q: 'which agent resolved the most tickets',
    sql: `SELECT agent, count(*) c FROM ${T} WHERE status = 'Resolved' GROUP BY 1 ORDER BY c DESC`,
    ordered: true,
  },
  {
    q: 'how many critical tickets this year',
    sql: `SELECT count(*) FROM ${T} WHERE priority = 'Critical' AND op >= '2026-01-01'`,
  },
  { q: 'SLA breaches by team', sql: `SELECT team, count(*) FROM ${T} WHERE ${BREACH} GROUP BY 1` },
  { q: 'what % of tickets breached SLA', sql: share(BREACH) },
  {
    q: 'avg first response time for phone tickets',
    sql: `SELECT avg(first_response_minutes) FROM ${T} WHERE channel = 'Phone'`,
  },
  {
    q: 'top 5 agents by csat',
    sql: `SELECT agent, avg(csat) s FROM ${T} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
    ordered: true,
  },
  {
    q: 'tickets opened per month in 2025',
    sql: `SELECT ${day("date_trunc('month', op)")}, count(*) FROM ${T} WHERE ${Y25} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  { q: 'how many tickets are in progress', sql: `SELECT count(*) FROM ${T} WHERE status = 'In progress'` },
  {
    q: 'how many tickets were resolved in december',
    sql: `SELECT count(*) FROM ${T} WHERE res >= '2025-12-01' AND res < '2026-01-01'`,
  },
  {
    q: 'network tickets last quarter',
    sql: `SELECT count(*) FROM ${T} WHERE category = 'Network' AND op >= '2025-10-01' AND op < '2026-01-01'`,
  },
  { q: 'average satisfaction score by channel', sql: `SELECT channel, avg(csat) FROM ${T} GROUP BY 1` },
  {
    q: 'which category has the slowest resolution time',
    sql: `SELECT category, avg(resolution_hours) a FROM ${T} GROUP BY 1 ORDER BY a DESC`,
    ordered: true,
  },
  { q: 'how many tickets did Priya handle', sql: `SELECT count(*) FROM ${T} WHERE agent = 'Priya Raman'` },
  {
    q: 'tickets from the finance department in 2025',
    sql: `SELECT count(*) FROM ${T} WHERE department = 'Finance' AND ${Y25}`,
  },
  { q: 'how many reopened tickets last year', sql: `SELECT count(*) FROM ${T} WHERE reopened AND ${Y25}` },
  {
    q: 'compare avg resolution time critical vs low',
    sql: cmp(
      `avg(resolution_hours) FILTER (WHERE priority = 'Critical')`,
      `avg(resolution_hours) FILTER (WHERE priority = 'Low')`,
    ),
  },
  { q: 'tickets by site', sql: `SELECT site, count(*) FROM ${T} GROUP BY 1` },
  {
    q: 'total time spent by team last year',
    sql: `SELECT team, sum(work_hours) FROM ${T} WHERE ${Y25} GROUP BY 1`,
  },
  {
    q: 'how many unique requesters opened tickets this year',
    sql: `SELECT count(DISTINCT requester_id) FROM ${T} WHERE op >= '2026-01-01'`,
  },
  {
    q: 'which department raises the most tickets',
    sql: `SELECT department, count(*) c FROM ${T} GROUP BY 1 ORDER BY c DESC`,
    ordered: true,
  },
  {
    q: 'hardware tickets opened on weekends',
    sql: `SELECT count(*) FROM ${T} WHERE category = 'Hardware' AND dayofweek(op) IN (0, 6)`,
  },
  {
    q: 'how many access requests in 2024',
    sql: `SELECT count(*) FROM ${T} WHERE category = 'Access request' AND op >= '2024-01-01' AND op < '2025-01-01'`,
  },
  {
    q: 'mean first response in minutes for high priority tickets',
    sql: `SELECT avg(first_response_minutes) FROM ${T} WHERE priority = 'High'`,
  },
  { q: 'tickets by status', sql: `SELECT status, count(*) FROM ${T} GROUP BY 1` },
  { q: 'percentage of tickets reopened', sql: share('reopened') },
  {
    q: 'how many tickets took longer than 48 hours to resolve',
    sql: `SELECT count(*) FROM ${T} WHERE resolution_hours > 48`,
  },
  { q: 'average csat for the applications team', sql: `SELECT avg(csat) FROM ${T} WHERE team = 'Applications'` },
  {
    q: 'tickets opened since september by channel',
    sql: `SELECT channel, count(*) FROM ${T} WHERE op >= '2025-09-01' GROUP BY 1`,
  },
  {
    q: 'top 3 categories by number of tickets',
    sql: `SELECT category, count(*) c FROM ${T} GROUP BY 1 ORDER BY c DESC LIMIT 3`,
    ordered: true,
  },
  {
    q: 'how many printer tickets were there in 2025',
    sql: `SELECT count(*) FROM ${T} WHERE category = 'Printing' AND ${Y25}`,
  },
  {
    q: 'which agent has the best satisfaction score',
    sql: `SELECT agent, avg(csat) s FROM ${T} GROUP BY 1 ORDER BY s DESC`,
    ordered: true,
  },
  {
    q: 'SLA breaches last month',
    sql: `SELECT count(*) FROM ${T} WHERE ${BREACH} AND op >= '2025-12-01' AND op < '2026-01-01'`,
  },
  {
    q: 'critical tickets by month this year',
    sql: `SELECT ${day("date_trunc('month', op)")}, count(*) FROM ${T} WHERE priority = 'Critical' AND op >= '2026-01-01' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  { q: 'tickets handled by the Manila team', sql: `SELECT count(*) FROM ${T} WHERE site = 'Manila'` },
  {
    q: 'avg resolution time in Q3 2025',
    sql: `SELECT avg(resolution_hours) FROM ${T} WHERE op >= '2025-07-01' AND op < '2025-10-01'`,
  },
  {
    q: 'average resolution time for email tickets',
    sql: `SELECT avg(resolution_hours) FROM ${T} WHERE category = 'Email'`,
  },
  { q: 'how many tickets does each agent have', sql: `SELECT agent, count(*) FROM ${T} GROUP BY 1` },
  // What the model cannot answer.
  { q: 'what is the average agent salary', decline: true },
  { q: 'how many tickets were escalated to vendors', decline: true },
  { q: 'which laptop models break most often', decline: true },
  { q: 'how many calls were abandoned last week', decline: true },
];

/** How many questions the set asks. */
export const HELPDESK_QUESTIONS = specs.length;
export const helpdeskCases = (): Promise<Case[]> => sqlCases(specs, [], { tickets, agents, departments });
