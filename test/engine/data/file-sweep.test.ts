// A CSV's kept file whose import never stored its table (the tab closed while DuckDB read it) is deleted at the next
// start; a file whose import still runs in another tab (its Web Lock held) is not, until that lock is free; a stored
// table's file is never touched. A tide-gauge model of its own, in the browser's IndexedDB.
import { expect, waitUntil } from '@open-wc/testing';
import { openDB } from 'idb';
import { deleteUnclaimedFile, importLockName } from '../../../src/engine/data/file-sweep.js';
import type { Db } from '../../../src/engine/store/db.js';
import { createLocalEngine } from '../../../src/engine/index.js';
import { admin } from './own-data.scenario.js';

const GAUGES_CSV = 'station,level_cm\nbrest,412\ncuxhaven,288\nbrest,398\n';
const MODEL = `cubes:
  - name: gauges
    sql_table: gauges
    measures:
      - { name: count, type: count }
      - { name: top, type: max, sql: level_cm }
    dimensions:
      - { name: station, sql: station, type: string, primary_key: true }
`;

/** The kept files: id, table, lock. */
async function files(name: string): Promise<{ id: number; table: string; lock?: string }[]> {
  const db = await openDB(name);
  try {
    const all = (await db.getAll('dataFiles')) as { id: number; table: string; lock?: string }[];
    return all.map(({ id, table, lock }) => ({ id, table, lock }));
  } finally {
    db.close();
  }
}

/** Writes a file as an import that never finished would have left it. */
async function leave(name: string, table: string, lock?: string): Promise<number> {
  const db = await openDB(name);
  try {
    const record = { table, bytes: new Blob(['half,a,file\n1,2']), ...(lock && { lock }) };
    return (await db.add('dataFiles', record)) as number;
  } catch {
    // WebKitGTK's IndexedDB refuses Blobs: bytes, as the engine keeps there.
    const record = { table, bytes: new TextEncoder().encode('half,a,file\n1,2'), ...(lock && { lock }) };
    return (await db.add('dataFiles', record)) as number;
  } finally {
    db.close();
  }
}

describe('kept files of unfinished imports are swept at the next start', function () {
  this.timeout(120_000);
  const name = `file-sweep-${Date.now()}`;
  after(() => indexedDB.deleteDatabase(name));

  it('deletes the files no import holds, keeps the stored table and a running import’s file', async () => {
    let engine = await createLocalEngine({
      name,
      model: MODEL,
      data: { gauges: new File([GAUGES_CSV], 'gauges.csv', { type: 'text/csv' }) },
    });
    await engine.close();
    const [stored] = await files(name);
    expect(stored.table).to.equal('gauges');
    expect(stored.lock).to.be.a('string'); // the import held a lock while it ran

    const abandoned = await leave(name, 'gauges', crypto.randomUUID()); // its tab closed: nobody holds the lock
    const older = await leave(name, 'buoys'); // kept before imports held locks
    let release!: () => void;
    const running = crypto.randomUUID(); // an import still running in another tab
    await new Promise<void>((held) => {
      void navigator.locks.request(importLockName(running), () => {
        held();
        return new Promise<void>((r) => (release = r));
      });
    });
    const elsewhere = await leave(name, 'tides', running);

    engine = await createLocalEngine({ name });
    try {
      await waitUntil(async () => (await files(name)).length === 2, 'the unheld files are deleted', {
        timeout: 20_000,
      });
      const left = (await files(name)).map((f) => f.id);
      expect(left).to.deep.equal([stored.id, elsewhere]);
      expect(left).not.to.include.members([abandoned, older]);
      // The stored table reads back from its file.
      const { data } = await admin(engine).load({ query: { measures: ['gauges.count', 'gauges.top'] } });
      expect(data).to.deep.equal([{ 'gauges.count': 3, 'gauges.top': 412 }]);
    } finally {
      await engine.close();
    }

    release(); // that import ended without storing its table
    engine = await createLocalEngine({ name });
    try {
      await waitUntil(async () => (await files(name)).length === 1, 'its file goes at the next start', {
        timeout: 20_000,
      });
      expect((await files(name)).map((f) => f.id)).to.deep.equal([stored.id]);
    } finally {
      await engine.close();
    }
  });

  it("an import's failure deletes its file only when no stored table is made from it", async () => {
    // An import that stored its table and then failed (its second try, in memory, after the database in OPFS could
    // not take it) once deleted the stored table's file: the next start could not read the table.
    const [stored] = await files(name);
    const left = await leave(name, 'gauges');
    const db = (await openDB(name)) as unknown as Db;
    try {
      expect(await deleteUnclaimedFile(db, 'gauges', stored.id)).to.equal(false);
      expect(await deleteUnclaimedFile(db, 'gauges', left)).to.equal(true);
    } finally {
      db.close();
    }
    expect((await files(name)).map((f) => f.id)).to.deep.equal([stored.id]);
    const engine = await createLocalEngine({ name });
    try {
      const { data } = await admin(engine).load({ query: { measures: ['gauges.count'] } });
      expect(data).to.deep.equal([{ 'gauges.count': 3 }]);
    } finally {
      await engine.close();
    }
  });
});
