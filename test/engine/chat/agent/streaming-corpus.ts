// Questions about a music streaming service in its growth and content managers' own words (streams, listening
// hours, skip rate by device, plan, genre, artist, label and age group; new listeners and subscriptions, churn, MRR
// and revenue by plan and country; per-listener ratios, the 90s, "last month", "since march", "q4", "this year",
// shares, comparisons, rankings, shorthand and a typo or two), each answer SQL of our own on the same rows
// (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { artists, listeners, payments, plays, subscriptions, tracks } from '../../../fixtures/analyst/streaming.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const P = `(SELECT p.*, CAST(p.played_at AS TIMESTAMP) pt, t.title, t.genre, t.explicit, a.name artist,
  a.country artist_country, a.label, l.country, l.plan, l.age_band FROM plays p LEFT JOIN tracks t ON p.track_id = t.id
  LEFT JOIN artists a ON t.artist_id = a.id LEFT JOIN listeners l ON p.listener_id = l.id)`;
const T = `(SELECT t.*, CAST(t.released_on AS DATE) rel, a.name artist, a.country artist_country, a.label FROM tracks t
  LEFT JOIN artists a ON t.artist_id = a.id)`;
const L = `(SELECT *, CAST(signed_up_at AS TIMESTAMP) su FROM listeners)`;
const S = `(SELECT s.*, CAST(s.started_at AS TIMESTAMP) st, CAST(s.cancelled_at AS TIMESTAMP) ct, l.country
  FROM subscriptions s LEFT JOIN listeners l ON s.listener_id = l.id)`;
const Y = `(SELECT y.*, CAST(y.paid_at AS TIMESTAMP) yt, s.plan, l.country FROM payments y
  LEFT JOIN subscriptions s ON y.subscription_id = s.id LEFT JOIN listeners l ON y.listener_id = l.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const STREAMS = `count(*) FILTER (WHERE seconds_played >= 30)`;
const HOURS = `sum(seconds_played) / 3600.0`;
const SKIP = `100.0 * count(*) FILTER (WHERE skipped) / count(*)`;
const REVENUE = `sum(amount) FILTER (WHERE NOT refunded)`;
const skipWhere = (w: string) => `100.0 * count(*) FILTER (WHERE skipped AND ${w}) / count(*) FILTER (WHERE ${w})`;

const specs: Spec[] = [
  { q: 'how many streams last month', sql: `SELECT ${STREAMS} FROM ${P} WHERE ${DEC('pt')}` },
  { q: 'lisening hours by device', sql: `SELECT device, ${HOURS} FROM ${P} GROUP BY 1` },
  {
    q: 'skip rate mobile vs desktop',
    sql: cmp(P, skipWhere(`device = 'mobile'`), skipWhere(`device = 'desktop'`)),
  },
  ranked(
    'top 5 artists by streams in 2025',
    `SELECT artist, ${STREAMS} s FROM ${P} WHERE ${Y25('pt')} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  ranked('which genre has the highest skip rate', `SELECT genre, ${SKIP} v FROM ${P} GROUP BY 1 ORDER BY v DESC`),
  { q: 'how many new listeners signed up last month', sql: `SELECT count(*) FROM ${L} WHERE ${DEC('su')}` },
  ranked(
    'listener signups by month in 2025',
    `SELECT ${month('su')}, count(*) FROM ${L} WHERE ${Y25('su')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'what % of plays were offline', sql: part(P, 'count(*)', 'offline') },
  { q: 'mrr by plan', sql: `SELECT plan, sum(monthly_price) FILTER (WHERE cancelled_at IS NULL) FROM ${S} GROUP BY 1` },
  { q: 'how many subscribers churned in 2025', sql: `SELECT count(*) FROM ${S} WHERE ${Y25('ct')}` },
  {
    q: 'churn rate for student subscriptions',
    sql: `SELECT 100.0 * count(*) FILTER (WHERE cancelled_at IS NOT NULL) / count(*) FROM ${S} WHERE plan = 'student'`,
  },
  { q: 'revenue last quarter', sql: `SELECT ${REVENUE} FROM ${Y} WHERE ${Q4('yt')}` },
  {
    q: 'revenue by listener country in 2025',
    sql: `SELECT country, ${REVENUE} FROM ${Y} WHERE ${Y25('yt')} GROUP BY 1`,
  },
  ranked('top 10 tracks by streams', `SELECT title, ${STREAMS} s FROM ${P} GROUP BY 1 ORDER BY s DESC LIMIT 10`),
  {
    q: 'streams of explicit tracks vs clean ones',
    sql: cmp(
      P,
      `count(*) FILTER (WHERE seconds_played >= 30 AND explicit)`,
      `count(*) FILTER (WHERE seconds_played >= 30 AND NOT explicit)`,
    ),
  },
  ranked(
    'which record label racks up the most listening hours',
    `SELECT label, ${HOURS} h FROM ${P} GROUP BY 1 ORDER BY h DESC`,
  ),
  { q: 'how many american artists are there', sql: `SELECT count(*) FROM artists WHERE country = 'United States'` },
  { q: 'avg track length by genre', sql: `SELECT genre, avg(duration_seconds) FROM tracks GROUP BY 1` },
  {
    q: 'how many tracks came out in the 90s',
    sql: `SELECT count(*) FROM ${T} WHERE rel >= DATE '1990-01-01' AND rel < DATE '2000-01-01'`,
  },
  {
    q: 'how many different people listened to something in december',
    sql: `SELECT count(DISTINCT listener_id) FROM ${P} WHERE ${DEC('pt')}`,
  },
  { q: 'premium vs free skip rate', sql: cmp(P, skipWhere(`plan = 'premium'`), skipWhere(`plan = 'free'`)) },
  { q: 'hours listened by age group', sql: `SELECT age_band, ${HOURS} FROM ${P} GROUP BY 1` },
  { q: 'what share of listeners are on the family plan', sql: part('listeners', 'count(*)', `plan = 'family'`) },
  ranked(
    'monthly streams since march',
    `SELECT ${month('pt')}, ${STREAMS} FROM ${P} WHERE pt >= '2025-03-01' GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'how many songs does luna have in the catalog', sql: `SELECT count(*) FROM ${T} WHERE artist = 'Luna Vega'` },
  {
    q: 'yoy revenue: 2024 vs 2025',
    sql: cmp(
      Y,
      `sum(amount) FILTER (WHERE NOT refunded AND ${within('yt', '2024-01-01', '2025-01-01')})`,
      `sum(amount) FILTER (WHERE NOT refunded AND ${Y25('yt')})`,
    ),
  },
  {
    q: 'hip hop streams by device this year',
    sql: `SELECT device, ${STREAMS} FROM ${P} WHERE genre = 'Hip-Hop' AND pt >= '2026-01-01' GROUP BY 1`,
  },
  ranked(
    "which country's listeners stream the most",
    `SELECT country, ${STREAMS} s FROM ${P} GROUP BY 1 ORDER BY s DESC`,
  ),
  { q: 'pct of payments that got refunded', sql: part(Y, 'count(*)', 'refunded') },
  {
    q: 'listening hours for swedish artists in q4',
    sql: `SELECT ${HOURS} FROM ${P} WHERE artist_country = 'Sweden' AND ${Q4('pt')}`,
  },
  {
    q: 'listening hours per listener by plan',
    sql: `SELECT plan, ${HOURS} / count(DISTINCT listener_id) FROM ${P} GROUP BY 1`,
  },
  ranked(
    'skip rate by month in 2025',
    `SELECT ${month('pt')}, ${SKIP} FROM ${P} WHERE ${Y25('pt')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'streams by platform last month', sql: `SELECT device, ${STREAMS} FROM ${P} WHERE ${DEC('pt')} GROUP BY 1` },
  {
    q: 'how many paying listeners in germany',
    sql: `SELECT count(*) FROM listeners WHERE plan <> 'free' AND country = 'Germany'`,
  },
  {
    q: 'revenue per paying listener in 2025',
    sql: `SELECT ${REVENUE} / count(DISTINCT listener_id) FROM ${Y} WHERE ${Y25('yt')}`,
  },
  // What the model cannot answer.
  { q: 'how much do we pay out in royalties per stream', decline: true },
  { q: 'how many playlists did listeners create last month', decline: true },
  { q: 'ad revenue from free listeners in 2025', decline: true },
  { q: 'which tracks got the most likes', decline: true },
  { q: 'podcast listening hours by show', decline: true },
];

/** How many questions the set asks. */
export const STREAMING_QUESTIONS = specs.length;
export const streamingCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { plays, tracks, artists, listeners, subscriptions, payments });
