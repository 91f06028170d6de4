// Questions about a regional amateur basketball league in its office's own words (games played and postponed by
// season, home wins and home win %, away wins by club, overtime, margins and close games, combined scores and points
// in a quarter; attendance by venue, division and year; players' scoring, rebounds, assists, minutes and fouls by
// position, club, rookies vs veterans; rosters by birth decade and position; ticket revenue, seats and price per seat
// by buyer type, venue and home club; "this season", "last month", "q4", "since march", "this year", "the 90s",
// "yoy", rankings, shares, per-game ratios, typos and shorthand), each answer SQL of our own on the same rows
// (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { boxScores, clubs, games, players, ticketSales } from '../../../fixtures/analyst/league.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const G = `(SELECT g.*, CAST(g.game_date AS TIMESTAMP) gt, abs(g.home_points - g.away_points) margin, h.name home,
  h.division home_div, a.name away, a.division away_div FROM games g LEFT JOIN clubs h ON g.home_club_id = h.id
  LEFT JOIN clubs a ON g.away_club_id = a.id)`;
const B = `(SELECT b.*, p.name player, p.position, p.rookie, c.name club, c.division, g.season,
  CAST(g.game_date AS TIMESTAMP) gt FROM box_scores b LEFT JOIN players p ON b.player_id = p.id
  LEFT JOIN clubs c ON p.club_id = c.id LEFT JOIN games g ON b.game_id = g.id)`;
const T = `(SELECT t.*, CAST(t.sold_at AS TIMESTAMP) st, g.season, CAST(g.game_date AS TIMESTAMP) gt, g.venue,
  h.name home, h.division home_div FROM ticket_sales t LEFT JOIN games g ON t.game_id = g.id
  LEFT JOIN clubs h ON g.home_club_id = h.id)`;
const P = `(SELECT p.*, CAST(p.birth_date AS TIMESTAMP) bd, c.name club, c.division FROM players p
  LEFT JOIN clubs c ON p.club_id = c.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const NOW_SEASON = `season = '2025-26'`;
const PLAYED = `status = 'played'`;

const specs: Spec[] = [
  {
    q: 'how many games were played in the 2024-25 season',
    sql: `SELECT count(*) FROM games WHERE ${PLAYED} AND season = '2024-25'`,
  },
  { q: 'avg attendence by venue', sql: `SELECT venue, avg(attendance) FROM games GROUP BY 1` },
  ranked(
    'which club won the most home games',
    `SELECT home, count(*) FILTER (WHERE home_points > away_points) w FROM ${G} GROUP BY 1 ORDER BY w DESC`,
  ),
  {
    q: 'home win % this season',
    sql: `SELECT 100.0 * count(*) FILTER (WHERE home_points > away_points) / count(*) FILTER (WHERE ${PLAYED})
      FROM games WHERE ${NOW_SEASON}`,
  },
  { q: 'how many games went to overtime in 2025', sql: `SELECT count(*) FROM ${G} WHERE overtime AND ${Y25('gt')}` },
  {
    q: 'postponed games by season',
    sql: `SELECT season, count(*) FILTER (WHERE status = 'postponed') FROM games GROUP BY 1`,
  },
  { q: 'total attendance last month', sql: `SELECT sum(attendance) FROM ${G} WHERE ${DEC('gt')}` },
  ranked(
    'top 5 scorers this season',
    `SELECT player, sum(points) s FROM ${B} WHERE ${NOW_SEASON} GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  { q: 'ppg by position', sql: `SELECT position, avg(points) FROM ${B} GROUP BY 1` },
  {
    q: 'total asists by club in the 2024-25 season',
    sql: `SELECT club, sum(assists) FROM ${B} WHERE season = '2024-25' GROUP BY 1`,
  },
  {
    q: 'how many rookies does each club have',
    sql: `SELECT club, count(*) FILTER (WHERE rookie) FROM ${P} GROUP BY 1`,
  },
  {
    q: 'how many players were born in the 90s',
    sql: `SELECT count(*) FROM ${P} WHERE ${within('bd', '1990-01-01', '2000-01-01')}`,
  },
  {
    q: 'guards vs forwards, how many of each',
    sql: cmp('players', `count(*) FILTER (WHERE position = 'guard')`, `count(*) FILTER (WHERE position = 'forward')`),
  },
  { q: 'ticket revenue by buyer type', sql: `SELECT buyer_type, sum(price_paid) FROM ticket_sales GROUP BY 1` },
  { q: 'what % of seats were sold online', sql: part('ticket_sales', 'sum(seats)', `buyer_type = 'online'`) },
  {
    q: 'avg price per seat for walk-ups',
    sql: `SELECT sum(price_paid) / sum(seats) FROM ticket_sales WHERE buyer_type = 'walk-up'`,
  },
  ranked(
    'monthly ticket revenue in 2025, by the date the tickets were sold',
    `SELECT ${month('st')}, sum(price_paid) FROM ${T} WHERE ${Y25('st')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'seats sold for games at harbour arena', sql: `SELECT sum(seats) FROM ${T} WHERE venue = 'Harbour Arena'` },
  {
    q: 'avg crowd at home games, north vs south clubs',
    sql: cmp(
      G,
      `avg(attendance) FILTER (WHERE home_div = 'North')`,
      `avg(attendance) FILTER (WHERE home_div = 'South')`,
    ),
  },
  { q: 'biggest winning margin this season', sql: `SELECT max(margin) FROM ${G} WHERE ${NOW_SEASON}` },
  { q: 'avg margin of victory in OT games', sql: `SELECT avg(margin) FROM ${G} WHERE overtime` },
  {
    q: 'total points scored in games in q4',
    sql: `SELECT sum(home_points + away_points) FROM ${G} WHERE ${Q4('gt')}`,
  },
  {
    q: 'average combined score per game by season',
    sql: `SELECT season, avg(home_points + away_points) FROM games GROUP BY 1`,
  },
  {
    q: 'how many clubs were founded before 1950',
    sql: `SELECT count(*) FROM clubs WHERE founded_year < 1950`,
  },
  {
    q: 'away wins by club',
    sql: `SELECT away, count(*) FILTER (WHERE away_points > home_points) FROM ${G} GROUP BY 1`,
  },
  {
    q: 'team rebounds per game for the hawks this season',
    sql: `SELECT sum(rebounds) / count(DISTINCT game_id) FROM ${B} WHERE club = 'Riverton Hawks' AND ${NOW_SEASON}`,
  },
  {
    q: 'avg minutes: rookies vs veterans',
    sql: cmp(B, `avg(minutes) FILTER (WHERE rookie)`, `avg(minutes) FILTER (WHERE NOT rookie)`),
  },
  ranked(
    'who committed the most fouls in the 2024-25 season',
    `SELECT player, sum(fouls) f FROM ${B} WHERE season = '2024-25' GROUP BY 1 ORDER BY f DESC`,
  ),
  {
    q: 'how many different players have had a 20 point game',
    sql: `SELECT count(DISTINCT player_id) FROM box_scores WHERE points >= 20`,
  },
  {
    q: '# of seats sold to season-holders for 2025-26 games',
    sql: `SELECT sum(seats) FROM ${T} WHERE buyer_type = 'season-holder' AND ${NOW_SEASON}`,
  },
  {
    q: "ticket revenue per game for kingsbridge's home games",
    sql: `SELECT sum(price_paid) / count(DISTINCT game_id) FROM ${T} WHERE home = 'Kingsbridge Kings'`,
  },
  {
    q: 'yoy total attendance 2024 vs 2025',
    sql: cmp(G, `sum(attendance) FILTER (WHERE ${Y24('gt')})`, `sum(attendance) FILTER (WHERE ${Y25('gt')})`),
  },
  { q: 'avg attendance since march', sql: `SELECT avg(attendance) FROM ${G} WHERE gt >= '2025-03-01'` },
  {
    q: 'what % of games played this season were decided by 5 points or less',
    sql: part(`${G} WHERE ${PLAYED} AND ${NOW_SEASON}`, 'count(*)', 'margin <= 5'),
  },
  {
    q: 'how many games have been played so far this year',
    sql: `SELECT count(*) FROM ${G} WHERE ${PLAYED} AND gt >= '2026-01-01'`,
  },
  // What the model cannot answer.
  { q: 'how much do we pay referees per game', decline: true },
  { q: 'player salaries by club', decline: true },
  { q: 'how many injuries did our centers pick up this season', decline: true },
  { q: 'concession stand revenue at home games last month', decline: true },
  { q: 'three-point shooting % by player', decline: true },
];

/** How many questions the set asks. */
export const LEAGUE_QUESTIONS = specs.length;
export const leagueCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { games, clubs, players, box_scores: boxScores, ticket_sales: ticketSales });
