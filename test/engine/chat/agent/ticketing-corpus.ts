// Questions about a live-events box office in its manager's own words (tickets sold, revenue and refunds by genre,
// venue, promoter and sales channel; sell-through of seats; average order size and value; customers by home city and
// signup; "web vs app", rankings, "last month", "the 2024 season", shares, per event and per customer, typos and
// shorthand), each answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on them,
// and kept as written.
import { customers, events, orders, venues } from '../../../fixtures/analyst/ticketing.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const O = `(SELECT o.*, CAST(o.ordered_at AS TIMESTAMP) ot, CAST(o.refunded_at AS TIMESTAMP) rt, e.name event_name,
  e.genre, e.promoter, CAST(e.starts_at AS TIMESTAMP) st, v.name venue, v.city, c.home_city FROM orders o
  LEFT JOIN events e ON o.event_id = e.id LEFT JOIN venues v ON e.venue_id = v.id
  LEFT JOIN customers c ON o.customer_id = c.id)`;
const E = `(SELECT e.*, CAST(e.starts_at AS TIMESTAMP) st, v.name venue, v.city FROM events e
  LEFT JOIN venues v ON e.venue_id = v.id)`;
const U = `(SELECT *, CAST(signed_up_at AS TIMESTAMP) su FROM customers)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const TICKETS = `sum(quantity) FILTER (WHERE status = 'paid')`;
const REVENUE = `sum(price_paid) FILTER (WHERE status = 'paid')`;
const REFUND_RATE = `100.0 * count(*) FILTER (WHERE status = 'refunded') / count(*)`;
const SELL = `100.0 * sum(tickets_sold) / sum(seats)`;

const specs: Spec[] = [
  { q: 'how many tickets did we sell last month', sql: `SELECT ${TICKETS} FROM ${O} WHERE ${DEC('ot')}` },
  { q: 'revenue by genre', sql: `SELECT genre, ${REVENUE} FROM ${O} GROUP BY 1` },
  {
    q: 'web vs app revenue in 2025',
    sql: cmp(
      `${O} WHERE ${Y25('ot')}`,
      `sum(price_paid) FILTER (WHERE status = 'paid' AND channel = 'web')`,
      `sum(price_paid) FILTER (WHERE status = 'paid' AND channel = 'app')`,
    ),
  },
  ranked('which venue sold the most tickets', `SELECT venue, ${TICKETS} t FROM ${O} GROUP BY 1 ORDER BY t DESC`),
  { q: 'sell-through by venue', sql: `SELECT venue, ${SELL} FROM ${E} GROUP BY 1` },
  { q: 'refund rate by channel', sql: `SELECT channel, ${REFUND_RATE} FROM ${O} GROUP BY 1` },
  { q: 'refund rate for comedy shows', sql: `SELECT ${REFUND_RATE} FROM ${O} WHERE genre = 'Comedy'` },
  { q: 'average tickets per order', sql: `SELECT avg(quantity) FROM ${O}` },
  { q: 'revenue per event', sql: `SELECT ${REVENUE} / count(DISTINCT event_id) FROM ${O}` },
  { q: 'how many events in the 2024 season', sql: `SELECT count(*) FROM ${E} WHERE ${Y24('st')}` },
  {
    q: 'what share of revenue came from the box office',
    sql: part(`${O} WHERE status = 'paid'`, 'sum(price_paid)', `channel = 'box office'`),
  },
  ranked('top 5 events by revenue', `SELECT event_name, ${REVENUE} s FROM ${O} GROUP BY 1 ORDER BY s DESC LIMIT 5`),
  { q: 'jazz revenue last quarter', sql: `SELECT ${REVENUE} FROM ${O} WHERE genre = 'Jazz' AND ${Q4('ot')}` },
  { q: 'refunds last month', sql: `SELECT count(*) FROM ${O} WHERE status = 'refunded' AND ${DEC('rt')}` },
  {
    q: 'how many orders were refunded in 2025',
    sql: `SELECT count(*) FROM ${O} WHERE status = 'refunded' AND ${Y25('rt')}`,
  },
  { q: 'orders by channel', sql: `SELECT channel, count(*) FROM ${O} GROUP BY 1` },
  ranked(
    'which promoter brought in the most revenue',
    `SELECT promoter, ${REVENUE} s FROM ${O} GROUP BY 1 ORDER BY s DESC`,
  ),
  { q: 'how many customers signed up in 2025', sql: `SELECT count(*) FROM ${U} WHERE ${Y25('su')}` },
  { q: 'new customers last month', sql: `SELECT count(*) FROM ${U} WHERE ${DEC('su')}` },
  { q: 'customers by home city', sql: `SELECT home_city, count(*) FROM customers GROUP BY 1` },
  { q: 'revenue from customers living in Denver', sql: `SELECT ${REVENUE} FROM ${O} WHERE home_city = 'Denver'` },
  { q: 'average order value by channel', sql: `SELECT channel, avg(price_paid) FROM ${O} GROUP BY 1` },
  ranked(
    'monthly revenue in 2025',
    `SELECT ${month('ot')}, ${REVENUE} FROM ${O} WHERE ${Y25('ot')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'theatre vs comedy tickets sold',
    sql: cmp(
      O,
      `sum(quantity) FILTER (WHERE status = 'paid' AND genre = 'Theatre')`,
      `sum(quantity) FILTER (WHERE status = 'paid' AND genre = 'Comedy')`,
    ),
  },
  {
    q: 'how many events did Blue Door Presents put on in 2025',
    sql: `SELECT count(*) FROM ${E} WHERE promoter = 'Blue Door Presents' AND ${Y25('st')}`,
  },
  { q: 'total capacity by city', sql: `SELECT city, sum(capacity) FROM venues GROUP BY 1` },
  ranked('which venue has the biggest capacity', `SELECT name, capacity FROM venues ORDER BY capacity DESC`),
  {
    q: 'refund rate on orders placed in q3 2025',
    sql: `SELECT ${REFUND_RATE} FROM ${O} WHERE ${within('ot', '2025-07-01', '2025-10-01')}`,
  },
  { q: 'app orders this year', sql: `SELECT count(*) FROM ${O} WHERE channel = 'app' AND ot >= '2026-01-01'` },
  { q: 'tickets sold per customer', sql: `SELECT ${TICKETS} / count(DISTINCT customer_id) FROM ${O}` },
  { q: 'sell thru for rock shows', sql: `SELECT ${SELL} FROM ${E} WHERE genre = 'Rock'` },
  { q: 'revnue by venue', sql: `SELECT venue, ${REVENUE} FROM ${O} GROUP BY 1` },
  {
    q: 'how many tix sold on the app in december',
    sql: `SELECT ${TICKETS} FROM ${O} WHERE channel = 'app' AND ${DEC('ot')}`,
  },
  { q: 'wat % of orders were refunded', sql: part(O, 'count(*)', `status = 'refunded'`) },
  { q: 'avg order size for jazz', sql: `SELECT avg(quantity) FROM ${O} WHERE genre = 'Jazz'` },
  { q: '# of events by genre', sql: `SELECT genre, count(*) FROM events GROUP BY 1` },
  { q: 'number of venues in chicago', sql: `SELECT count(*) FROM venues WHERE city = 'Chicago'` },
  {
    q: 'tickets sold for shows in the 2024 season',
    sql: `SELECT ${TICKETS} FROM ${O} WHERE ${Y24('st')}`,
  },
  {
    q: 'revenue from Northstar Live events last year',
    sql: `SELECT ${REVENUE} FROM ${O} WHERE promoter = 'Northstar Live' AND ${Y25('ot')}`,
  },
  // What the model cannot answer.
  { q: 'what is the average customer satisfaction rating', decline: true },
  { q: 'how much did we spend on marketing per event', decline: true },
  { q: 'no-show rate by venue', decline: true },
  { q: 'resale revenue on the secondary market in 2025', decline: true },
  { q: 'average age of our customers', decline: true },
];

/** How many questions the set asks. */
export const TICKETING_QUESTIONS = specs.length;
export const ticketingCases = (): Promise<Case[]> => sqlCases(specs, [], { orders, events, venues, customers });
