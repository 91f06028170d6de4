// The demo seed's rows are generated on the first data request, once: queries that arrive together on a new engine
// wait for one generation (each used to generate the whole dataset again, to find it stored and throw it away), and a
// second engine on the same database finds them stored and generates nothing.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLocalEngine, demoSeed, type EngineProgress } from '../../../src/engine/index.js';
import { admin } from './own-data.scenario.js';

const query = { query: { measures: ['sales.count'] } };

describe('demo data generation', () => {
  it('is done once for queries that arrive together, and not again by a second engine', async () => {
    const name = `demo-generate-${process.pid}`;
    const seed = { ...demoSeed, data: { rows: 3_000 } };
    const events: EngineProgress[] = [];
    const first = await createLocalEngine({ name, seed, onProgress: (e) => events.push(e) });
    try {
      // Four different queries (the same one would be answered once for all).
      const answers = await Promise.all(
        [[], ['sales.customers_region'], ['sales.status'], ['sales.products_category']].map((dimensions) =>
          admin(first).load({ query: { measures: ['sales.count'], dimensions } }),
        ),
      );
      for (const a of answers)
        assert.equal(
          a.data.reduce((n, row) => n + Number(row['sales.count']), 0),
          3_000,
        );
      assert.deepEqual(
        events.filter((e) => e.phase === 'generate'),
        [{ phase: 'generate', rows: 3_000 }],
      );
    } finally {
      await first.close();
    }
    const again: EngineProgress[] = [];
    const second = await createLocalEngine({ name, seed, onProgress: (e) => again.push(e) });
    try {
      assert.equal((await admin(second).load(query)).data[0]['sales.count'], 3_000);
      assert.deepEqual(
        again.filter((e) => e.phase === 'generate'),
        [],
      );
    } finally {
      await second.close();
    }
  });
});
