// CSV tables kept as their files, in Node (fake-indexeddb, DuckDB's blocking build): a new engine on the database
// reads the kept file again (same values, nothing imported), bytes of the same size that differ in one byte import
// again, and the byte comparison those decisions rest on.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SLICE } from '../../../src/engine/data/chunks.js';
import { sameBytes } from '../../../src/engine/data/stored-file.js';
import { createLocalEngine, type EngineProgress } from '../../../src/engine/index.js';
import { admin } from './own-data.scenario.js';

const MODEL = `cubes:
  - name: parcels
    sql_table: parcels
    measures:
      - { name: weight, sql: kg, type: sum }
    dimensions:
      - { name: depot, sql: depot, type: string }
      - { name: sent, sql: sent, type: time }
`;

/** Parcels by depot: 5,000 rows, one zoned time, the weights' sum known. */
function parcels(): { csv: Uint8Array; total: number } {
  const lines = ['depot,kg,sent'];
  let total = 0;
  for (let i = 0; i < 5_000; i++) {
    const kg = (i % 37) + 0.5;
    total += kg;
    lines.push(`"Depot ${i % 7}, North",${kg},2025-01-0${1 + (i % 9)}T12:00:00${i === 0 ? '+01:00' : ''}`);
  }
  return { csv: new TextEncoder().encode(`${lines.join('\n')}\n`), total };
}

async function weights(engine: Awaited<ReturnType<typeof createLocalEngine>>) {
  const result = await admin(engine).load({
    query: { measures: ['parcels.weight'], dimensions: ['parcels.depot'], order: { 'parcels.depot': 'asc' } },
  });
  return result.data.map((r) => [r['parcels.depot'], r['parcels.weight']]);
}

describe('CSV tables kept as their files (Node)', () => {
  it('are read again by a new engine, and imported again when one byte differs', async () => {
    const name = `stored-file-node-${Date.now()}`;
    const { csv, total } = parcels();
    const first: EngineProgress[] = [];
    let engine = await createLocalEngine({
      name,
      seed: 'demo',
      model: MODEL,
      data: { parcels: new Blob([csv as Uint8Array<ArrayBuffer>], { type: 'text/csv' }) },
      onProgress: (p) => first.push(p),
    });
    let before;
    try {
      assert.equal(first.filter((p) => p.phase === 'import' && p.rows === 5_000).length, 1);
      before = await weights(engine);
      assert.equal(before.length, 7);
      assert.ok(Math.abs(before.reduce((a, [, w]) => a + Number(w), 0) - total) < 1e-6);
      const sent = await admin(engine).load({
        query: { dimensions: ['parcels.sent'], order: { 'parcels.sent': 'asc' } },
      });
      assert.equal(sent.data[0]['parcels.sent'], '2025-01-01T11:00:00.000'); // +01:00 → UTC
    } finally {
      await engine.close();
    }
    const again: EngineProgress[] = [];
    engine = await createLocalEngine({ name, seed: 'demo', data: { parcels: csv }, onProgress: (p) => again.push(p) });
    try {
      assert.deepEqual(
        again.filter((p) => p.phase === 'import'),
        [],
      );
      assert.deepEqual(await weights(engine), before);
      assert.deepEqual(
        again.filter((p) => p.phase === 'load').map((p) => p.phase === 'load' && p.table),
        ['parcels'],
      );
    } finally {
      await engine.close();
    }
    const changed = csv.slice();
    changed[changed.indexOf('\n'.charCodeAt(0)) + 8] = '9'.charCodeAt(0); // "Depot 0" → "Depot 9"
    const third: EngineProgress[] = [];
    engine = await createLocalEngine({
      name,
      seed: 'demo',
      data: { parcels: changed },
      onProgress: (p) => third.push(p),
    });
    try {
      assert.equal(third.filter((p) => p.phase === 'import' && p.rows === 5_000).length, 1);
      assert.equal((await weights(engine)).length, 8);
    } finally {
      await engine.close();
    }
  });

  it('compares bytes across slices, Blobs and arrays, at any offset', async () => {
    const bytes = new Uint8Array(SLICE * 2 + 13).map((_, i) => (i * 31) % 251);
    const blob = new Blob([bytes]);
    assert.equal(await sameBytes(blob, bytes), true);
    assert.equal(await sameBytes(bytes.subarray(1), blob.slice(1)), true); // unaligned
    assert.equal(await sameBytes(new Uint8Array(0), new Blob([])), true);
    assert.equal(await sameBytes(bytes, bytes.subarray(0, bytes.length - 1)), false);
    for (const at of [0, 5, SLICE - 1, SLICE, SLICE * 2 + 12]) {
      const other = bytes.slice();
      other[at] ^= 1;
      assert.equal(await sameBytes(blob, other), false, `a byte changed at ${at}`);
      assert.equal(await sameBytes(other.subarray(1), bytes.subarray(1)), at === 0, `unaligned, at ${at}`);
    }
  });
});
