// Questions about a hotel group in its revenue and operations managers' own words (reservations by booking date,
// stays by check-in date, ADR, length of stay, lead time, cancellation rate, no-shows, room and ancillary revenue by
// hotel, city, channel and loyalty tier, returning guests, review scores, room inventory and base rates; "direct vs
// OTA", "yoy", rankings, "last month", "q4", "since march", "the 90s", shares, typos and shorthand), each answer SQL of
// our own on the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { guests, hotels, reservations, reviews, rooms } from '../../../fixtures/analyst/hotel.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const R = `(SELECT x.*, CAST(x.check_in AS TIMESTAMP) ci, CAST(x.booked_at AS TIMESTAMP) bk, h.name hotel, h.city,
  h.country, h.stars, h.is_resort, g.loyalty_tier tier, g.home_country FROM reservations x
  LEFT JOIN hotels h ON x.hotel_id = h.id LEFT JOIN guests g ON x.guest_id = g.id)`;
const V = `(SELECT v.*, CAST(v.posted_at AS TIMESTAMP) pt, h.name hotel, h.is_resort FROM reviews v
  JOIN reservations x ON v.reservation_id = x.id JOIN hotels h ON x.hotel_id = h.id)`;
const RM = `(SELECT m.*, h.name hotel, h.city, h.country FROM rooms m LEFT JOIN hotels h ON m.hotel_id = h.id)`;
const H = `(SELECT *, CAST(opened_at AS TIMESTAMP) op FROM hotels)`;
const G = `(SELECT *, CAST(joined_at AS TIMESTAMP) jt FROM guests)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const DONE = `status = 'completed'`;
const STAYS = `count(*) FILTER (WHERE ${DONE})`;
const NIGHTS = `sum(nights) FILTER (WHERE ${DONE})`;
const ADR = `sum(room_revenue) FILTER (WHERE ${DONE}) / ${NIGHTS}`;
const CANCEL_RATE = `100.0 * count(*) FILTER (WHERE status = 'cancelled') / count(*)`;

const specs: Spec[] = [
  { q: 'how many reservations were booked last month', sql: `SELECT count(*) FROM ${R} WHERE ${DEC('bk')}` },
  { q: 'room revenue by hotel', sql: `SELECT hotel, sum(room_revenue) FROM ${R} GROUP BY 1` },
  { q: 'adr by city for 2025 check-ins', sql: `SELECT city, ${ADR} FROM ${R} WHERE ${Y25('ci')} GROUP BY 1` },
  { q: 'cancellation rate by channel', sql: `SELECT channel, ${CANCEL_RATE} FROM ${R} GROUP BY 1` },
  ranked(
    'which hotel had the most no-shows',
    `SELECT hotel, count(*) FILTER (WHERE status = 'no-show') n FROM ${R} GROUP BY 1 ORDER BY n DESC`,
  ),
  { q: 'avg length of stay at our resorts', sql: `SELECT 1.0 * ${NIGHTS} / ${STAYS} FROM ${R} WHERE is_resort` },
  { q: 'what % of bookings came through OTAs', sql: part(R, 'count(*)', `channel = 'OTA'`) },
  {
    q: 'direct vs OTA room revenue for stays checking in during 2025',
    sql: cmp(
      `${R} WHERE ${Y25('ci')}`,
      `sum(room_revenue) FILTER (WHERE channel = 'direct')`,
      `sum(room_revenue) FILTER (WHERE channel = 'OTA')`,
    ),
  },
  ranked(
    'top 5 hotels by total revenue (room + ancillary)',
    `SELECT hotel, sum(room_revenue) + sum(ancillary_revenue) t FROM ${R} GROUP BY 1 ORDER BY t DESC LIMIT 5`,
  ),
  ranked(
    'room nights by check-in month in 2025',
    `SELECT ${month('ci')}, ${NIGHTS} FROM ${R} WHERE ${Y25('ci')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'how many unique guests had a completed stay checking in in 2025',
    sql: `SELECT count(DISTINCT guest_id) FROM ${R} WHERE ${DONE} AND ${Y25('ci')}`,
  },
  {
    q: 'how many of our guests are platinum members',
    sql: `SELECT count(*) FROM guests WHERE loyalty_tier = 'platinum'`,
  },
  { q: 'avg reveiw score by hotel', sql: `SELECT hotel, avg(score) FROM ${V} GROUP BY 1` },
  ranked(
    'which home country do most of our guests come from',
    `SELECT home_country, count(*) n FROM guests GROUP BY 1 ORDER BY n DESC`,
  ),
  {
    q: 'ancillary revenue per completed stay at 5-star hotels',
    sql: `SELECT sum(ancillary_revenue) FILTER (WHERE ${DONE}) / ${STAYS} FROM ${R} WHERE stars = 5`,
  },
  { q: 'avg lead time for corporate bookings', sql: `SELECT avg(lead_days) FROM ${R} WHERE channel = 'corporate'` },
  {
    q: 'how many reservations with a check-in this year have been cancelled',
    sql: `SELECT count(*) FROM ${R} WHERE status = 'cancelled' AND ${within('ci', '2026-01-01', '2027-01-01')}`,
  },
  {
    q: 'no-shows in q4, by arrival date',
    sql: `SELECT count(*) FROM ${R} WHERE status = 'no-show' AND ${Q4('ci')}`,
  },
  { q: '# of rooms by room type', sql: `SELECT room_type, count(*) FROM rooms GROUP BY 1` },
  {
    q: 'avg base rate of suites in lisbon',
    sql: `SELECT avg(base_rate) FROM ${RM} WHERE room_type = 'suite' AND city = 'Lisbon'`,
  },
  {
    q: 'how many of our hotels opened in the 90s',
    sql: `SELECT count(*) FROM ${H} WHERE ${within('op', '1990-01-01', '2000-01-01')}`,
  },
  {
    q: 'room revenue from gold and platinum guests on stays that checked in last year',
    sql: `SELECT sum(room_revenue) FROM ${R} WHERE tier IN ('gold', 'platinum') AND ${Y25('ci')}`,
  },
  {
    q: 'room revenue yoy: 2024 vs 2025 check-ins',
    sql: cmp(R, `sum(room_revenue) FILTER (WHERE ${Y24('ci')})`, `sum(room_revenue) FILTER (WHERE ${Y25('ci')})`),
  },
  {
    q: 'what share of room revenue came from corporate bookings',
    sql: part(R, 'sum(room_revenue)', `channel = 'corporate'`),
  },
  ranked(
    'top 3 cities by number of completed stays checking in in 2025',
    `SELECT city, ${STAYS} n FROM ${R} WHERE ${Y25('ci')} GROUP BY 1 ORDER BY n DESC LIMIT 3`,
  ),
  {
    q: 'suite vs standard adr',
    sql: cmp(
      R,
      `sum(room_revenue) FILTER (WHERE ${DONE} AND room_type = 'suite') / sum(nights) FILTER (WHERE ${DONE} AND room_type = 'suite')`,
      `sum(room_revenue) FILTER (WHERE ${DONE} AND room_type = 'standard') / sum(nights) FILTER (WHERE ${DONE} AND room_type = 'standard')`,
    ),
  },
  {
    q: 'how many guests have come back for a second stay (2+ completed stays)',
    sql: `SELECT count(*) FROM (SELECT guest_id FROM reservations WHERE ${DONE} GROUP BY 1 HAVING count(*) >= 2)`,
  },
  {
    q: 'avg room revenue per booking from guests living in germany',
    sql: `SELECT avg(room_revenue) FROM ${R} WHERE home_country = 'Germany'`,
  },
  ranked(
    'reservations booked per month in 2025',
    `SELECT ${month('bk')}, count(*) FROM ${R} WHERE ${Y25('bk')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'cancelation rate for bookings made in 2024', sql: `SELECT ${CANCEL_RATE} FROM ${R} WHERE ${Y24('bk')}` },
  {
    q: 'how many reviews scored 9 or 10 last month',
    sql: `SELECT count(*) FROM ${V} WHERE score >= 9 AND ${DEC('pt')}`,
  },
  {
    q: 'avg review score: resorts vs city hotels',
    sql: cmp(V, `avg(score) FILTER (WHERE is_resort)`, `avg(score) FILTER (WHERE NOT is_resort)`),
  },
  {
    q: 'how many completed stays of 7+ nights did riviera palace have for 2025 check-ins',
    sql: `SELECT count(*) FROM ${R} WHERE ${DONE} AND nights >= 7 AND hotel = 'Riviera Palace Nice' AND ${Y25('ci')}`,
  },
  {
    q: 'ancillary rev by hotel for stays that checked in in q4',
    sql: `SELECT hotel, sum(ancillary_revenue) FROM ${R} WHERE ${Q4('ci')} GROUP BY 1`,
  },
  {
    q: 'how many new guest profiles have been created since march',
    sql: `SELECT count(*) FROM ${G} WHERE jt >= '2025-03-01'`,
  },
  // What the model cannot answer.
  { q: 'how much commission did we pay the OTAs in 2025', decline: true },
  { q: 'avg guest age by loyalty tier', decline: true },
  { q: 'housekeeping cost per occupied room last month', decline: true },
  { q: 'how many complaints did the front desk log in 2025', decline: true },
  { q: 'staff headcount per hotel', decline: true },
];

/** How many questions the set asks. */
export const HOTEL_QUESTIONS = specs.length;
export const hotelCases = (): Promise<Case[]> => sqlCases(specs, [], { reservations, hotels, rooms, guests, reviews });
