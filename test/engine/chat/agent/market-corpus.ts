// Questions about an online marketplace in its manager's own words (sales/GMV, units and discounts by category,
// brand, seller and seller country or tier; average order value and sales per buyer; late deliveries by destination;
// returns, refunds and return rates; review stars, verified or not; the catalog and its sellers; "X vs Y", yoy,
// rankings, "last month", "Q4", "since march", shares, typos and shorthand), each answer SQL of our own on the same
// rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { order_lines, orders, products, returns, reviews, sellers } from '../../../fixtures/analyst/market.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const L = `(SELECT l.*, CAST(o.ordered_at AS TIMESTAMP) ot, o.buyer_id, o.shipping_country, p.name product, p.category,
  p.brand, s.name seller, s.country seller_country, s.tier FROM order_lines l LEFT JOIN orders o ON l.order_id = o.id
  LEFT JOIN products p ON l.product_id = p.id LEFT JOIN sellers s ON p.seller_id = s.id)`;
const O = `(SELECT *, CAST(ordered_at AS TIMESTAMP) ot, CAST(delivered_at AS TIMESTAMP) dt FROM orders)`;
const R = `(SELECT r.*, CAST(r.returned_at AS TIMESTAMP) rt, p.category, p.brand, s.tier FROM returns r
  LEFT JOIN order_lines l ON r.order_line_id = l.id LEFT JOIN products p ON l.product_id = p.id
  LEFT JOIN sellers s ON p.seller_id = s.id)`;
const V = `(SELECT v.*, CAST(v.reviewed_at AS TIMESTAMP) vt, p.category, p.brand FROM reviews v
  LEFT JOIN products p ON v.product_id = p.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const LATE = `100.0 * count(*) FILTER (WHERE delivered_late) / count(*) FILTER (WHERE status = 'delivered')`;
const RETURN_RATE = `100.0 * count(*) FILTER (WHERE returned) / count(*)`;

const specs: Spec[] = [
  { q: 'total sales last month', sql: `SELECT sum(price_paid) FROM ${L} WHERE ${DEC('ot')}` },
  { q: 'gmv by catgory', sql: `SELECT category, sum(price_paid) FROM ${L} GROUP BY 1` },
  ranked('which brand sold the most units', `SELECT brand, sum(quantity) u FROM ${L} GROUP BY 1 ORDER BY u DESC`),
  ranked(
    'top 5 sellers by sales in 2025',
    `SELECT seller, sum(price_paid) s FROM ${L} WHERE ${Y25('ot')} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  {
    q: 'electronics vs fashion sales in 2025',
    sql: cmp(
      `${L} WHERE ${Y25('ot')}`,
      `sum(price_paid) FILTER (WHERE category = 'Electronics')`,
      `sum(price_paid) FILTER (WHERE category = 'Fashion')`,
    ),
  },
  {
    q: 'yoy sales: 2024 vs 2025',
    sql: cmp(L, `sum(price_paid) FILTER (WHERE ${Y24('ot')})`, `sum(price_paid) FILTER (WHERE ${Y25('ot')})`),
  },
  {
    q: 'how much did we give away in discounts in Q4 2025',
    sql: `SELECT sum(discount) FROM ${L} WHERE ${Q4('ot')}`,
  },
  {
    q: 'how many orders shipped to germany this year',
    sql: `SELECT count(*) FROM ${O} WHERE shipping_country = 'Germany' AND ot >= '2026-01-01'`,
  },
  { q: 'late delivery % by destination country', sql: `SELECT shipping_country, ${LATE} FROM ${O} GROUP BY 1` },
  {
    q: 'what pct of delivered orders arrived late',
    sql: part(`${O} WHERE status = 'delivered'`, 'count(*)', 'delivered_late'),
  },
  { q: '# of returns by reason', sql: `SELECT reason, count(*) FROM returns GROUP BY 1` },
  { q: 'how much did we refund in q4 2025', sql: `SELECT sum(refund_amount) FROM ${R} WHERE ${Q4('rt')}` },
  { q: 'return rate by category', sql: `SELECT category, ${RETURN_RATE} FROM ${L} GROUP BY 1` },
  { q: 'avg star ratng by category', sql: `SELECT category, avg(stars) FROM ${V} GROUP BY 1` },
  ranked('which brand has the best reviews', `SELECT brand, avg(stars) a FROM ${V} GROUP BY 1 ORDER BY a DESC`),
  {
    q: 'how many 5 star reviews did we get in 2025',
    sql: `SELECT count(*) FROM ${V} WHERE stars = 5 AND ${Y25('vt')}`,
  },
  {
    q: 'avg rating: verified purchase reviews vs unverified ones',
    sql: cmp(V, `avg(stars) FILTER (WHERE verified_purchase)`, `avg(stars) FILTER (WHERE NOT verified_purchase)`),
  },
  { q: 'how many of our sellers are verified', sql: `SELECT count(*) FROM sellers WHERE verified` },
  ranked(
    'monthly sales in 2025',
    `SELECT ${month('ot')}, sum(price_paid) FROM ${L} WHERE ${Y25('ot')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'avg order value in 2025',
    sql: `SELECT sum(price_paid) / count(DISTINCT order_id) FROM ${L} WHERE ${Y25('ot')}`,
  },
  { q: '# unique buyers last month', sql: `SELECT count(DISTINCT buyer_id) FROM ${O} WHERE ${DEC('ot')}` },
  {
    q: 'sales per buyer in 2025',
    sql: `SELECT sum(price_paid) / count(DISTINCT buyer_id) FROM ${L} WHERE ${Y25('ot')}`,
  },
  { q: 'units sold by seller country', sql: `SELECT seller_country, sum(quantity) FROM ${L} GROUP BY 1` },
  { q: 'how many toy products do we have listed', sql: `SELECT count(*) FROM products WHERE category = 'Toys'` },
  { q: 'avg list price by category', sql: `SELECT category, avg(list_price) FROM products GROUP BY 1` },
  {
    q: 'sales from japanese sellers since march',
    sql: `SELECT sum(price_paid) FROM ${L} WHERE seller_country = 'Japan' AND ot >= '2025-03-01'`,
  },
  {
    q: 'whats the avg refund for damaged items',
    sql: `SELECT avg(refund_amount) FROM returns WHERE reason = 'damaged'`,
  },
  ranked(
    'which destination countries get the most orders',
    `SELECT shipping_country, count(*) n FROM orders GROUP BY 1 ORDER BY n DESC`,
  ),
  { q: 'how many orders are still in transit', sql: `SELECT count(*) FROM orders WHERE status = 'in transit'` },
  {
    q: 'what % of returns were because the item was damaged',
    sql: part('returns', 'count(*)', `reason = 'damaged'`),
  },
  ranked(
    'top 3 categories by units sold last year',
    `SELECT category, sum(quantity) u FROM ${L} WHERE ${Y25('ot')} GROUP BY 1 ORDER BY u DESC LIMIT 3`,
  ),
  {
    q: 'avg number of units per order in 2025',
    sql: `SELECT sum(quantity) / count(DISTINCT order_id) FROM ${L} WHERE ${Y25('ot')}`,
  },
  { q: 'voltix sales in 2025', sql: `SELECT sum(price_paid) FROM ${L} WHERE brand = 'Voltix' AND ${Y25('ot')}` },
  {
    q: 'how many orders placed in december were delivered late',
    sql: `SELECT count(*) FROM ${O} WHERE ${DEC('ot')} AND delivered_late`,
  },
  {
    q: 'how many different products were sold in Q4 2025',
    sql: `SELECT count(DISTINCT product_id) FROM ${L} WHERE ${Q4('ot')}`,
  },
  // What the model cannot answer.
  { q: "what's our profit margin by category", decline: true },
  { q: 'how much do we spend on shipping per order', decline: true },
  { q: 'conversion rate from product page views to orders', decline: true },
  { q: 'avg age of our buyers', decline: true },
  { q: 'total commission fees we charged sellers in 2025', decline: true },
];

/** How many questions the set asks. */
export const MARKET_QUESTIONS = specs.length;
export const marketCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { sellers, products, orders, order_lines, returns, reviews });
