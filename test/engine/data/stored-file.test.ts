// CSV and TSV tables kept in IndexedDB as the files they were imported from (no Arrow IPC export), in the browser:
// a new engine on the database reads them back with the same columns and values (zoned times in UTC, the types
// given, the reader's options, a header-less read); a failed import keeps the table it would have replaced and
// leaves no file behind; dropTable deletes the file; other options for the same bytes import again. The engine in
// the page reads the same way (large-import.test.ts).
import { expect } from '@open-wc/testing';
import { openDB } from 'idb';
import { createLocalEngine, type EngineProgress, type LocalEngine } from '../../../src/engine/index.js';
import { admin } from './own-data.scenario.js';

const EVENTS_CSV =
  'id,at,label,amount\n1,2024-03-05T10:00:00+02:00,"a, b",1.50\n2,2024-03-05T23:30:00Z,ü 東京,2.25\n3,,"",\n';
const CODES_TSV = 'code\tqty\nx\t007\ny\t10\n';
const SEMI_CSV = 'k;v\n1;2,5\n2;3\n';

const MODEL = `cubes:
  - name: events
    sql_table: events
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: at, sql: at, type: time }
      - { name: label, sql: label, type: string }
      - { name: amount, sql: amount, type: number }
  - name: semi
    sql_table: semi
    measures:
      - { name: count, type: count }
`;
const CODES = `
  - name: codes
    sql_table: codes
    dimensions:
      - { name: code, sql: code, type: string, primary_key: true }
      - { name: qty, sql: qty, type: string }
`;

/** Every table's rows through /load (ungrouped, in order), values as the API gives them. */
async function values(engine: LocalEngine): Promise<unknown[][][]> {
  const load = async (dimensions: string[]) =>
    (await admin(engine).load({ query: { dimensions, order: { [dimensions[0]]: 'asc' }, ungrouped: true } })).data.map(
      (r) => dimensions.map((d) => r[d]),
    );
  return [
    await load(['events.id', 'events.at', 'events.label', 'events.amount']),
    await load(['codes.code', 'codes.qty']),
    [[(await admin(engine).load({ query: { measures: ['semi.count'] } })).data[0]['semi.count']]],
  ];
}

/** The kept files' ids and tables. */
async function files(name: string): Promise<{ id: number; table: string }[]> {
  const db = await openDB(name);
  try {
    return ((await db.getAll('dataFiles')) as { id: number; table: string }[]).map(({ id, table }) => ({ id, table }));
  } finally {
    db.close();
  }
}

describe('CSV and TSV kept as their files (the engine in its Worker, the default)', function () {
  this.timeout(120_000);
  const name = `stored-file-${Date.now()}`;
  after(() => indexedDB.deleteDatabase(name));

  it('reads them back at the next start with the same columns and values, importing nothing', async () => {
    let engine = await createLocalEngine({
      name,
      seed: 'demo',
      model: MODEL + CODES,
      data: {
        events: new File([EVENTS_CSV], 'events.csv', { type: 'text/csv' }),
        codes: { source: new TextEncoder().encode(CODES_TSV), options: { columns: { qty: 'VARCHAR' } } },
        semi: { source: new TextEncoder().encode(SEMI_CSV), format: 'csv', options: { delimiter: ';' } },
      },
    });
    let tables;
    let stored;
    try {
      tables = await engine.tables();
      expect(tables.find((t) => t.name === 'events')!.columns).to.deep.equal([
        { name: 'id', type: 'BIGINT' },
        { name: 'at', type: 'TIMESTAMP' },
        { name: 'label', type: 'VARCHAR' },
        { name: 'amount', type: 'DOUBLE' },
      ]);
      expect(tables.find((t) => t.name === 'codes')!.bytes).to.equal(CODES_TSV.length);
      stored = await values(engine);
      expect(stored).to.deep.equal([
        [
          [1, '2024-03-05T08:00:00.000', 'a, b', 1.5],
          [2, '2024-03-05T23:30:00.000', 'ü 東京', 2.25],
          [3, null, null, null],
        ],
        [
          ['x', '007'],
          ['y', '10'],
        ],
        [[2]],
      ]);
      expect((await files(name)).map((f) => f.table).sort()).to.deep.equal(['codes', 'events', 'semi']);
    } finally {
      await engine.close();
    }
    const again: EngineProgress[] = [];
    // Without the database in OPFS, which would serve them as they are (opfs-kept.test.ts): read from their files.
    engine = await createLocalEngine({ name, seed: 'demo', keepDatabase: false, onProgress: (p) => again.push(p) });
    try {
      expect(await engine.tables()).to.deep.equal(tables);
      expect(await values(engine)).to.deep.equal(stored);
      expect(again.filter((p) => p.phase === 'import')).to.deep.equal([]);
      expect(again.filter((p) => p.phase === 'load').map((p) => p.phase === 'load' && p.table)).to.include.members([
        'events',
        'codes',
        'semi',
      ]);
    } finally {
      await engine.close();
    }
  });

  it('imports the same bytes again when the options change', async () => {
    const imports: EngineProgress[] = [];
    const engine = await createLocalEngine({
      name,
      seed: 'demo',
      data: {
        semi: {
          source: new TextEncoder().encode(SEMI_CSV),
          format: 'csv',
          options: { delimiter: ';', header: false },
        },
      },
      onProgress: (p) => imports.push(p),
    });
    try {
      expect(imports.filter((p) => p.phase === 'import' && p.rows !== undefined)).to.have.length(1);
      expect((await engine.tables()).find((t) => t.name === 'semi')!.columns).to.deep.equal([
        { name: 'column0', type: 'VARCHAR' },
        { name: 'column1', type: 'VARCHAR' },
      ]);
      expect((await admin(engine).load({ query: { measures: ['semi.count'] } })).data[0]['semi.count']).to.equal(3);
    } finally {
      await engine.close();
    }
  });

  it('keeps the table and no new file when an import fails; dropTable deletes the file', async () => {
    const engine = await createLocalEngine({ name, seed: 'demo' });
    try {
      const before = await files(name);
      const bad = new File(['id,n\n1,2\n2,not a number\n'], 'bad.csv');
      const error = await engine.putTable('events', { source: bad, options: { columns: { n: 'INTEGER' } } }).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message).to.match(/^Table events \(bad\.csv\): /);
      expect(await files(name)).to.deep.equal(before);
      // The table it would have replaced, and the header-less read of the test before, from their files.
      expect((await values(engine))[0].map((r) => r[0])).to.deep.equal([1, 2, 3]);
      expect((await admin(engine).load({ query: { measures: ['semi.count'] } })).data[0]['semi.count']).to.equal(3);
      await engine.setModel(MODEL);
      await engine.dropTable('codes');
      expect((await files(name)).map((f) => f.table).sort()).to.deep.equal(['events', 'semi']);
    } finally {
      await engine.close();
    }
  });
});
