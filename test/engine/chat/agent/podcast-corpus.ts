// Questions about a podcast network in its managers' own words (downloads by platform, country, show and genre;
// completion rate; episodes published, their length and type; ad revenue, impressions, CPM by position, sponsors and
// their industries, cancellations; sell-through of ad slots and RPM; listener reviews and star ratings; "spotify vs
// apple", rankings, "last month", "since march", Q4, shares, per episode, partial show names, typos and shorthand),
// each answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as
// written.
import { downloads, episodes, placements, reviews, shows, sponsors } from '../../../fixtures/analyst/podcast.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const D = `(SELECT d.*, CAST(d.date AS TIMESTAMP) dt, e.title, e.episode_type, e.explicit, s.name show_name, s.genre,
  s.host, s.network_owned FROM downloads d LEFT JOIN episodes e ON d.episode_id = e.id
  LEFT JOIN shows s ON e.show_id = s.id)`;
const E = `(SELECT e.*, CAST(e.published_at AS TIMESTAMP) pt, s.name show_name, s.genre, s.host, s.network_owned
  FROM episodes e LEFT JOIN shows s ON e.show_id = s.id)`;
const A = `(SELECT p.*, sp.name sponsor, sp.industry, CAST(e.published_at AS TIMESTAMP) pt, e.episode_type,
  s.name show_name, s.genre, s.host FROM placements p LEFT JOIN sponsors sp ON p.sponsor_id = sp.id
  LEFT JOIN episodes e ON p.episode_id = e.id LEFT JOIN shows s ON e.show_id = s.id)`;
const R = `(SELECT r.*, CAST(r.posted_at AS TIMESTAMP) rt, s.name show_name, s.genre, s.host FROM reviews r
  LEFT JOIN shows s ON r.show_id = s.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const COMPLETION = `100.0 * sum(completions) / sum(downloads)`;
const REVENUE = `sum(revenue) FILTER (WHERE status = 'delivered')`;
const SELL = `100.0 * sum(ad_slots_sold) / sum(ad_slots)`;
const RPM = `1000.0 * sum(ad_revenue) / sum(downloads_total)`;

const specs: Spec[] = [
  { q: 'how many downloads did we get last month', sql: `SELECT sum(downloads) FROM ${D} WHERE ${DEC('dt')}` },
  { q: 'downloads by platform', sql: `SELECT platform, sum(downloads) FROM ${D} GROUP BY 1` },
  ranked(
    'which show had the most downloads in 2025',
    `SELECT show_name, sum(downloads) n FROM ${D} WHERE ${Y25('dt')} GROUP BY 1 ORDER BY n DESC`,
  ),
  {
    q: 'spotify vs apple downloads this year',
    sql: cmp(
      `${D} WHERE dt >= '2026-01-01'`,
      `sum(downloads) FILTER (WHERE platform = 'Spotify')`,
      `sum(downloads) FILTER (WHERE platform = 'Apple')`,
    ),
  },
  { q: 'completion rate by genre', sql: `SELECT genre, ${COMPLETION} FROM ${D} GROUP BY 1` },
  { q: 'what % of downloads come from outside the US', sql: part(D, 'sum(downloads)', `country <> 'US'`) },
  {
    q: 'avg episode length in minutes for true crime shows',
    sql: `SELECT avg(duration_minutes) FROM ${E} WHERE genre = 'True Crime'`,
  },
  { q: 'how many episodes did we publish in 2025', sql: `SELECT count(*) FROM ${E} WHERE ${Y25('pt')}` },
  {
    q: 'number of full episodes per show released last year',
    sql: `SELECT show_name, count(*) FROM ${E} WHERE episode_type = 'full' AND ${Y25('pt')} GROUP BY 1`,
  },
  {
    q: 'how many explicit episodes does Laugh Track have',
    sql: `SELECT count(*) FROM ${E} WHERE explicit AND show_name = 'Laugh Track'`,
  },
  { q: 'ad revenue by sponsor', sql: `SELECT sponsor, ${REVENUE} FROM ${A} GROUP BY 1` },
  ranked(
    'top 5 sponsors by ad revenue on episodes published in 2025',
    `SELECT sponsor, ${REVENUE} s FROM ${A} WHERE ${Y25('pt')} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  { q: 'avg cpm by ad position', sql: `SELECT position, avg(cpm) FROM ${A} GROUP BY 1` },
  {
    q: 'mid-roll vs pre-roll ad revenue',
    sql: cmp(
      A,
      `sum(revenue) FILTER (WHERE status = 'delivered' AND position = 'mid-roll')`,
      `sum(revenue) FILTER (WHERE status = 'delivered' AND position = 'pre-roll')`,
    ),
  },
  { q: 'sell-through by show', sql: `SELECT show_name, ${SELL} FROM ${E} GROUP BY 1` },
  { q: 'rpm by genre', sql: `SELECT genre, ${RPM} FROM ${E} GROUP BY 1` },
  {
    q: 'how many ad placements got cancelled on episodes from Q4',
    sql: `SELECT count(*) FROM ${A} WHERE status = 'cancelled' AND ${Q4('pt')}`,
  },
  {
    q: 'impressions from finance sponsors',
    sql: `SELECT sum(impressions) FROM ${A} WHERE industry = 'Finance' AND status = 'delivered'`,
  },
  { q: 'avg star rating for each show', sql: `SELECT show_name, avg(stars) FROM ${R} GROUP BY 1` },
  { q: 'how many reviews were posted last month', sql: `SELECT count(*) FROM ${R} WHERE ${DEC('rt')}` },
  { q: 'what share of reviews are 5 stars', sql: part(R, 'count(*)', 'stars = 5') },
  ranked('which host has the best avg rating', `SELECT host, avg(stars) a FROM ${R} GROUP BY 1 ORDER BY a DESC`),
  ranked(
    'monthly downloads in 2025',
    `SELECT ${month('dt')}, sum(downloads) FROM ${D} WHERE ${Y25('dt')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'downloads per episode by show',
    sql: `SELECT show_name, sum(downloads_total) / count(*) FROM ${E} GROUP BY 1`,
  },
  { q: 'how many of our shows are network owned', sql: `SELECT count(*) FROM shows WHERE network_owned` },
  { q: '# of shows by genre', sql: `SELECT genre, count(*) FROM shows GROUP BY 1` },
  {
    q: 'how many distinct countries do we get downloads from',
    sql: `SELECT count(DISTINCT country) FROM ${D}`,
  },
  {
    q: 'downloads from canada since march',
    sql: `SELECT sum(downloads) FROM ${D} WHERE country = 'Canada' AND dt >= '2025-03-01'`,
  },
  {
    q: 'web downloads for murder on main st in 2024',
    sql: `SELECT sum(downloads) FROM ${D}
      WHERE platform = 'web' AND show_name = 'Murder on Main Street' AND ${Y24('dt')}`,
  },
  { q: 'how many sponsers do we have in each industry', sql: `SELECT industry, count(*) FROM sponsors GROUP BY 1` },
  {
    q: 'how many different episodes got downloaded in india last month',
    sql: `SELECT count(DISTINCT episode_id) FROM ${D} WHERE country = 'India' AND ${DEC('dt')}`,
  },
  { q: 'rpm for founders unfiltered', sql: `SELECT ${RPM} FROM ${E} WHERE show_name = 'Founders Unfiltered'` },
  {
    q: 'total minutes of episodes published in q4',
    sql: `SELECT sum(duration_minutes) FROM ${E} WHERE ${Q4('pt')}`,
  },
  {
    q: 'trailers vs bonus episodes, how many of each',
    sql: cmp(E, `count(*) FILTER (WHERE episode_type = 'trailer')`, `count(*) FILTER (WHERE episode_type = 'bonus')`),
  },
  {
    q: 'completion rate on spotify last year',
    sql: `SELECT ${COMPLETION} FROM ${D} WHERE platform = 'Spotify' AND ${Y25('dt')}`,
  },
  // What the model cannot answer.
  { q: 'what did it cost us to produce each episode', decline: true },
  { q: 'how many followers does each show have on spotify', decline: true },
  { q: 'avg listener age by genre', decline: true },
  { q: 'how much do we pay our hosts per episode', decline: true },
  { q: 'how many unique listeners did we have last month', decline: true },
];

/** How many questions the set asks. */
export const PODCAST_QUESTIONS = specs.length;
export const podcastCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { downloads, episodes, shows, sponsors, placements, reviews });
