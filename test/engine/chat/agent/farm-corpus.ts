// Questions about a farming co-operative in its manager's own words (tonnes delivered by crop, region, farm, grade and
// month; average price per tonne, rejection rate and the value of deliveries; yield per hectare by crop, soil and
// season; crop failures and their causes, irrigated vs dry fields; payouts to members per member and year on year;
// organic vs conventional, field area irrigated, members who joined in the 90s; "last month", "since march", "q4", "this
// year", "the 2025 season", shares, comparisons, rankings, shorthand, "corn" for maize and a typo or two), each answer
// SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run on them, and kept as written.
import { deliveries, farms, fields, payments, plantings } from '../../../fixtures/analyst/farm.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const D = `(SELECT d.*, CAST(d.delivered_at AS TIMESTAMP) dt, f.name farm, f.region, f.organic FROM deliveries d
  LEFT JOIN farms f ON d.farm_id = f.id)`;
const P = `(SELECT p.*, CAST(p.planted_on AS TIMESTAMP) pt, CAST(p.harvested_on AS TIMESTAMP) ht, fl.name field,
  fl.irrigated, fl.soil_type, f.name farm, f.region, f.organic FROM plantings p LEFT JOIN fields fl ON p.field_id = fl.id
  LEFT JOIN farms f ON fl.farm_id = f.id)`;
const F = `(SELECT fl.*, f.name farm, f.region, f.organic FROM fields fl LEFT JOIN farms f ON fl.farm_id = f.id)`;
const M = `(SELECT *, CAST(member_since AS TIMESTAMP) ms FROM farms)`;
const Y = `(SELECT y.*, CAST(y.paid_at AS TIMESTAMP) yt, f.name farm, f.region, f.organic FROM payments y
  LEFT JOIN farms f ON y.farm_id = f.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const YPH = `sum(yield_tonnes) / sum(hectares) FILTER (WHERE harvested_on IS NOT NULL)`;
const yphWhere = (w: string) =>
  `sum(yield_tonnes) FILTER (WHERE ${w}) / sum(hectares) FILTER (WHERE harvested_on IS NOT NULL AND ${w})`;
const failWhere = (w: string) => `100.0 * count(*) FILTER (WHERE failed AND ${w}) / count(*) FILTER (WHERE ${w})`;
const REJECTION = `100.0 * count(*) FILTER (WHERE rejected) / count(*)`;
const VALUE = `sum(tonnes * price_per_tonne)`;

const specs: Spec[] = [
  { q: 'how many tonnes were delivered last month', sql: `SELECT sum(tonnes) FROM ${D} WHERE ${DEC('dt')}` },
  { q: 'tonnes deliverd by crop in 2025', sql: `SELECT crop, sum(tonnes) FROM ${D} WHERE ${Y25('dt')} GROUP BY 1` },
  { q: 'avg price per tonne for wheat', sql: `SELECT avg(price_per_tonne) FROM ${D} WHERE crop = 'Wheat'` },
  ranked('which region delivered the most tonnes', `SELECT region, sum(tonnes) t FROM ${D} GROUP BY 1 ORDER BY t DESC`),
  { q: 'yield per hectare by crop', sql: `SELECT crop, ${YPH} FROM ${P} GROUP BY 1` },
  { q: 'crop failures by cause', sql: `SELECT failure_cause, count(*) FROM ${P} WHERE failed GROUP BY 1` },
  {
    q: 'how many plantings did pests wipe out in the 2025 season',
    sql: `SELECT count(*) FROM ${P} WHERE failed AND failure_cause = 'pests' AND season = 2025`,
  },
  {
    q: "for the fields we irrigate vs the ones we don't, what's the crop failure rate",
    sql: cmp(P, failWhere('irrigated'), failWhere('NOT irrigated')),
  },
  { q: 'how much did we pay out to members in 2025', sql: `SELECT sum(amount) FROM ${Y} WHERE ${Y25('yt')}` },
  {
    q: 'organic vs conventional tonnes delivered',
    sql: cmp(D, `sum(tonnes) FILTER (WHERE organic)`, `sum(tonnes) FILTER (WHERE NOT organic)`),
  },
  ranked(
    'top 5 farms by tonnes delivered in 2025',
    `SELECT farm, sum(tonnes) t FROM ${D} WHERE ${Y25('dt')} GROUP BY 1 ORDER BY t DESC LIMIT 5`,
  ),
  {
    q: 'how many organic farms are there in the highlands',
    sql: `SELECT count(*) FROM farms WHERE organic AND region = 'Highlands'`,
  },
  { q: 'total hectares farmed by region', sql: `SELECT region, sum(hectares) FROM farms GROUP BY 1` },
  { q: 'what % of our field area is irrigated', sql: part('fields', 'sum(hectares)', 'irrigated') },
  { q: '# of fields on sandy soil', sql: `SELECT count(*) FROM fields WHERE soil_type = 'sandy'` },
  ranked(
    'monthly tonnes delivered in 2025',
    `SELECT ${month('dt')}, sum(tonnes) FROM ${D} WHERE ${Y25('dt')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'avg price per tonne by grade', sql: `SELECT grade, avg(price_per_tonne) FROM ${D} GROUP BY 1` },
  { q: 'rejection rate by crop', sql: `SELECT crop, ${REJECTION} FROM ${D} GROUP BY 1` },
  {
    q: 'tonnes delivered so far this year by grade',
    sql: `SELECT grade, sum(tonnes) FROM ${D} WHERE dt >= '2026-01-01' GROUP BY 1`,
  },
  { q: 'average payment amount in 2025', sql: `SELECT avg(amount) FROM ${Y} WHERE ${Y25('yt')}` },
  {
    q: 'average total payout per member in 2025',
    sql: `SELECT sum(amount) / count(DISTINCT farm_id) FROM ${Y} WHERE ${Y25('yt')}`,
  },
  {
    q: 'on average how many tonnes did each farm deliver in 2025',
    sql: `SELECT sum(tonnes) / count(DISTINCT farm_id) FROM ${D} WHERE ${Y25('dt')}`,
  },
  ranked(
    'which soil type gives the best yield per hectare',
    `SELECT soil_type, ${YPH} v FROM ${P} GROUP BY 1 ORDER BY v DESC`,
  ),
  {
    q: 'potato yeild per ha in the 2024 season',
    sql: `SELECT ${YPH} FROM ${P} WHERE crop = 'Potatoes' AND season = 2024`,
  },
  {
    q: 'wheat vs barley yield per hectare, 2025 season',
    sql: cmp(`${P} WHERE season = 2025`, yphWhere(`crop = 'Wheat'`), yphWhere(`crop = 'Barley'`)),
  },
  { q: 'how many fields does hillcrest have', sql: `SELECT count(*) FROM ${F} WHERE farm = 'Hillcrest Farm'` },
  {
    q: 'number of deliveries from river delta farms since march',
    sql: `SELECT count(*) FROM ${D} WHERE region = 'River Delta' AND dt >= '2025-03-01'`,
  },
  {
    q: 'how many plantings are still in the ground',
    sql: `SELECT count(*) FROM plantings WHERE harvested_on IS NULL AND NOT failed`,
  },
  {
    q: 'how many farms joined the co-op in the 90s',
    sql: `SELECT count(*) FROM ${M} WHERE ${within('ms', '1990-01-01', '2000-01-01')}`,
  },
  {
    q: 'what pct of the tonnes delivered in q4 were grade A',
    sql: part(`${D} WHERE ${Q4('dt')}`, 'sum(tonnes)', `grade = 'A'`),
  },
  {
    q: 'tonnes harvested by region in the 2025 season',
    sql: `SELECT region, sum(yield_tonnes) FROM ${P} WHERE season = 2025 GROUP BY 1`,
  },
  ranked(
    'which crop lost the most plantings to hail',
    `SELECT crop, count(*) n FROM ${P} WHERE failed AND failure_cause = 'hail' GROUP BY 1 ORDER BY n DESC`,
  ),
  {
    q: 'value of accepted deliveries by crop last year',
    sql: `SELECT crop, ${VALUE} FROM ${D} WHERE NOT rejected AND ${Y25('dt')} GROUP BY 1`,
  },
  {
    q: 'yoy payouts: 2024 vs 2025',
    sql: cmp(Y, `sum(amount) FILTER (WHERE ${Y24('yt')})`, `sum(amount) FILTER (WHERE ${Y25('yt')})`),
  },
  {
    q: 'how many different farms delivered corn in december',
    sql: `SELECT count(DISTINCT farm_id) FROM ${D} WHERE crop = 'Maize' AND ${DEC('dt')}`,
  },
  // What the model cannot answer.
  { q: 'how much did members spend on fertilizer per hectare last season', decline: true },
  { q: 'total rainfall in the north valley in 2025', decline: true },
  { q: 'how many head of cattle does each farm keep', decline: true },
  { q: 'diesel and fuel costs by farm in 2025', decline: true },
  { q: 'how many litres of water did the irrigated fields use last summer', decline: true },
];

/** How many questions the set asks. */
export const FARM_QUESTIONS = specs.length;
export const farmCases = (): Promise<Case[]> => sqlCases(specs, [], { farms, fields, plantings, deliveries, payments });
