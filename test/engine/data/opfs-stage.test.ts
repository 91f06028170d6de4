// Tables made in memory in front of the database in OPFS and copied into it afterwards (src/engine/data/opfs-stage.ts):
// an import answers at once, whole, while its copy runs; a second import of the table during the copy is the one the
// file keeps (never a mix); a copy cut short by DuckDB's end leaves nothing half-kept, and the next start reads the
// table again from IndexedDB. Rows of our own: a water utility's meter readings, in sizes of several copy slices.
import { expect } from '@open-wc/testing';
import { SLICE_ROWS } from '../../../src/engine/data/opfs-stage.js';
import { liveHelpers } from '../../../src/engine/worker/helper-host.js';
import {
  admin,
  corruptIndexedDbCopies,
  database,
  keptTables,
  loads,
  recordStamps,
  freshNames,
  start,
} from './opfs-kept-helpers.js';

const MODEL = `cubes:
  - name: readings
    sql_table: readings
    measures:
      - { name: count, type: count }
      - { name: litres, sql: litres, type: sum }
    dimensions:
      - { name: district, sql: district, type: string }
`;

/** `n` readings as CSV: district d0…d6, `litres` from `base`. */
const readingsCsv = (n: number, base: number) => {
  const lines = ['meter,district,litres'];
  for (let i = 0; i < n; i++) lines.push(`${i},d${i % 7},${base + (i % 50)}`);
  return new Blob([lines.join('\n')], { type: 'text/csv' });
};
const expectedOf = (n: number, base: number) => {
  let litres = 0;
  for (let i = 0; i < n; i++) litres += base + (i % 50);
  return [n, litres];
};

async function totals(engine: Parameters<typeof admin>[0]): Promise<number[]> {
  const { data } = await admin(engine).load({ query: { measures: ['readings.count', 'readings.litres'] } });
  return [Number(data[0]['readings.count']), Number(data[0]['readings.litres'])];
}

describe('tables made in memory in front of the database in OPFS, copied into it afterwards', function () {
  this.timeout(240_000);
  const fresh = freshNames('opfs-stage');
  it('answers an import at once, and keeps in the file the second import of a table made during the first copy', async function () {
    const name = fresh();
    const first = await start(name, { model: MODEL, data: { readings: readingsCsv(10, 1) } });
    const firstRows = Math.floor(SLICE_ROWS * 2.5);
    try {
      await first.engine.putTable('readings', readingsCsv(firstRows, 100));
      // Whole at once, while its copy into the file runs a slice at a time.
      expect(await totals(first.engine)).to.deep.equal(expectedOf(firstRows, 100));
      if (!('path' in (database(first.events) ?? {}))) {
        console.log(`no OPFS database here: ${JSON.stringify(database(first.events))}`);
        this.skip();
      }
      await first.engine.putTable('readings', readingsCsv(SLICE_ROWS + 3, 7));
      expect(await totals(first.engine)).to.deep.equal(expectedOf(SLICE_ROWS + 3, 7));
    } finally {
      await first.engine.close(); // once every copy is done
    }
    await corruptIndexedDbCopies(name);
    const second = await start(name);
    try {
      expect(await totals(second.engine)).to.deep.equal(expectedOf(SLICE_ROWS + 3, 7));
      expect(loads(second.events), 'served from the file').to.deep.equal([]);
    } finally {
      await second.engine.close();
    }
    expect(await keptTables(name)).to.deep.equal(await recordStamps(name));
  });

  it("DuckDB's end during a copy: nothing half-kept, the table answers whole at the next start", async function () {
    const name = fresh();
    const rows = SLICE_ROWS * 3;
    const before = new Set(liveHelpers.keys());
    const first = await start(name, { model: MODEL, data: { readings: readingsCsv(10, 1) } });
    try {
      await first.engine.putTable('readings', readingsCsv(rows, 40));
      if (!('path' in (database(first.events) ?? {}))) this.skip();
      // As when the tab is closed: DuckDB's worker ends (no error event) while the table is copied into the file.
      const duckdb = [...liveHelpers].filter(([w, kind]) => kind === 'classic' && !before.has(w)).map(([w]) => w);
      expect(duckdb.length, 'one DuckDB worker').to.equal(1);
      duckdb[0].terminate();
    } finally {
      await first.engine.close();
    }
    // Cut short, the file keeps the table as it was before (or nothing, or noted as changing) under a stamp that is not
    // the record's, so the next start reads it again; or a new DuckDB, started when the old one's end was noticed, read
    // it again and copied it whole before the engine closed. Never the record's stamp on a part of it.
    const whole = (await keptTables(name)).readings === (await recordStamps(name)).readings;
    const second = await start(name);
    try {
      expect(await totals(second.engine)).to.deep.equal(expectedOf(rows, 40));
      expect(loads(second.events), 'read again from IndexedDB unless kept whole').to.deep.equal(
        whole ? [] : ['readings'],
      );
    } finally {
      await second.engine.close();
    }
    expect(await keptTables(name)).to.deep.equal(await recordStamps(name));
  });
});
