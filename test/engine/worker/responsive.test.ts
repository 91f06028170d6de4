// The page's main thread while the engine works: with the engine in its worker (the browser default) the page keeps
// ticking through a heavy first load; in the page (`worker: false`) the same work stalls it. Figures of both modes are
// logged; the test asserts only that the page keeps running its own tasks (timing comparisons belong to the
// benchmarks: `npm run bench -- cold-start` compares the modes). Also the proxy's cost on a small request (logged).
import { expect } from '@open-wc/testing';
import { createLocalEngine, DEMO, demoSeed } from '../../../src/engine/index.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { deleteDatabase } from '../helpers.js';

const BASE = 'https://local.svc';

describe('the page during a heavy engine task', function () {
  this.timeout(240_000);
  /** Runs `task` while a setTimeout chain ticks on the page: how many ticks got through, and the longest gap. */
  async function ticking(task: () => Promise<unknown>) {
    let ticks = 0;
    let last = performance.now();
    let longest = 0;
    let blocked = 0;
    let running = true;
    const tick = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      blocked += Math.max(0, now - last - 50); // beyond 50 ms, a gap is a long task
      last = now;
      ticks++;
      if (running) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const started = performance.now();
    await task();
    running = false;
    return {
      ticks,
      longest: Math.round(longest),
      blocked: Math.round(blocked),
      ms: Math.round(performance.now() - started),
    };
  }

  it('keeps ticking while the engine generates and loads 200,000 rows in its worker', async () => {
    const figures: Record<string, unknown> = {};
    for (const worker of [true, false]) {
      const name = `svc-worker-heavy-${worker}-${Date.now()}`;
      const engine = await createLocalEngine({ name, worker, seed: { ...demoSeed, data: { rows: 200_000 } } });
      const admin = new HttpTransport({ baseUrl: BASE, fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
      try {
        // The first data request generates the rows, loads them into DuckDB and runs the query.
        figures[worker ? 'worker' : 'in-page'] = await ticking(() =>
          admin.load({ query: { measures: ['orders.count'], dimensions: ['customers.region'] } }),
        );
      } finally {
        await engine.close();
        await deleteDatabase(name);
      }
    }
    console.log(`page ticks during the first load of 200,000 rows: ${JSON.stringify(figures)}`);
    const inWorker = figures.worker as { ticks: number };
    expect(inWorker.ticks).to.be.greaterThan(20);
  });

  it('answers a small request alike in both modes (the proxy cost is logged: median of 40)', async () => {
    const medians: Record<string, number> = {};
    const bodies: string[] = [];
    for (const worker of [false, true]) {
      const name = `svc-worker-small-${worker}-${Date.now()}`;
      const engine = await createLocalEngine({ name, worker, seed: 'demo' });
      const request = () =>
        new Request(`${BASE}/api/v1/deployments`, { headers: { Authorization: `Bearer ${DEMO.adminKey}` } });
      try {
        const body = await (await engine.fetch(request())).text();
        bodies.push(body.replace(/"createdAt":"[^"]+"/g, '')); // each engine made its deployment just now
        for (let i = 0; i < 5; i++) await (await engine.fetch(request())).text(); // warm
        const times: number[] = [];
        for (let i = 0; i < 40; i++) {
          const t0 = performance.now();
          await (await engine.fetch(request())).text();
          times.push(performance.now() - t0);
        }
        medians[worker ? 'worker' : 'in-page'] = times.sort((a, b) => a - b)[20];
      } finally {
        await engine.close();
        await deleteDatabase(name);
      }
    }
    console.log(`GET /api/v1/deployments, median ms: ${JSON.stringify(medians)}`);
    expect(bodies[1]).to.equal(bodies[0]);
  });
});
