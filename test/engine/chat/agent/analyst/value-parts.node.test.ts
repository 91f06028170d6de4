// Adjectives and demonyms of one-word values (value-parts.ts), read as those values by their endings alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { partOf } from '../../../../../src/engine/chat/agent/analyst/value-parts.js';

const exact = new Map(
  ['China', 'Malta', 'Japan', 'south', 'northeast', 'Sweden', 'Snow'].map((v) => [
    v.toLowerCase(),
    [{ field: v === v.toLowerCase() ? 'region' : 'country', value: v }],
  ]),
);
const read = (word: string) =>
  partOf(
    word,
    exact,
    new Map(),
    () => false,
    () => false,
  ).map((v) => v.value);

describe('partOf: a value by its adjective or demonym', () => {
  it('-ese after a dropped final a ("Chinese" → China, "Maltese" → Malta), and after the name ("Japanese")', () => {
    assert.deepEqual(read('chinese'), ['China']);
    assert.deepEqual(read('maltese'), ['Malta']);
    assert.deepEqual(read('japanese'), ['Japan']);
  });

  it('-ern of a compass point ("southern" → south, "northeastern" → northeast)', () => {
    assert.deepEqual(read('southern'), ['south']);
    assert.deepEqual(read('northeastern'), ['northeast']);
  });

  it('still the endings it read before ("snowy" → Snow), and nothing for a word of no value', () => {
    assert.deepEqual(read('snowy'), ['Snow']);
    assert.deepEqual(read('western'), []);
  });
});
