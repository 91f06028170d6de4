// Questions about a restaurant chain in its operators' and regional managers' own words (sales, covers, tips and
// average check by location, city, region, server and order type; items sold, food cost and gross profit by dish and
// menu category; voids; reservations and no-shows; locations and their opening dates; "dine-in vs
// takeout", rankings, "last month", "last quarter", "this year", december, weekends, shares, per cover and per
// location, typos and shorthand), each answer SQL of our own on the same rows (sql-cases.ts). Written before the
// analyst was run on them, and kept as written.
import { checks, locations, menuItems, orderLines, reservations } from '../../../fixtures/analyst/restaurants.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const C = `(SELECT c.*, CAST(c.placed_at AS TIMESTAMP) pt, l.name AS location, l.city, l.region FROM checks c
  LEFT JOIN locations l ON c.location_id = l.id)`;
const L = `(SELECT ol.*, m.name AS item, m.category, CAST(c.placed_at AS TIMESTAMP) pt, c.order_type, c.server,
  l.name AS location, l.city, l.region FROM order_lines ol LEFT JOIN menu_items m ON ol.item_id = m.id
  LEFT JOIN checks c ON ol.check_id = c.id LEFT JOIN locations l ON c.location_id = l.id)`;
const R = `(SELECT r.*, CAST(r.reserved_for AS TIMESTAMP) rt, l.name AS location, l.city, l.region FROM reservations r
  LEFT JOIN locations l ON r.location_id = l.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y26 = (col: string) => within(col, '2026-01-01', '2027-01-01');
const KEPT = 'NOT voided';
const SALES = `sum(total) FILTER (WHERE ${KEPT})`;
const ITEM_SALES = `sum(quantity * unit_price) FILTER (WHERE ${KEPT})`;
const FOOD_COST = `sum(quantity * unit_cost) FILTER (WHERE ${KEPT})`;

const specs: Spec[] = [
  { q: 'sales last month', sql: `SELECT ${SALES} FROM ${C} WHERE ${DEC('pt')}` },
  { q: 'rev by location', sql: `SELECT location, ${SALES} FROM ${C} GROUP BY 1` },
  ranked(
    'top 5 servers by tips in 2025',
    `SELECT server, sum(tip) FILTER (WHERE ${KEPT}) t FROM ${C} WHERE ${Y25('pt')} GROUP BY 1 ORDER BY t DESC LIMIT 5`,
  ),
  {
    q: 'how many covers did Wicker Park do in december',
    sql: `SELECT sum(covers) FILTER (WHERE ${KEPT}) FROM ${C} WHERE location = 'Wicker Park' AND ${DEC('pt')}`,
  },
  {
    q: 'sales per cover by region',
    sql: `SELECT region, ${SALES} / sum(covers) FILTER (WHERE ${KEPT}) FROM ${C} GROUP BY 1`,
  },
  {
    q: 'dine-in vs takeout sales this year',
    sql: cmp(
      `${C} WHERE ${Y26('pt')}`,
      `sum(total) FILTER (WHERE ${KEPT} AND order_type = 'dine-in')`,
      `sum(total) FILTER (WHERE ${KEPT} AND order_type = 'takeout')`,
    ),
  },
  { q: 'what % of orders were delivery', sql: part(`${C} WHERE ${KEPT}`, 'count(*)', `order_type = 'delivery'`) },
  {
    q: 'void rate by location',
    sql: `SELECT location, 100.0 * count(*) FILTER (WHERE voided) / count(*) FROM ${C} GROUP BY 1`,
  },
  ranked(
    'which menu items sell the most',
    `SELECT item, sum(quantity) FILTER (WHERE ${KEPT}) q FROM ${L} GROUP BY 1 ORDER BY q DESC`,
  ),
  ranked(
    'top 5 dishes by revenue last quarter',
    `SELECT item, ${ITEM_SALES} s FROM ${L} WHERE ${Q4('pt')} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  {
    q: 'food cost % by category',
    sql: `SELECT category, 100.0 * ${FOOD_COST} / ${ITEM_SALES} FROM ${L} GROUP BY 1`,
  },
  ranked('monthly sales in 2025', `SELECT ${month('pt')}, ${SALES} FROM ${C} WHERE ${Y25('pt')} GROUP BY 1 ORDER BY 1`),
  { q: 'how many locations do we have in the South', sql: `SELECT count(*) FROM locations WHERE region = 'South'` },
  {
    q: 'how many resturants have we opened since 2023',
    sql: `SELECT count(*) FROM locations WHERE CAST(opened_at AS TIMESTAMP) >= '2023-01-01'`,
  },
  {
    q: 'no-show rate by location',
    sql: `SELECT location, 100.0 * count(*) FILTER (WHERE no_show) / count(*) FROM ${R} GROUP BY 1`,
  },
  {
    q: 'weekend sales last month',
    sql: `SELECT ${SALES} FROM ${C} WHERE dayofweek(pt) IN (0, 6) AND ${DEC('pt')}`,
  },
  {
    q: 'how many reservations were no-shows in 2025',
    sql: `SELECT count(*) FROM ${R} WHERE no_show AND ${Y25('rt')}`,
  },
  {
    q: 'tip % by order type',
    sql: `SELECT order_type, 100.0 * sum(tip) FILTER (WHERE ${KEPT}) / ${SALES} FROM ${C} GROUP BY 1`,
  },
  {
    q: 'how many different servers worked at each location',
    sql: `SELECT location, count(DISTINCT server) FROM ${C} GROUP BY 1`,
  },
  { q: '# of menu items in each category', sql: `SELECT category, count(*) FROM menu_items GROUP BY 1` },
  { q: 'average price of our mains', sql: `SELECT avg(price) FROM menu_items WHERE category = 'Mains'` },
  {
    q: 'how many desserts did we sell in 2025',
    sql: `SELECT sum(quantity) FILTER (WHERE ${KEPT}) FROM ${L} WHERE category = 'Desserts' AND ${Y25('pt')}`,
  },
  {
    q: 'what percent of our sales come from drinks',
    sql: part(`${L} WHERE ${KEPT}`, 'sum(quantity * unit_price)', `category = 'Drinks'`),
  },
  {
    q: 'gross profit by category last year',
    sql: `SELECT category, ${ITEM_SALES} - ${FOOD_COST} FROM ${L} WHERE ${Y25('pt')} GROUP BY 1`,
  },
  {
    q: 'Boston vs Chicago revenue in 2025',
    sql: cmp(
      `${C} WHERE ${Y25('pt')}`,
      `sum(total) FILTER (WHERE ${KEPT} AND city = 'Boston')`,
      `sum(total) FILTER (WHERE ${KEPT} AND city = 'Chicago')`,
    ),
  },
  { q: 'aov by order type', sql: `SELECT order_type, avg(total) FILTER (WHERE ${KEPT}) FROM ${C} GROUP BY 1` },
  ranked(
    'which server had the highest avg check last quarter',
    `SELECT server, avg(total) FILTER (WHERE ${KEPT}) a FROM ${C} WHERE ${Q4('pt')} GROUP BY 1 ORDER BY a DESC`,
  ),
  {
    q: 'average guests per table for dine-in',
    sql: `SELECT avg(covers) FROM ${C} WHERE ${KEPT} AND order_type = 'dine-in'`,
  },
  {
    q: 'average sales per location last year',
    sql: `SELECT ${SALES} / count(DISTINCT location_id) FROM ${C} WHERE ${Y25('pt')}`,
  },
  { q: 'how many checks were voided last month', sql: `SELECT count(*) FROM ${C} WHERE voided AND ${DEC('pt')}` },
  {
    q: 'how many ribeyes did we sell in 2025',
    sql: `SELECT sum(quantity) FILTER (WHERE ${KEPT}) FROM ${L} WHERE item = 'Ribeye Steak' AND ${Y25('pt')}`,
  },
  {
    q: 'delivery sales by city last quarter',
    sql: `SELECT city, ${SALES} FROM ${C} WHERE order_type = 'delivery' AND ${Q4('pt')} GROUP BY 1`,
  },
  {
    q: 'midwest sales q3 2025',
    sql: `SELECT ${SALES} FROM ${C} WHERE region = 'Midwest' AND ${within('pt', '2025-07-01', '2025-10-01')}`,
  },
  {
    q: 'avg tip on delievry orders',
    sql: `SELECT avg(tip) FILTER (WHERE ${KEPT}) FROM ${C} WHERE order_type = 'delivery'`,
  },
  { q: 'food cost last month', sql: `SELECT ${FOOD_COST} FROM ${L} WHERE ${DEC('pt')}` },
  // What the model cannot answer.
  { q: 'labor cost as a % of sales by location', decline: true },
  { q: 'whats our average table turn time on friday nights', decline: true },
  { q: 'average online review rating for Chelsea last month', decline: true },
  { q: 'how many repeat guests did we have in 2025', decline: true },
  { q: 'how much food did we throw away last quarter', decline: true },
];

/** How many questions the set asks. */
export const RESTAURANTS_QUESTIONS = specs.length;
export const restaurantsCases = (): Promise<Case[]> =>
  sqlCases(specs, [], {
    checks,
    order_lines: orderLines,
    menu_items: menuItems,
    locations,
    reservations,
  });
