// Questions about a public library's loans in people's own words ("checked out", "borrowed", "came back", authors by
// surname, formats as people write them, which book, per member), each answer SQL of our own on the same rows
// (sql-cases.ts). Written before the analyst was run on them.
import { books, loans, members } from '../../../fixtures/analyst/library.js';
import type { Case } from './corpus.js';
import { sqlCases, type Spec } from './sql-cases.js';

const L = `(SELECT l.*, CAST(l.checked_out_at AS TIMESTAMP) co, CAST(l.due_at AS TIMESTAMP) due,
  CAST(l.returned_at AS TIMESTAMP) ret, b.title, b.author, b.genre, b.format, b.pages, m.membership
  FROM loans l LEFT JOIN books b ON l.book_id = b.id LEFT JOIN members m ON l.member_id = m.id)`;
const day = (col: string) => `strftime(${col}, '%Y-%m-%d')`;
const Y25 = `co >= '2025-01-01' AND co < '2026-01-01'`;
const share = (p: string, where = 'true') =>
  `SELECT count(*) FILTER (WHERE ${p}), count(*), 100.0 * count(*) FILTER (WHERE ${p}) / count(*) FROM ${L} WHERE ${where}`;

const specs: Spec[] = [
  {
    q: 'how many books were checked out last month',
    sql: `SELECT count(*) FROM ${L} WHERE co >= '2025-12-01' AND co < '2026-01-01'`,
  },
  { q: 'loans by branch', sql: `SELECT branch, count(*) FROM ${L} GROUP BY 1` },
  {
    q: 'which book was borrowed the most',
    sql: `SELECT title, count(*) c FROM ${L} GROUP BY 1 ORDER BY c DESC`,
    ordered: true,
  },
  {
    q: 'top 3 authors by loans',
    sql: `SELECT author, count(*) c FROM ${L} GROUP BY 1 ORDER BY c DESC LIMIT 3`,
    ordered: true,
  },
  { q: 'ebook loans in 2025', sql: `SELECT count(*) FROM ${L} WHERE format = 'E-book' AND ${Y25}` },
  { q: 'total late fees by branch', sql: `SELECT branch, sum(late_fee) FROM ${L} GROUP BY 1` },
  {
    q: 'how many books were returned in december',
    sql: `SELECT count(*) FROM ${L} WHERE ret >= '2025-12-01' AND ret < '2026-01-01'`,
  },
  { q: 'what share of loans are audiobooks', sql: share(`format = 'Audiobook'`) },
  { q: 'loans per member', sql: `SELECT count(*) / count(DISTINCT member_id) FROM ${L}` },
  {
    q: 'mystery loans at riverside',
    sql: `SELECT count(*) FROM ${L} WHERE genre = 'Mystery' AND branch = 'Riverside'`,
  },
  { q: 'how many times was Asimov borrowed', sql: `SELECT count(*) FROM ${L} WHERE author = 'Isaac Asimov'` },
  {
    q: 'loans of agatha christie books by year',
    sql: `SELECT ${day("date_trunc('year', co)")}, count(*) FROM ${L} WHERE author = 'Agatha Christie' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'how many late returns were there in 2025',
    sql: `SELECT count(*) FROM ${L} WHERE ret > due AND ret >= '2025-01-01' AND ret < '2026-01-01'`,
  },
  { q: 'how many books are still out', sql: `SELECT count(*) FROM ${L} WHERE returned_at IS NULL` },
  { q: 'books still out by branch', sql: `SELECT branch, count(*) FROM ${L} WHERE returned_at IS NULL GROUP BY 1` },
  { q: 'number of borrowers last year', sql: `SELECT count(DISTINCT member_id) FROM ${L} WHERE ${Y25}` },
  { q: 'avg renewals by genre', sql: `SELECT genre, avg(renewals) FROM ${L} GROUP BY 1` },
  { q: 'loans by membership type', sql: `SELECT membership, count(*) FROM ${L} GROUP BY 1` },
  { q: 'how many loans by seniors', sql: `SELECT count(*) FROM ${L} WHERE membership = 'Senior'` },
  {
    q: 'students borrowing sci-fi this year',
    sql: `SELECT count(DISTINCT member_id) FROM ${L} WHERE membership = 'Student' AND genre = 'Science Fiction' AND co >= '2026-01-01'`,
  },
  {
    q: 'checkouts per month in 2025',
    sql: `SELECT ${day("date_trunc('month', co)")}, count(*) FROM ${L} WHERE ${Y25} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'which branch collected the most late fees',
    sql: `SELECT branch, sum(late_fee) s FROM ${L} GROUP BY 1 ORDER BY s DESC`,
    ordered: true,
  },
  {
    q: 'the 2 least borrowed genres',
    sql: `SELECT genre, count(*) c FROM ${L} GROUP BY 1 ORDER BY c ASC LIMIT 2`,
    ordered: true,
  },
  {
    q: 'how many different titles were borrowed in 2024',
    sql: `SELECT count(DISTINCT book_id) FROM ${L} WHERE co >= '2024-01-01' AND co < '2025-01-01'`,
  },
  {
    q: 'compare loans at central vs westwood',
    sql: `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT count(*) FILTER (WHERE branch = 'Central') a, count(*) FILTER (WHERE branch = 'Westwood') b FROM ${L})`,
  },
  { q: 'loans with more than 2 renewals', sql: `SELECT count(*) FROM ${L} WHERE renewals > 2` },
  {
    q: 'how many kids books were borrowed at Oak Hill',
    sql: `SELECT count(*) FROM ${L} WHERE genre = 'Children' AND branch = 'Oak Hill'`,
  },
  {
    q: 'poetry loans in the last quarter',
    sql: `SELECT count(*) FROM ${L} WHERE genre = 'Poetry' AND co >= '2025-10-01' AND co < '2026-01-01'`,
  },
  {
    q: 'what percentage of loans came back late',
    sql: share('ret > due'),
  },
  {
    q: 'how many books were due in november',
    sql: `SELECT count(*) FROM ${L} WHERE due >= '2025-11-01' AND due < '2025-12-01'`,
  },
  { q: 'average late fee per loan', sql: `SELECT sum(late_fee) / count(*) FROM ${L}` },
  { q: 'late fees in Q4 2025', sql: `SELECT sum(late_fee) FROM ${L} WHERE co >= '2025-10-01' AND co < '2026-01-01'` },
  { q: 'loans by format at northgate', sql: `SELECT format, count(*) FROM ${L} WHERE branch = 'Northgate' GROUP BY 1` },
  {
    q: 'how many toni morrison books were checked out since september',
    sql: `SELECT count(*) FROM ${L} WHERE author = 'Toni Morrison' AND co >= '2025-09-01'`,
  },
  { q: 'loans of books over 500 pages', sql: `SELECT count(*) FROM ${L} WHERE pages > 500` },
  {
    q: 'print loans vs audiobook loans',
    sql: `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT count(*) FILTER (WHERE format = 'Print') a, count(*) FILTER (WHERE format = 'Audiobook') b FROM ${L})`,
  },
  {
    q: 'biography loans by branch in 2024',
    sql: `SELECT branch, count(*) FROM ${L} WHERE genre = 'Biography' AND co >= '2024-01-01' AND co < '2025-01-01' GROUP BY 1`,
  },
  // What the model cannot answer.
  { q: 'how many new library cards were issued', decline: true },
  { q: 'average rating of mystery books', decline: true },
  { q: 'which branch has the longest opening hours', decline: true },
  { q: 'how much did we spend on new books', decline: true },
];

/** How many questions the set asks. */
export const LIBRARY_QUESTIONS = specs.length;
export const libraryCases = (): Promise<Case[]> => sqlCases(specs, [], { loans, books, members });
