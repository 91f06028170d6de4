// Property of the SQL API: generated queries — valid ones, and ones that try shadowing, scope escapes, catalog and
// raw-table reads, hidden members, odd quoting — run as a restricted viewer never return a row or column the viewer
// may not see (test/fixtures/logistics.ts marks each with a canary), and a count never exceeds the visible rows.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { LocalEngine } from '../../../src/engine/index.js';
import type { HttpTransport } from '../../../src/transport/http-transport.js';
import { LOGISTICS, isCanary, logisticsViewer } from '../../fixtures/logistics.js';

const RUNS = Number(process.env.SQL_PROPERTY_RUNS ?? 2000);

// Names as Postgres reads them: unquoted ones fold to lower case, quoted ones keep their case (`"Shipments"` and
// `"SHIPMENTS"` are no table; `"shipments"`, `SHIPMENTS` and `Freight` are), and CTEs may have quoted names.
const source = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('shipments', 'SHIPMENTS', '"Shipments"', 'freight', 'x') },
  { weight: 2, arbitrary: fc.constantFrom('"shipments"', '"SHIPMENTS"', 'Freight', '"Freight"', '"X"', '"a b"') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'carriers',
      'sqlite_master',
      'duckdb_tables',
      'pg_tables',
      'information_schema.tables',
      'main.shipments',
      'y',
    ),
  },
);
const cteName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('x', 'y', '"X"', '"a b"') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'shipments',
      'freight',
      '"SHIPMENTS"',
      '"Freight"',
      'carriers',
      '"Carriers"',
      'sqlite_master',
      '"__cte_1"',
      '"select"',
      '"x AS (SELECT * FROM carriers) , z"',
    ),
  },
);
const column = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('warehouse', 'carrier', 'weight_kg', 'id', 'shipped_at', '"WAREHOUSE"') },
  { weight: 1, arbitrary: fc.constantFrom('cost', 'note') },
);
const expr = fc.oneof(
  column,
  fc.constantFrom('count(*)', 'MEASURE(total_weight)', 'MEASURE(count)', 'MEASURE(total_cost)', 'sum(weight_kg)'),
  fc.constantFrom('max(cost)', 'upper(carrier)', 'min(note)', "coalesce(warehouse, 'n')", 'weight_kg * 2'),
  source.map((s) => `(SELECT max(weight_kg) FROM ${s})`),
  source.map((s) => `(SELECT count(*) FROM ${s})`),
);
const where = fc.option(
  fc.oneof(
    fc.tuple(column, fc.constantFrom('=', '<>', '>', 'LIKE'), fc.constantFrom("'north'", '5', "'%SECRET%'", '1e9')),
    source.map((s) => ['id', 'IN', `(SELECT id FROM ${s})`]),
  ),
  { nil: undefined },
);

const select: fc.Memo<string> = fc.memo((depth) =>
  fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .tuple(fc.array(expr, { minLength: 1, maxLength: 3 }), depth > 1 ? fc.oneof(source, sub(depth)) : source, where)
      .map(
        ([exprs, from, w]) =>
          `SELECT ${exprs.join(', ')} FROM ${from}${w ? ` WHERE ${w.join(' ')}` : ''}${
            exprs.some((e) => /\(/.test(e)) && exprs.some((e) => !/\(/.test(e)) ? ' GROUP BY 1' : ''
          }`,
      ),
    fc.constantFrom('SELECT count(*) FROM shipments', 'SELECT * FROM freight', 'SELECT MEASURE(count) FROM freight'),
    depth > 1
      ? fc.tuple(cteName, select(depth - 1), select(depth - 1)).map(([n, q, body]) => `WITH ${n} AS (${q}) ${body}`)
      : fc.constant('SELECT * FROM shipments'),
    depth > 1
      ? fc.tuple(select(depth - 1), select(depth - 1)).map(([a, b]) => `${a} UNION ALL ${b}`)
      : fc.constant('SELECT carrier FROM freight'),
    depth > 1
      ? fc
          .tuple(cteName, select(depth - 1), source)
          .map(([n, q, s]) => `SELECT * FROM (WITH ${n} AS (${q}) SELECT 1) t, ${s}`)
      : fc.constant('SELECT id FROM shipments'),
    fc.tuple(source, source).map(([a, b]) => `SELECT * FROM ${a} p JOIN ${b} q USING (id)`),
  ),
);
function sub(depth: number) {
  return select(depth - 1).map((q) => `(${q}) AS t`);
}

describe('SQL API property: no generated query leaks a row or a column', () => {
  let engine: LocalEngine;
  let viewer: HttpTransport;

  before(async () => {
    ({ engine, viewer } = await logisticsViewer(`sql-property-${process.pid}`, 5000));
  });
  after(() => engine.close());

  it(`${RUNS} generated queries: no canary in any answer, no count above the visible rows, no 5xx`, async () => {
    const outcomes = { answered: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(select(3), async (query) => {
        let data: unknown[][];
        try {
          data = (await viewer.cubeSql({ query })).data;
        } catch (error) {
          const status = (error as { status?: number }).status ?? 0;
          assert.ok(status >= 400 && status < 500, `${query} → ${status} ${(error as Error).message}`);
          outcomes.refused++;
          if (process.env.SQL_PROPERTY_DEBUG) console.log('REFUSED', (error as Error).message.slice(0, 90));
          return;
        }
        outcomes.answered++;
        for (const row of data) for (const cell of row) assert.ok(!isCanary(cell), `${query} leaked ${String(cell)}`);
        if (/^SELECT count\(\*\) FROM [^ ]+$/.test(query) && data.length === 1) {
          assert.ok(Number(data[0][0]) <= LOGISTICS.visibleRows, `${query} counted ${String(data[0][0])} rows`);
        }
      }),
      { numRuns: RUNS, seed: Number(process.env.SQL_PROPERTY_SEED ?? 20261123) },
    );
    console.log(`sql property: ${outcomes.answered} answered, ${outcomes.refused} refused`);
    // Not vacuous: a good share of the generated queries are valid and answered.
    assert.ok(outcomes.answered >= RUNS * 0.2, `only ${outcomes.answered} of ${RUNS} answered`);
  });
});
