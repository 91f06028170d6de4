// The demo dataset: a deterministic (seeded) e-commerce history — customers, products, orders — over the three years
// before an anchor day, with regions, segments, categories and statuses; and the data model over it (cubes, the
// `sales` view, access policies driven by groups and the `region` attribute).

import type { DataModel } from './model-types.js';
import type { Column } from './arrow.js';

export const DEMO_REGIONS = ['EU', 'US', 'APAC', 'LATAM'];
export const DEMO_SEGMENTS = ['Consumer', 'Corporate', 'Home Office'];
export const DEMO_CATEGORIES = ['Books', 'Electronics', 'Garden', 'Grocery', 'Home', 'Outdoors', 'Sports', 'Toys'];
export const DEMO_STATUSES = ['completed', 'shipped', 'processing', 'cancelled', 'returned'];
const STATUS_WEIGHTS = [0.55, 0.2, 0.1, 0.1, 0.05];

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted(random: () => number, weights: number[]): number {
  let r = random();
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i];
    if (r < 0) return i;
  }
  return weights.length - 1;
}

export type DemoTables = Record<'customers' | 'products' | 'orders', Column[]>;

/** The dataset for `orders` rows ending the day before `anchorMs` (UTC day), three years long. */
export function generateDemoTables(orders: number, anchorMs: number): DemoTables {
  const random = prng(20240305);
  const end = Math.floor(anchorMs / 86_400_000) * 86_400_000;
  const start = end - 3 * 365 * 86_400_000;
  const customerCount = Math.max(100, Math.round(orders / 20));
  const productCount = 200;

  const cRegion = new Int32Array(customerCount);
  const cSegment = new Int32Array(customerCount);
  const cCreated = new Float64Array(customerCount);
  const cName: string[] = [];
  const cEmail: string[] = [];
  for (let i = 0; i < customerCount; i++) {
    cRegion[i] = weighted(random, [0.35, 0.35, 0.2, 0.1]);
    cSegment[i] = weighted(random, [0.6, 0.3, 0.1]);
    cCreated[i] = start + Math.floor(random() * (end - start) * 0.5);
    cName.push(`Customer ${i + 1}`);
    cEmail.push(`customer${i + 1}@example.com`);
  }

  const pCategory = new Int32Array(productCount);
  const pPrice = new Float64Array(productCount);
  const pName: string[] = [];
  for (let i = 0; i < productCount; i++) {
    pCategory[i] = Math.floor(random() * DEMO_CATEGORIES.length);
    pPrice[i] = Math.round((5 + random() * 495) * 100) / 100;
    pName.push(`${DEMO_CATEGORIES[pCategory[i]]} item ${i + 1}`);
  }

  const oCustomer = new Int32Array(orders);
  const oProduct = new Int32Array(orders);
  const oStatus = new Int32Array(orders);
  const oQuantity = new Int32Array(orders);
  const oAmount = new Float64Array(orders);
  const oDiscount = new Float64Array(orders);
  const oCreated = new Float64Array(orders);
  const oId = new Int32Array(orders);
  for (let i = 0; i < orders; i++) {
    oId[i] = i + 1;
    oCustomer[i] = 1 + Math.floor(random() * customerCount);
    oProduct[i] = 1 + Math.floor(random() * productCount);
    oStatus[i] = weighted(random, STATUS_WEIGHTS);
    oQuantity[i] = 1 + Math.floor(random() * 5);
    oDiscount[i] = [0, 0, 0, 0.05, 0.1, 0.2][Math.floor(random() * 6)];
    oAmount[i] = Math.round(pPrice[oProduct[i] - 1] * oQuantity[i] * (1 - oDiscount[i]) * 100) / 100;
    // Orders grow over time: more recent days are likelier.
    oCreated[i] = start + Math.floor((Math.sqrt(random()) * (end - start)) / 1000) * 1000;
  }

  return {
    customers: [
      { name: 'id', kind: 'int', values: Int32Array.from({ length: customerCount }, (_, i) => i + 1) },
      { name: 'name', kind: 'string', values: cName },
      { name: 'email', kind: 'string', values: cEmail },
      { name: 'region', kind: 'dictionary', codes: cRegion, dictionary: DEMO_REGIONS },
      { name: 'segment', kind: 'dictionary', codes: cSegment, dictionary: DEMO_SEGMENTS },
      { name: 'created_at', kind: 'timestamp', values: cCreated },
    ],
    products: [
      { name: 'id', kind: 'int', values: Int32Array.from({ length: productCount }, (_, i) => i + 1) },
      { name: 'name', kind: 'string', values: pName },
      { name: 'category', kind: 'dictionary', codes: pCategory, dictionary: DEMO_CATEGORIES },
      { name: 'price', kind: 'float', values: pPrice },
    ],
    orders: [
      { name: 'id', kind: 'int', values: oId },
      { name: 'customer_id', kind: 'int', values: oCustomer },
      { name: 'product_id', kind: 'int', values: oProduct },
      { name: 'status', kind: 'dictionary', codes: oStatus, dictionary: DEMO_STATUSES },
      { name: 'quantity', kind: 'int', values: oQuantity },
      { name: 'amount', kind: 'float', values: oAmount },
      { name: 'discount', kind: 'float', values: oDiscount },
      { name: 'created_at', kind: 'timestamp', values: oCreated },
    ],
  };
}

/** The demo data model: three cubes joined into the `sales` view, with access policies. */
export const demoDataModel: DataModel = {
  cubes: [
    {
      name: 'orders',
      sql_table: 'orders',
      title: 'Orders',
      public: false,
      measures: [
        { name: 'count', type: 'count', title: 'Orders' },
        { name: 'total_amount', type: 'sum', sql: '{CUBE}.amount', title: 'Revenue' },
        { name: 'average_amount', type: 'avg', sql: '{CUBE}.amount', title: 'Average order value' },
        { name: 'min_amount', type: 'min', sql: '{CUBE}.amount', title: 'Smallest order' },
        { name: 'max_amount', type: 'max', sql: '{CUBE}.amount', title: 'Largest order' },
        { name: 'total_quantity', type: 'sum', sql: '{CUBE}.quantity', title: 'Units' },
        { name: 'customer_count', type: 'count_distinct', sql: '{CUBE}.customer_id', title: 'Customers' },
        {
          name: 'completed_count',
          type: 'count',
          title: 'Completed orders',
          filters: [{ sql: "{CUBE}.status = 'completed'" }],
        },
        {
          name: 'completion_rate',
          type: 'number',
          sql: '1.0 * {completed_count} / NULLIF({count}, 0)',
          title: 'Completion rate',
        },
      ],
      dimensions: [
        { name: 'id', type: 'number', sql: '{CUBE}.id', primary_key: true, title: 'Order id' },
        { name: 'status', type: 'string', sql: '{CUBE}.status', title: 'Status' },
        { name: 'quantity', type: 'number', sql: '{CUBE}.quantity', title: 'Quantity' },
        { name: 'amount', type: 'number', sql: '{CUBE}.amount', title: 'Amount' },
        { name: 'discount', type: 'number', sql: '{CUBE}.discount', title: 'Discount' },
        { name: 'created_at', type: 'time', sql: '{CUBE}.created_at', title: 'Order date' },
      ],
      joins: [
        { name: 'customers', relationship: 'many_to_one', sql: '{CUBE}.customer_id = {customers}.id' },
        { name: 'products', relationship: 'many_to_one', sql: '{CUBE}.product_id = {products}.id' },
      ],
      segments: [{ name: 'completed', sql: "{CUBE}.status = 'completed'" }],
    },
    {
      name: 'customers',
      sql_table: 'customers',
      title: 'Customers',
      public: false,
      measures: [{ name: 'count', type: 'count', title: 'Customers' }],
      dimensions: [
        { name: 'id', type: 'number', sql: '{CUBE}.id', primary_key: true, title: 'Customer id' },
        { name: 'name', type: 'string', sql: '{CUBE}.name', title: 'Name' },
        { name: 'email', type: 'string', sql: '{CUBE}.email', title: 'Email' },
        { name: 'region', type: 'string', sql: '{CUBE}.region', title: 'Region' },
        { name: 'segment', type: 'string', sql: '{CUBE}.segment', title: 'Segment' },
        { name: 'created_at', type: 'time', sql: '{CUBE}.created_at', title: 'Signup date' },
      ],
    },
    {
      name: 'products',
      sql_table: 'products',
      title: 'Products',
      public: false,
      measures: [
        { name: 'count', type: 'count', title: 'Products' },
        { name: 'average_price', type: 'avg', sql: '{CUBE}.price', title: 'Average price' },
      ],
      dimensions: [
        { name: 'id', type: 'number', sql: '{CUBE}.id', primary_key: true, title: 'Product id' },
        { name: 'name', type: 'string', sql: '{CUBE}.name', title: 'Product' },
        { name: 'category', type: 'string', sql: '{CUBE}.category', title: 'Category' },
        { name: 'price', type: 'number', sql: '{CUBE}.price', title: 'Price' },
      ],
    },
  ],
  views: [
    {
      name: 'sales',
      title: 'Sales',
      description: 'Orders with their customer and product',
      cubes: [
        { join_path: 'orders', includes: '*' },
        { join_path: 'orders.customers', includes: ['name', 'email', 'region', 'segment'], prefix: true },
        { join_path: 'orders.products', includes: ['name', 'category', 'price'], prefix: true },
      ],
      access_policy: [
        { group: 'executives' },
        {
          groups: ['sales-eu', 'sales-us'],
          member_level: { excludes: ['customers_email'] },
          row_level: {
            filters: [{ member: 'customers_region', operator: 'equals', values: ['{ userAttributes.region }'] }],
          },
        },
      ],
    },
  ],
};
