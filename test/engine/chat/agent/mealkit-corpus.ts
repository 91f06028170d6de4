// Questions about a meal-kit subscription business in its growth, ops and menu people's own words (active, paused and
// churned subscribers, churn rate and cancel reasons by plan, region and promo code; sign-ups by month and channel;
// boxes delivered and skipped, skip rate, net and gross revenue, promo discounts, average order value, revenue per
// subscriber; late deliveries and on-time rate by region and fulfillment center; box ratings; refunds by reason;
// recipes and servings delivered by cuisine, recipe and plan; the menu's vegan recipes and prep times; "x vs y",
// rankings, "last month", "Q3", "Q4", "since march", "this year", "2024" and "2025", shares, typos and shorthand), each
// answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as
// written.
import {
  boxRecipes,
  boxes,
  plans,
  promoCodes,
  recipes,
  refunds,
  regions,
  subscribers,
} from '../../../fixtures/analyst/mealkit.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const S = `(SELECT s.*, CAST(s.signed_up_at AS TIMESTAMP) su, CAST(s.cancelled_at AS TIMESTAMP) ca, p.name plan,
  g.name region, c.code, c.channel FROM subscribers s LEFT JOIN plans p ON s.plan_id = p.id
  LEFT JOIN regions g ON s.region_id = g.id LEFT JOIN promo_codes c ON s.promo_code_id = c.id)`;
const B = `(SELECT b.*, CAST(b.delivery_date AS TIMESTAMP) dd, s.plan, s.region, g.fulfillment_center fc, s.code
  FROM boxes b LEFT JOIN ${S} s ON b.subscriber_id = s.id LEFT JOIN regions g ON s.region_id = g.id)`;
const M = `(SELECT m.*, x.name recipe, x.cuisine, x.diet, CAST(b.delivery_date AS TIMESTAMP) dd, s.plan, s.region
  FROM box_recipes m LEFT JOIN recipes x ON m.recipe_id = x.id LEFT JOIN boxes b ON m.box_id = b.id
  LEFT JOIN ${S} s ON b.subscriber_id = s.id)`;
const F = `(SELECT f.*, CAST(f.refunded_at AS TIMESTAMP) ra, s.plan, s.region FROM refunds f
  LEFT JOIN boxes b ON f.box_id = b.id LEFT JOIN ${S} s ON b.subscriber_id = s.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q3 = (col: string) => within(col, '2025-07-01', '2025-10-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const SINCE_MARCH = (col: string) => `${col} >= '2025-03-01'`;
const THIS_YEAR = (col: string) => `${col} >= '2026-01-01'`;
const CHURN_RATE = `100.0 * count(*) FILTER (WHERE status = 'cancelled') / count(*)`;
const SKIP_RATE = `100.0 * count(*) FILTER (WHERE status = 'skipped') / count(*)`;
const ON_TIME = `100.0 * count(*) FILTER (WHERE status = 'delivered' AND NOT late)
  / count(*) FILTER (WHERE status = 'delivered')`;
const churnOf = (where: string) =>
  `100.0 * count(*) FILTER (WHERE status = 'cancelled' AND ${where}) / count(*) FILTER (WHERE ${where})`;

const specs: Spec[] = [
  { q: 'how many active subscribers do we have', sql: `SELECT count(*) FROM subscribers WHERE status = 'active'` },
  { q: 'churn rate by plan', sql: `SELECT plan, ${CHURN_RATE} FROM ${S} GROUP BY 1` },
  { q: 'net revenue last month', sql: `SELECT sum(net_amount) FROM ${B} WHERE ${DEC('dd')}` },
  { q: 'skip rate by region in 2025', sql: `SELECT region, ${SKIP_RATE} FROM ${B} WHERE ${Y25('dd')} GROUP BY 1` },
  ranked(
    'top 5 recipes in Q4',
    `SELECT recipe, count(*) n FROM ${M} WHERE ${Q4('dd')} GROUP BY 1 ORDER BY n DESC LIMIT 5`,
  ),
  {
    q: 'late vs on time boxes - avg rating',
    sql: cmp(
      `${B} WHERE status = 'delivered'`,
      'avg(rating) FILTER (WHERE late)',
      'avg(rating) FILTER (WHERE NOT late)',
    ),
  },
  {
    q: 'what % of 2025 signups used a promo code',
    sql: part(`${S} WHERE ${Y25('su')}`, 'count(*)', 'promo_code_id IS NOT NULL'),
  },
  {
    q: 'how much did we refund by reason in Q4',
    sql: `SELECT reason, sum(amount) FROM ${F} WHERE ${Q4('ra')} GROUP BY 1`,
  },
  ranked('which cuisine do people order the most', `SELECT cuisine, count(*) n FROM ${M} GROUP BY 1 ORDER BY n DESC`),
  ranked('monthly signups 2025', `SELECT ${month('su')}, count(*) FROM ${S} WHERE ${Y25('su')} GROUP BY 1 ORDER BY 1`),
  { q: 'how many cancellations last month', sql: `SELECT count(*) FROM ${S} WHERE ${DEC('ca')}` },
  ranked(
    'most common reasons ppl cancel',
    `SELECT cancel_reason, count(*) n FROM subscribers WHERE status = 'cancelled' GROUP BY 1 ORDER BY n DESC`,
  ),
  { q: 'avg order value by plan', sql: `SELECT plan, avg(net_amount) FROM ${B} WHERE status = 'delivered' GROUP BY 1` },
  {
    q: 'net revenue per subscriber last year',
    sql: `SELECT sum(net_amount) / count(DISTINCT subscriber_id) FILTER (WHERE status = 'delivered') FROM ${B}
      WHERE ${Y25('dd')}`,
  },
  { q: 'on-time delivery % in the mountain region', sql: `SELECT ${ON_TIME} FROM ${B} WHERE region = 'Mountain'` },
  {
    q: 'boxes delivered to texas in december',
    sql: `SELECT count(*) FROM ${B} WHERE status = 'delivered' AND region = 'Texas' AND ${DEC('dd')}`,
  },
  {
    q: 'PODCAST40 vs FRIEND20 signups',
    sql: cmp(S, `count(*) FILTER (WHERE code = 'PODCAST40')`, `count(*) FILTER (WHERE code = 'FRIEND20')`),
  },
  {
    q: 'churn rate promo vs non-promo subscribers',
    sql: cmp(S, churnOf('promo_code_id IS NOT NULL'), churnOf('promo_code_id IS NULL')),
  },
  {
    q: 'how much have we given away in discounts since march',
    sql: `SELECT sum(discount) FROM ${B} WHERE ${SINCE_MARCH('dd')}`,
  },
  {
    q: 'veggie plan signups by region',
    sql: `SELECT region, count(*) FROM ${S} WHERE plan = 'Veggie for 2' GROUP BY 1`,
  },
  { q: 'avg prep time for thai recipes', sql: `SELECT avg(prep_minutes) FROM recipes WHERE cuisine = 'Thai'` },
  { q: 'how many vegan recipes r on the menu', sql: `SELECT count(*) FROM recipes WHERE diet = 'vegan'` },
  {
    q: 'servings shipped last month by plan',
    sql: `SELECT plan, sum(servings) FROM ${M} WHERE ${DEC('dd')} GROUP BY 1`,
  },
  { q: 'wat % of net revenue comes from the family plan', sql: part(B, 'sum(net_amount)', `plan = 'Family for 4'`) },
  ranked(
    'which region had the highest skip rate in q4',
    `SELECT region, ${SKIP_RATE} s FROM ${B} WHERE ${Q4('dd')} GROUP BY 1 ORDER BY s DESC`,
  ),
  { q: 'gross vs net revenue 2025', sql: cmp(`${B} WHERE ${Y25('dd')}`, 'sum(gross_amount)', 'sum(net_amount)') },
  { q: 'refunds so far this year ($)', sql: `SELECT sum(amount) FROM ${F} WHERE ${THIS_YEAR('ra')}` },
  { q: 'how many signups came thru paid social', sql: `SELECT count(*) FROM ${S} WHERE channel = 'paid social'` },
  ranked(
    'avg box rating by month last year',
    `SELECT ${month('dd')}, avg(rating) FROM ${B} WHERE ${Y25('dd')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'how many west coast customers have cancelled',
    sql: `SELECT count(*) FROM ${S} WHERE status = 'cancelled' AND region = 'West Coast'`,
  },
  {
    q: 'late deliveries by fulfillment center in 2025',
    sql: `SELECT fc, count(*) FROM ${B} WHERE late AND ${Y25('dd')} GROUP BY 1`,
  },
  { q: 'skipped boxes in Q3', sql: `SELECT count(*) FROM ${B} WHERE status = 'skipped' AND ${Q3('dd')}` },
  {
    q: 'how many of our 2024 signups have since cancelled',
    sql: `SELECT count(*) FROM ${S} WHERE status = 'cancelled' AND ${Y24('su')}`,
  },
  {
    q: 'mexican vs italian recipes delivered since march',
    sql: cmp(
      `${M} WHERE ${SINCE_MARCH('dd')}`,
      `count(*) FILTER (WHERE cuisine = 'Mexican')`,
      `count(*) FILTER (WHERE cuisine = 'Italian')`,
    ),
  },
  {
    q: 'delivered boxes by plan and region in december',
    sql: `SELECT plan, region, count(*) FROM ${B} WHERE status = 'delivered' AND ${DEC('dd')} GROUP BY 1, 2`,
  },
  // What the model cannot answer.
  { q: 'whats our CAC by acquisition channel', decline: true },
  { q: 'gross margin per box after ingredient and packaging costs', decline: true },
  { q: 'NPS last quarter', decline: true },
  { q: 'avg hold time on the customer support line in december', decline: true },
  { q: 'conversion rate from website visitors to signups this year', decline: true },
];

/** How many questions the set asks. */
export const MEALKIT_QUESTIONS = specs.length;
export const mealkitCases = (): Promise<Case[]> =>
  sqlCases(specs, [], {
    plans,
    regions,
    promo_codes: promoCodes,
    recipes,
    subscribers,
    boxes,
    box_recipes: boxRecipes,
    refunds,
  });
