// Questions about a group of museums and galleries in its staff's own words (visits, footfall and ticket revenue by
// site, site type, region, ticket type, booking channel and exhibition; online booking share, income per visit,
// average paid ticket price; exhibitions opened, their themes and runs; memberships sold, renewals, renewal rate by
// tier, current patrons, income per member; shop takings by category, site and channel, average basket; donations by
// donor type, Gift Aid claimable, a winter appeal; school pupils by school type and site; volunteer hours by site and
// per volunteer, active volunteers by role; "online vs walk-up", "galleries vs museums", "2025 vs 2024", rankings,
// "last month", "Q3", "Q4", "last quarter", "since march", "this year", "so far", shares, per member, typos and
// shorthand), each answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on them,
// and kept as written.
import {
  donations,
  exhibitions,
  memberships,
  schoolBookings,
  shopSales,
  sites,
  tickets,
  volunteers,
  volunteerShifts,
} from '../../../fixtures/analyst/museum.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const T = `(SELECT t.*, CAST(t.visited_at AS TIMESTAMP) vt, s.name site, s.kind site_kind, s.region,
  e.title exhibition FROM tickets t LEFT JOIN sites s ON t.site_id = s.id
  LEFT JOIN exhibitions e ON t.exhibition_id = e.id)`;
const E = `(SELECT e.*, CAST(e.opens_on AS TIMESTAMP) ot, s.name site FROM exhibitions e
  LEFT JOIN sites s ON e.site_id = s.id)`;
const M = `(SELECT m.*, CAST(m.starts_on AS TIMESTAMP) st FROM memberships m)`;
const S = `(SELECT x.*, CAST(x.sold_at AS TIMESTAMP) st, s.name site FROM shop_sales x
  LEFT JOIN sites s ON x.site_id = s.id)`;
const D = `(SELECT d.*, CAST(d.donated_at AS TIMESTAMP) dt FROM donations d)`;
const B = `(SELECT b.*, CAST(b.visit_on AS TIMESTAMP) vt, s.name site FROM school_bookings b
  LEFT JOIN sites s ON b.site_id = s.id)`;
const V = `(SELECT v.*, CAST(v.shift_date AS TIMESTAMP) sd, s.name site FROM volunteer_shifts v
  LEFT JOIN sites s ON v.site_id = s.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q3 = (col: string) => within(col, '2025-07-01', '2025-10-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const THIS_YEAR = (col: string) => `${col} >= '2026-01-01'`;
const ONLINE_SHARE = `100.0 * count(*) FILTER (WHERE channel = 'online') / count(*)`;
const RENEWAL_RATE = `100.0 * count(*) FILTER (WHERE outcome = 'renewed')
  / count(*) FILTER (WHERE outcome IN ('renewed', 'lapsed'))`;
const PER_VISIT = (kind: string) =>
  `sum(price_paid) FILTER (WHERE site_kind = '${kind}') / count(*) FILTER (WHERE site_kind = '${kind}')`;

const specs: Spec[] = [
  { q: 'visits by site last month', sql: `SELECT site, count(*) FROM ${T} WHERE ${DEC('vt')} GROUP BY 1` },
  {
    q: 'online vs walk-up visits this year',
    sql: cmp(
      `${T} WHERE ${THIS_YEAR('vt')}`,
      `count(*) FILTER (WHERE channel = 'online')`,
      `count(*) FILTER (WHERE channel = 'walk-up')`,
    ),
  },
  {
    q: 'what % of visits were kids tickets in 2025',
    sql: part(`${T} WHERE ${Y25('vt')}`, 'count(*)', `ticket_type = 'child'`),
  },
  { q: 'ticket revenue by region in Q4', sql: `SELECT region, sum(price_paid) FROM ${T} WHERE ${Q4('vt')} GROUP BY 1` },
  ranked(
    'monthly footfall at whitby in 2025',
    `SELECT ${month('vt')}, count(*) FROM ${T} WHERE site = 'Whitby Maritime Museum' AND ${Y25('vt')}
     GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'avg ticket price for adults',
    sql: `SELECT avg(price_paid) FROM ${T} WHERE ticket_type = 'adult' AND price_paid > 0`,
  },
  ranked(
    'which exhibition sold the most tickets',
    `SELECT exhibition, count(*) n FROM ${T} WHERE exhibition_id IS NOT NULL GROUP BY 1 ORDER BY n DESC`,
  ),
  ranked(
    'top 5 exhibitions by ticket income',
    `SELECT exhibition, sum(price_paid) s FROM ${T} WHERE exhibition_id IS NOT NULL GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  { q: 'online booking share by type of site', sql: `SELECT site_kind, ${ONLINE_SHARE} FROM ${T} GROUP BY 1` },
  {
    q: 'member visits since march',
    sql: `SELECT count(*) FROM ${T} WHERE ticket_type = 'member' AND vt >= '2025-03-01'`,
  },
  {
    q: 'q3 visits at the historic houses',
    sql: `SELECT count(*) FROM ${T} WHERE site_kind = 'historic house' AND ${Q3('vt')}`,
  },
  {
    q: 'income per visit, galleries vs museums, 2025',
    sql: cmp(`${T} WHERE ${Y25('vt')}`, PER_VISIT('gallery'), PER_VISIT('museum')),
  },
  { q: 'how many exhibitions opened in 2025', sql: `SELECT count(*) FROM ${E} WHERE ${Y25('ot')}` },
  {
    q: 'avg run length of touring exhibitions in days',
    sql: `SELECT avg(run_days) FROM exhibitions WHERE kind = 'touring'`,
  },
  { q: 'exibitions opened in 2024 by theme', sql: `SELECT theme, count(*) FROM ${E} WHERE ${Y24('ot')} GROUP BY 1` },
  { q: 'renewal rate by tier', sql: `SELECT tier, ${RENEWAL_RATE} FROM memberships GROUP BY 1` },
  { q: 'new memberships last month', sql: `SELECT count(*) FROM ${M} WHERE kind = 'new' AND ${DEC('st')}` },
  {
    q: 'membership income 2025 vs 2024',
    sql: cmp(M, `sum(fee) FILTER (WHERE ${Y25('st')})`, `sum(fee) FILTER (WHERE ${Y24('st')})`),
  },
  {
    q: 'renewals by channel in Q4',
    sql: `SELECT channel, count(*) FROM ${M} WHERE kind = 'renewal' AND ${Q4('st')} GROUP BY 1`,
  },
  {
    q: 'family memberhsips sold this year',
    sql: `SELECT count(*) FROM ${M} WHERE tier = 'family' AND ${THIS_YEAR('st')}`,
  },
  {
    q: 'how many patron members have we got at the moment',
    sql: `SELECT count(*) FROM memberships WHERE tier = 'patron' AND outcome = 'current'`,
  },
  {
    q: 'membership income per member last year',
    sql: `SELECT sum(fee) / count(DISTINCT member_id) FROM ${M} WHERE ${Y25('st')}`,
  },
  {
    q: 'what % of memberships sold in 2025 were renewals',
    sql: part(`${M} WHERE ${Y25('st')}`, 'count(*)', `kind = 'renewal'`),
  },
  {
    q: 'shop sales by category in 2025',
    sql: `SELECT category, sum(net_amount) FROM ${S} WHERE ${Y25('st')} GROUP BY 1`,
  },
  ranked(
    'top 3 sites for retail sales last year',
    `SELECT site, sum(net_amount) s FROM ${S} WHERE ${Y25('st')} GROUP BY 1 ORDER BY s DESC LIMIT 3`,
  ),
  {
    q: 'avg basket in store vs online',
    sql: cmp(
      S,
      `avg(net_amount) FILTER (WHERE channel = 'in store')`,
      `avg(net_amount) FILTER (WHERE channel = 'online')`,
    ),
  },
  {
    q: 'what share of shop takings came from online orders in Q4',
    sql: part(`${S} WHERE ${Q4('st')}`, 'sum(net_amount)', `channel = 'online'`),
  },
  {
    q: 'donations by donor type in 2025',
    sql: `SELECT donor_type, sum(amount) FROM ${D} WHERE ${Y25('dt')} GROUP BY 1`,
  },
  {
    q: 'how much gift aid can we claim on last years donations',
    sql: `SELECT sum(amount * 0.25) FROM ${D} WHERE gift_aid AND ${Y25('dt')}`,
  },
  {
    q: 'how much has the 2025 winter appeal raised so far',
    sql: `SELECT sum(amount) FROM donations WHERE appeal = 'Winter appeal 2025'`,
  },
  {
    q: 'pupils by school type in 2025',
    sql: `SELECT school_type, sum(pupils) FROM ${B} WHERE status = 'completed' AND ${Y25('vt')} GROUP BY 1`,
  },
  ranked(
    'which site gets the most primary school pupils',
    `SELECT site, sum(pupils) p FROM ${B} WHERE status = 'completed' AND school_type = 'primary' GROUP BY 1
     ORDER BY p DESC`,
  ),
  { q: 'volunter hours by site last quarter', sql: `SELECT site, sum(hours) FROM ${V} WHERE ${Q4('sd')} GROUP BY 1` },
  {
    q: 'how many active volunteers in each role',
    sql: `SELECT role, count(*) FROM volunteers WHERE active GROUP BY 1`,
  },
  {
    q: 'volunteer hours per volunteer in 2025',
    sql: `SELECT sum(hours) / count(DISTINCT volunteer_id) FROM ${V} WHERE ${Y25('sd')}`,
  },
  // What the model cannot answer.
  { q: 'cafe takings by site in 2025', decline: true },
  { q: 'whats our visitor satisfaction score at each site', decline: true },
  { q: 'how many objects did we lend to other museums last year', decline: true },
  { q: 'energy bills per site in 2025', decline: true },
  { q: 'average time visitors spend in the galleries', decline: true },
];

/** How many questions the set asks. */
export const MUSEUM_QUESTIONS = specs.length;
export const museumCases = (): Promise<Case[]> =>
  sqlCases(specs, [], {
    sites,
    exhibitions,
    tickets,
    memberships,
    shop_sales: shopSales,
    donations,
    school_bookings: schoolBookings,
    volunteers,
    volunteer_shifts: volunteerShifts,
  });
