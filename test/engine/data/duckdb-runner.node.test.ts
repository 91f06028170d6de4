// A statement whose request is abandoned and still runs STOP_ABANDONED_AFTER_MS after it was sent is stopped with its
// DuckDB (as at the deadline), not left to run to the deadline: seen as CPU, since DuckDB runs in a worker thread of this
// process. And the engine answers the next query on a new DuckDB.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLocalEngine } from '../../../src/engine/index.js';
import { STOP_ABANDONED_AFTER_MS } from '../../../src/engine/data/duckdb-runner.js';
import { deleteDatabase } from '../helpers.js';
import { LIBRARY_KEY, librarySeed } from '../http/library-fixture.js';

async function cpuDuring(ms: number): Promise<number> {
  const start = process.cpuUsage();
  await sleep(ms);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Resolves once DuckDB works (a quarter second with 100 ms of CPU or more), at most 30 s. */
async function busy(): Promise<void> {
  for (let i = 0; i < 120; i++) if ((await cpuDuring(250)) >= 100) return;
  throw new Error('DuckDB never started working');
}

const cubeSql = (query: string, signal?: AbortSignal) =>
  new Request('https://library.test/cubejs-api/v1/cubesql', {
    method: 'POST',
    headers: { authorization: LIBRARY_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    signal,
  });

describe('abandoned statements', () => {
  it('a long SQL API statement whose request is aborted is stopped; the next query runs on a new DuckDB', async (t) => {
    const name = `service-abandon-${process.pid}`;
    const engine = await createLocalEngine({ name, seed: librarySeed, queryTimeoutMs: 120_000 });
    try {
      const warm = await engine.fetch(cubeSql('SELECT COUNT(*) AS n FROM loans'));
      assert.equal(warm.status, 200);
      // Pairs of 3 million scans: runs for minutes.
      const controller = new AbortController();
      const pending = engine
        .fetch(cubeSql('SELECT COUNT(*) AS n FROM shelf_scans a JOIN shelf_scans b ON a.id < b.id', controller.signal))
        .catch((error: unknown) => error);
      await busy(); // the statement runs
      await sleep(STOP_ABANDONED_AFTER_MS + 1500);
      controller.abort();
      await sleep(500);
      const cpu = await cpuDuring(3000);
      t.diagnostic(`CPU in the 3 s after the abort: ${Math.round(cpu)} ms`);
      assert.ok(cpu < 400, `the process used ${Math.round(cpu)} ms of CPU in 3 s after the request was aborted`);
      // It was still running when it was aborted: cancelled, not answered.
      const answer = await pending;
      if (answer instanceof Response) {
        assert.equal(answer.status, 400);
        assert.deepEqual(await answer.json(), { error: 'Query cancelled: nobody waits for its answer any more' });
      } else assert.equal((answer as Error).name, 'AbortError');
      const next = await engine.fetch(cubeSql('SELECT COUNT(*) AS n FROM loans'));
      assert.equal(next.status, 200);
      assert.match(await next.text(), /\{"data":\[\[240\]\]\}/);
    } finally {
      await engine.close();
      await deleteDatabase(name);
    }
  });

  it('one abandoned as soon as it runs is stopped once it has run that long, not left to hold DuckDB', async (t) => {
    const name = `service-abandon-early-${process.pid}`;
    const engine = await createLocalEngine({ name, seed: librarySeed, queryTimeoutMs: 120_000 });
    try {
      assert.equal((await engine.fetch(cubeSql('SELECT COUNT(*) AS n FROM loans'))).status, 200);
      const controller = new AbortController();
      const pending = engine
        .fetch(cubeSql('SELECT COUNT(*) AS n FROM shelf_scans a JOIN shelf_scans b ON a.id < b.id', controller.signal))
        .catch((error: unknown) => error);
      await busy();
      controller.abort(); // the client is gone at once: answered at once, the statement runs on for now
      await pending;
      // Native DuckDB answers one statement at a time: a query sent now waits behind the abandoned one until it is
      // stopped (STOP_ABANDONED_AFTER_MS after it was sent), not until it ends (minutes) or meets the deadline (120 s).
      const sent = performance.now();
      const next = await engine.fetch(cubeSql('SELECT COUNT(*) AS n FROM loans'));
      const waited = performance.now() - sent;
      t.diagnostic(`the next query was answered ${Math.round(waited)} ms after it was sent`);
      assert.equal(next.status, 200);
      assert.match(await next.text(), /\{"data":\[\[240\]\]\}/);
      assert.ok(waited < STOP_ABANDONED_AFTER_MS + 20_000, `answered after ${Math.round(waited)} ms`);
      const cpu = await cpuDuring(3000);
      assert.ok(cpu < 400, `the process used ${Math.round(cpu)} ms of CPU in 3 s after the next answer`);
    } finally {
      await engine.close();
      await deleteDatabase(name);
    }
  });
});
