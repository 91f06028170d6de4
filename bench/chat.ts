// Chat in the browser: time to first byte and to the final message for a typical question through engine.fetch,
// agent overhead against the bare SQL execution of the query it runs; and the stream hub's per-message cost with
// 50 subscribers on one thread against one.
import type { ChatStreamMessage } from '../src/api/types.js';
import { StreamRun } from '../src/engine/chat/hub.js';
import { demoDataModel } from '../src/engine/data/demo-dataset.js';
import { createExecutor } from '../src/engine/data/executor-runtime.js';
import { resolveModel } from '../src/engine/data/model.js';
import { rewriteSql } from '../src/engine/data/sql-api.js';
import { openDB } from 'idb';
import { DEMO, createLocalEngine, demoSeed } from '../src/engine/index.js';
import { median, type Row } from './util.js';

const QUESTION = 'What was revenue by region last year?';

export async function chatBench(orders = 200_000, runs = 15): Promise<Row[]> {
  const name = `svc-bench-chat-${Date.now()}`;
  const now = Date.UTC(2026, 0, 15);
  const engine = await createLocalEngine({ name, seed: { ...demoSeed, data: { rows: orders } }, now: () => now });
  const rows: Row[] = [];
  try {
    const ask = async () => {
      const started = performance.now();
      const res = await engine.fetch(
        new Request(`https://local.svc/api/v1/public/demo/agents/${DEMO.agentId}/chat/stream-chat-state`, {
          method: 'POST',
          headers: { Authorization: `Api-Key ${DEMO.adminKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ input: QUESTION, sessionSettings: { externalId: 'bench', groups: ['executives'] } }),
        }),
      );
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let firstByte = 0;
      let finalAt = 0;
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        firstByte ||= performance.now() - started;
        text += decoder.decode(value, { stream: true });
        if (
          !finalAt &&
          /"graphPath":\["final"[^\]]*\][^\n]*"isDelta":false|"isDelta":false[^\n]*"graphPath":\["final"/.test(text)
        )
          finalAt = performance.now() - started;
      }
      const messages = text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as ChatStreamMessage);
      const sql = messages
        .filter((m) => m.toolCall?.name === 'serviceSqlApi' && m.toolCall.result)
        .map((m) => (JSON.parse(m.toolCall!.input) as { sqlQuery: string }).sqlQuery)
        .pop()!;
      return { firstByte, finalAt: finalAt || performance.now() - started, total: performance.now() - started, sql };
    };
    await ask(); // ingest and warm-up
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await ask());

    // The bare execution of the SQL the agent ran, rewritten as the engine does, on DuckDB directly.
    const direct = await createExecutor();
    const db = await openDB(name);
    for (const table of (await db.getAll('dataTables')) as { name: string; ipc: Uint8Array }[])
      await direct.loadTable(table.name, table.ipc);
    db.close();
    const { sql } = await rewriteSql(
      resolveModel(demoDataModel),
      { bypass: true, groups: [], userAttributes: {}, securityContext: {} },
      { query: samples[0].sql },
      now,
    );
    await direct.query(sql);
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await direct.query(sql);
      bare.push(performance.now() - t);
    }
    await direct.close();
    const total = median(samples.map((s) => s.total));
    rows.push(
      {
        measure: `time to first byte — "${QUESTION}" (${orders.toLocaleString('en')} orders)`,
        median: `${median(samples.map((s) => s.firstByte)).toFixed(1)} ms`,
        ratio: '',
      },
      {
        measure: 'time to the final message',
        median: `${median(samples.map((s) => s.finalAt)).toFixed(1)} ms`,
        ratio: '',
      },
      {
        measure: 'whole answer (3 tool calls)',
        median: `${total.toFixed(1)} ms`,
        ratio: `${(total / median(bare)).toFixed(2)}× the bare SQL`,
      },
      {
        measure: 'bare SQL of the answer on DuckDB (baseline)',
        median: `${median(bare).toFixed(1)} ms`,
        ratio: '1.00×',
      },
    );
  } finally {
    await engine.close();
    indexedDB.deleteDatabase(name);
  }

  // Stream hub fan-out: per-message cost with 50 subscribers against 1.
  const fanOut = async (subscribers: number, messages = 5000) => {
    const run = new StreamRun('bench', '1-message', { kind: 'external', id: 'b', tenant: '' });
    const readers = Array.from({ length: subscribers }, () => run.subscribe().getReader());
    const drain = readers.map(async (r) => {
      while (!(await r.read()).done) {
        /* consume */
      }
    });
    const started = performance.now();
    for (let i = 0; i < messages; i++) {
      run.send({ id: 'a', role: 'assistant', content: 'token ', isDelta: true, isInProcess: true, sort: i });
      if (i % 100 === 0) await Promise.resolve();
    }
    run.finish();
    await Promise.all(drain);
    return ((performance.now() - started) * 1000) / messages;
  };
  const one: number[] = [];
  const fifty: number[] = [];
  for (let i = 0; i < 5; i++) {
    one.push(await fanOut(1));
    fifty.push(await fanOut(50));
  }
  rows.push(
    {
      measure: 'stream hub: per message, 1 subscriber (baseline)',
      median: `${median(one).toFixed(2)} µs`,
      ratio: '1.00×',
    },
    {
      measure: 'stream hub: per message, 50 subscribers',
      median: `${median(fifty).toFixed(2)} µs`,
      ratio: `${(median(fifty) / median(one)).toFixed(1)}× (${(median(fifty) / 50).toFixed(2)} µs per subscriber)`,
    },
  );
  return rows;
}
