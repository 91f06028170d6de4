// What the tests of tables kept in OPFS share (opfs-kept.test.ts, opfs-kept-repair.test.ts): the model over
// vega-datasets' airports and flights, an engine started with its progress events, the answers compared across starts,
// and what IndexedDB and the database file hold.
import { openDB } from 'idb';
import { createLocalEngine, DEMO, type EngineProgress, type LocalEngine } from '../../../src/engine/index.js';
import type { LocalEngineOptions } from '../../../src/engine/options.js';
import type { DataTableRecord } from '../../../src/engine/store/schema.js';
import { createDuckDbExecutor } from '../../../src/engine/data/duckdb-browser.js';
import { opfsFileName } from '../../../src/engine/data/opfs-database.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { deleteDatabase } from '../helpers.js';

export const DATA = '/node_modules/vega-datasets/data';
export const MODEL = `cubes:
  - name: airports
    sql_table: airports
    measures:
      - { name: count, type: count }
    dimensions:
      - { name: iata, sql: iata, type: string, primary_key: true }
      - { name: state, sql: state, type: string }
  - name: flights
    sql_table: flights
    measures:
      - { name: count, type: count }
      - { name: avg_delay, sql: delay, type: avg }
      - { name: distance, sql: distance, type: sum }
`;
export const AIRPORTS_ONLY = MODEL.slice(0, MODEL.indexOf('  - name: flights'));

export type Database = Extract<EngineProgress, { phase: 'database' }>;

export interface Started {
  engine: LocalEngine;
  events: EngineProgress[];
}

export async function start(name: string, options: Partial<LocalEngineOptions> = {}): Promise<Started> {
  const events: EngineProgress[] = [];
  const engine = await createLocalEngine({ name, seed: 'demo', onProgress: (e) => events.push(e), ...options });
  return { engine, events };
}

export const admin = (engine: LocalEngine) =>
  new HttpTransport({ baseUrl: 'https://local.svc', fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });

/** Airports per state (the five with most), and the flights' count, mean delay and distance, through /load. */
export async function answers(engine: LocalEngine, flights = true): Promise<unknown[]> {
  const byState = await admin(engine).load({
    query: {
      measures: ['airports.count'],
      dimensions: ['airports.state'],
      order: { 'airports.count': 'desc', 'airports.state': 'asc' },
      limit: 5,
    },
  });
  const out: unknown[] = [byState.data.map((r) => [r['airports.state'], Number(r['airports.count'])])];
  if (flights) {
    const f = await admin(engine).load({
      query: { measures: ['flights.count', 'flights.avg_delay', 'flights.distance'] },
    });
    const r = f.data[0];
    out.push([Number(r['flights.count']), Number(r['flights.avg_delay']).toFixed(4), Number(r['flights.distance'])]);
  }
  return out;
}

export const database = (events: EngineProgress[]) => events.find((e): e is Database => e.phase === 'database');
export const loads = (events: EngineProgress[]) =>
  events.filter((e) => e.phase === 'load').map((e) => (e as { table: string }).table);

/** Replaces every copy of a table IndexedDB keeps (kept files, Arrow IPC) with bytes no reader can read. */
export async function corruptIndexedDbCopies(name: string): Promise<void> {
  const db = await openDB(name);
  try {
    const junk = () => new Blob(['this is not the table any more\n']);
    for (const file of await db.getAll('dataFiles')) await db.put('dataFiles', { ...file, bytes: junk() });
    for (const table of (await db.getAll('dataTables')) as DataTableRecord[])
      if (table.ipc) await db.put('dataTables', { ...table, ipc: junk() });
  } finally {
    db.close();
  }
}

/** The tables the engine's OPFS database holds, with their stamps, read by a DuckDB of its own (the engine closed). */
export async function keptTables(name: string): Promise<Record<string, string | null>> {
  const executor = await createDuckDbExecutor({ opfsFile: opfsFileName(name) });
  try {
    const kept = await executor.keptDatabase!();
    if (!('path' in kept)) throw new Error(`the database file did not open: ${JSON.stringify(kept)}`);
    const { rows } = await executor.query(
      `SELECT t.table_name, k.stamp FROM duckdb_tables() t LEFT JOIN __svc_kept k ON k.name = t.table_name
       WHERE t.table_name <> '__svc_kept' ORDER BY 1`,
    );
    return Object.fromEntries(rows as [string, string | null][]);
  } finally {
    await executor.close();
  }
}

/** The stamps of IndexedDB's table records. */
export async function recordStamps(name: string): Promise<Record<string, string | undefined>> {
  const db = await openDB(name);
  try {
    return Object.fromEntries(((await db.getAll('dataTables')) as DataTableRecord[]).map((t) => [t.name, t.stamp]));
  } finally {
    db.close();
  }
}

export async function removeOpfsFile(name: string): Promise<void> {
  const root = await navigator.storage?.getDirectory?.().catch(() => undefined);
  for (const file of [opfsFileName(name), `${opfsFileName(name)}.wal`])
    await root?.removeEntry(file).catch(() => undefined);
}

/**
 * Fresh engine names for the suite it is called in (`prefix`-time-n): their IndexedDB databases and OPFS files are
 * removed after it.
 */
export function freshNames(prefix: string): () => string {
  const names: string[] = [];
  after(async () => {
    for (const name of names) {
      await deleteDatabase(name);
      await removeOpfsFile(name);
    }
  });
  return () => {
    const name = `${prefix}-${Date.now()}-${names.length}`;
    names.push(name);
    return name;
  };
}
