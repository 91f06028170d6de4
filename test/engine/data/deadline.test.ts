// In the page: a query past its deadline stops DuckDB's worker, the page keeps running meanwhile, the query that
// waited behind it and the next one are answered by a new DuckDB (tables loaded again).
import { expect } from '@open-wc/testing';
import { createLocalEngine, type LocalEngine } from '../../../src/engine/index.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { ENDLESS_QUERY, LOGISTICS, logisticsSeed } from '../../fixtures/logistics.js';

describe('data API: query deadline in the browser', function () {
  this.timeout(60_000);
  let engine: LocalEngine;
  let dev: HttpTransport;

  before(async () => {
    engine = await createLocalEngine({
      seed: logisticsSeed,
      name: `deadline-${Date.now()}`,
      queryTimeoutMs: 1500,
    });
    dev = new HttpTransport({ baseUrl: 'https://x', fetch: engine.fetch, auth: { apiKey: LOGISTICS.adminKey } });
    await dev.cubeSql({ query: 'SELECT 1 FROM shipments LIMIT 1' }); // DuckDB started, tables loaded
  });
  after(() => engine.close());

  it('stops the query, keeps the page running, and answers the next ones', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    const started = performance.now();
    const slow = dev.cubeSql({ query: ENDLESS_QUERY }).catch((e: Error & { status: number }) => e);
    const waiting = dev.cubeSql({ query: 'SELECT count(*) FROM freight' });
    const error = (await slow) as Error & { status: number };
    clearInterval(timer);
    expect(error.status).to.equal(400);
    expect(error.message).to.match(/ran longer than 1.5 s/);
    expect(performance.now() - started).to.be.lessThan(8000);
    expect(ticks).to.be.greaterThan(10);
    expect((await waiting).data).to.deep.equal([[LOGISTICS.visibleRows + LOGISTICS.hiddenRows]]);
    expect((await dev.cubeSql({ query: 'SELECT MEASURE(count) FROM shipments' })).data).to.deep.equal([
      [LOGISTICS.visibleRows + LOGISTICS.hiddenRows],
    ]);
  });
});
