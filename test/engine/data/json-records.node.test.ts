// JSON arrays and NDJSON split into their records without parsing the whole document (json-records.ts): every record
// of any array of objects (strings holding brackets, braces, commas, quotes and escapes) is found whole, and a JSON or
// NDJSON import of more rows than a batch gets one table with the columns and types of all its rows.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { recordTexts } from '../../../src/engine/data/json-records.js';
import { ROWS_PER_BATCH } from '../../../src/engine/data/read-rows.js';
import { createLocalEngine } from '../../../src/engine/index.js';

const tricky = fc.oneof(fc.string(), fc.constantFrom('[', ']', '{', '}', ',', '"', '\\', '\\"', '],[', '"}, {"'));
const object = fc.dictionary(
  fc.oneof(fc.string(), tricky),
  fc.oneof(tricky, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)),
  { maxKeys: 5 },
);
const nested = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, object, fc.array(tie('value'), { maxLength: 3 }), tricky),
})).value;

describe('JSON and NDJSON records (json-records.ts)', () => {
  it('finds every element of a JSON array, however it is spaced, and every NDJSON line', () => {
    fc.assert(
      fc.property(fc.array(fc.dictionary(fc.string(), nested, { maxKeys: 4 })), fc.boolean(), (rows, spaced) => {
        const json = spaced ? JSON.stringify(rows, null, 2) : JSON.stringify(rows);
        const again = (texts: Iterable<{ text: string }>) =>
          JSON.stringify([...texts].map((r) => JSON.parse(r.text) as unknown));
        assert.equal(again(recordTexts(json, 'json', Infinity)), JSON.stringify(rows));
        const ndjson = rows.map((r) => JSON.stringify(r)).join('\n');
        assert.equal(again(recordTexts(ndjson, 'ndjson', Infinity)), JSON.stringify(rows));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what is not an array of records, as JSON.parse would', () => {
    const messages = (text: string) => {
      try {
        return [...recordTexts(text, 'json', Infinity)].map((r) => JSON.parse(r.text) as unknown);
      } catch (error) {
        return (error as Error).message;
      }
    };
    assert.equal(messages('{"a": 1}'), 'JSON: expected an array of objects (one per row)');
    assert.match(String(messages('nope')), /^not valid JSON: /);
    assert.equal(messages('[{"a": 1}'), 'not valid JSON: the array is not closed');
    assert.equal(messages('[{"a": 1}] x'), 'not valid JSON: unexpected text after the array');
    assert.throws(() => (messages('[{"a": 1},]') as never) === undefined || JSON.parse(''));
    assert.deepEqual(messages('[ ]'), []);
  });

  it('imports more rows than a batch as one table: columns met late, types joined over all rows', async () => {
    const n = ROWS_PER_BATCH * 2 + 10;
    // `amount` is an integer until the last batch (then DOUBLE), `note` appears only in the last rows.
    const rows = Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      amount: i < ROWS_PER_BATCH * 2 ? i : i + 0.5,
      ...(i >= n - 3 && { note: `late ${i}` }),
    }));
    const engine = await createLocalEngine({ name: `json-records-${process.pid}` });
    try {
      for (const [format, text] of [
        ['json', JSON.stringify(rows)],
        ['ndjson', rows.map((r) => JSON.stringify(r)).join('\n')],
      ] as const) {
        const info = await engine.putTable(`rows_${format}`, new File([text], `rows.${format}`));
        assert.equal(info.rowCount, n);
        assert.deepEqual(
          info.columns.map((c) => `${c.name}:${c.type}`),
          ['id:BIGINT', 'amount:DOUBLE', 'note:VARCHAR'],
          format,
        );
      }
    } finally {
      await engine.close();
    }
  });
});
