// chat/sort.ts: the thread's line numbers, for threads stored with them and for threads stored before they were kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatStreamMessage } from '../../../src/api/types.js';
import { StreamSorts, bySort, nextSort, storedSort } from '../../../src/engine/chat/sort.js';

const user = (id: string, sort?: number): ChatStreamMessage => ({ id, role: 'user', content: id, sort });

describe('chat sort', () => {
  it('a stream numbers its lines after the thread’s; a message is stored with its first line’s number', () => {
    const sorts = new StreamSorts({ messages: [user('a', 1)], nextSort: 10 });
    assert.equal(sorts.line({ id: '__cutoff__' }).sort, 0);
    assert.equal(sorts.line(user('b')).sort, 10);
    const delta = { id: 'c', role: 'assistant', content: 'x', isDelta: true };
    assert.deepEqual([sorts.line(delta).sort, sorts.line(delta).sort, sorts.line(user('d')).sort], [11, 12, 13]);
    assert.equal(sorts.stored({ ...delta, isDelta: false }).sort, 11);
    assert.equal(sorts.upcoming, 14);
    assert.deepEqual(
      bySort([sorts.stored(user('d')), sorts.stored(delta), sorts.stored(user('b'))]).map((m) => m.id),
      ['b', 'c', 'd'],
    );
  });

  it('threads stored without numbers: messages are 1…n and the next line n + 1', () => {
    const legacy = [user('a'), user('b'), user('c')];
    assert.deepEqual(legacy.map(storedSort), [1, 2, 3]);
    assert.equal(nextSort({ messages: legacy }), 4);
    assert.equal(new StreamSorts({ messages: legacy }).line(user('d')).sort, 4);
    assert.equal(nextSort({ messages: [] }), 1);
  });
});
