// Questions about a real-estate agency's listings in its brokers' own words (homes sold by their sold date, property
// types as plurals, bedrooms and prices as conditions with units, agents by first name, offices and regions, shares,
// per-agent figures, typos), each answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst
// was run on them, and kept as written.
import { agents, listings, offices } from '../../../fixtures/analyst/realty.js';
import type { Case } from './corpus.js';
import { sqlCases, type Spec } from './sql-cases.js';

const L = `(SELECT l.*, CAST(l.listed_at AS TIMESTAMP) li, CAST(l.sold_at AS TIMESTAMP) so, a.name agent,
  o.name office, o.region FROM listings l LEFT JOIN agents a ON l.agent_id = a.id
  LEFT JOIN offices o ON a.office_id = o.id)`;
const day = (col: string) => `strftime(${col}, '%Y-%m-%d')`;
const SOLD25 = `so >= '2025-01-01' AND so < '2026-01-01'`;
const cmp = (a: string, b: string) => `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT ${a} a, ${b} b FROM ${L})`;
const share = (part: string) =>
  `SELECT count(*) FILTER (WHERE ${part}), count(*), 100.0 * count(*) FILTER (WHERE ${part}) / count(*) FROM ${L}`;

const specs: Spec[] = [
  {
    q: 'how many homes did we sell last month',
    sql: `SELECT count(*) FROM ${L} WHERE so >= '2025-12-01' AND so < '2026-01-01'`,
  },
  { q: 'avg sale price by property type', sql: `SELECT property_type, avg(sale_price) FROM ${L} GROUP BY 1` },
  {
    q: 'which agent sold the most houses in 2025',
    sql: `SELECT agent, count(*) c FROM ${L} WHERE property_type = 'House' AND ${SOLD25} GROUP BY 1 ORDER BY c DESC`,
    ordered: true,
  },
  { q: 'listings by office', sql: `SELECT office, count(*) FROM ${L} GROUP BY 1` },
  { q: 'total sales volume last year', sql: `SELECT sum(sale_price) FROM ${L} WHERE ${SOLD25}` },
  { q: 'average days on market for condos', sql: `SELECT avg(days_on_market) FROM ${L} WHERE property_type = 'Condo'` },
  {
    q: 'how many active listings are 3 bedroom houses',
    sql: `SELECT count(*) FROM ${L} WHERE status = 'Active' AND property_type = 'House' AND bedrooms = 3`,
  },
  { q: 'avg list price of homes with 4+ bedrooms', sql: `SELECT avg(list_price) FROM ${L} WHERE bedrooms >= 4` },
  {
    q: 'top 5 agents by commission',
    sql: `SELECT agent, sum(commission) s FROM ${L} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
    ordered: true,
  },
  {
    q: 'homes sold per month in 2025',
    sql: `SELECT ${day("date_trunc('month', so)")}, count(*) FROM ${L} WHERE ${SOLD25} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'number of listings at the lakeside office this year',
    sql: `SELECT count(*) FROM ${L} WHERE office = 'Lakeside' AND li >= '2026-01-01'`,
  },
  {
    q: 'which property type takes longest to sell',
    sql: `SELECT property_type, avg(days_on_market) a FROM ${L} GROUP BY 1 ORDER BY a DESC`,
    ordered: true,
  },
  {
    q: 'compare average sale price condos vs townhouses',
    sql: cmp(
      `avg(sale_price) FILTER (WHERE property_type = 'Condo')`,
      `avg(sale_price) FILTER (WHERE property_type = 'Townhouse')`,
    ),
  },
  { q: 'how many luxury listings do we have', sql: `SELECT count(*) FROM ${L} WHERE list_price >= 1000000` },
  { q: 'homes with a pool by office', sql: `SELECT office, count(*) FROM ${L} WHERE has_pool GROUP BY 1` },
  { q: 'average square footage of houses', sql: `SELECT avg(square_feet) FROM ${L} WHERE property_type = 'House'` },
  {
    q: 'how many listings were withdrawn in 2024',
    sql: `SELECT count(*) FROM ${L} WHERE status = 'Withdrawn' AND li >= '2024-01-01' AND li < '2025-01-01'`,
  },
  { q: 'pending listings', sql: `SELECT count(*) FROM ${L} WHERE status = 'Pending'` },
  {
    q: 'how many active listings does each agent have',
    sql: `SELECT agent, count(*) FROM ${L} WHERE status = 'Active' GROUP BY 1`,
  },
  {
    // Nothing in the question or the model names a date for Commission: the source's first (Listed date), as the
    // library and hospital sets judge late fees and bed days. Written first as by Sold date; that expectation
    // contradicted the documented rule (README: otherwise the first time dimension); the first run counted it wrong.
    q: 'total commission for harbor point last quarter',
    sql: `SELECT sum(commission) FROM ${L} WHERE office = 'Harbor Point' AND li >= '2025-10-01' AND li < '2026-01-01'`,
  },
  { q: 'sold listings by region', sql: `SELECT region, count(*) FROM ${L} WHERE status = 'Sold' GROUP BY 1` },
  { q: 'listings added since october', sql: `SELECT count(*) FROM ${L} WHERE li >= '2025-10-01'` },
  {
    q: 'average number of bedrooms for condos',
    sql: `SELECT avg(bedrooms) FROM ${L} WHERE property_type = 'Condo'`,
  },
  {
    q: 'how many homes did Maria sell this year',
    sql: `SELECT count(*) FROM ${L} WHERE agent = 'Maria Gonzalez' AND so >= '2026-01-01'`,
  },
  { q: 'what was the highest sale price in 2025', sql: `SELECT max(sale_price) FROM ${L} WHERE ${SOLD25}` },
  {
    q: 'townhouses sold in q3 2025',
    sql: `SELECT count(*) FROM ${L} WHERE property_type = 'Townhouse' AND so >= '2025-07-01' AND so < '2025-10-01'`,
  },
  { q: 'listings per agent', sql: `SELECT count(*) / count(DISTINCT agent_id) FROM ${L}` },
  {
    q: 'sales volume by property type in 2025',
    sql: `SELECT property_type, sum(sale_price) FROM ${L} WHERE ${SOLD25} GROUP BY 1`,
  },
  {
    q: 'whats the avg list price for 2 bed condos',
    sql: `SELECT avg(list_price) FROM ${L} WHERE property_type = 'Condo' AND bedrooms = 2`,
  },
  { q: 'how many land listings', sql: `SELECT count(*) FROM ${L} WHERE property_type = 'Land'` },
  { q: 'what share of listings are condos', sql: share(`property_type = 'Condo'`) },
  {
    q: 'new listings last week',
    sql: `SELECT count(*) FROM ${L} WHERE li >= '2026-01-05' AND li < '2026-01-12'`,
  },
  {
    q: 'avg sale price in westfield by year sold',
    sql: `SELECT ${day("date_trunc('year', so)")}, avg(sale_price) FROM ${L} WHERE office = 'Westfield' AND so IS NOT NULL GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  { q: 'avrage days on market by ofice', sql: `SELECT office, avg(days_on_market) FROM ${L} GROUP BY 1` },
  {
    q: 'how many listings under $300k',
    sql: `SELECT count(*) FROM ${L} WHERE list_price < 300000`,
  },
  {
    q: 'homes over 3000 sq ft sold last year',
    sql: `SELECT count(*) FROM ${L} WHERE square_feet > 3000 AND ${SOLD25}`,
  },
  {
    q: 'which office had the biggest sales volume in 2025',
    sql: `SELECT office, sum(sale_price) s FROM ${L} WHERE ${SOLD25} GROUP BY 1 ORDER BY s DESC`,
    ordered: true,
  },
  { q: 'commission earned by Raj', sql: `SELECT sum(commission) FROM ${L} WHERE agent = 'Raj Patel'` },
  // What the model cannot answer.
  { q: "what's the average mortgage rate our buyers got", decline: true },
  { q: 'how many open houses did we hold last month', decline: true },
  { q: 'which neighborhoods have the best schools', decline: true },
  { q: 'how many buyers were first-time buyers', decline: true },
];

/** How many questions the set asks. */
export const REALTY_QUESTIONS = specs.length;
export const realtyCases = (): Promise<Case[]> => sqlCases(specs, [], { listings, agents, offices });
