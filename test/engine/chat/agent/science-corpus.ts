// Questions about real public data (vega-datasets: Burtin's 1951 antibiotics chart, Playfair's wheat prices and wages
// in England 1565–1821 with the monarchs reigning then, the S&P 500's monthly close 2000–2010) in people's own words
// ("mic", "staph", "gram negatives", partial monarch names, centuries, "Q4", "since march"), each answer SQL of our
// own on the same files, run by native DuckDB (sql-cases.ts). Written before the analyst was run on them.
import { FILES } from '../../../fixtures/analyst/science.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, type Spec } from './sql-cases.js';

const B = `(SELECT * FROM read_json_auto('${FILES.burtin}'))`;
const W = `(SELECT CAST(year AS INTEGER) yr, wheat, wages FROM read_json_auto('${FILES.wheat}'))`;
const M = `(SELECT name, start, "end", coalesce(commonwealth, false) commonwealth FROM read_json_auto('${FILES.monarchs}'))`;
/** Each wheat row with the monarch reigning that year (George IV's reign starts and ends in 1820). */
const WM = `(SELECT w.*, m.name, m.commonwealth FROM ${W} w JOIN ${M} m ON w.yr >= m.start AND (w.yr < m."end" OR (m.start = m."end" AND w.yr = m.start)))`;
const S = `(SELECT CAST(price AS DOUBLE) price, strptime(date, '%b %d %Y') d FROM read_csv('${FILES.sp500}', all_varchar = true, header = true))`;
const yearOf = (col: string) => `strftime(date_trunc('year', ${col}), '%Y-%m-%d')`;
const yearTs = `make_timestamp(yr, 1, 1, 0, 0, 0)`;

const specs: Spec[] = [
  // Antibiotics (Burtin): bacteria, gram stain, genus, MIC of each drug.
  { q: 'how many bacteria were tested', sql: `SELECT count(*) FROM ${B}` },
  { q: 'how many gram negative bacteria', sql: `SELECT count(*) FROM ${B} WHERE "Gram_Staining" = 'negative'` },
  { q: 'avg penicillin mic by gram stain', sql: `SELECT "Gram_Staining", avg("Penicillin") FROM ${B} GROUP BY 1` },
  ranked(
    'which bacterium needs the highest neomycin concentration to be inhibited',
    `SELECT "Bacteria", "Neomycin" FROM ${B} ORDER BY 2 DESC`,
  ),
  {
    q: 'what % of the bacteria are gram-positive',
    sql: part(B, 'count(*)', `"Gram_Staining" = 'positive'`),
  },
  { q: 'number of bacteria per genus', sql: `SELECT "Genus", count(*) FROM ${B} GROUP BY 1` },
  {
    q: 'streptomycin vs neomycin: average mic for the gram negatives',
    sql: cmp(`${B} WHERE "Gram_Staining" = 'negative'`, 'avg("Streptomycin")', 'avg("Neomycin")'),
  },
  {
    q: 'penicillin mic for staph aureus',
    sql: `SELECT "Penicillin" FROM ${B} WHERE "Bacteria" = 'Staphylococcus aureus'`,
  },
  { q: 'how many bacteria have a penicilin mic below 0.1', sql: `SELECT count(*) FROM ${B} WHERE "Penicillin" < 0.1` },
  {
    q: 'avg neomycin mic of the streptococci',
    sql: `SELECT avg("Neomycin") FROM ${B} WHERE "Genus" = 'Streptococcus'`,
  },
  { q: 'lowest streptomycin mic of any bacterium', sql: `SELECT min("Streptomycin") FROM ${B}` },
  ranked('top 3 bacteria by penicillin mic', `SELECT "Bacteria", "Penicillin" FROM ${B} ORDER BY 2 DESC LIMIT 3`),
  // Wheat prices and wages (Playfair), with the monarch reigning that year.
  { q: 'avg wheat price in the 1700s', sql: `SELECT avg(wheat) FROM ${W} WHERE yr >= 1700 AND yr < 1800` },
  { q: 'highest wheat price ever recorded', sql: `SELECT max(wheat) FROM ${W}` },
  { q: 'average wheat price under each monarch', sql: `SELECT name, avg(wheat) FROM ${WM} GROUP BY 1` },
  ranked(
    "which monarch's reign had the highest avg wheat price",
    `SELECT name, avg(wheat) a FROM ${WM} GROUP BY 1 ORDER BY a DESC`,
  ),
  { q: 'what did wheat cost in 1800', sql: `SELECT wheat FROM ${W} WHERE yr = 1800` },
  {
    q: 'average weekly wages during the reign of george III',
    sql: `SELECT avg(wages) FROM ${WM} WHERE name = 'George III'`,
  },
  {
    q: 'how many of the recorded years fall in the commonwealth',
    sql: `SELECT count(*) FROM ${WM} WHERE commonwealth`,
  },
  ranked(
    'wheat price year by year in the 1600s',
    `SELECT ${yearOf(yearTs)}, avg(wheat) FROM ${W} WHERE yr >= 1600 AND yr < 1700 GROUP BY 1 ORDER BY 1`,
  ),
  {
    q: 'elizabeth vs charles II avg wheat price',
    sql: cmp(WM, `avg(wheat) FILTER (WHERE name = 'Elizabeth')`, `avg(wheat) FILTER (WHERE name = 'Charles II')`),
  },
  { q: 'how many monarchs are there', sql: `SELECT count(*) FROM ${M}` },
  { q: 'average length of a reign in years', sql: `SELECT avg("end" - start) FROM ${M}` },
  { q: 'lowest weekly wage in the data', sql: `SELECT min(wages) FROM ${W}` },
  { q: 'how many years was wheat above 60 shillings', sql: `SELECT count(*) FROM ${W} WHERE wheat > 60` },
  // S&P 500 monthly close.
  { q: 'avg s&p 500 close in 2008', sql: `SELECT avg(price) FROM ${S} WHERE year(d) = 2008` },
  { q: 'highest sp500 close', sql: `SELECT max(price) FROM ${S}` },
  { q: 'lowest close since march 2009', sql: `SELECT min(price) FROM ${S} WHERE d >= '2009-03-01'` },
  ranked('average s&p close per year', `SELECT ${yearOf('d')}, avg(price) FROM ${S} GROUP BY 1 ORDER BY 1`),
  ranked(
    's&p close by month in 2009',
    `SELECT ${month('d')}, avg(price) FROM ${S} WHERE year(d) = 2009 GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'how many months did the index close above 1400', sql: `SELECT count(*) FROM ${S} WHERE price > 1400` },
  {
    q: 'avg close 2007 vs 2009',
    sql: cmp(S, 'avg(price) FILTER (WHERE year(d) = 2007)', 'avg(price) FILTER (WHERE year(d) = 2009)'),
  },
  {
    q: 'average index level in Q4 2008',
    sql: `SELECT avg(price) FROM ${S} WHERE d >= '2008-10-01' AND d < '2009-01-01'`,
  },
  ranked(
    'which year had the highest avg s&p close',
    `SELECT ${yearOf('d')}, avg(price) a FROM ${S} GROUP BY 1 ORDER BY a DESC`,
  ),
  { q: 'highest monthly close in 2000', sql: `SELECT max(price) FROM ${S} WHERE year(d) = 2000` },
  // What the data cannot answer.
  { q: 'which antibiotic is the cheapest per dose', decline: true },
  { q: 'how many patients were treated with penicillin', decline: true },
  { q: 'price of barley in 1700', decline: true },
  { q: 'trading volume of the s&p 500 in 2008', decline: true },
  { q: 'population of england under elizabeth', decline: true },
];

/** How many questions the set asks. */
export const SCIENCE_QUESTIONS = 40;
export const scienceCases = (): Promise<Case[]> => sqlCases(specs);
