// Questions about a nonprofit's fundraising in its development director's own words (amount raised by donor type,
// state, channel and campaign; average and largest gifts; recurring giving; refunds and declined cards; new donors by
// first gift; campaign goals; event attendance and net proceeds; "online vs direct mail", rankings, "last month",
// "last quarter", "this year", shares, per donor, typos and shorthand), each answer SQL of our own on the same rows
// (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { campaigns, donations, donors, events } from '../../../fixtures/analyst/fundraising.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const G = `(SELECT g.*, CAST(g.donated_at AS TIMESTAMP) gt, d.name donor, d.donor_type, d.state,
  CAST(d.first_gift_at AS TIMESTAMP) fg, c.name campaign, c.channel FROM donations g
  LEFT JOIN donors d ON g.donor_id = d.id LEFT JOIN campaigns c ON g.campaign_id = c.id)`;
const D = `(SELECT *, CAST(first_gift_at AS TIMESTAMP) fg FROM donors)`;
const E = `(SELECT *, CAST(held_at AS TIMESTAMP) et FROM events)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const NOV = (col: string) => within(col, '2025-11-01', '2025-12-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const Y26 = (col: string) => `${col} >= '2026-01-01'`;
const DONE = `status = 'completed'`;
const RAISED = `sum(amount) FILTER (WHERE ${DONE})`;
const AVG_GIFT = `avg(amount) FILTER (WHERE ${DONE})`;
const DONORS = `count(DISTINCT donor_id) FILTER (WHERE ${DONE})`;
const REFUND_RATE = `100.0 * count(*) FILTER (WHERE status = 'refunded') / count(*)`;
const quarter = (col: string) => `strftime(date_trunc('quarter', ${col}), '%Y-%m-%d')`;

const specs: Spec[] = [
  { q: 'how much did we raise last month', sql: `SELECT ${RAISED} FROM ${G} WHERE ${DEC('gt')}` },
  { q: 'total raised by donor type', sql: `SELECT donor_type, ${RAISED} FROM ${G} GROUP BY 1` },
  ranked(
    'top 5 campaigns by amount raised',
    `SELECT campaign, ${RAISED} s FROM ${G} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  { q: 'how many donations did we get in 2025', sql: `SELECT count(*) FROM ${G} WHERE ${Y25('gt')}` },
  { q: 'avg gift size for individuals', sql: `SELECT ${AVG_GIFT} FROM ${G} WHERE donor_type = 'Individual'` },
  {
    q: 'online vs direct mail giving in 2025',
    sql: cmp(
      `${G} WHERE ${Y25('gt')}`,
      `sum(amount) FILTER (WHERE ${DONE} AND channel = 'Online')`,
      `sum(amount) FILTER (WHERE ${DONE} AND channel = 'Direct mail')`,
    ),
  },
  { q: 'how many new donors did we acquire in 2025', sql: `SELECT count(*) FROM ${D} WHERE ${Y25('fg')}` },
  { q: 'new donors last quarter', sql: `SELECT count(*) FROM ${D} WHERE ${Q4('fg')}` },
  { q: 'how much have we raised so far this year', sql: `SELECT ${RAISED} FROM ${G} WHERE ${Y26('gt')}` },
  ranked('which state gives the most', `SELECT state, ${RAISED} s FROM ${G} GROUP BY 1 ORDER BY s DESC`),
  ranked(
    'monthly amount raised in 2025',
    `SELECT ${month('gt')}, ${RAISED} FROM ${G} WHERE ${Y25('gt')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'what share of the money raised came from recurring gifts',
    sql: part(`${G} WHERE ${DONE}`, 'sum(amount)', 'is_recurring'),
  },
  { q: 'refund rate by payment method', sql: `SELECT payment_method, ${REFUND_RATE} FROM ${G} GROUP BY 1` },
  {
    q: 'how many card payments were declined last month',
    sql: `SELECT count(*) FROM ${G} WHERE status = 'declined' AND payment_method = 'Credit card' AND ${DEC('gt')}`,
  },
  { q: 'amt raised per donor in 2025', sql: `SELECT ${RAISED} / ${DONORS} FROM ${G} WHERE ${Y25('gt')}` },
  { q: 'how many unique donors gave in 2025', sql: `SELECT ${DONORS} FROM ${G} WHERE ${Y25('gt')}` },
  {
    q: 'what was the largest gift we received in 2025',
    sql: `SELECT max(amount) FILTER (WHERE ${DONE}) FROM ${G} WHERE ${Y25('gt')}`,
  },
  {
    q: '% of goal reached by channel',
    sql: `SELECT channel, 100.0 * sum(raised) / NULLIF(sum(goal), 0) FROM campaigns GROUP BY 1`,
  },
  {
    q: 'how much did Giving Tuesday 2025 bring in',
    sql: `SELECT ${RAISED} FROM ${G} WHERE campaign = 'Giving Tuesday 2025'`,
  },
  { q: 'avg donation amt by payment method', sql: `SELECT payment_method, ${AVG_GIFT} FROM ${G} GROUP BY 1` },
  {
    q: 'how much did corporate donors in Texas give last year',
    sql: `SELECT ${RAISED} FROM ${G} WHERE donor_type = 'Corporate' AND state = 'Texas' AND ${Y25('gt')}`,
  },
  {
    q: 'foundation vs corporate giving in 2024',
    sql: cmp(
      `${G} WHERE ${Y24('gt')}`,
      `sum(amount) FILTER (WHERE ${DONE} AND donor_type = 'Foundation')`,
      `sum(amount) FILTER (WHERE ${DONE} AND donor_type = 'Corporate')`,
    ),
  },
  ranked('top 10 donors by lifetime giving', `SELECT donor, ${RAISED} s FROM ${G} GROUP BY 1 ORDER BY s DESC LIMIT 10`),
  {
    q: 'how many major gifts did we receive in 2025',
    sql: `SELECT count(*) FROM ${G} WHERE amount >= 1000 AND ${Y25('gt')}`,
  },
  {
    q: 'recuring donors by state',
    sql: `SELECT state, count(DISTINCT donor_id) FILTER (WHERE ${DONE}) FROM ${G} WHERE is_recurring GROUP BY 1`,
  },
  { q: '# of events by type', sql: `SELECT event_type, count(*) FROM events GROUP BY 1` },
  { q: 'total attendance at galas', sql: `SELECT sum(attendees) FROM events WHERE event_type = 'Gala'` },
  {
    q: 'net proceeds from events last year',
    sql: `SELECT sum(ticket_revenue) - sum(expenses) FROM ${E} WHERE ${Y25('et')}`,
  },
  ranked('which event had the highest attendance', `SELECT name, attendees FROM events ORDER BY attendees DESC`),
  { q: 'total donatons from new york donors', sql: `SELECT ${RAISED} FROM ${G} WHERE state = 'New York'` },
  ranked(
    'quarterly amount raised in 2024',
    `SELECT ${quarter('gt')}, ${RAISED} FROM ${G} WHERE ${Y24('gt')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'avg gift for spring appeal 2025',
    sql: `SELECT ${AVG_GIFT} FROM ${G} WHERE campaign = 'Spring Appeal 2025'`,
  },
  {
    q: '# of donors who gave by credit card in december',
    sql: `SELECT ${DONORS} FROM ${G} WHERE payment_method = 'Credit card' AND ${DEC('gt')}`,
  },
  { q: 'first time donors in november', sql: `SELECT count(*) FROM ${D} WHERE ${NOV('fg')}` },
  { q: 'what % of our donors are foundations', sql: part('donors', 'count(*)', `donor_type = 'Foundation'`) },
  // What the model cannot answer.
  { q: 'how many volunteer hours were logged last year', decline: true },
  { q: 'average age of our donors', decline: true },
  { q: 'email open rate for the giving tuesday campaign', decline: true },
  { q: 'gifts by donor gender', decline: true },
  { q: 'how much did we spend on postage for the spring appeal', decline: true },
];

/** How many questions the set asks. */
export const FUNDRAISING_QUESTIONS = specs.length;
export const fundraisingCases = (): Promise<Case[]> => sqlCases(specs, [], { donations, donors, campaigns, events });
