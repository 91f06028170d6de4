// Tables kept in a DuckDB database in OPFS, continued from opfs-kept.test.ts: a record stored without a stamp gets
// one; a database file DuckDB cannot open is made again; tables a change cut short left without a note are dropped;
// keepDatabase: false keeps the tables in memory. Public data (vega-datasets' airports), not the demo's.
import { expect } from '@open-wc/testing';
import { openDB } from 'idb';
import { createDuckDbExecutor } from '../../../src/engine/data/duckdb-browser.js';
import { opfsFileName } from '../../../src/engine/data/opfs-database.js';
import { createLocalEngine } from '../../../src/engine/index.js';
import type { DataTableRecord } from '../../../src/engine/store/schema.js';
import {
  AIRPORTS_ONLY,
  DATA,
  answers,
  corruptIndexedDbCopies,
  database,
  keptTables,
  loads,
  recordStamps,
  freshNames,
  start,
} from './opfs-kept-helpers.js';

/** The file opened for writing once the closed engine's DuckDB let go of it (a moment after its worker ends). */
async function writableWhenFree(handle: FileSystemFileHandle): Promise<FileSystemWritableFileStream> {
  for (const begun = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    try {
      return await handle.createWritable();
    } catch (error) {
      if ((error as DOMException).name !== 'NoModificationAllowedError' || Date.now() - begun > 10_000) throw error;
    }
  }
}

describe('tables kept in OPFS: stamps, repairs, keepDatabase: false', function () {
  this.timeout(180_000);
  const fresh = freshNames('opfs-repair');
  let opfs = true;
  before(async () => {
    // WebKitGTK's workers have no sync access handles: its engines keep their tables in memory.
    const probe = await start(fresh(), { model: AIRPORTS_ONLY, data: { airports: `${DATA}/airports.csv` } });
    await answers(probe.engine, false); // DuckDB starts, with its database, on the first query
    await probe.engine.close();
    opfs = 'path' in (database(probe.events) ?? {});
  });
  it('stamps a record stored without a stamp (by an older version) when it reads it, and serves it after', async function () {
    if (!opfs) this.skip();
    const name = fresh();
    const first = await start(name, { model: AIRPORTS_ONLY, data: { airports: `${DATA}/airports.csv` } });
    const expected = await answers(first.engine, false);
    await first.engine.close();
    const db = await openDB(name);
    try {
      for (const table of (await db.getAll('dataTables')) as DataTableRecord[]) {
        const { stamp: _stamp, ...older } = table;
        await db.put('dataTables', older);
      }
    } finally {
      db.close();
    }
    const second = await start(name);
    try {
      expect(await answers(second.engine, false)).to.deep.equal(expected);
      expect(loads(second.events)).to.deep.equal(['airports']);
    } finally {
      await second.engine.close();
    }
    const stamps = await recordStamps(name);
    expect(stamps.airports).to.match(/^[0-9a-f]{32}$/);
    expect(await keptTables(name)).to.deep.equal(stamps);
    await corruptIndexedDbCopies(name);
    const third = await start(name);
    try {
      expect(await answers(third.engine, false)).to.deep.equal(expected);
      expect(loads(third.events)).to.deep.equal([]);
    } finally {
      await third.engine.close();
    }
  });

  it('makes again a database file DuckDB cannot open, and answers meanwhile', async function () {
    if (!opfs) this.skip();
    const name = fresh();
    const first = await start(name, { model: AIRPORTS_ONLY, data: { airports: `${DATA}/airports.csv` } });
    const expected = await answers(first.engine, false);
    await first.engine.close();
    const root = await navigator.storage.getDirectory();
    const handle = await root.getFileHandle(opfsFileName(name));
    if (!('createWritable' in handle)) this.skip();
    const writable = await writableWhenFree(handle);
    await writable.write(new TextEncoder().encode('not a DuckDB database '.repeat(1000)));
    await writable.close();

    const second = await start(name);
    try {
      expect(await answers(second.engine, false)).to.deep.equal(expected);
      expect(loads(second.events)).to.deep.equal(['airports']);
      expect(database(second.events)).to.have.property('path');
    } finally {
      await second.engine.close();
    }
    expect(await keptTables(name)).to.deep.equal(await recordStamps(name));
  });

  it('drops at its next start the tables a change cut short left without a note', async function () {
    if (!opfs) this.skip();
    const name = fresh();
    const first = await start(name, { model: AIRPORTS_ONLY, data: { airports: `${DATA}/airports.csv` } });
    const expected = await answers(first.engine, false);
    await first.engine.close();
    // What an import cut short before its note leaves (a tab closed mid-import; older versions noted no staging table):
    // its staging table, and a table of a name the registry does not know, in the file without a note.
    const executor = await createDuckDbExecutor({ opfsFile: opfsFileName(name) });
    try {
      // Into the file itself: a table made without a database named is made in memory in front of it (opfs-stage.ts).
      const { rows } = await executor.query("SELECT database_name FROM duckdb_databases() WHERE path LIKE 'opfs://%'");
      const file = `"${String(rows[0][0])}".main`;
      await executor.query(`CREATE TABLE ${file}.__import_7 AS SELECT range AS a FROM range(100000)`);
      await executor.query(`CREATE TABLE ${file}.flights AS SELECT range AS delay FROM range(1000)`);
    } finally {
      await executor.close();
    }
    expect(Object.keys(await keptTables(name))).to.deep.equal(['__import_7', 'airports', 'flights']);

    const second = await start(name);
    try {
      expect(await answers(second.engine, false)).to.deep.equal(expected);
      expect(loads(second.events)).to.deep.equal([]);
      // An import after the first answer runs once the tables without a note are dropped.
      await second.engine.putTable('small', [{ a: 1 }]);
    } finally {
      await second.engine.close();
    }
    const kept = await keptTables(name);
    expect(Object.keys(kept)).to.deep.equal(['airports', 'small']);
    expect(kept).to.deep.equal(await recordStamps(name));
  });

  it('keeps the tables in memory with keepDatabase: false, and refuses a keepDatabase that is not a boolean', async () => {
    const name = fresh();
    const engine = await start(name, {
      keepDatabase: false,
      model: AIRPORTS_ONLY,
      data: { airports: `${DATA}/airports.csv` },
    });
    try {
      expect((await answers(engine.engine, false))[0]).to.deep.include.members([['AK', 263]]);
      expect(database(engine.events)).to.deep.equal({ phase: 'database', inMemory: 'keepDatabase is false' });
    } finally {
      await engine.engine.close();
    }
    let error: unknown;
    await createLocalEngine({ name: fresh(), keepDatabase: 'yes' as never }).catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(TypeError);
    expect((error as Error).message).to.equal('keepDatabase must be true or false, not "yes"');
  });
});
