// Questions about a manufacturing plant in its supervisors' own words (output and defects of work orders by machine,
// line, shift and product; downtime events by reason, in minutes or hours; products as plurals, machine names as
// codes, per-order and per-event figures, shares, typos), each answer SQL of our own on the same rows (sql-cases.ts).
// Written before the analyst was run on them, and kept as written.
import { downtimeEvents, machines, workOrders } from '../../../fixtures/analyst/plant.js';
import type { Case } from './corpus.js';
import { sqlCases, type Spec } from './sql-cases.js';

const W = `(SELECT w.*, CAST(w.started_at AS TIMESTAMP) st, CAST(w.completed_at AS TIMESTAMP) co, m.name machine,
  m.machine_type, m.line FROM work_orders w LEFT JOIN machines m ON w.machine_id = m.id)`;
const D = `(SELECT d.*, CAST(d.started_at AS TIMESTAMP) st, m.name machine, m.machine_type, m.line
  FROM downtime_events d LEFT JOIN machines m ON d.machine_id = m.id)`;
const day = (col: string) => `strftime(${col}, '%Y-%m-%d')`;
const Y25 = `st >= '2025-01-01' AND st < '2026-01-01'`;
const cmp = (a: string, b: string) => `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT ${a} a, ${b} b FROM ${W})`;

const specs: Spec[] = [
  {
    q: 'how many work orders were completed last month',
    sql: `SELECT count(*) FROM ${W} WHERE co >= '2025-12-01' AND co < '2026-01-01'`,
  },
  { q: 'units produced by line', sql: `SELECT line, sum(units_produced) FROM ${W} GROUP BY 1` },
  {
    q: 'which machine had the most downtime last year',
    sql: `SELECT machine, sum(minutes) s FROM ${D} WHERE ${Y25} GROUP BY 1 ORDER BY s DESC`,
    ordered: true,
  },
  { q: 'downtime by reason', sql: `SELECT reason, sum(minutes) FROM ${D} GROUP BY 1` },
  {
    q: 'how many breakdowns lasted more than 2 hours',
    sql: `SELECT count(*) FROM ${D} WHERE reason = 'Breakdown' AND minutes > 120`,
  },
  { q: 'avg cycle time on the night shift', sql: `SELECT avg(cycle_seconds) FROM ${W} WHERE shift = 'Night'` },
  {
    q: 'scrap cost per month in 2025',
    sql: `SELECT ${day("date_trunc('month', st)")}, sum(scrap_cost) FROM ${W} WHERE ${Y25} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'top 3 products by defective units',
    sql: `SELECT product, sum(defective_units) s FROM ${W} GROUP BY 1 ORDER BY s DESC LIMIT 3`,
    ordered: true,
  },
  { q: 'how many work orders are in progress', sql: `SELECT count(*) FROM ${W} WHERE status = 'In progress'` },
  {
    q: 'units produced on line B last year',
    sql: `SELECT sum(units_produced) FROM ${W} WHERE line = 'Line B' AND ${Y25}`,
  },
  {
    q: 'what percentage of units were defective',
    sql: `SELECT sum(defective_units), sum(units_produced), 100.0 * sum(defective_units) / sum(units_produced) FROM ${W}`,
  },
  { q: 'downtime minutes by machine type', sql: `SELECT machine_type, sum(minutes) FROM ${D} GROUP BY 1` },
  {
    q: 'how many unplanned downtime events in december',
    sql: `SELECT count(*) FROM ${D} WHERE NOT planned AND st >= '2025-12-01' AND st < '2026-01-01'`,
  },
  { q: 'avg downtime per event', sql: `SELECT sum(minutes) / count(*) FROM ${D}` },
  {
    q: 'which shift produces the most defects',
    sql: `SELECT shift, sum(defective_units) s FROM ${W} GROUP BY 1 ORDER BY s DESC`,
    ordered: true,
  },
  {
    q: 'compare units produced day shift vs night shift',
    sql: cmp(`sum(units_produced) FILTER (WHERE shift = 'Day')`, `sum(units_produced) FILTER (WHERE shift = 'Night')`),
  },
  { q: 'work orders by status', sql: `SELECT status, count(*) FROM ${W} GROUP BY 1` },
  {
    q: 'how many work orders were scrapped in 2025',
    sql: `SELECT count(*) FROM ${W} WHERE status = 'Scrapped' AND ${Y25}`,
  },
  {
    q: 'output of CNC-03 last month',
    sql: `SELECT sum(units_produced) FROM ${W} WHERE machine = 'CNC-03' AND st >= '2025-12-01' AND st < '2026-01-01'`,
  },
  {
    q: 'lathe downtime this year',
    sql: `SELECT sum(minutes) FROM ${D} WHERE machine_type = 'Lathe' AND st >= '2026-01-01'`,
  },
  { q: 'avg units per work order', sql: `SELECT sum(units_produced) / count(*) FROM ${W}` },
  {
    q: 'defective units by machine in Q3 2025',
    sql: `SELECT machine, sum(defective_units) FROM ${W} WHERE st >= '2025-07-01' AND st < '2025-10-01' GROUP BY 1`,
  },
  { q: 'average cycle time by product', sql: `SELECT product, avg(cycle_seconds) FROM ${W} GROUP BY 1` },
  {
    q: 'breakdowns by machine',
    sql: `SELECT machine, count(*) FROM ${D} WHERE reason = 'Breakdown' GROUP BY 1`,
  },
  { q: 'total scrap cost last year', sql: `SELECT sum(scrap_cost) FROM ${W} WHERE ${Y25}` },
  {
    q: 'how many work orders for valve bodies in 2025',
    sql: `SELECT count(*) FROM ${W} WHERE product = 'Valve body' AND ${Y25}`,
  },
  {
    q: 'gear housings produced per month in 2025',
    sql: `SELECT ${day("date_trunc('month', st)")}, sum(units_produced) FROM ${W} WHERE product = 'Gear housing' AND ${Y25} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'how many work orders produced fewer than 100 units',
    sql: `SELECT count(*) FROM ${W} WHERE units_produced < 100`,
  },
  { q: 'avg downtime of presses', sql: `SELECT avg(minutes) FROM ${D} WHERE machine_type = 'Press'` },
  {
    q: 'how many shafts did we make last week',
    sql: `SELECT sum(units_produced) FROM ${W} WHERE product = 'Shaft' AND st >= '2026-01-05' AND st < '2026-01-12'`,
  },
  {
    q: 'material shortage downtime in 2025',
    sql: `SELECT sum(minutes) FROM ${D} WHERE reason = 'Material shortage' AND ${Y25}`,
  },
  {
    q: 'share of work orders on the night shift',
    sql: `SELECT count(*) FILTER (WHERE shift = 'Night'), count(*), 100.0 * count(*) FILTER (WHERE shift = 'Night') / count(*) FROM ${W}`,
  },
  {
    q: 'which machine had the longest single downtime',
    sql: `SELECT machine, max(minutes) m FROM ${D} GROUP BY 1 ORDER BY m DESC`,
    ordered: true,
  },
  {
    q: 'avg cycle time for cnc mills',
    sql: `SELECT avg(cycle_seconds) FROM ${W} WHERE machine_type = 'CNC mill'`,
  },
  { q: 'how many downtime events were over 90 min', sql: `SELECT count(*) FROM ${D} WHERE minutes > 90` },
  { q: 'planned units vs produced units', sql: cmp('sum(planned_units)', 'sum(units_produced)') },
  {
    q: 'defects by shift this year',
    sql: `SELECT shift, sum(defective_units) FROM ${W} WHERE st >= '2026-01-01' GROUP BY 1`,
  },
  { q: 'no. of work orders per machine', sql: `SELECT count(*) / count(DISTINCT machine_id) FROM ${W}` },
  {
    q: 'injection molder ouptut in 2024',
    sql: `SELECT sum(units_produced) FROM ${W} WHERE machine_type = 'Injection molder' AND st >= '2024-01-01' AND st < '2025-01-01'`,
  },
  // What the model cannot answer.
  { q: 'what is the energy consumption of line C', decline: true },
  { q: 'how many employees work the night shift', decline: true },
  { q: 'average machine temperature last week', decline: true },
  { q: "what's our on-time delivery rate to customers", decline: true },
];

/** How many questions the set asks. */
export const PLANT_QUESTIONS = specs.length;
export const plantCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { work_orders: workOrders, downtime_events: downtimeEvents, machines });
