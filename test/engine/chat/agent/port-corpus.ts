// Questions about a container terminal in its planners', quay, yard, gate and finance people's own words (vessel calls
// by line and service, schedule reliability, anchorage waits, hours alongside by berth; crane moves and crane
// productivity by crane and berth; TEU discharged and loaded, empties, reefer TEU, 45-footers, TEU per call, TEU by
// service and trade lane; dwell time by direction and yard block, boxes still in the yard; truck visits by month and
// haulier, turn times, booked slots; customs holds by authority, physical exams, x-ray hold times, seizures; reefer
// power, plugs and temperature alarms by commodity; demurrage billed, unpaid, by line and by customer; "discharged vs
// loaded", "QC6 vs QC1", "msc vs maersk", rankings, "last month", "Q3", "Q4", "since march", "this year", "right
// now", shares, per call, typos and shorthand), each answer SQL of our own on the same rows (sql-cases.ts). Written
// before the analyst was run on them, and kept as written.
import {
  berths,
  containers,
  craneWork,
  cranes,
  customsHolds,
  demurrageInvoices,
  gateVisits,
  lines,
  reeferConnections,
  services,
  vesselCalls,
  yardBlocks,
} from '../../../fixtures/analyst/port.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

const V = `(SELECT v.*, CAST(v.arrived_at AS TIMESTAMP) ata, s.name service, s.code, l.name line, b.name berth
  FROM vessel_calls v JOIN services s ON v.service_id = s.id JOIN lines l ON s.line_id = l.id
  JOIN berths b ON v.berth_id = b.id)`;
const W = `(SELECT w.*, CAST(w.started_at AS TIMESTAMP) st, k.name crane, b.name berth FROM crane_work w
  JOIN cranes k ON w.crane_id = k.id JOIN vessel_calls v ON w.call_id = v.id JOIN berths b ON v.berth_id = b.id)`;
const C = `(SELECT c.*, CAST(c.handled_at AS TIMESTAMP) ht, s.name service, s.trade, l.name line, y.name block
  FROM containers c JOIN vessel_calls v ON c.call_id = v.id JOIN services s ON v.service_id = s.id
  JOIN lines l ON s.line_id = l.id JOIN yard_blocks y ON c.yard_block = y.code)`;
const G = `(SELECT g.*, CAST(g.gate_in_at AS TIMESTAMP) gt FROM gate_visits g)`;
const H = `(SELECT h.*, CAST(h.placed_at AS TIMESTAMP) pt FROM customs_holds h)`;
const RF = `(SELECT x.*, CAST(x.plugged_at AS TIMESTAMP) pa FROM reefer_connections x)`;
const D = `(SELECT d.*, CAST(d.invoiced_at AS TIMESTAMP) inv, l.name line FROM demurrage_invoices d
  JOIN containers c ON d.container_id = c.id JOIN vessel_calls v ON c.call_id = v.id
  JOIN services s ON v.service_id = s.id JOIN lines l ON s.line_id = l.id)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q3 = (col: string) => within(col, '2025-07-01', '2025-10-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const SINCE_MARCH = (col: string) => `${col} >= '2025-03-01'`;
const THIS_YEAR = (col: string) => `${col} >= '2026-01-01'`;
const RELIABILITY = `100.0 * count(*) FILTER (WHERE delay_hours <= 12) / count(*)`;
const GCR = (crane: string) =>
  `sum(moves) FILTER (WHERE crane = '${crane}') / sum(hours) FILTER (WHERE crane = '${crane}')`;

const specs: Spec[] = [
  { q: 'how many vessel calls did we have last month', sql: `SELECT count(*) FROM ${V} WHERE ${DEC('ata')}` },
  { q: 'calls by shipping line 2025', sql: `SELECT line, count(*) FROM ${V} WHERE ${Y25('ata')} GROUP BY 1` },
  {
    q: 'teu discharged vs loaded last year',
    sql: cmp(
      `${C} WHERE ${Y25('ht')}`,
      `sum(teu) FILTER (WHERE direction = 'import')`,
      `sum(teu) FILTER (WHERE direction = 'export')`,
    ),
  },
  ranked(
    'top 3 services by TEU in 2025',
    `SELECT service, sum(teu) t FROM ${C} WHERE ${Y25('ht')} GROUP BY 1 ORDER BY t DESC LIMIT 3`,
  ),
  { q: 'average hours alongside by berth', sql: `SELECT berth, avg(berth_hours) FROM ${V} GROUP BY 1` },
  ranked(
    'which crane did the most moves in Q4',
    `SELECT crane, sum(moves) m FROM ${W} WHERE ${Q4('st')} GROUP BY 1 ORDER BY m DESC`,
  ),
  { q: 'QC6 vs QC1 crane productivity 2025', sql: cmp(`${W} WHERE ${Y25('st')}`, GCR('QC6'), GCR('QC1')) },
  { q: 'what % of our 2025 teu were empties', sql: part(`${C} WHERE ${Y25('ht')}`, 'sum(teu)', 'empty') },
  { q: 'avg dwell time for import boxes', sql: `SELECT avg(dwell_days) FROM containers WHERE direction = 'import'` },
  { q: 'dwell days by yard block', sql: `SELECT block, avg(dwell_days) FROM ${C} GROUP BY 1` },
  ranked(
    'truck visits per month in 2025',
    `SELECT ${month('gt')}, count(*) FROM ${G} WHERE ${Y25('gt')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'avg truck turn time last month', sql: `SELECT avg(turn_minutes) FROM ${G} WHERE ${DEC('gt')}` },
  ranked(
    'which haulier has done the most gate visits since march',
    `SELECT haulier, count(*) n FROM ${G} WHERE ${SINCE_MARCH('gt')} GROUP BY 1 ORDER BY n DESC`,
  ),
  {
    q: 'customs holds by authority in 2025',
    sql: `SELECT authority, count(*) FROM ${H} WHERE ${Y25('pt')} GROUP BY 1`,
  },
  {
    q: 'how many physical exams in Q4',
    sql: `SELECT count(*) FROM ${H} WHERE hold_type = 'physical exam' AND ${Q4('pt')}`,
  },
  {
    q: 'avg hold time for xray scans',
    sql: `SELECT avg(hold_hours) FROM customs_holds WHERE hold_type = 'x-ray scan'`,
  },
  { q: 'how many seizures in 2025', sql: `SELECT count(*) FROM ${H} WHERE outcome = 'seized' AND ${Y25('pt')}` },
  ranked(
    'reefer power usage by month in 2025 (kwh)',
    `SELECT ${month('pa')}, sum(kwh) FROM ${RF} WHERE ${Y25('pa')} GROUP BY 1 ORDER BY 1`,
  ),
  { q: 'how many reefer plugs do we have in total', sql: `SELECT sum(reefer_plugs) FROM yard_blocks` },
  {
    q: 'temp alarms by commodity',
    sql: `SELECT commodity, count(*) FILTER (WHERE alarm) FROM reefer_connections GROUP BY 1`,
  },
  { q: 'demurage billed last year', sql: `SELECT sum(amount) FROM ${D} WHERE ${Y25('inv')}` },
  { q: 'demurrage by line in q4', sql: `SELECT line, sum(amount) FROM ${D} WHERE ${Q4('inv')} GROUP BY 1` },
  {
    q: 'how much demurrage is still unpaid',
    sql: `SELECT sum(amount) - sum(amount) FILTER (WHERE paid) FROM demurrage_invoices`,
  },
  ranked(
    'top 5 customers by demurrage',
    `SELECT customer, sum(amount) s FROM demurrage_invoices GROUP BY 1 ORDER BY s DESC LIMIT 5`,
  ),
  {
    q: 'schedule reliabilty by line in 2025',
    sql: `SELECT line, ${RELIABILITY} FROM ${V} WHERE ${Y25('ata')} GROUP BY 1`,
  },
  {
    q: 'avg anchorage wait for MSC vessels last month',
    sql: `SELECT avg(wait_hours) FROM ${V} WHERE line = 'MSC' AND ${DEC('ata')}`,
  },
  // Still answered wrong, the set's one wrong answer left (analyst-corpus.node.test.ts allows it, no other): the
  // calls' Avg vessel size (TEU), a ship's capacity per call, is read where TEU handled per call is meant.
  {
    q: 'TEU per call in 2025',
    sql: `SELECT sum(teu) / count(DISTINCT call_id) FROM ${C} WHERE ${Y25('ht')}`,
  },
  { q: 'crane moves by berth 2025', sql: `SELECT berth, sum(moves) FROM ${W} WHERE ${Y25('st')} GROUP BY 1` },
  {
    q: 'how many 45 footers did samskip discharge this year',
    sql: `SELECT count(*) FROM ${C} WHERE size_ft = 45 AND direction = 'import' AND line = 'Samskip'
      AND ${THIS_YEAR('ht')}`,
  },
  {
    q: 'reefer teu loaded in Q3',
    sql: `SELECT sum(teu) FROM ${C} WHERE box_type = 'reefer' AND direction = 'export' AND ${Q3('ht')}`,
  },
  {
    q: 'what % of truck visits had a booked slot in 2025',
    sql: part(`${G} WHERE ${Y25('gt')}`, 'count(*)', 'booked_slot'),
  },
  {
    q: 'boxes sitting in the yard right now by block',
    sql: `SELECT block, count(*) FROM ${C} WHERE yard_out_at IS NULL GROUP BY 1`,
  },
  {
    q: 'how many times did the IBX call in 2025',
    sql: `SELECT count(*) FROM ${V} WHERE code = 'IBX' AND ${Y25('ata')}`,
  },
  {
    q: 'msc vs maersk teu discharged 2025',
    sql: cmp(
      `${C} WHERE direction = 'import' AND ${Y25('ht')}`,
      `sum(teu) FILTER (WHERE line = 'MSC')`,
      `sum(teu) FILTER (WHERE line = 'Maersk')`,
    ),
  },
  { q: 'teu by trade lane last year', sql: `SELECT trade, sum(teu) FROM ${C} WHERE ${Y25('ht')} GROUP BY 1` },
  // What the model cannot answer.
  { q: 'how many lashers were on the night shift last week', decline: true },
  { q: 'straddle carrier fuel use last month', decline: true },
  { q: 'which vessel paid the most port dues in 2025', decline: true },
  { q: 'co2 emissions per vessel call this year', decline: true },
  { q: 'how many containers were damaged during discharge in 2025', decline: true },
];

/** How many questions the set asks. */
export const PORT_QUESTIONS = specs.length;
export const portCases = (): Promise<Case[]> =>
  sqlCases(specs, [], {
    ...{ lines, services, berths, cranes, containers, vessel_calls: vesselCalls, crane_work: craneWork },
    ...{ yard_blocks: yardBlocks, gate_visits: gateVisits, customs_holds: customsHolds },
    ...{ reefer_connections: reeferConnections, demurrage_invoices: demurrageInvoices },
  });
