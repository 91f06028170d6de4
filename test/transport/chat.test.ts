import { expect } from '@open-wc/testing';
import type { ChatStreamMessage } from '../../src/api/types.js';
import {
  applyChatMessage,
  cutoffState,
  finalAnswer,
  isControlMessage,
  isServiceMetaPayload,
  isServiceSqlApiPayload,
  parseToolPayload,
  sortMessages,
  splitTurns,
} from '../../src/transport/chat.js';
import { chatStream, metaResult, sqlInput, sqlResult } from '../fixtures/chat-stream.js';

describe('finalAnswer (spec rule 1)', () => {
  it('is the last assistant message whose graphPath starts with final, length ≤ 2', () => {
    const answer = finalAnswer(chatStream);
    expect(answer?.content).to.equal('Most orders are completed (120), then shipped (42).');
    expect(answer?.isDelta).to.equal(false);
  });

  it('ignores other nodes, user messages and graphPaths longer than 2', () => {
    const decoys: ChatStreamMessage[] = [
      { id: 'x', role: 'assistant', content: 'deep', graphPath: ['final', 'a', 'b'] },
      { id: 'y', role: 'user', content: 'user', graphPath: ['final'] },
      { id: 'z', role: 'assistant', content: 'main', graphPath: ['service_data_analyst_agent'] },
    ];
    expect(finalAnswer([...chatStream, ...decoys])?.content).to.equal(
      'Most orders are completed (120), then shipped (42).',
    );
    expect(finalAnswer(decoys)).to.equal(undefined);
    expect(finalAnswer([{ id: 'f', role: 'assistant', content: 'one', graphPath: ['final'] }])?.content).to.equal(
      'one',
    );
  });

  it('of an aborted stream is the last partial final delta', () => {
    expect(finalAnswer(chatStream.slice(0, 10))?.content).to.equal('completed.');
  });
});

describe('parseToolPayload (spec rule 2)', () => {
  it('parses serviceMeta input and result', () => {
    const p = parseToolPayload(chatStream[5].toolCall!);
    expect(isServiceMetaPayload(p)).to.equal(true);
    expect(isServiceSqlApiPayload(p)).to.equal(false);
    expect(p.complete).to.equal(true);
    expect(p.input).to.deep.equal({ searchQuery: 'orders status' });
    expect(p.result).to.deep.equal(metaResult);
    expect(p.error).to.equal(undefined);
  });

  it('accepts the query alias of sqlQuery and parses the SQL result', () => {
    const p = parseToolPayload(chatStream[7].toolCall!);
    expect(isServiceSqlApiPayload(p)).to.equal(true);
    if (!isServiceSqlApiPayload(p)) return;
    expect(p.input.sqlQuery).to.equal(sqlInput.query);
    expect(p.input).to.not.have.property('query');
    expect(p.result).to.deep.equal(sqlResult);
    expect(JSON.parse(p.input.vegaSpec!)).to.have.property('mark', 'bar');
  });

  it('a call in process has no result yet', () => {
    const p = parseToolPayload(chatStream[6].toolCall!);
    expect([p.complete, p.result, p.error]).to.deep.equal([false, undefined, undefined]);
  });

  it('surfaces a tool error from the parsed result', () => {
    const p = parseToolPayload({
      name: 'serviceSqlApi',
      input: JSON.stringify({ sqlQuery: 'SELECT 1' }),
      result: JSON.stringify({ error: 'Branch dev-x does not exist' }),
    });
    expect([p.complete, p.error, p.result]).to.deep.equal([true, 'Branch dev-x does not exist', undefined]);
  });

  it('reports malformed JSON as an error, never a throw', () => {
    const p = parseToolPayload({ name: 'serviceMeta', input: '{"searchQuery": "x"}', result: '{oops' });
    expect(p.error).to.match(/^Tool result is not valid JSON/);
    expect(parseToolPayload({ name: 'serviceMeta', input: '[1]' }).error).to.equal('Tool input is not a JSON object');
  });
});

describe('chat reducer', () => {
  it('appends deltas, replaces on non-deltas, and orders by first sort', () => {
    const messages = new Map<string, ChatStreamMessage>();
    for (const m of chatStream) applyChatMessage(messages, m);
    const list = sortMessages(messages);
    expect(list.map((m) => m.id)).to.deep.equal(['__cutoff__', 'u1', 'a1', 't1', 't2', 'a2', '__state__']);
    expect(messages.get('a1')!.thinking).to.equal('Look up the members.');
    expect(messages.get('a1')).to.not.have.property('content');
    expect(messages.get('t2')!.toolCall!.result).to.be.a('string');
    expect(messages.get('a2')!.content).to.equal('Most orders are completed (120), then shipped (42).');
    expect(messages.get('a2')!.sort).to.equal(8);
  });

  it('is idempotent for a replayed non-delta message (resubscribe)', () => {
    const messages = new Map<string, ChatStreamMessage>();
    for (const m of chatStream) applyChatMessage(messages, m);
    const before = JSON.stringify(sortMessages(messages));
    applyChatMessage(messages, chatStream[10]);
    expect(JSON.stringify(sortMessages(messages))).to.equal(before);
  });
});

describe('splitTurns', () => {
  it('cuts a thread at each user message; what precedes the first one is a turn of its own', () => {
    const m = (id: string, role: 'user' | 'assistant'): ChatStreamMessage => ({ id, role, content: id });
    const turns = splitTurns([m('a0', 'assistant'), m('q1', 'user'), m('a1', 'assistant'), m('q2', 'user')]);
    expect(turns.map((t) => t.map((x) => x.id))).to.deep.equal([['a0'], ['q1', 'a1'], ['q2']]);
    expect(splitTurns([])).to.deep.equal([]);
  });
});

describe('control messages', () => {
  it('reads the cutoff state', () => {
    expect(cutoffState(chatStream[0])).to.deep.equal({ chatId: 'chat-42', isStreaming: true });
    expect(cutoffState(chatStream[1])).to.equal(undefined);
    expect(isControlMessage(chatStream[0]) && isControlMessage(chatStream[11])).to.equal(true);
    expect(isControlMessage(chatStream[2])).to.equal(false);
  });
});
