// Questions about a cinema chain in its managers' own words (admissions and box office revenue by film, genre,
// rating, distributor, cinema, city, format, ticket type and sales channel; occupancy of seats on sale; concession
// orders, combos and spend; loyalty members by tier and home cinema; "app vs web", "2024 vs 2025", rankings, "last
// month", "Q4", "since march", "this year", "the 90s", shares, per screening, partial names, typos and shorthand), each
// answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as
// written.
import { cinemas, concessions, films, members, screenings, tickets } from '../../../fixtures/analyst/cinema.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const T = `(SELECT t.*, CAST(t.sold_at AS TIMESTAMP) ts, CAST(s.starts_at AS TIMESTAMP) st, s.format, s.film_id,
  f.title, f.genre, f.rating, f.distributor, c.name cinema, c.city FROM tickets t
  LEFT JOIN screenings s ON t.screening_id = s.id LEFT JOIN films f ON s.film_id = f.id
  LEFT JOIN cinemas c ON s.cinema_id = c.id)`;
const S = `(SELECT s.*, CAST(s.starts_at AS TIMESTAMP) st, f.title, f.genre, f.rating, c.name cinema, c.city,
  c.has_imax FROM screenings s LEFT JOIN films f ON s.film_id = f.id LEFT JOIN cinemas c ON s.cinema_id = c.id)`;
const C = `(SELECT o.*, CAST(o.ordered_at AS TIMESTAMP) ot, c.name cinema, c.city FROM concessions o
  LEFT JOIN cinemas c ON o.cinema_id = c.id)`;
const M = `(SELECT m.*, CAST(m.joined_at AS TIMESTAMP) jt, c.name cinema, c.city FROM members m
  LEFT JOIN cinemas c ON m.home_cinema_id = c.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const OCC = `100.0 * sum(seats_sold) / sum(seats_available)`;

const specs: Spec[] = [
  { q: 'how many tickets did we sell last month', sql: `SELECT count(*) FROM ${T} WHERE ${DEC('ts')}` },
  { q: 'box office revenue by genre', sql: `SELECT genre, sum(price_paid) FROM ${T} GROUP BY 1` },
  {
    q: 'app vs web ticket revenue in 2025',
    sql: cmp(
      `${T} WHERE ${Y25('ts')}`,
      `sum(price_paid) FILTER (WHERE channel = 'app')`,
      `sum(price_paid) FILTER (WHERE channel = 'web')`,
    ),
  },
  ranked('which cinema sold the most tickets', `SELECT cinema, count(*) n FROM ${T} GROUP BY 1 ORDER BY n DESC`),
  { q: 'occupancy by format', sql: `SELECT format, ${OCC} FROM ${S} GROUP BY 1` },
  { q: 'avg ticket price for imax', sql: `SELECT avg(price_paid) FROM ${T} WHERE format = 'IMAX'` },
  { q: 'what % of tickets were bought online', sql: part(T, 'count(*)', `channel IN ('app', 'web')`) },
  ranked('top 5 films by box office', `SELECT title, sum(price_paid) s FROM ${T} GROUP BY 1 ORDER BY s DESC LIMIT 5`),
  { q: 'concesion sales by city', sql: `SELECT city, sum(total) FROM ${C} GROUP BY 1` },
  { q: 'how many loyalty members are gold', sql: `SELECT count(*) FROM members WHERE tier = 'Gold'` },
  { q: 'new members this year', sql: `SELECT count(*) FROM ${M} WHERE jt >= '2026-01-01'` },
  ranked(
    'number of tickets sold each month in 2025',
    `SELECT ${month('ts')}, count(*) FROM ${T} WHERE ${Y25('ts')} GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'senior vs student tickets sold',
    sql: cmp(T, `count(*) FILTER (WHERE ticket_type = 'senior')`, `count(*) FILTER (WHERE ticket_type = 'student')`),
  },
  { q: 'how many screenings did we run in Q4', sql: `SELECT count(*) FROM ${S} WHERE ${Q4('st')}` },
  { q: 'fill rate for horror films', sql: `SELECT ${OCC} FROM ${S} WHERE genre = 'Horror'` },
  { q: 'avg runtime of R rated movies', sql: `SELECT avg(runtime_min) FROM films WHERE rating = 'R'` },
  { q: '# of films by distributor', sql: `SELECT distributor, count(*) FROM films GROUP BY 1` },
  { q: 'how many of our cinemas have an imax screen', sql: `SELECT count(*) FROM cinemas WHERE has_imax` },
  { q: 'total screens in denver', sql: `SELECT sum(screens) FROM cinemas WHERE city = 'Denver'` },
  { q: 'combo orders last quarter', sql: `SELECT count(*) FROM ${C} WHERE is_combo AND ${Q4('ot')}` },
  { q: 'avg concession order at the austin cinemas', sql: `SELECT avg(total) FROM ${C} WHERE city = 'Austin'` },
  { q: 'what share of concession orders are combos', sql: part(C, 'count(*)', 'is_combo') },
  {
    q: 'how many different films did roxy downtown show in 2025',
    sql: `SELECT count(DISTINCT film_id) FROM ${S} WHERE cinema = 'Roxy Downtown' AND ${Y25('st')}`,
  },
  {
    q: 'box office revenue per screening for 3d shows',
    sql: `SELECT sum(price_paid) / count(DISTINCT screening_id) FROM ${T} WHERE format = '3D'`,
  },
  { q: 'admissions by ticket type', sql: `SELECT ticket_type, count(*) FROM ${T} GROUP BY 1` },
  {
    q: 'ticket revenue from family films (G and PG) in 2024',
    sql: `SELECT sum(price_paid) FROM ${T} WHERE rating IN ('G', 'PG') AND ${Y24('ts')}`,
  },
  { q: 'avg tikcet price by channel', sql: `SELECT channel, avg(price_paid) FROM ${T} GROUP BY 1` },
  ranked(
    "which distributor's films brought in the most box office revenue",
    `SELECT distributor, sum(price_paid) s FROM ${T} GROUP BY 1 ORDER BY s DESC`,
  ),
  {
    q: 'kids tickets sold for animated movies',
    sql: `SELECT count(*) FROM ${T} WHERE ticket_type = 'child' AND genre = 'Animation'`,
  },
  { q: 'concession revenue since march', sql: `SELECT sum(total) FROM ${C} WHERE ot >= '2025-03-01'` },
  {
    q: 'how many cinemas opened in the 90s',
    sql: `SELECT count(*) FROM cinemas WHERE opened_year >= 1990 AND opened_year < 2000`,
  },
  { q: 'loyalty members by tier', sql: `SELECT tier, count(*) FROM members GROUP BY 1` },
  {
    q: 'box office revenue at riverside, 2024 vs 2025',
    sql: cmp(
      `${T} WHERE cinema = 'Majestic Riverside'`,
      `sum(price_paid) FILTER (WHERE ${Y24('ts')})`,
      `sum(price_paid) FILTER (WHERE ${Y25('ts')})`,
    ),
  },
  {
    q: 'how many members have starlight plaza as their home cinema',
    sql: `SELECT count(*) FROM ${M} WHERE cinema = 'Starlight Plaza'`,
  },
  { q: 'occupancy at each cinema', sql: `SELECT cinema, ${OCC} FROM ${S} GROUP BY 1` },
  // What the model cannot answer.
  { q: 'how much did we pay distributors in film rental fees last year', decline: true },
  { q: 'average audience review score by film', decline: true },
  { q: 'staff wages per cinema', decline: true },
  { q: 'how many tickets were refunded in 2025', decline: true },
  { q: 'avg age of our loyalty members', decline: true },
];

/** How many questions the set asks. */
export const CINEMA_QUESTIONS = specs.length;
export const cinemaCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { tickets, screenings, films, cinemas, concessions, members });
