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
import { opfsFileName } from '../../../src/engine/data/opfs-database.js';
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
      await engine.setModel(MODEL);
      expect(hives.rowCount).to.equal(HIVES);
      expect(flights.rowCount).to.equal(200_000);
      expect(hives.warning, 'the import says why').to.match(/^the browser's storage is full: kept in IndexedDB only/);
      expect(flights.warning, 'the second import found DuckDB in memory already').to.equal(undefined);
      expect(database(events).slice(1)).to.deep.equal([
        { phase: 'database', inMemory: "the browser's storage is full" },
      ]);
      expect(await answers(engine)).to.deep.equal(expected);
      const left = (await opfsEntries()).filter((f) => f.startsWith(opfsFileName(name)));
      expect(left, 'no database file for a reload to open').to.deep.equal([]);
    } finally {
      await engine.close();
      await setQuota();
    }

    // With room again: a new start answers the same, from IndexedDB, and keeps a database again.
    const again: EngineProgress[] = [];
    const second = await createLocalEngine({ name, seed: 'demo', onProgress: (e) => again.push(e) });
    try {
      expect(await answers(second)).to.deep.equal(expected);
      expect(database(again)).to.deep.equal([{ phase: 'database', path: `opfs://${opfsFileName(name)}` }]);
    } finally {
      await second.close();
    }
  });
});
