// One SQL API statement may read cubes and the views over them together — set operations, joins, subqueries, CTEs
// (issue 32's first bug: with a cube named like its raw table, the view's CTE read the cube's CTE in place of the
// table: `Binder Error: Values list "screenings" does not have a column named "film_id"`). On examples/model, and on
// a bakery's model whose cubes are named like their tables.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { createLocalEngine, demoSeed, type EngineSeed, type LocalEngine } from '../../../src/engine/index.js';
import { deleteDatabase } from '../helpers.js';
import { exampleInputs } from './own-data.scenario.js';

const KEY = demoSeed.apiKeys[0].key;

async function sqlOf(engine: LocalEngine, query: string): Promise<unknown[][]> {
  const res = await engine.fetch(
    new Request('https://mix.test/cubejs-api/v1/cubesql', {
      method: 'POST',
      headers: { authorization: KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    }),
  );
  const text = await res.text();
  assert.equal(res.status, 200, `${query} → ${text}`);
  return text
    .trim()
    .split('\n')
    .flatMap((line) => (JSON.parse(line) as { data?: unknown[][] }).data ?? []);
}

const loaves = [
  { id: 1, name: 'rye', grain: 'rye', mill_id: 1 },
  { id: 2, name: 'baguette', grain: 'wheat', mill_id: 2 },
  { id: 3, name: 'spelt tin', grain: 'spelt', mill_id: 1 },
];
const mills = [
  { id: 1, name: 'Stoneground', town_id: 1 },
  { id: 2, name: 'Riverside', town_id: 2 },
];
const towns = [
  { id: 1, name: 'Ely' },
  { id: 2, name: 'Bath' },
];
const orders = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  loaf_id: (i % 3) + 1,
  quantity: (i % 4) + 1,
  shop: ['market', 'station'][i % 2],
}));

const bakerySeed: EngineSeed = {
  ...demoSeed,
  data: undefined,
  dataModel: {
    cubes: [
      {
        name: 'orders',
        sql_table: 'orders',
        joins: [{ name: 'loaves', relationship: 'many_to_one', sql: '{CUBE}.loaf_id = {loaves}.id' }],
        measures: [
          { name: 'count', type: 'count' },
          { name: 'quantity', type: 'sum', sql: 'quantity' },
        ],
        dimensions: [
          { name: 'id', type: 'number', sql: 'id', primary_key: true },
          { name: 'shop', type: 'string', sql: 'shop' },
        ],
      },
      {
        name: 'loaves',
        sql_table: 'loaves',
        joins: [{ name: 'mills', relationship: 'many_to_one', sql: '{CUBE}.mill_id = {mills}.id' }],
        measures: [{ name: 'count', type: 'count' }],
        dimensions: [
          { name: 'id', type: 'number', sql: 'id', primary_key: true },
          { name: 'name', type: 'string', sql: 'name' },
          { name: 'grain', type: 'string', sql: 'grain' },
        ],
      },
      {
        name: 'mills',
        sql_table: 'mills',
        joins: [{ name: 'towns', relationship: 'many_to_one', sql: '{CUBE}.town_id = {towns}.id' }],
        measures: [{ name: 'count', type: 'count' }],
        dimensions: [
          { name: 'id', type: 'number', sql: 'id', primary_key: true },
          { name: 'name', type: 'string', sql: 'name' },
        ],
      },
      {
        name: 'towns',
        sql_table: 'towns',
        measures: [{ name: 'count', type: 'count' }],
        dimensions: [
          { name: 'id', type: 'number', sql: 'id', primary_key: true },
          { name: 'name', type: 'string', sql: 'name' },
        ],
      },
    ],
    views: [
      {
        name: 'bakes',
        cubes: [
          { join_path: 'orders', includes: ['count', 'quantity', 'shop', 'id'] },
          { join_path: 'orders.loaves', includes: ['name', 'grain'], prefix: true },
        ],
      },
      { name: 'loaf_list', cubes: [{ join_path: 'loaves', includes: ['name', 'grain', 'count'] }] },
      {
        // Its join path passes through loaves and mills, of which it includes nothing.
        name: 'milled',
        cubes: [
          { join_path: 'orders', includes: ['quantity', 'shop'] },
          { join_path: 'orders.loaves.mills.towns', includes: ['name'], prefix: true },
        ],
      },
    ],
  },
  tables: { orders, loaves, mills, towns },
};

const quantity = (filter: (o: (typeof orders)[number]) => boolean) =>
  orders.filter(filter).reduce((sum, o) => sum + o.quantity, 0);

describe('SQL API: cubes and views over them in one statement (a bakery)', () => {
  const name = `sql-mix-${process.pid}`;
  let engine: LocalEngine;
  const sql = (query: string) => sqlOf(engine, query);

  before(async () => {
    engine = await createLocalEngine({ name, seed: bakerySeed });
  });
  after(async () => {
    await engine.close();
    await deleteDatabase(name);
  });

  it('set operations: UNION ALL, UNION, INTERSECT and EXCEPT of a cube and a view', async () => {
    assert.deepEqual(
      await sql(
        "(SELECT 'cube' AS src, count(*) AS n FROM orders) UNION ALL (SELECT 'view', count(*) FROM bakes) ORDER BY 1",
      ),
      [
        ['cube', 30],
        ['view', 30],
      ],
    );
    assert.deepEqual(await sql('SELECT name FROM loaves UNION SELECT loaves_name FROM bakes ORDER BY 1'), [
      ['baguette'],
      ['rye'],
      ['spelt tin'],
    ]);
    assert.deepEqual(
      await sql("SELECT name FROM loaves INTERSECT SELECT loaves_name FROM bakes WHERE shop = 'market' ORDER BY 1"),
      [['baguette'], ['rye'], ['spelt tin']],
    );
    assert.deepEqual(
      await sql(
        "SELECT grain FROM loaf_list EXCEPT SELECT loaves_grain FROM bakes WHERE loaves_name = 'rye' ORDER BY 1",
      ),
      [['spelt'], ['wheat']],
    );
  });

  it('joins of a cube with views, and MEASURE on both sides', async () => {
    assert.deepEqual(
      await sql(
        'SELECT l.grain, MEASURE(b.quantity) AS q FROM loaves l JOIN bakes b ON b.loaves_name = l.name GROUP BY 1 ORDER BY 1',
      ),
      [
        ['rye', quantity((o) => o.loaf_id === 1)],
        ['spelt', quantity((o) => o.loaf_id === 3)],
        ['wheat', quantity((o) => o.loaf_id === 2)],
      ],
    );
    assert.deepEqual(
      await sql(
        'SELECT o.shop, count(*) FROM orders o JOIN bakes b ON b.id = o.id JOIN loaf_list f ON f.name = b.loaves_name GROUP BY 1 ORDER BY 1',
      ),
      [
        ['market', 15],
        ['station', 15],
      ],
    );
  });

  it('a view whose join path passes through a cube it includes nothing of (issue 32: "no join to")', async () => {
    const ely = quantity((o) => o.loaf_id !== 2);
    assert.deepEqual(await sql('SELECT towns_name, MEASURE(quantity) FROM milled GROUP BY 1 ORDER BY 1'), [
      ['Bath', quantity((o) => o.loaf_id === 2)],
      ['Ely', ely],
    ]);
    assert.deepEqual(await sql("SELECT MEASURE(quantity) FROM milled WHERE towns_name = 'Ely'"), [[ely]]);
    // The analyst's value look-up reads every string column of every source in one statement.
    assert.deepEqual(
      await sql(
        '(SELECT DISTINCT towns_name AS v FROM milled) UNION ALL (SELECT DISTINCT shop FROM milled) ORDER BY 1',
      ),
      [['Bath'], ['Ely'], ['market'], ['station']],
    );
  });

  it('subqueries and CTEs reading a view inside a query on its cube (and the other way round)', async () => {
    assert.deepEqual(
      await sql("SELECT sum(quantity) FROM orders WHERE id IN (SELECT id FROM bakes WHERE loaves_grain = 'spelt')"),
      [[quantity((o) => o.loaf_id === 3)]],
    );
    assert.deepEqual(await sql('SELECT (SELECT count(*) FROM bakes) - (SELECT count(*) FROM orders)'), [[0]]);
    assert.deepEqual(
      await sql(
        'WITH "Spelt" AS (SELECT id FROM bakes WHERE loaves_grain = \'spelt\') SELECT count(*) FROM orders JOIN "Spelt" USING (id)',
      ),
      [[10]],
    );
    assert.deepEqual(
      await sql(
        'SELECT count(*) FROM loaf_list WHERE name IN (SELECT loaves_name FROM bakes) AND name IN (SELECT name FROM loaves)',
      ),
      [[3]],
    );
  });
});

describe('SQL API: cubes and views over them in one statement (examples/model)', () => {
  let engine: LocalEngine;
  const root = new URL('../../../', import.meta.url);
  const read = async (path: string) => new Uint8Array(await readFile(new URL(path, root)));

  before(async () => {
    engine = await createLocalEngine({ name: `sql-mix-example-${process.pid}`, ...(await exampleInputs(read)) });
  });
  after(() => engine.close());

  it('the analyst’s value look-up: a cube and the view over it, UNION ALL', async () => {
    const [[screenings]] = await sqlOf(engine, 'SELECT count(*) FROM screenings');
    const rows = await sqlOf(
      engine,
      '(SELECT \'screenings\' AS src, count(*) AS n FROM "screenings") UNION ALL (SELECT \'box_office\', count(*) FROM "box_office") ORDER BY 1 DESC',
    );
    assert.deepEqual(rows, [
      ['screenings', screenings],
      ['box_office', screenings],
    ]);
    const genres = await sqlOf(
      engine,
      '(SELECT DISTINCT genre AS v FROM films) UNION (SELECT DISTINCT films_genre FROM box_office) ORDER BY 1',
    );
    assert.deepEqual(genres, await sqlOf(engine, 'SELECT DISTINCT genre FROM films ORDER BY 1'));
  });
});
