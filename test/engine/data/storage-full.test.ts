// The browser's storage full while a table is imported into an engine whose DuckDB keeps its tables in a database in
// OPFS (keepDatabase, the default): the quota is made tiny through DevTools (the test runner's `storage-quota`
// command, Storage.overrideQuotaForOrigin: Chromium only, skipped elsewhere), so DuckDB's writes to its file really
// fail. The import still succeeds, with a warning that says the storage is full; the engine goes on in memory and
// says so (`database` progress); the database file is removed (nothing half-written for a reload to open); every
// table answers as it did; and once there is room again, a new start of the engine answers the same from IndexedDB.
// Rows of our own (beehives, as CSV) and public ones (vega-datasets' flights-200k.arrow).
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { createLocalEngine, DEMO, type EngineProgress, type LocalEngine } from '../../../src/engine/index.js';
import { opfsFileName, opfsHasRoom } from '../../../src/engine/data/opfs-database.js';
import { SESSION_ONLY } from '../../../src/engine/data/session-tables.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { deleteDatabase } from '../helpers.js';

const MODEL = `cubes:
  - name: hives
    sql_table: hives
    measures:
      - { name: count, type: count }
      - { name: honey_kg, sql: honey_kg, type: sum }
  - name: flights
    sql_table: flights
    measures:
      - { name: count, type: count }
      - { name: distance, sql: distance, type: sum }
      - { name: late, sql: delay, type: count, filters: [{ sql: "delay > 15" }] }
`;

type Quota = { usage: number; quota: number } | { unavailable: string };
const setQuota = (quotaSize?: number) =>
  executeServerCommand<Quota, { origin: string; quotaSize?: number }>('storage-quota', {
    origin: location.origin,
    ...(quotaSize !== undefined && { quotaSize }),
  });

const HIVES = 300_000;
const hivesCsv = () => {
  const lines = ['id,apiary,honey_kg'];
  for (let i = 0; i < HIVES; i++) lines.push(`${i},apiary ${i % 7},${i % 9}.5`);
  return new Blob([lines.join('\n')], { type: 'text/csv' });
};
const flightsArrow = async () =>
  new Blob([await (await fetch('/node_modules/vega-datasets/data/flights-200k.arrow')).arrayBuffer()]);

async function answers(engine: LocalEngine): Promise<number[]> {
  const transport = new HttpTransport({
    baseUrl: 'https://local.svc',
    fetch: engine.fetch,
    auth: { apiKey: DEMO.adminKey },
  });
  const out: number[] = [];
  for (const measures of [
    ['hives.count', 'hives.honey_kg'],
    ['flights.count', 'flights.distance', 'flights.late'],
  ]) {
    const { data } = await transport.load({ query: { measures } });
    out.push(...measures.map((m) => Number(data[0][m])));
  }
  return out;
}

async function opfsEntries(): Promise<string[]> {
  const root = await navigator.storage.getDirectory();
  const names: string[] = [];
  for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
  return names;
}

const database = (events: EngineProgress[]) =>
  events.filter((e): e is Extract<EngineProgress, { phase: 'database' }> => e.phase === 'database');

describe('the browser storage full while a table is imported into the database in OPFS', function () {
  this.timeout(240_000);
  const names: string[] = [];
  after(async () => {
    await setQuota();
    for (const name of names) {
      await deleteDatabase(name);
      const root = await navigator.storage.getDirectory();
      for (const file of [opfsFileName(name), `${opfsFileName(name)}.wal`])
        await root.removeEntry(file).catch(() => undefined);
    }
  });

  it('OPFS is asked for room by a probe that says no under the quota, and leaves no file', async function () {
    const given = await setQuota();
    if ('unavailable' in given) this.skip();
    try {
      await setQuota(given.usage + 256 * 1024);
      // Its truncate fails with the quota's error; the errored stream's close must not hide it (it once did: the
      // probe answered "cannot tell" and an import's failed write was not said to be the storage's).
      expect(await opfsHasRoom(6_000_000)).to.equal(false);
      expect(await opfsHasRoom(64 * 1024)).to.equal(true);
      expect((await opfsEntries()).filter((f) => f.startsWith('svc-room-probe'))).to.deep.equal([]);
    } finally {
      await setQuota();
    }
  });

  it('the import succeeds, says the storage is full, and nothing is lost or left half-written', async function () {
    const given = await setQuota();
    if ('unavailable' in given) {
      console.log(`skipped: no storage quota override here (${given.unavailable})`);
      this.skip();
    }
    // The numbers, from an engine in memory with nothing kept.
    const referenceName = `storage-full-ref-${Date.now()}`;
    names.push(referenceName);
    const reference = await createLocalEngine({
      name: referenceName,
      seed: 'demo',
      keepDatabase: false,
      model: MODEL,
      data: { hives: hivesCsv(), flights: await flightsArrow() },
    });
    const expected = await answers(reference);
    await reference.close();
    let honey = 0;
    for (let i = 0; i < HIVES; i++) honey += (i % 9) + 0.5;
    expect(expected.slice(0, 3)).to.deep.equal([HIVES, honey, 200_000]);

    const name = `storage-full-${Date.now()}`;
    names.push(name);
    const events: EngineProgress[] = [];
    let sessionOnly = 0;
    let importedTables: [string, { rowCount: number; warning?: string }][] = [];
    const engine = await createLocalEngine({
      name,
      seed: 'demo',
      model: MODEL.slice(0, MODEL.indexOf('  - name: flights')),
      data: { hives: new Blob(['id,apiary,honey_kg\n1,north,2.5\n']) },
      onProgress: (e) => events.push(e),
    });
    try {
      await engine.tables();
      const kept = database(events);
      if (!kept.length || !('path' in kept[0])) {
        console.log(`skipped: no database in OPFS here (${JSON.stringify(kept)})`);
        this.skip();
      }
      const { usage } = (await setQuota(undefined)) as { usage: number };
      // Room for a few hundred kB: far less than either table takes in DuckDB's file.
      await setQuota(usage + 256 * 1024);
      const hives = await engine.putTable('hives', hivesCsv());
      const flights = await engine.putTable('flights', await flightsArrow());
      // The model that reads both, written once there is room again (a model is not kept for a session only: under a
      // full quota its write fails).
      await setQuota();
      await engine.setModel(MODEL);
      expect(hives.rowCount).to.equal(HIVES);
      expect(flights.rowCount).to.equal(200_000);
      // Which store runs out first is the browser's to decide: DuckDB's file in OPFS (its writes fail under the
      // override every time), or IndexedDB too (Chromium enforces the override there only some of the time: a run of
      // the full suite here saw it, single runs did not). Either way the import succeeds and says why, and every table
      // answers.
      importedTables = [
        ['hives', hives],
        ['flights', flights],
      ];
      sessionOnly = [hives, flights].filter((t) => t.warning === SESSION_ONLY).length;
      if (hives.warning === SESSION_ONLY)
        console.log('IndexedDB ran out of room too: hives kept for this session only');
      else {
        expect(hives.warning, 'the import says why').to.match(/^the browser's storage is full: kept in IndexedDB only/);
        expect(flights.warning, 'the second import found DuckDB in memory already').to.be.oneOf([
          undefined,
          SESSION_ONLY,
        ]);
      }
      const memory = database(events).slice(1);
      if (hives.warning !== SESSION_ONLY || memory.length)
        expect(memory).to.deep.equal([{ phase: 'database', inMemory: "the browser's storage is full" }]);
      expect(await answers(engine)).to.deep.equal(expected);
      if (memory.length) {
        const left = (await opfsEntries()).filter((f) => f.startsWith(opfsFileName(name)));
        expect(left, 'no database file for a reload to open').to.deep.equal([]);
      }
    } finally {
      await engine.close();
      await setQuota();
    }

    // With room again: a new start answers the same from IndexedDB (a table kept for this session only is gone, as
    // its warning said), and keeps a database again.
    const again: EngineProgress[] = [];
    const second = await createLocalEngine({ name, seed: 'demo', onProgress: (e) => again.push(e) });
    try {
      if (sessionOnly === 0) expect(await answers(second)).to.deep.equal(expected);
      else {
        // A table kept for this session only is, at the next start, its version before the import (hives' one-row
        // seed), none, or whole where DuckDB's file still took it — never part of it; the others are there whole.
        const stored = new Map((await second.tables()).map((t) => [t.name, t.rowCount]));
        for (const [table, imported] of importedTables)
          if (imported.warning === SESSION_ONLY)
            expect(stored.get(table) ?? 0, table).to.be.oneOf([0, 1, imported.rowCount]);
          else expect(stored.get(table), table).to.equal(imported.rowCount);
        // tables() reads IndexedDB only: a query starts DuckDB, whose database event is checked below.
        const one = await second.fetch(
          new Request('https://local.svc/cubejs-api/v1/cubesql', {
            method: 'POST',
            headers: { Authorization: `Bearer ${DEMO.developerKey}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ query: 'SELECT 1 AS one' }),
          }),
        );
        expect(one.status, await one.clone().text()).to.equal(200);
      }
      expect(database(again)).to.deep.equal([{ phase: 'database', path: `opfs://${opfsFileName(name)}` }]);
    } finally {
      await second.close();
    }
  });
});
