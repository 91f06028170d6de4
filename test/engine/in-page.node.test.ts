// The engine's limit options reach what they limit: `modelLimits` the model loader, `maxQueriesPerRequest` the data
// API's fan-out, `orphanedTimeoutMs` its abandoned loads; a bad value is a TypeError before anything opens. A
// weather station's model, not the demo's.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_MODEL_LIMITS, ModelError, createLocalEngine, type LocalEngine } from '../../src/engine/index.js';
import { admin } from './data/own-data.scenario.js';

const MODEL = `cubes:
  - name: readings
    sql_table: readings
    measures:
      - name: rain_mm
        type: sum
        sql: rain_mm
    dimensions:
      - name: taken_at
        sql: taken_at
        type: time
`;
const readings = Array.from({ length: 40 }, (_, i) => ({
  taken_at: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
  rain_mm: i % 7,
}));

let seq = 0;
const start = (options: Parameters<typeof createLocalEngine>[0] = {}) =>
  createLocalEngine({
    name: `limits-options-${process.pid}-${++seq}`,
    worker: false,
    model: MODEL,
    data: { readings },
    ...options,
  });

const compare = (engine: LocalEngine, ranges: number) =>
  engine.fetch(
    new Request('https://local.svc/cubejs-api/v1/load', {
      method: 'POST',
      headers: { Authorization: 'Bearer demo-admin-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        queryType: 'multi',
        query: {
          measures: ['readings.rain_mm'],
          timeDimensions: [
            {
              dimension: 'readings.taken_at',
              compareDateRange: Array.from({ length: ranges }, (_, i) => [
                `2024-01-${String(i + 1).padStart(2, '0')}`,
                `2024-01-${String(i + 1).padStart(2, '0')}`,
              ]),
            },
          ],
        },
      }),
    }),
  );

describe('createLocalEngine: limit options', () => {
  it('modelLimits: a model past a given limit is a ModelError naming the limit; the default reads it', async () => {
    await assert.rejects(start({ modelLimits: { maxFileBytes: 64 } }), (error: unknown) => {
      assert.ok(error instanceof ModelError);
      assert.match(error.problems[0].message, /maxFileBytes/);
      return true;
    });
    const engine = await start();
    await assert.rejects(
      engine.setModel(MODEL.replace('cubes:', 'cubes:\n' + '#'.repeat(DEFAULT_MODEL_LIMITS.maxFileBytes))),
      ModelError,
    );
    const { data } = await admin(engine).load({ query: { measures: ['readings.rain_mm'] } });
    assert.deepEqual(data, [{ 'readings.rain_mm': readings.reduce((a, r) => a + r.rain_mm, 0) }]);
    await engine.close();
  });

  it('maxQueriesPerRequest: a compareDateRange past it is a 400, one within it is answered', async () => {
    const engine = await start({ maxQueriesPerRequest: 3 });
    const refused = await compare(engine, 4);
    assert.equal(refused.status, 400);
    assert.match(((await refused.json()) as { error: string }).error, /at most 3 date ranges, got 4/);
    const answered = await compare(engine, 3);
    assert.equal(answered.status, 200, await answered.clone().text());
    assert.equal(((await answered.json()) as { results: unknown[] }).results.length, 3);
    await engine.close();
  });

  it('a bad limit is a TypeError, before the engine opens anything', async () => {
    for (const options of [
      { maxQueriesPerRequest: 0 },
      { maxQueriesPerRequest: 2.5 },
      { orphanedTimeoutMs: -1 },
      { orphanedTimeoutMs: '10' as unknown as number },
      { modelLimits: { maxDepth: 0 } },
      { modelLimits: { maxFiels: 3 } as never },
      { importTimeoutMs: 0 },
    ]) {
      await assert.rejects(start(options), TypeError, JSON.stringify(options));
    }
  });
});

describe('createLocalEngine in Node', () => {
  it('says it runs in Node', async () => {
    const engine = await start();
    try {
      assert.equal(engine.runsIn, 'node');
    } finally {
      await engine.close();
    }
  });
});
