// Arrow IPC built from buffers (no builders, so no `Function` under a strict CSP): every column kind round-trips,
// nulls included.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tableFromIPC } from 'apache-arrow';
import { columnsToIpc } from '../../../src/engine/data/arrow.js';

describe('columnsToIpc', () => {
  it('round-trips every kind with its nulls', () => {
    const strings = ['', 'plain', null, 'Zürich', '東京', '🎉 party', null, 'x'.repeat(500)];
    const n = strings.length;
    const table = tableFromIPC(
      columnsToIpc([
        { name: 'i', kind: 'int', values: Int32Array.from({ length: n }, (_, i) => i - 3) },
        { name: 'f', kind: 'float', values: [1.5, null, -2, 0, null, 3.25, 1e9, NaN] },
        { name: 'ff', kind: 'float', values: Float64Array.from({ length: n }, (_, i) => i / 2) },
        { name: 't', kind: 'timestamp', values: Float64Array.from([0, NaN, 1e12, 1.7e12, NaN, 5, 6, 7]) },
        { name: 'b', kind: 'bool', values: [true, false, null, true, true, null, false, true] },
        { name: 's', kind: 'string', values: strings },
        {
          name: 'd',
          kind: 'dictionary',
          codes: Int32Array.from([0, 1, -1, 1, 0, -1, 2, 2]),
          dictionary: ['a', 'ß', 'c'],
        },
      ]),
    );
    const col = (name: string) => table.getChild(name)!.toArray() as unknown[];
    const values = (name: string) => Array.from({ length: n }, (_, i) => table.getChild(name)!.get(i) as unknown);
    assert.equal(table.numRows, n);
    assert.deepEqual(Array.from(col('i') as unknown as Int32Array), [-3, -2, -1, 0, 1, 2, 3, 4]);
    assert.deepEqual(values('f'), [1.5, null, -2, 0, null, 3.25, 1e9, NaN]);
    assert.deepEqual(values('ff'), [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5]);
    assert.deepEqual(values('t'), [0, null, 1e12, 1.7e12, null, 5, 6, 7]);
    assert.deepEqual(values('b'), [true, false, null, true, true, null, false, true]);
    assert.deepEqual(values('s'), strings);
    assert.deepEqual(values('d'), ['a', 'ß', null, 'ß', 'a', null, 'c', 'c']);
  });

  it('all valid, all null, all true and empty columns', () => {
    const table = tableFromIPC(
      columnsToIpc([
        { name: 'b', kind: 'bool', values: [true, true, true, true, true, true, true, true, true] },
        { name: 's', kind: 'string', values: [null, null, null, null, null, null, null, null, null] },
      ]),
    );
    assert.deepEqual([...table.getChild('b')!], Array(9).fill(true));
    assert.deepEqual([...table.getChild('s')!], Array(9).fill(null));
    assert.equal(table.getChild('s')!.nullCount, 9);
    assert.equal(tableFromIPC(columnsToIpc([{ name: 's', kind: 'string', values: [] }])).numRows, 0);
  });

  it('compiles no code (a strict CSP refuses Function)', () => {
    const original = globalThis.Function;
    globalThis.Function = function refused() {
      throw new Error('Function() called');
    } as unknown as FunctionConstructor;
    try {
      columnsToIpc([
        { name: 'f', kind: 'float', values: [1, null] },
        { name: 'b', kind: 'bool', values: [true, null] },
        { name: 's', kind: 'string', values: ['a', null] },
        { name: 'd', kind: 'dictionary', codes: Int32Array.from([0, -1]), dictionary: ['a'] },
      ]);
    } finally {
      globalThis.Function = original;
    }
  });

  it('strings longer than the first buffer guess grow it', () => {
    const long = ['a', 'é'.repeat(10_000), '€'.repeat(3_000), 'b'];
    const table = tableFromIPC(columnsToIpc([{ name: 's', kind: 'string', values: long }]));
    assert.deepEqual([...table.getChild('s')!], long);
  });
});
