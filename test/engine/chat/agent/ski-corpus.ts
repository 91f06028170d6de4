// Questions about a ski resort in its managers' own words (rides and skier visits by lift and month, uphill capacity,
// ticket revenue by product, channel and age group, yield per visit, season passes, snowfall, base depth and powder
// days, ski school lessons by type and instructor, ski patrol incidents by run, difficulty and severity; "online vs
// window", "2024 vs 2025", rankings, "last month", "this year", "since november", "the 90s", shares, typos and
// shorthand), each answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on them,
// and kept as written.
import { incidents, lessons, lifts, runs, scans, snowReports, tickets } from '../../../fixtures/analyst/ski.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const S = `(SELECT s.*, CAST(s.scanned_at AS TIMESTAMP) st, l.name lift, l.lift_type, l.high_speed, t.product,
  t.age_group, t.channel FROM scans s LEFT JOIN lifts l ON s.lift_id = l.id LEFT JOIN tickets t ON s.ticket_id = t.id)`;
const T = `(SELECT *, CAST(sold_at AS TIMESTAMP) so FROM tickets)`;
const R = `(SELECT r.*, l.name lift FROM runs r LEFT JOIN lifts l ON r.lift_id = l.id)`;
const W = `(SELECT *, CAST(report_date AS TIMESTAMP) rd FROM snow_reports)`;
const L = `(SELECT *, CAST(lesson_date AS TIMESTAMP) ld FROM lessons)`;
const I = `(SELECT i.*, CAST(i.incident_date AS TIMESTAMP) id8, r.name run, r.difficulty FROM incidents i
  LEFT JOIN runs r ON i.run_id = r.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const VISITS = 'count(DISTINCT skier_day)';

const specs: Spec[] = [
  { q: 'how many rides last month', sql: `SELECT count(*) FROM ${S} WHERE ${DEC('st')}` },
  ranked(
    'skier visits by month in 2025',
    `SELECT ${month('st')}, ${VISITS} FROM ${S} WHERE ${Y25('st')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'whats our total uphill capacity', sql: `SELECT sum(capacity_per_hour) FROM lifts` },
  { q: 'uphill capacity of the high speed lifts', sql: `SELECT sum(capacity_per_hour) FROM lifts WHERE high_speed` },
  ranked(
    'which lift got the most rides in december 2025',
    `SELECT lift, count(*) c FROM ${S} WHERE ${DEC('st')} GROUP BY 1 ORDER BY c DESC`,
  ),
  { q: 'ticket revenue by product', sql: `SELECT product, sum(price_paid) FROM tickets GROUP BY 1` },
  {
    q: 'online vs window ticket revenue for tickets sold in 2025',
    sql: cmp(
      `${T} WHERE ${Y25('so')}`,
      `sum(price_paid) FILTER (WHERE channel = 'online')`,
      `sum(price_paid) FILTER (WHERE channel = 'window')`,
    ),
  },
  { q: 'what % of lift tickets and passes were bought online', sql: part('tickets', 'count(*)', `channel = 'online'`) },
  {
    q: 'how many powder days did we get last month',
    sql: `SELECT count(*) FROM ${W} WHERE powder_day AND ${DEC('rd')}`,
  },
  { q: 'total new snow in 2025 in cm', sql: `SELECT sum(new_snow_cm) FROM ${W} WHERE ${Y25('rd')}` },
  ranked(
    'avg base depth by month since november 2025',
    `SELECT ${month('rd')}, avg(base_depth_cm) FROM ${W} WHERE rd >= '2025-11-01' GROUP BY 1 ORDER BY 1`,
  ),
  ranked(
    'which month in 2025 had the coldest average temperature',
    `SELECT ${month('rd')}, avg(temperature_c) t FROM ${W} WHERE ${Y25('rd')} GROUP BY 1 ORDER BY t`,
  ),
  ranked('top 5 longest runs', `SELECT name, length_m FROM runs ORDER BY length_m DESC LIMIT 5`),
  {
    q: 'how many double black diamond runs do we have',
    sql: `SELECT count(*) FROM runs WHERE difficulty = 'double black'`,
  },
  { q: 'total meters of groomed trails', sql: `SELECT sum(length_m) FROM runs WHERE groomed` },
  { q: 'how many runs does each lift serve', sql: `SELECT lift, count(*) FROM ${R} GROUP BY 1` },
  { q: 'incidents by severity', sql: `SELECT severity, count(*) FROM incidents GROUP BY 1` },
  {
    q: 'how many serious incidents were there in 2025',
    sql: `SELECT count(*) FROM ${I} WHERE severity = 'serious' AND ${Y25('id8')}`,
  },
  ranked('which run had the most incidents', `SELECT run, count(*) c FROM ${I} GROUP BY 1 ORDER BY c DESC`),
  { q: 'pct of incidents ski patrol responded to', sql: part('incidents', 'count(*)', 'patrol_responded') },
  { q: 'incidents by run difficulty', sql: `SELECT difficulty, count(*) FROM ${I} GROUP BY 1` },
  { q: 'ski school revenue last month', sql: `SELECT sum(revenue) FROM ${L} WHERE ${DEC('ld')}` },
  {
    q: 'private vs group lesson revenue',
    sql: cmp(
      'lessons',
      `sum(revenue) FILTER (WHERE lesson_type = 'private')`,
      `sum(revenue) FILTER (WHERE lesson_type = 'group')`,
    ),
  },
  { q: 'avg students per group lesson', sql: `SELECT avg(students) FROM lessons WHERE lesson_type = 'group'` },
  ranked(
    'which instructor taught the most students in 2025',
    `SELECT instructor, sum(students) s FROM ${L} WHERE ${Y25('ld')} GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'how many season passes did we sell in 2025',
    sql: `SELECT count(*) FROM ${T} WHERE product = 'season pass' AND ${Y25('so')}`,
  },
  {
    q: 'avg price paid for a day ticket by age group',
    sql: `SELECT age_group, avg(price_paid) FROM tickets WHERE product = 'day ticket' GROUP BY 1`,
  },
  { q: 'yield per visit by product', sql: `SELECT product, sum(price_paid) / sum(visits) FROM tickets GROUP BY 1` },
  {
    q: 'rides per skier visit in 2025',
    sql: `SELECT 1.0 * count(*) / ${VISITS} FROM ${S} WHERE ${Y25('st')}`,
  },
  {
    q: 'how many different tickets were scanned at the gondola last month',
    sql: `SELECT count(DISTINCT ticket_id) FROM ${S} WHERE lift = 'Village Gondola' AND ${DEC('st')}`,
  },
  { q: '# of lifts by type', sql: `SELECT lift_type, count(*) FROM lifts GROUP BY 1` },
  {
    q: 'how many of our lifts went in during the 90s',
    sql: `SELECT count(*) FROM lifts WHERE opened_year BETWEEN 1990 AND 1999`,
  },
  {
    q: 'how many lift rides did kids take this year',
    sql: `SELECT count(*) FROM ${S} WHERE age_group = 'child' AND st >= '2026-01-01'`,
  },
  {
    q: 'how many beginner packages were sold last month',
    sql: `SELECT count(*) FROM ${T} WHERE product = 'beginner package' AND ${DEC('so')}`,
  },
  {
    q: 'ticket revnue 2024 vs 2025',
    sql: cmp(T, `sum(price_paid) FILTER (WHERE ${Y24('so')})`, `sum(price_paid) FILTER (WHERE ${Y25('so')})`),
  },
  // What the model cannot answer.
  { q: 'how much did we spend on snowmaking last season', decline: true },
  { q: 'average wait time in the lift line at summit express', decline: true },
  { q: 'lodging revenue in 2025', decline: true },
  { q: 'whats our guest satisfaction score this winter', decline: true },
  { q: 'ski patrol payroll by month', decline: true },
];

/** How many questions the set asks. */
export const SKI_QUESTIONS = 40;
if (specs.length !== SKI_QUESTIONS) throw new Error(`ski corpus has ${specs.length} questions`);
export const skiCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { lifts, runs, snow_reports: snowReports, tickets, scans, lessons, incidents });
