// Arrow IPC into and out of native DuckDB (data/native-arrow.ts, through Parquet files, no text): the same table as
// DuckDB-wasm's Arrow reader makes from the same bytes (types, NULLs, decimals, timestamps, nested values), a batch at
// a time into one table, and an export loaded back as the same table, for types Parquet holds and those it does not.
// Data: a beekeeper's hives, and the public flights-200k.arrow.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import {
  Binary,
  Bool,
  DateDay,
  DateMillisecond,
  Dictionary,
  Field,
  Float32,
  Float64,
  Int16,
  Int32,
  Int64,
  Int8,
  IntervalDayTime,
  LargeUtf8,
  List,
  Struct,
  Table,
  TimeMicrosecond,
  TimestampMicrosecond,
  TimestampMillisecond,
  TimestampNanosecond,
  TimestampSecond,
  Uint16,
  Uint32,
  Uint64,
  Uint8,
  Utf8,
  tableFromIPC,
  tableToIPC,
  vectorFromArray,
  type DataType,
  type Vector,
} from 'apache-arrow';
import { createNativeExecutor, type NativeExecutor } from '../../../src/engine/data/duckdb-native.js';
import { createDuckDbExecutor } from '../../../src/engine/data/duckdb-node.js';
import type { Executor } from '../../../src/engine/data/executor.js';
import { arrowToParquet } from '../../../src/engine/data/native-arrow.js';

const json = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
const flights = new URL('../../../node_modules/vega-datasets/data/flights-200k.arrow', import.meta.url);

/** Four hives, the last all NULL: one column of each Arrow type a host's file may bring. */
function hives(): Uint8Array {
  const column = (type: DataType, values: unknown[]): Vector => vectorFromArray(values as never[], type);
  const ms = Date.UTC(2024, 4, 17, 6, 30, 15, 250);
  const columns: Record<string, Vector> = {
    hive: column(new Int32(), [1, 2, 3, null]),
    frames: column(new Int8(), [-8, 10, 0, null]),
    colony: column(new Int16(), [-30000, 3, 0, null]),
    bees: column(new Int64(), [9007199254740993n, -1n, 0n, null]),
    cells: column(new Uint8(), [255, 0, 1, null]),
    drones: column(new Uint16(), [65535, 1, 2, null]),
    eggs: column(new Uint32(), [4294967295, 3, 4, null]),
    honey_mg: column(new Uint64(), [18446744073709551615n, 5n, 6n, null]),
    weight: column(new Float32(), [0.5, -1.25, Number.NaN, null]),
    humidity: column(new Float64(), [0.1, Number.POSITIVE_INFINITY, -0, null]),
    queen: column(new Bool(), [true, false, true, null]),
    apiary: column(new Utf8(), ['Hügel "north"', '', 'a,b\nc', null]),
    notes: column(new LargeUtf8(), ['long', 'x'.repeat(300), '東京', null]),
    breed: column(new Dictionary(new Utf8(), new Int32()), ['Carniolan', 'Buckfast', 'Carniolan', null]),
    seen_s: column(new TimestampSecond(), [ms - 250, 0, -86_400_000, null]),
    seen_ms: column(new TimestampMillisecond(), [ms, 0, -1, null]),
    seen_us: column(new TimestampMicrosecond(), [ms, 1, -86_400_000, null]),
    seen_ns: column(new TimestampNanosecond(), [ms, 2, 3, null]),
    day: column(new DateDay(), [new Date(ms), new Date(0), new Date(-86_400_000), null]),
    day_ms: column(new DateMillisecond(), [new Date(Date.UTC(2024, 1, 29)), new Date(0), new Date(86_400_000), null]),
    at: column(new TimeMicrosecond(), [45_015_250_000n, 0n, 1n, null]),
    photo: column(new Binary(), [Uint8Array.of(0, 255, 10), new Uint8Array(0), Uint8Array.of(1), null]),
    tags: column(new List(new Field('item', new Utf8(), true)), [['calm', null], [], ['swarmy'], null]),
    place: column(new Struct([new Field('row', new Int32(), true), new Field('yard', new Utf8(), true)]), [
      { row: 1, yard: 'A' },
      { row: null, yard: 'B' },
      { row: 3, yard: null },
      null,
    ]),
  };
  return tableToIPC(new Table(columns), 'stream');
}

describe('Arrow IPC into native DuckDB (through Parquet)', () => {
  let native: NativeExecutor;
  let wasm: Executor;
  before(async () => {
    native = await createNativeExecutor();
    wasm = await createDuckDbExecutor();
  });
  after(async () => {
    await native.close();
    await wasm.close();
  });

  const same = async (table: string, order: string) => {
    const [n, w] = [await native.query(`DESCRIBE ${table}`), await wasm.query(`DESCRIBE ${table}`)];
    assert.deepEqual(
      n.rows.map((r) => `${String(r[0])} ${String(r[1])}`),
      w.rows.map((r) => `${String(r[0])} ${String(r[1])}`),
      'column types',
    );
    const sql = `SELECT * FROM ${table} ORDER BY ${order}`;
    const [a, b] = [await native.query(sql), await wasm.query(sql)];
    assert.deepEqual(a.schema, b.schema);
    assert.equal(json(a.rows), json(b.rows));
  };

  it('makes the table DuckDB-wasm makes of the same bytes: every type, NULLs, nested values', async () => {
    const ipc = hives();
    await native.loadTable('hives', ipc);
    await wasm.loadTable('hives', ipc.slice());
    await same('hives', 'hive NULLS LAST');
    // One of each column type, the last row NULL in each.
    const nulls = await native.query(`SELECT count(*) FROM hives WHERE COLUMNS(*) IS NULL`);
    assert.deepEqual(nulls.rows, [[1]]);
  });

  it('appends batches to one table by column name, as DuckDB-wasm does', async () => {
    for (const executor of [native, wasm]) {
      await executor.loadTable('hives_twice', hives());
      await executor.loadTable('hives_twice', hives(), { append: true });
    }
    await same('hives_twice', 'hive NULLS LAST, bees');
    assert.deepEqual((await native.query('SELECT count(*), sum(hive) FROM hives_twice')).rows, [[8, 12]]);
  });

  it('holds the public flights-200k.arrow (an IPC file) as DuckDB-wasm does, its batches in several Parquet files', async () => {
    const file = tableFromIPC(await readFile(flights));
    // In four batches, two to a Parquet file (loadFileBytes): one table all the same.
    const [batch] = file.batches;
    const quarter = Math.ceil(batch.numRows / 4);
    const batches = [0, 1, 2, 3].map((i) => batch.slice(i * quarter, (i + 1) * quarter));
    const ipc = tableToIPC(new Table(batches), 'stream');
    const fileBytes = batches[0].data.byteLength * 2;
    assert.equal((await arrowToParquet(ipc, fileBytes)).files.length, 2);
    const split = await createNativeExecutor({ loadFileBytes: fileBytes });
    try {
      await split.loadTable('flights', ipc);
      await native.loadTable('flights', tableToIPC(file, 'file'));
      await wasm.loadTable('flights', tableToIPC(file, 'stream'));
      const sql = `SELECT count(*), sum(delay), sum(distance), round(sum(time), 3), count(DISTINCT delay) FROM flights`;
      const expected = json((await wasm.query(sql)).rows);
      assert.equal(json((await native.query(sql)).rows), expected);
      assert.equal(json((await split.query(sql)).rows), expected);
      assert.deepEqual((await split.query('SELECT count(*) FROM flights')).rows, [[file.numRows]]);
      await same('flights', 'delay, distance, time');
    } finally {
      await split.close();
    }
  });

  it('refuses a decimal wider than DuckDB holds as DuckDB-wasm does, and keeps the table before', async () => {
    await native.loadTable('hives_kept', hives());
    const { Decimal, makeData, Vector: V } = await import('apache-arrow');
    const cents = new Uint32Array(2 * 8).map((_, i) => (i % 8 === 0 ? 1250 + i : 0));
    const data = makeData({ type: new Decimal(2, 40, 256), length: 2, nullCount: 0, data: cents });
    const ipc = tableToIPC(new Table({ value: new V([data]) }), 'stream');
    await assert.rejects(native.loadTable('hives_kept', ipc), /Unsupported Internal Arrow Type for Decimal d:40,2,256/);
    await assert.rejects(wasm.loadTable('hives_kept', ipc.slice()), /Unsupported Internal Arrow Type for Decimal/);
    assert.deepEqual((await native.query('SELECT count(*) FROM hives_kept')).rows, [[4]]);
  });

  it('loads an Arrow type Parquet cannot hold (an interval) as its JSON text', async () => {
    const ipc = tableToIPC(
      new Table({
        hive: vectorFromArray([1, 2], new Int32()),
        // Arrow's day-time interval as [days, ms] pairs.
        between: vectorFromArray([Int32Array.of(3, 500), null] as never[], new IntervalDayTime()),
      }),
      'stream',
    );
    await native.loadTable('checks', ipc);
    const described = await native.query('DESCRIBE checks');
    assert.deepEqual(
      described.rows.map((r) => String(r[1])),
      ['INTEGER', 'VARCHAR'],
    );
    assert.deepEqual((await native.query('SELECT between FROM checks ORDER BY hive')).rows, [['[3,500]'], [null]]);
  });

  it('exports a table and loads it back as the same table: types Parquet holds and those it does not', async () => {
    await native.query(
      `CREATE TABLE inspections AS SELECT * FROM (VALUES
        (1, 12::HUGEINT, INTERVAL 1 MONTH + INTERVAL 2 DAY, '5b2f3e5a-1b2c-4d5e-8f90-123456789abc'::UUID,
         'calm'::ENUM('calm', 'angry'), TIMESTAMP_S '2024-03-05 10:00:00', TIMESTAMP_MS '2024-03-05 10:00:00.25',
         TIMESTAMP_NS '2024-03-05 10:00:00.123456789', TIMESTAMPTZ '2024-03-05 10:00:00+02', TIME '12:00:01.5',
         '170141183460469231731687303715884105727'::HUGEINT, 4.25::DECIMAL(4,2), -1.5::DECIMAL(30,5), 'ab'::BLOB,
         [1, 2], {'row': 1, 'yard': 'A'}, MAP {'k': 1}, 255::UTINYINT, 18446744073709551615::UBIGINT),
        (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
      ) t(id, big, gap, tag, mood, at_s, at_ms, at_ns, at_tz, at_time, huge, weight, exact, photo, frames, place, notes,
          small, wide)`,
    );
    const ipc = await native.exportTable('inspections');
    await native.loadTable('inspections_back', ipc);
    const [a, b] = [await native.query('DESCRIBE inspections'), await native.query('DESCRIBE inspections_back')];
    assert.deepEqual(b.rows, a.rows);
    const [x, y] = [
      await native.query('SELECT * FROM inspections ORDER BY id'),
      await native.query('SELECT * FROM inspections_back ORDER BY id'),
    ];
    assert.equal(json(y.rows), json(x.rows));
    // Exact where it matters: the HUGEINT's 39 digits compare equal in DuckDB.
    const equal = await native.query(
      `SELECT count(*) FROM inspections a JOIN inspections_back b USING (id) WHERE a.huge = b.huge AND a.gap = b.gap`,
    );
    assert.deepEqual(equal.rows, [[1]]);
  });
});
