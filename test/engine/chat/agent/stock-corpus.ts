// Questions about a distribution company's warehouse inventory in its managers' own words (units shipped, received
// and returned by warehouse city, region, category, product and supplier; purchase orders: spend, open and late POs,
// on-time rate, lead times by supplier and country; cycle counts: accuracy, variance and discrepancies; the product
// catalog's prices and margins; warehouse capacity; "atlanta vs dallas", "2024 vs 2025", rankings, "last month", "q4",
// "since march", "this year", shares, partial names, typos and shorthand), each answer SQL of our own on the same rows
// (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import {
  products,
  purchase_orders,
  stock_counts,
  stock_movements,
  suppliers,
  warehouses,
} from '../../../fixtures/analyst/stock.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const M = `(SELECT m.*, CAST(m.moved_at AS TIMESTAMP) mt, p.name product, p.category, s.name supplier,
  s.country, w.city, w.region FROM stock_movements m LEFT JOIN products p ON m.product_id = p.id
  LEFT JOIN suppliers s ON p.supplier_id = s.id LEFT JOIN warehouses w ON m.warehouse_id = w.id)`;
const PO = `(SELECT o.*, CAST(o.ordered_at AS TIMESTAMP) ot, CAST(o.expected_at AS TIMESTAMP) et,
  CAST(o.received_at AS TIMESTAMP) rt, s.name supplier, s.country, w.city, w.region FROM purchase_orders o
  LEFT JOIN suppliers s ON o.supplier_id = s.id LEFT JOIN warehouses w ON o.warehouse_id = w.id)`;
const C = `(SELECT c.*, CAST(c.counted_at AS TIMESTAMP) ct, p.name product, p.category, w.city, w.region
  FROM stock_counts c LEFT JOIN products p ON c.product_id = p.id LEFT JOIN warehouses w ON c.warehouse_id = w.id)`;
const P = `(SELECT p.*, s.name supplier, s.country FROM products p LEFT JOIN suppliers s ON p.supplier_id = s.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y26 = (col: string) => within(col, '2026-01-01', '2027-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const SHIPPED = `sum(quantity) FILTER (WHERE movement_type = 'shipment')`;
const RECEIVED = `sum(quantity) FILTER (WHERE movement_type = 'receipt')`;
const ON_TIME = `100.0 * count(*) FILTER (WHERE status = 'received' AND rt <= et)
  / count(*) FILTER (WHERE status = 'received')`;
const ACCURACY = `100.0 * count(*) FILTER (WHERE counted_qty = expected_qty) / count(*)`;

const specs: Spec[] = [
  { q: 'how many units did we ship last month', sql: `SELECT ${SHIPPED} FROM ${M} WHERE ${DEC('mt')}` },
  { q: 'units shipped by region', sql: `SELECT region, ${SHIPPED} FROM ${M} GROUP BY 1` },
  ranked(
    'which product category shipped the most units in 2025',
    `SELECT category, ${SHIPPED} s FROM ${M} WHERE ${Y25('mt')} GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'atlanta vs dallas units shipped this year',
    sql: cmp(
      `${M} WHERE ${Y26('mt')}`,
      `sum(quantity) FILTER (WHERE movement_type = 'shipment' AND city = 'Atlanta')`,
      `sum(quantity) FILTER (WHERE movement_type = 'shipment' AND city = 'Dallas')`,
    ),
  },
  { q: 'what % of stock movements were returns', sql: part(M, 'count(*)', `movement_type = 'return'`) },
  ranked(
    'monthly units received in 2025',
    `SELECT ${month('mt')}, ${RECEIVED} FROM ${M} WHERE ${Y25('mt')} GROUP BY 1 ORDER BY 1`,
  ),
  ranked(
    'top 5 products by units shipped',
    `SELECT product, ${SHIPPED} s FROM ${M} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  {
    q: 'how many different products moved through the reno warehouse in q4',
    sql: `SELECT count(DISTINCT product_id) FROM ${M} WHERE city = 'Reno' AND ${Q4('mt')}`,
  },
  {
    q: '# of stock adjustments by warehouse city',
    sql: `SELECT city, count(*) FROM ${M} WHERE movement_type = 'adjustment' GROUP BY 1`,
  },
  {
    q: 'units returned on safety gear last year',
    sql: `SELECT sum(quantity) FROM ${M} WHERE movement_type = 'return' AND category = 'Safety gear' AND ${Y25('mt')}`,
  },
  {
    q: 'how much did we spend on purchase orders placed in 2025, not counting cancelled ones',
    sql: `SELECT sum(amount) FROM ${PO} WHERE status <> 'cancelled' AND ${Y25('ot')}`,
  },
  { q: 'how many purchase orders are still open', sql: `SELECT count(*) FROM purchase_orders WHERE status = 'open'` },
  { q: 'avg supplier lead time by country', sql: `SELECT country, avg(lead_time_days) FROM suppliers GROUP BY 1` },
  ranked(
    'which vendor has the longest lead time',
    `SELECT name, lead_time_days FROM suppliers ORDER BY lead_time_days DESC`,
  ),
  { q: 'on-time delivery rate by supplier', sql: `SELECT supplier, ${ON_TIME} FROM ${PO} GROUP BY 1` },
  {
    q: 'how many POs received in 2025 arrived later than expected',
    sql: `SELECT count(*) FROM ${PO} WHERE status = 'received' AND rt > et AND ${Y25('rt')}`,
  },
  { q: 'avg po amount for chinese suppliers', sql: `SELECT avg(amount) FROM ${PO} WHERE country = 'China'` },
  {
    q: 'cancelled vs received POs among orders placed in 2025',
    sql: cmp(
      `${PO} WHERE ${Y25('ot')}`,
      `count(*) FILTER (WHERE status = 'cancelled')`,
      `count(*) FILTER (WHERE status = 'received')`,
    ),
  },
  {
    q: 'what pct of the total purchase order amount (all statuses) went to german suppliers',
    sql: part(PO, 'sum(amount)', `country = 'Germany'`),
  },
  { q: 'inventory accuracy by region', sql: `SELECT region, ${ACCURACY} FROM ${C} GROUP BY 1` },
  {
    q: 'net variance (counted minus expected units) on fastener counts',
    sql: `SELECT sum(counted_qty) - sum(expected_qty) FROM ${C} WHERE category = 'Fasteners'`,
  },
  {
    q: 'how many cycle counts came out different from the system qty last quarter',
    sql: `SELECT count(*) FROM ${C} WHERE counted_qty <> expected_qty AND ${Q4('ct')}`,
  },
  {
    q: 'cycle counts per warehouse city in 2025',
    sql: `SELECT city, count(*) FROM ${C} WHERE ${Y25('ct')} GROUP BY 1`,
  },
  { q: 'avg list price by category', sql: `SELECT category, avg(unit_price) FROM products GROUP BY 1` },
  { q: '# of skus per supplier', sql: `SELECT supplier, count(*) FROM ${P} GROUP BY 1` },
  { q: 'how many discontinued products do we have', sql: `SELECT count(*) FROM products WHERE discontinued` },
  {
    q: 'average gross margin pct for tools',
    sql: `SELECT avg(100.0 * (unit_price - unit_cost) / unit_price) FROM products WHERE category = 'Tools'`,
  },
  { q: 'total warehouse capacity by region', sql: `SELECT region, sum(capacity) FROM warehouses GROUP BY 1` },
  ranked('which warehouse city has the biggest capacity', `SELECT city, capacity FROM warehouses ORDER BY 2 DESC`),
  {
    q: 'avg units per receipt in chicago',
    sql: `SELECT avg(quantity) FROM ${M} WHERE movement_type = 'receipt' AND city = 'Chicago'`,
  },
  {
    q: 'number of shipments since march',
    sql: `SELECT count(*) FROM ${M} WHERE movement_type = 'shipment' AND mt >= '2025-03-01'`,
  },
  {
    q: 'how many units of ridgeway products did we ship in 2024',
    sql: `SELECT ${SHIPPED} FROM ${M} WHERE supplier = 'Ridgeway Tools' AND ${Y24('mt')}`,
  },
  {
    q: 'units shipped 2024 vs 2025',
    sql: cmp(
      M,
      `sum(quantity) FILTER (WHERE movement_type = 'shipment' AND ${Y24('mt')})`,
      `sum(quantity) FILTER (WHERE movement_type = 'shipment' AND ${Y25('mt')})`,
    ),
  },
  ranked(
    'number of purchase orders placed per month in q4',
    `SELECT ${month('ot')}, count(*) FROM ${PO} WHERE ${Q4('ot')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'stock movemnts by type this year',
    sql: `SELECT movement_type, count(*) FROM ${M} WHERE ${Y26('mt')} GROUP BY 1`,
  },
  // What the model cannot answer.
  { q: 'what did we spend on warehouse labor last month', decline: true },
  { q: 'inbound freight cost per purchase order in 2025', decline: true },
  { q: 'average pick time per order in atlanta', decline: true },
  { q: 'storage cost per pallet by warehouse', decline: true },
  { q: 'customer satisfaction score by region', decline: true },
];

/** How many questions the set asks. */
export const STOCK_QUESTIONS = specs.length;
export const stockCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { stock_movements, purchase_orders, stock_counts, products, suppliers, warehouses });
