// The engine's start-up progress (onProgress): DuckDB, where it keeps the tables, the demo data's generation, each
// table's load, ready — once, on the first data request (the demo data generated while DuckDB starts); a listener that
// throws changes nothing.
import { expect } from '@open-wc/testing';
import { demoSeed, type EngineProgress } from '../../../src/engine/index.js';
import { testEngine } from '../helpers.js';

describe('engine progress (Chromium, DuckDB-wasm)', function () {
  this.timeout(60_000);

  it('reports DuckDB, its database, generation, every table and ready, once', async () => {
    const events: EngineProgress[] = [];
    const t = await testEngine({ seed: { ...demoSeed, data: { rows: 2_000 } }, onProgress: (e) => events.push(e) });
    try {
      const query = { query: { measures: ['sales.count'] } };
      const first = await t.admin.load(query);
      expect(first.data[0]['sales.count']).to.equal(2_000);
      expect(events[0]).to.deep.equal({ phase: 'duckdb' });
      // The generation runs while DuckDB starts: it may begin before DuckDB says where it keeps the tables.
      const opened = events.slice(1, 3).find((e) => e.phase === 'database') as Extract<
        EngineProgress,
        { phase: 'database' }
      >;
      expect(events.slice(1, 3).find((e) => e.phase === 'generate')).to.deep.equal({ phase: 'generate', rows: 2_000 });
      // Its database in OPFS, or memory and why (a browser without sync access handles in workers).
      expect(opened?.phase).to.equal('database');
      if ('path' in opened) expect(opened.path).to.equal(`opfs://svc-engine-${t.name}.duckdb`);
      else expect(opened.inMemory).to.be.a('string').and.not.equal('');
      const loads = events.slice(3, -1) as Extract<EngineProgress, { phase: 'load' }>[];
      expect(loads.map((e) => e.phase)).to.deep.equal(['load', 'load', 'load']);
      expect(loads.map((e) => e.table).sort()).to.deep.equal(['customers', 'orders', 'products']);
      expect(loads.map((e) => [e.done, e.total])).to.deep.equal([
        [0, 3],
        [1, 3],
        [2, 3],
      ]);
      expect(events.at(-1)).to.deep.equal({ phase: 'ready' });

      const count = events.length;
      await t.admin.load(query);
      expect(events.length).to.equal(count); // warm: nothing to report
    } finally {
      await t.dispose();
    }
  });

  it('generates the demo data while DuckDB starts, not after, and once', async () => {
    const events: EngineProgress[] = [];
    const t = await testEngine({ seed: { ...demoSeed, data: { rows: 3_000 } }, onProgress: (e) => events.push(e) });
    try {
      const [first] = await Promise.all([
        t.admin.load({ query: { measures: ['sales.count'] } }),
        t.admin.load({ query: { measures: ['sales.count'], dimensions: ['sales.status'] } }),
      ]);
      expect(first.data[0]['sales.count']).to.equal(3_000);
      // DuckDB's start (its wasm compiled, its database opened) takes far longer than asking IndexedDB whether the
      // data is there: the generation has begun before DuckDB is ready.
      expect(events.slice(0, 3).map((e) => e.phase)).to.deep.equal(['duckdb', 'generate', 'database']);
      expect(events.filter((e) => e.phase === 'generate')).to.have.length(1);
      expect(events.at(-1)).to.deep.equal({ phase: 'ready' });
    } finally {
      await t.dispose();
    }
  });

  it('a listener that throws does not break the engine', async () => {
    const t = await testEngine({
      seed: { ...demoSeed, data: { rows: 500 } },
      onProgress: () => {
        throw new Error('listener bug');
      },
    });
    try {
      const result = await t.admin.load({ query: { measures: ['sales.count'] } });
      expect(result.data[0]['sales.count']).to.equal(500);
    } finally {
      await t.dispose();
    }
  });
});
