// A CSV of several MB imported by the engine in the page: the bytes given stay the caller's, the file is kept in
// IndexedDB as it was given (a Blob where IndexedDB takes one, no Arrow IPC export), read back at the next start
// without the caller importing it again, and bytes of the same size that differ in one place are imported again.
import { expect } from '@open-wc/testing';
import { openDB } from 'idb';
import { createLocalEngine, type EngineProgress } from '../../../src/engine/index.js';
import { admin } from './own-data.scenario.js';

/** Whether this browser's IndexedDB keeps Blobs (WebKitGTK's refuses them: the engine keeps bytes there instead). */
async function idbKeepsBlobs(): Promise<boolean> {
  const name = `blob-probe-${Date.now()}`;
  const db = await openDB(name, 1, { upgrade: (d) => d.createObjectStore('s') });
  try {
    await db.put('s', new Blob(['x']), 'k');
    return (await db.get('s', 'k')) instanceof Blob;
  } catch {
    return false;
  } finally {
    db.close();
    indexedDB.deleteDatabase(name);
  }
}

interface StoredFile {
  id: number;
  table: string;
  bytes: Blob | Uint8Array;
}

interface StoredTable {
  ipc?: unknown;
  file: { id: number };
}

/** The table's record and the files kept for it, straight from IndexedDB. */
async function storedFiles(name: string, table: string): Promise<{ table: StoredTable; files: StoredFile[] }> {
  const db = await openDB(name);
  try {
    const files = (await db.getAll('dataFiles')) as StoredFile[];
    const record = (await db.get('dataTables', table)) as StoredTable;
    return { table: record, files: files.filter((f) => f.table === table) };
  } finally {
    db.close();
  }
}

const bytesOf = async (data: Blob | Uint8Array) =>
  data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer());

describe('a CSV of several MB, in the page', function () {
  this.timeout(120_000);
  const name = `own-data-large-${Date.now()}`;
  // The engine in this page (the option of the engine that otherwise runs in a Worker, which moves given buffers).
  const inPage: Record<string, unknown> = { worker: false };
  const rows = 130_000;
  const csv = new TextEncoder().encode(
    `id,city,amount\n${Array.from({ length: rows }, (_, i) => `${i},"City ${i % 97}, Land",${(i % 1000) / 4}`).join('\n')}\n`,
  );
  after(() => indexedDB.deleteDatabase(name));

  it('keeps the bytes given intact, stores the file as a Blob where IndexedDB takes one, and reloads it', async () => {
    expect(csv.length).to.be.greaterThan(3 << 20); // several of the slices it is copied and compared in
    const imports: EngineProgress[] = [];
    let engine = await createLocalEngine({ name, ...inPage, data: { big: csv }, onProgress: (p) => imports.push(p) });
    try {
      expect(csv.length).to.be.greaterThan(0); // not moved to DuckDB's worker
      expect(imports.filter((p) => p.phase === 'import' && p.rows === rows)).to.have.length(1);
      const { table, files } = await storedFiles(name, 'big');
      expect(table.ipc).to.equal(undefined); // no export of the table after the read
      expect(files).to.have.length(1);
      expect(table.file.id).to.equal(files[0].id);
      expect(files[0].bytes instanceof Blob).to.equal(await idbKeepsBlobs());
      expect(await bytesOf(files[0].bytes)).to.deep.equal(csv);
    } finally {
      await engine.close();
    }
    // The same bytes at the next start: nothing imported, the table read back from IndexedDB.
    const again: EngineProgress[] = [];
    engine = await createLocalEngine({ name, ...inPage, data: { big: csv }, onProgress: (p) => again.push(p) });
    try {
      expect(again.filter((p) => p.phase === 'import')).to.deep.equal([]);
      await engine.setModel(
        'cubes:\n  - name: big\n    sql_table: big\n    measures:\n      - { name: total, sql: amount, type: sum }\n',
      );
      const result = await admin(engine).load({ query: { measures: ['big.total'] } });
      let total = 0;
      for (let i = 0; i < rows; i++) total += (i % 1000) / 4;
      expect(Number(result.data[0]['big.total'])).to.equal(total);
    } finally {
      await engine.close();
    }
    // Bytes of the same size that differ in one place are imported again.
    const changed = csv.slice();
    changed[changed.length - 2] = '7'.charCodeAt(0);
    const third: EngineProgress[] = [];
    engine = await createLocalEngine({ name, ...inPage, data: { big: changed }, onProgress: (p) => third.push(p) });
    try {
      expect(third.filter((p) => p.phase === 'import' && p.rows === rows)).to.have.length(1);
      const result = await admin(engine).load({ query: { measures: ['big.total'] } });
      let total = 0;
      for (let i = 0; i < rows; i++) total += (i % 1000) / 4;
      // The last row's amount was 249.75 and is 249.77: the new bytes are what DuckDB has.
      expect(Number(result.data[0]['big.total'])).to.be.closeTo(total + 0.02, 1e-6);
    } finally {
      await engine.close();
    }
    // The file it replaced is gone: one file, the new bytes.
    const { files } = await storedFiles(name, 'big');
    expect(files).to.have.length(1);
    expect(await bytesOf(files[0].bytes)).to.deep.equal(changed);
  });
});
