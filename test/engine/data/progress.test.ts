// The engine's start-up progress (onProgress): DuckDB, where it keeps the tables, the demo data's generation (while
// DuckDB starts), each table's load, ready — once, from the engine's start when its seed generates the data (a first
// visit to the demo: ready before the page asks), otherwise on the first data request; a listener that throws changes
// nothing.
import { expect } from '@open-wc/testing';
import { createLocalEngine, demoSeed, type EngineProgress } from '../../../src/engine/index.js';
import { testEngine } from '../helpers.js';

describe('engine progress (Chromium, DuckDB-wasm)', function () {
  this.timeout(60_000);

  it('reports DuckDB, its database, generation, every table and ready, once, from the start', async () => {
    const events: EngineProgress[] = [];
    let ready!: () => void;
    const readied = new Promise<void>((resolve) => (ready = resolve));
    const t = await testEngine({
      seed: { ...demoSeed, data: { rows: 2_000 } },
      engine: { prepareData: true },
      onProgress: (e) => {
        events.push(e);
        if (e.phase === 'ready') ready();
      },
    });
    try {
      // The generated data is made ready while nothing asks for it yet (a page asks for its session, its dashboard).
      await readied;
      const query = { query: { measures: ['sales.count'] } };
      const first = await t.admin.load(query);
      expect(first.data[0]['sales.count']).to.equal(2_000);
      expect(events[0]).to.deep.equal({ phase: 'duckdb' });
      // The demo's rows are generated while DuckDB starts: its database (in OPFS, or memory and why: a browser
      // without sync access handles in workers) is told before or after.
      const database = events.slice(1, 3).find((e) => e.phase === 'database')!;
      expect(database).to.not.equal(undefined);
      if ('path' in database) expect(database.path).to.equal(`opfs://svc-engine-${t.name}.duckdb`);
      else expect(database.inMemory).to.be.a('string').and.not.equal('');
      expect(events.slice(1, 3).filter((e) => e.phase === 'generate')).to.deep.equal([
        { phase: 'generate', rows: 2_000 },
      ]);
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

  it('waits for the first use with prepareData: false, and refuses a prepareData that is not a boolean', async () => {
    const events: EngineProgress[] = [];
    const t = await testEngine({
      seed: { ...demoSeed, data: { rows: 500 } },
      engine: { prepareData: false },
      onProgress: (e) => events.push(e),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(events).to.deep.equal([]);
      const result = await t.admin.load({ query: { measures: ['sales.count'] } });
      expect(result.data[0]['sales.count']).to.equal(500);
      expect(events.at(-1)).to.deep.equal({ phase: 'ready' });
    } finally {
      await t.dispose();
    }
    let error: unknown;
    await createLocalEngine({ name: `prepare-${Date.now()}`, prepareData: 1 as never }).catch(
      (e: unknown) => (error = e),
    );
    expect(error).to.be.instanceOf(TypeError);
    expect((error as Error).message).to.equal('prepareData must be true or false, not 1');
  });
});
