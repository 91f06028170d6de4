// Questions about a software delivery pipeline in its engineering manager's own words (CI builds by team, repo,
// language, runner and branch: counts, failure and pass rates, flaky and cancelled builds, build time and build hours;
// pull requests merged, their size, reviews and time to merge, by author, team and language; deployments to staging and
// production, rollbacks and lead time; incidents by severity, team and cause, time to restore and the ones still open;
// "macos vs linux", "2024 vs 2025", rankings, "last month", "q4", "since march", "this year", shares, per-author
// ratios, shorthand such as "mttr", "prod", "sev1", "pct", "yoy", a partial repo name and a typo or two), each answer
// SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { builds, deployments, incidents, pullRequests, repositories } from '../../../fixtures/analyst/builds.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const B = `(SELECT b.*, CAST(b.started_at AS TIMESTAMP) bt, r.name repo, r.team, r.language, r.tier FROM builds b
  LEFT JOIN repositories r ON b.repo_id = r.id)`;
const P = `(SELECT p.*, CAST(p.opened_at AS TIMESTAMP) ot, CAST(p.merged_at AS TIMESTAMP) mt, r.name repo, r.team,
  r.language, r.tier FROM pull_requests p LEFT JOIN repositories r ON p.repo_id = r.id)`;
const D = `(SELECT d.*, CAST(d.deployed_at AS TIMESTAMP) dt, r.name repo, r.team, r.language, r.tier FROM deployments d
  LEFT JOIN repositories r ON d.repo_id = r.id)`;
const I = `(SELECT i.*, CAST(i.opened_at AS TIMESTAMP) it, r.name repo, r.team, r.language, r.tier FROM incidents i
  LEFT JOIN repositories r ON i.repo_id = r.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const FAILURE_RATE = `100.0 * count(*) FILTER (WHERE outcome = 'failed') / count(*)`;
const ROLLBACK_RATE = `100.0 * count(*) FILTER (WHERE rolled_back) / count(*)`;
const MERGED = `state = 'merged'`;

const specs: Spec[] = [
  { q: 'how many ci builds ran last month', sql: `SELECT count(*) FROM ${B} WHERE ${DEC('bt')}` },
  { q: 'build failure rate by team', sql: `SELECT team, ${FAILURE_RATE} FROM ${B} GROUP BY 1` },
  {
    q: 'avg build duration: macos vs linux runners',
    sql: cmp(
      B,
      `avg(duration_seconds) FILTER (WHERE runner_type = 'macos')`,
      `avg(duration_seconds) FILTER (WHERE runner_type = 'linux')`,
    ),
  },
  ranked(
    'which repo has had the most failed builds',
    `SELECT repo, count(*) n FROM ${B} WHERE outcome = 'failed' GROUP BY 1 ORDER BY n DESC`,
  ),
  {
    q: '# of prod deploys in 2025',
    sql: `SELECT count(*) FROM ${D} WHERE environment = 'production' AND ${Y25('dt')}`,
  },
  {
    q: 'rollback rate of production deployments by service tier',
    sql: `SELECT tier, ${ROLLBACK_RATE} FROM ${D} WHERE environment = 'production' GROUP BY 1`,
  },
  { q: 'mttr for sev1 incidents', sql: `SELECT avg(minutes_to_restore) FROM ${I} WHERE severity = 1` },
  { q: 'incidents by severity', sql: `SELECT severity, count(*) FROM incidents GROUP BY 1` },
  { q: 'what % of incidents were caused by a deploy', sql: part(I, 'count(*)', 'caused_by_deployment') },
  {
    q: 'average lead time in hours from merge to production',
    sql: `SELECT avg(lead_time_hours) FROM ${D} WHERE environment = 'production'`,
  },
  { q: 'prs merged last month', sql: `SELECT count(*) FROM ${P} WHERE ${MERGED} AND ${DEC('mt')}` },
  { q: 'avg # of reveiws per pull request by team', sql: `SELECT team, avg(review_count) FROM ${P} GROUP BY 1` },
  ranked(
    'top 3 authors by prs merged in 2025',
    `SELECT author, count(*) n FROM ${P} WHERE ${MERGED} AND ${Y25('mt')} GROUP BY 1 ORDER BY n DESC LIMIT 3`,
  ),
  {
    q: 'how many different engineers have opened a pr this year',
    sql: `SELECT count(DISTINCT author) FROM ${P} WHERE ot >= '2026-01-01'`,
  },
  { q: 'avg pr size in lines changed for go repos', sql: `SELECT avg(lines_changed) FROM ${P} WHERE language = 'Go'` },
  ranked(
    'monthly number of builds in 2025',
    `SELECT ${month('bt')}, count(*) FROM ${B} WHERE ${Y25('bt')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'flakey builds by runner type', sql: `SELECT runner_type, count(*) FROM ${B} WHERE flaky GROUP BY 1` },
  {
    q: 'what pct of builds on main failed in q4',
    sql: part(`${B} WHERE branch = 'main' AND ${Q4('bt')}`, 'count(*)', `outcome = 'failed'`),
  },
  {
    q: 'cancelled builds since march',
    sql: `SELECT count(*) FROM ${B} WHERE outcome = 'cancelled' AND bt >= '2025-03-01'`,
  },
  {
    q: 'how many hours of build time did we use in Q4',
    sql: `SELECT sum(duration_seconds) / 3600.0 FROM ${B} WHERE ${Q4('bt')}`,
  },
  {
    q: 'incidents caused by deployments in 2025, by team',
    sql: `SELECT team, count(*) FROM ${I} WHERE caused_by_deployment AND ${Y25('it')} GROUP BY 1`,
  },
  {
    q: 'how many sev 1 or sev 2 incidents did we have in 2025',
    sql: `SELECT count(*) FROM ${I} WHERE severity <= 2 AND ${Y25('it')}`,
  },
  {
    q: 'incidents: payments team vs search team',
    sql: cmp(I, `count(*) FILTER (WHERE team = 'Payments')`, `count(*) FILTER (WHERE team = 'Search')`),
  },
  {
    q: 'staging vs prod rollbacks in 2025',
    sql: cmp(
      `${D} WHERE ${Y25('dt')}`,
      `count(*) FILTER (WHERE rolled_back AND environment = 'staging')`,
      `count(*) FILTER (WHERE rolled_back AND environment = 'production')`,
    ),
  },
  {
    q: 'avg time to merge a pr in hours, by language',
    sql: `SELECT language, avg(hours_to_merge) FROM ${P} WHERE ${MERGED} GROUP BY 1`,
  },
  {
    q: 'lines changed per author on prs opened in 2025',
    sql: `SELECT sum(lines_changed) / count(DISTINCT author) FROM ${P} WHERE ${Y25('ot')}`,
  },
  { q: 'how many tier 1 services do we have', sql: `SELECT count(*) FROM repositories WHERE tier = 'Tier 1'` },
  ranked(
    'which language has the slowest builds on average',
    `SELECT language, avg(duration_seconds) s FROM ${B} GROUP BY 1 ORDER BY s DESC`,
  ),
  { q: 'how many incidents are still open', sql: `SELECT count(*) FROM incidents WHERE resolved_at IS NULL` },
  {
    q: 'total lines changed in python prs opened in 2025',
    sql: `SELECT sum(lines_changed) FROM ${P} WHERE language = 'Python' AND ${Y25('ot')}`,
  },
  {
    q: 'pass rate for feature branch builds',
    sql: `SELECT 100.0 * count(*) FILTER (WHERE outcome = 'passed') / count(*) FROM ${B} WHERE branch = 'feature'`,
  },
  {
    q: 'mean time to restore by severity for incidents opened since march',
    sql: `SELECT severity, avg(minutes_to_restore) FROM ${I} WHERE it >= '2025-03-01' GROUP BY 1`,
  },
  {
    q: 'how many builds did checkout run in december',
    sql: `SELECT count(*) FROM ${B} WHERE repo = 'checkout-service' AND ${DEC('bt')}`,
  },
  {
    q: 'how many prs got merged with zero reviews',
    sql: `SELECT count(*) FROM ${P} WHERE ${MERGED} AND review_count = 0`,
  },
  {
    q: 'yoy incidents, 2024 vs 2025',
    sql: cmp(I, `count(*) FILTER (WHERE ${Y24('it')})`, `count(*) FILTER (WHERE ${Y25('it')})`),
  },
  // What the model cannot answer.
  { q: 'how much did we spend on ci runners last month', decline: true },
  { q: 'how many story points did each team deliver in 2025', decline: true },
  { q: 'test coverage by repository', decline: true },
  { q: 'how many customers were affected by sev 1 incidents this year', decline: true },
  { q: 'avg number of on-call pages per engineer per week', decline: true },
];

/** How many questions the set asks. */
export const BUILDS_QUESTIONS = 40;
export const buildsCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { builds, pull_requests: pullRequests, deployments, incidents, repositories });
