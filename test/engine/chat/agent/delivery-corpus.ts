// Questions about a food-delivery service's orders in people's own words (states by name where restaurants keep
// codes, cuisines as adjectives and plurals, "# of", "avg", per customer, canceled and late orders, relative dates),
// each answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on them.
import { couriers, customers, orders, restaurants } from '../../../fixtures/analyst/delivery.js';
import type { Case } from './corpus.js';
import { sqlCases, type Spec } from './sql-cases.js';

const D = `(SELECT o.*, CAST(o.placed_at AS TIMESTAMP) pl, CAST(o.delivered_at AS TIMESTAMP) dl, r.name restaurant,
  r.cuisine, r.city, r.state, c.vehicle, k.plan FROM orders o LEFT JOIN restaurants r ON o.restaurant_id = r.id
  LEFT JOIN couriers c ON o.courier_id = c.id LEFT JOIN customers k ON o.customer_id = k.id)`;
const day = (col: string) => `strftime(${col}, '%Y-%m-%d')`;
const Y25 = `pl >= '2025-01-01' AND pl < '2026-01-01'`;
const cmp = (a: string, b: string, where = 'true') =>
  `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT ${a} a, ${b} b FROM ${D} WHERE ${where})`;
const share = (p: string, where = 'true') =>
  `SELECT count(*) FILTER (WHERE ${p}), count(*), 100.0 * count(*) FILTER (WHERE ${p}) / count(*) FROM ${D} WHERE ${where}`;

const specs: Spec[] = [
  {
    q: 'how many orders did we get last month',
    sql: `SELECT count(*) FROM ${D} WHERE pl >= '2025-12-01' AND pl < '2026-01-01'`,
  },
  { q: 'orders by state', sql: `SELECT state, count(*) FROM ${D} GROUP BY 1` },
  { q: 'how many orders in texas', sql: `SELECT count(*) FROM ${D} WHERE state = 'TX'` },
  { q: 'total order value in florida last year', sql: `SELECT sum(subtotal) FROM ${D} WHERE state = 'FL' AND ${Y25}` },
  { q: 'avg tip by cuisine', sql: `SELECT cuisine, avg(tip) FROM ${D} GROUP BY 1` },
  {
    q: 'how many thai orders were canceled',
    sql: `SELECT count(*) FROM ${D} WHERE cuisine = 'Thai' AND status = 'Canceled'`,
  },
  {
    q: 'top 5 restaurants by order value',
    sql: `SELECT restaurant, sum(subtotal) s FROM ${D} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
    ordered: true,
  },
  { q: '# of late deliveries in 2025', sql: `SELECT count(*) FROM ${D} WHERE delivery_minutes > 45 AND ${Y25}` },
  { q: 'average delivery time by vehicle', sql: `SELECT vehicle, avg(delivery_minutes) FROM ${D} GROUP BY 1` },
  {
    q: 'which city has the slowest average delivery time',
    sql: `SELECT city, avg(delivery_minutes) a FROM ${D} GROUP BY 1 ORDER BY a DESC`,
    ordered: true,
  },
  { q: 'what share of orders were canceled', sql: share(`status = 'Canceled'`) },
  { q: 'tips per order', sql: `SELECT sum(tip) / count(*) FROM ${D}` },
  { q: 'order value per customer', sql: `SELECT sum(subtotal) / count(DISTINCT customer_id) FROM ${D}` },
  { q: 'orders by status', sql: `SELECT status, count(*) FROM ${D} GROUP BY 1` },
  {
    q: 'how many customers ordered sushi this year',
    sql: `SELECT count(DISTINCT customer_id) FROM ${D} WHERE cuisine = 'Sushi' AND pl >= '2026-01-01'`,
  },
  { q: 'mexican orders in austin', sql: `SELECT count(*) FROM ${D} WHERE cuisine = 'Mexican' AND city = 'Austin'` },
  { q: 'avg rating of burger places', sql: `SELECT avg(rating) FROM ${D} WHERE cuisine = 'Burgers'` },
  { q: 'large orders by cuisine', sql: `SELECT cuisine, count(*) FROM ${D} WHERE subtotal >= 60 GROUP BY 1` },
  {
    q: 'how many orders were delivered on christmas day 2025',
    sql: `SELECT count(*) FROM ${D} WHERE dl >= '2025-12-25' AND dl < '2025-12-26'`,
  },
  {
    q: 'monthly orders in 2025',
    sql: `SELECT ${day("date_trunc('month', pl)")}, count(*) FROM ${D} WHERE ${Y25} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  { q: 'orders from plus members', sql: `SELECT count(*) FROM ${D} WHERE plan = 'Plus'` },
  {
    q: 'avg order value plus vs free',
    sql: cmp(`avg(subtotal) FILTER (WHERE plan = 'Plus')`, `avg(subtotal) FILTER (WHERE plan = 'Free')`),
  },
  { q: 'total tips in illinois', sql: `SELECT sum(tip) FROM ${D} WHERE state = 'IL'` },
  { q: 'orders rated 5 stars', sql: `SELECT count(*) FROM ${D} WHERE rating = 5` },
  { q: 'orders with a tip over $10', sql: `SELECT count(*) FROM ${D} WHERE tip > 10` },
  {
    q: 'the 3 cuisines with the lowest average rating',
    sql: `SELECT cuisine, avg(rating) a FROM ${D} GROUP BY 1 ORDER BY a ASC LIMIT 3`,
    ordered: true,
  },
  {
    q: 'orders by courier vehicle in colorado',
    sql: `SELECT vehicle, count(*) FROM ${D} WHERE state = 'CO' GROUP BY 1`,
  },
  { q: 'how many orders in Q2 2025', sql: `SELECT count(*) FROM ${D} WHERE pl >= '2025-04-01' AND pl < '2025-07-01'` },
  {
    q: 'order value 2024 vs 2025',
    sql: cmp(
      `sum(subtotal) FILTER (WHERE pl >= '2024-01-01' AND pl < '2025-01-01')`,
      `sum(subtotal) FILTER (WHERE ${Y25})`,
    ),
  },
  { q: 'what percent of vegan orders are late', sql: share('delivery_minutes > 45', `cuisine = 'Vegan'`) },
  {
    q: 'how many indian restaurants are there',
    sql: `SELECT count(DISTINCT restaurant_id) FROM ${D} WHERE cuisine = 'Indian'`,
  },
  {
    q: 'avg delivery time in houston since november',
    sql: `SELECT avg(delivery_minutes) FROM ${D} WHERE city = 'Houston' AND pl >= '2025-11-01'`,
  },
  { q: 'late deliveries by city', sql: `SELECT city, count(*) FROM ${D} WHERE delivery_minutes > 45 GROUP BY 1` },
  { q: 'how many orders did Koi Chicago get', sql: `SELECT count(*) FROM ${D} WHERE restaurant = 'Koi Chicago'` },
  {
    q: 'tips by month this year',
    sql: `SELECT ${day("date_trunc('month', pl)")}, sum(tip) FROM ${D} WHERE pl >= '2026-01-01' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  { q: 'orders on weekends in 2025', sql: `SELECT count(*) FROM ${D} WHERE dayofweek(pl) IN (0, 6) AND ${Y25}` },
  {
    q: 'how many orders took more than an hour to deliver',
    sql: `SELECT count(*) FROM ${D} WHERE delivery_minutes > 60`,
  },
  // What the model cannot answer.
  { q: 'how much do we pay couriers', decline: true },
  { q: 'which dish is the most popular', decline: true },
  { q: 'average distance per delivery', decline: true },
  { q: 'customer complaints by city', decline: true },
];

/** How many questions the set asks. */
export const DELIVERY_QUESTIONS = specs.length;
export const deliveryCases = (): Promise<Case[]> => sqlCases(specs, [], { orders, restaurants, couriers, customers });
