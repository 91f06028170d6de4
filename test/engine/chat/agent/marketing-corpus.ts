// Questions about digital marketing campaigns in a marketer's own words (spend, clicks, conversions and revenue of
// ad stats by channel, market, audience, device and campaign; the CTR, cost per conversion and ROAS ratios; campaigns
// counted by status, start and budget; shorthand, sloppy phrasing, comparisons, shares), each answer SQL of our own on
// the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { adGroups, adStats, campaigns } from '../../../fixtures/analyst/marketing.js';
import type { Case } from './corpus.js';
import { sqlCases, type Spec } from './sql-cases.js';

const S = `(SELECT s.*, CAST(s.stat_date AS TIMESTAMP) d, g.name ad_group, g.audience, c.id campaign_id, c.name campaign,
  c.channel, c.market, c.objective, c.status FROM ad_stats s LEFT JOIN ad_groups g ON s.ad_group_id = g.id
  LEFT JOIN campaigns c ON g.campaign_id = c.id)`;
const C = `(SELECT *, CAST(started_at AS TIMESTAMP) cs FROM campaigns)`;
const month = `strftime(date_trunc('month', d), '%Y-%m-%d')`;
const DEC = `d >= '2025-12-01' AND d < '2026-01-01'`;
const Y25 = `d >= '2025-01-01' AND d < '2026-01-01'`;
const CTR = `100.0 * sum(clicks) / sum(impressions)`;
const CPA = `sum(spend) / sum(conversions)`;
const ROAS = `sum(revenue) / sum(spend)`;
const cmp = (a: string, b: string) => `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT ${a} a, ${b} b FROM ${S})`;

const specs: Spec[] = [
  { q: 'total spend last month', sql: `SELECT sum(spend) FROM ${S} WHERE ${DEC}` },
  { q: 'how much revenue did we make in 2025', sql: `SELECT sum(revenue) FROM ${S} WHERE ${Y25}` },
  { q: 'spend by channel', sql: `SELECT channel, sum(spend) FROM ${S} GROUP BY 1` },
  {
    q: 'which campaign had the most conversions last year',
    sql: `SELECT campaign, sum(conversions) s FROM ${S} WHERE ${Y25} GROUP BY 1 ORDER BY s DESC`,
    ordered: true,
  },
  { q: 'ctr by channel', sql: `SELECT channel, ${CTR} FROM ${S} GROUP BY 1` },
  { q: 'cost per conversion for search', sql: `SELECT ${CPA} FROM ${S} WHERE channel = 'Search'` },
  { q: 'how many campaigns are active', sql: `SELECT count(*) FROM ${C} WHERE status = 'Active'` },
  {
    q: 'clicks per month in 2025',
    sql: `SELECT ${month}, sum(clicks) FROM ${S} WHERE ${Y25} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'top 5 campaigns by revenue',
    sql: `SELECT campaign, sum(revenue) s FROM ${S} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
    ordered: true,
  },
  {
    q: 'impressions on mobile vs desktop',
    sql: cmp(`sum(impressions) FILTER (WHERE device = 'Mobile')`, `sum(impressions) FILTER (WHERE device = 'Desktop')`),
  },
  { q: 'roas by market', sql: `SELECT market, ${ROAS} FROM ${S} GROUP BY 1` },
  {
    q: 'how many campaigns did we launch in 2024',
    sql: `SELECT count(*) FROM ${C} WHERE cs >= '2024-01-01' AND cs < '2025-01-01'`,
  },
  { q: 'spend in europe last month', sql: `SELECT sum(spend) FROM ${S} WHERE market = 'Europe' AND ${DEC}` },
  { q: 'conversions by audience', sql: `SELECT audience, sum(conversions) FROM ${S} GROUP BY 1` },
  {
    q: 'which channel has the lowest cost per conversion',
    sql: `SELECT channel, ${CPA} v FROM ${S} GROUP BY 1 ORDER BY v ASC`,
    ordered: true,
  },
  { q: 'paused campaigns by market', sql: `SELECT market, count(*) FROM ${C} WHERE status = 'Paused' GROUP BY 1` },
  {
    q: 'revenue from social campaigns this year',
    sql: `SELECT sum(revenue) FROM ${S} WHERE channel = 'Social' AND d >= '2026-01-01'`,
  },
  {
    q: 'what share of spend went to display',
    sql: `SELECT sum(spend) FILTER (WHERE channel = 'Display'), sum(spend),
      100.0 * sum(spend) FILTER (WHERE channel = 'Display') / sum(spend) FROM ${S}`,
  },
  { q: 'total budget of active campaigns', sql: `SELECT sum(budget) FROM ${C} WHERE status = 'Active'` },
  { q: 'click thru rate last month', sql: `SELECT ${CTR} FROM ${S} WHERE ${DEC}` },
  { q: 'convs by device', sql: `SELECT device, sum(conversions) FROM ${S} GROUP BY 1` },
  {
    q: 'how many clicks did the retargeting ad groups get in Q4 2025',
    sql: `SELECT sum(clicks) FROM ${S} WHERE audience = 'Retargeting' AND d >= '2025-10-01' AND d < '2026-01-01'`,
  },
  {
    q: 'spend vs revenue in 2025',
    sql: `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT sum(spend) a, sum(revenue) b FROM ${S} WHERE ${Y25})`,
  },
  {
    q: 'best performing market by ROAS',
    sql: `SELECT market, ${ROAS} v FROM ${S} GROUP BY 1 ORDER BY v DESC`,
    ordered: true,
  },
  { q: 'budget by objective', sql: `SELECT objective, sum(budget) FROM ${C} GROUP BY 1` },
  { q: 'number of campaigns per channel', sql: `SELECT channel, count(*) FROM ${C} GROUP BY 1` },
  {
    q: 'weekly impressions last month',
    sql: `SELECT strftime(date_trunc('week', d), '%Y-%m-%d'), sum(impressions) FROM ${S} WHERE ${DEC} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'how many conversions did video drive in november',
    sql: `SELECT sum(conversions) FROM ${S} WHERE channel = 'Video' AND d >= '2025-11-01' AND d < '2025-12-01'`,
  },
  {
    q: 'cost per conversion by month in 2025',
    sql: `SELECT ${month}, ${CPA} FROM ${S} WHERE ${Y25} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'which ad group had the highest ctr',
    sql: `SELECT ad_group, ${CTR} v FROM ${S} GROUP BY 1 ORDER BY v DESC`,
    ordered: true,
  },
  {
    q: 'revenue in LATAM since october',
    sql: `SELECT sum(revenue) FROM ${S} WHERE market = 'LATAM' AND d >= '2025-10-01'`,
  },
  { q: 'spend on ended campaigns', sql: `SELECT sum(spend) FROM ${S} WHERE status = 'Ended'` },
  {
    q: 'clicks from tablets last week',
    sql: `SELECT sum(clicks) FROM ${S} WHERE device = 'Tablet' AND d >= '2026-01-05' AND d < '2026-01-12'`,
  },
  { q: 'avg spend per campaign', sql: `SELECT sum(spend) / count(DISTINCT campaign_id) FROM ${S}` },
  {
    q: 'revenue of the black friday campaign',
    sql: `SELECT sum(revenue) FROM ${S} WHERE campaign = 'Black Friday Blitz'`,
  },
  {
    q: 'impressions in 2024 vs 2025',
    sql: cmp(
      `sum(impressions) FILTER (WHERE d >= '2024-01-01' AND d < '2025-01-01')`,
      `sum(impressions) FILTER (WHERE ${Y25})`,
    ),
  },
  {
    q: 'which market spent the most in Q3',
    sql: `SELECT market, sum(spend) s FROM ${S} WHERE d >= '2025-07-01' AND d < '2025-10-01' GROUP BY 1 ORDER BY s DESC`,
    ordered: true,
  },
  {
    q: 'how many campaigns started last year',
    sql: `SELECT count(*) FROM ${C} WHERE cs >= '2025-01-01' AND cs < '2026-01-01'`,
  },
  // What the model cannot answer.
  { q: 'what is our customer lifetime value', decline: true },
  { q: 'how many people unsubscribed from emails last month', decline: true },
  { q: 'bounce rate by channel', decline: true },
  { q: 'video completion rate for youtube ads', decline: true },
  { q: 'which influencer drove the most sales', decline: true },
];

/** How many questions the set asks. */
export const MARKETING_QUESTIONS = specs.length;
export const marketingCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { ad_stats: adStats, ad_groups: adGroups, campaigns });
