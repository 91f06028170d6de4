// The SQL API names tables as Postgres does (Cube's SQL API is Postgres): the parser folds an unquoted name to lower
// case, a quoted one keeps its case, and names then match exactly. So `FROM "Tickets"` is no table when the cube is
// `tickets`, a cube named `Concerts` is `"Concerts"` and not `Concerts`, and a caller's CTE may have any name a
// Postgres CTE may (`"my cte"`, `"Top"`, a keyword) — while no CTE takes the name of a cube, view, raw table or
// catalog object in any case, and the rewritten query is still parsed again and compared. A concert hall's model.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createLocalEngine, demoSeed, type EngineSeed, type LocalEngine } from '../../../src/engine/index.js';
import { deleteDatabase } from '../helpers.js';

const KEY = demoSeed.apiKeys[0].key;

const tickets = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  concert_id: (i % 4) + 1,
  seat_class: ['stalls', 'circle', 'box'][i % 3],
  price: 20 + (i % 5) * 10,
}));
const concerts = [
  { id: 1, title: 'Mahler 2', conductor: 'Ines' },
  { id: 2, title: 'Brahms 4', conductor: 'Ola' },
  { id: 3, title: 'Ravel', conductor: 'Ines' },
  { id: 4, title: 'Sibelius 5', conductor: 'Ute' },
];

export const concertSeed: EngineSeed = {
  ...demoSeed,
  data: undefined,
  dataModel: {
    cubes: [
      {
        name: 'tickets',
        sql_table: 'ticket_sales',
        joins: [{ name: 'Concerts', relationship: 'many_to_one', sql: '{CUBE}.concert_id = {Concerts}.id' }],
        measures: [
          { name: 'count', type: 'count' },
          { name: 'revenue', type: 'sum', sql: 'price' },
        ],
        dimensions: [
          { name: 'id', type: 'number', sql: 'id', primary_key: true },
          { name: 'concert_id', type: 'number', sql: 'concert_id' },
          { name: 'seat_class', type: 'string', sql: 'seat_class' },
          { name: 'price', type: 'number', sql: 'price' },
        ],
      },
      {
        name: 'Concerts',
        sql_table: 'concert_list',
        measures: [{ name: 'count', type: 'count' }],
        dimensions: [
          { name: 'id', type: 'number', sql: 'id', primary_key: true },
          { name: 'title', type: 'string', sql: 'title' },
          { name: 'conductor', type: 'string', sql: 'conductor' },
        ],
      },
    ],
    views: [
      {
        name: 'BoxOffice',
        cubes: [
          { join_path: 'tickets', includes: ['revenue', 'seat_class'] },
          { join_path: 'tickets.Concerts', includes: ['conductor'] },
        ],
      },
    ],
  },
  tables: { ticket_sales: tickets, concert_list: concerts },
};

const revenue = tickets.reduce((sum, t) => sum + t.price, 0);

describe('SQL API names: Postgres rules', () => {
  const name = `sql-names-${process.pid}`;
  let engine: LocalEngine;

  before(async () => {
    engine = await createLocalEngine({ name, seed: concertSeed });
  });
  after(async () => {
    await engine.close();
    await deleteDatabase(name);
  });

  async function sql(query: string): Promise<{ status: number; rows?: unknown[][]; error?: string }> {
    const res = await engine.fetch(
      new Request('https://hall.test/cubejs-api/v1/cubesql', {
        method: 'POST',
        headers: { authorization: KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      }),
    );
    const text = await res.text();
    if (res.status !== 200) return { status: res.status, error: (JSON.parse(text) as { error: string }).error };
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { data?: unknown[][] });
    return { status: 200, rows: lines.flatMap((l) => l.data ?? []) };
  }
  const rows = async (query: string) => {
    const answer = await sql(query);
    assert.equal(answer.status, 200, `${query} → ${answer.error}`);
    return answer.rows;
  };
  const HINT = 'quoted names keep their case, unquoted ones are read in lower case';
  /** Refused as an unknown table; when a source is named so in another case, the error says how to spell it. */
  const unknown = async (query: string, table: string, spelled?: string) =>
    assert.deepEqual(await sql(query), {
      status: 400,
      error: `Unknown table ${table}: only the cubes and views you may see can be queried${spelled ? ` (did you mean ${spelled}? ${HINT})` : ''}`,
    });

  it('an unquoted name folds to lower case; a quoted one must match the cube exactly', async () => {
    for (const from of ['tickets', 'Tickets', 'TICKETS', '"tickets"'])
      assert.deepEqual(await rows(`SELECT count(*) FROM ${from}`), [[40]], from);
    await unknown('SELECT count(*) FROM "Tickets"', 'Tickets', 'tickets');
    await unknown('SELECT count(*) FROM "TICKETS"', 'TICKETS', 'tickets');
    await unknown('SELECT count(*) FROM tickets t JOIN "Tickets" u ON t.id = u.id', 'Tickets', 'tickets');
    await unknown('SELECT * FROM (SELECT id FROM "tICKETS") s', 'tICKETS', 'tickets');
  });

  it('a cube or view named with capitals is its quoted name, as in Cube’s SQL API', async () => {
    assert.deepEqual(await rows('SELECT count(*) FROM "Concerts"'), [[4]]);
    assert.deepEqual(await rows('SELECT MEASURE(revenue) FROM "BoxOffice"'), [[revenue]]);
    assert.deepEqual(await rows('SELECT "C".title FROM "Concerts" AS "C" WHERE "C".id = 3'), [['Ravel']]);
    await unknown('SELECT count(*) FROM Concerts', 'concerts', '"Concerts"');
    await unknown('SELECT count(*) FROM concerts', 'concerts', '"Concerts"');
    await unknown('SELECT count(*) FROM "CONCERTS"', 'CONCERTS', '"Concerts"');
    await unknown('SELECT MEASURE(revenue) FROM BoxOffice', 'boxoffice', '"BoxOffice"');
  });

  it('aliases are exact too: MEASURE(t.x) does not reach a table aliased "T"', async () => {
    assert.deepEqual(await rows('SELECT MEASURE("T".revenue) FROM tickets AS "T"'), [[revenue]]);
    assert.deepEqual(await rows('SELECT MEASURE(T.revenue) FROM tickets AS T'), [[revenue]]);
    assert.equal((await sql('SELECT MEASURE(t.revenue) FROM tickets AS "T"')).status, 400);
  });

  it('a CTE may have any name Postgres allows, quoted or not', async () => {
    assert.deepEqual(await rows('WITH "my cte" AS (SELECT price FROM tickets) SELECT sum(price) FROM "my cte"'), [
      [revenue],
    ]);
    assert.deepEqual(
      await rows('WITH "Top" AS (SELECT id, price FROM tickets) SELECT max("Top".price) FROM "Top" WHERE "Top".id < 5'),
      [[50]],
    );
    assert.deepEqual(await rows('WITH "select" AS (SELECT 1 AS one) SELECT one FROM "select"'), [[1]]);
    assert.deepEqual(await rows('WITH "a;b" AS (SELECT 2 AS two) SELECT "a;b".two FROM "a;b"'), [[2]]);
    // Two CTEs that differ only in case are two CTEs, as in Postgres (in one FROM list their aliases would clash in
    // DuckDB, which compares aliases case-insensitively).
    assert.deepEqual(
      await rows(
        'WITH "x" AS (SELECT 1 AS v), "X" AS (SELECT 2 AS v) SELECT (SELECT v FROM "x") + 10 * (SELECT v FROM "X")',
      ),
      [[21]],
    );
    // Scope and shadowing: the inner "c c" is the subquery's own.
    assert.deepEqual(
      await rows(
        'WITH "c c" AS (SELECT 1 AS v) SELECT t.v, "c c".v FROM (WITH "c c" AS (SELECT 2 AS v) SELECT v FROM "c c") t, "c c"',
      ),
      [[2, 1]],
    );
    // A CTE used with and without its own alias, and with a column list.
    assert.deepEqual(
      await rows('WITH "Sold"(n) AS (SELECT count(*) FROM tickets) SELECT s.n + "Sold".n FROM "Sold" s, "Sold"'),
      [[80]],
    );
  });

  it('a window may have any name too, seen only in its SELECT', async () => {
    assert.deepEqual(
      await rows(
        'SELECT id, sum(price) OVER "by class" AS running FROM tickets WHERE id <= 4 WINDOW "by class" AS (PARTITION BY seat_class ORDER BY id) ORDER BY id',
      ),
      [
        [1, 20],
        [2, 30],
        [3, 40],
        [4, 70],
      ],
    );
    // A window built on another, an inline OVER ("w" …), and a subquery with a window of the same name of its own.
    assert.deepEqual(
      await rows(
        'SELECT id, count(*) OVER ("All" ROWS UNBOUNDED PRECEDING) AS n, (SELECT max(r) FROM (SELECT rank() OVER "All" AS r FROM tickets WINDOW "All" AS (ORDER BY seat_class)) s) AS top FROM tickets WHERE id <= 2 WINDOW "All" AS (ORDER BY id), "Same" AS ("All")',
      ),
      [
        [1, 1, 27],
        [2, 2, 27],
      ],
    );
  });

  it('a quoted CTE name is bound exactly: "X" is not x', async () => {
    await unknown('WITH "X" AS (SELECT 1 AS v) SELECT v FROM x', 'x');
    await unknown('WITH big AS (SELECT 1 AS v) SELECT v FROM "Big"', 'Big');
  });

  it('no CTE takes the name of a cube, view, raw table or catalog object, in any case', async () => {
    for (const cte of [
      'tickets',
      '"Tickets"',
      '"TICKETS"',
      '"Concerts"',
      'concerts',
      '"boxoffice"',
      '"Ticket_Sales"',
      'concert_list',
      '"DUCKDB_TABLES"',
      '"Pg_Class"',
      '"__cte_1"',
      '"__result"',
    ]) {
      const answer = await sql(`WITH ${cte} AS (SELECT 1 AS v) SELECT v FROM ${cte}`);
      assert.equal(answer.status, 400, cte);
      assert.match(answer.error!, /^A CTE may not be named /, cte);
    }
  });

  it('a quoted CTE name cannot carry SQL into the rewritten query', async () => {
    // Each would read a raw table or a file if the name were printed unquoted; now it is a name and nothing else.
    assert.deepEqual(
      await rows(
        `WITH "a AS (SELECT * FROM ticket_sales) , b" AS (SELECT 1 AS v) SELECT v FROM "a AS (SELECT * FROM ticket_sales) , b"`,
      ),
      [[1]],
    );
    assert.deepEqual(await rows(`WITH "x AS (SELECT 1) SELECT * FROM '/etc/passwd' --" AS (SELECT 3 AS v) SELECT 4`), [
      [4],
    ]);
    assert.deepEqual(await rows(`WITH "q"")--" AS (SELECT 5 AS v) SELECT v FROM "q"")--"`), [[5]]);
  });

  it('property: any casing of a cube name binds unquoted, and quoted only when exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.mixedCase(fc.constantFrom('tickets', 'concerts', 'boxoffice')), async (spelled) => {
        const exact = ['tickets', 'Concerts', 'BoxOffice'];
        const folded = spelled.toLowerCase();
        const bare = await sql(`SELECT count(*) FROM ${spelled}`);
        assert.equal(bare.status === 200, exact.includes(folded), `${spelled}: ${bare.error}`);
        const quoted = await sql(`SELECT count(*) FROM "${spelled}"`);
        assert.equal(quoted.status === 200, exact.includes(spelled), `"${spelled}": ${quoted.error}`);
        if (quoted.status !== 200)
          assert.match(
            quoted.error!,
            new RegExp(`^Unknown table ${spelled}: .* \\(did you mean "?${folded}"?\\? `, 'i'),
          );
      }),
      { numRuns: 150 },
    );
  });

  it('property: a CTE with any quoted name answers as its unquoted twin, or is refused as a taken name', async () => {
    // Names no CTE may take (compared in lower case): the model's sources and raw tables, ours, the catalog's.
    const reserved =
      /^(tickets|concerts|boxoffice|ticket_sales|concert_list|__result|information_schema|temp|main|system)$|^(duckdb_|pg_|sqlite_|__)/;
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 80, unit: 'grapheme' }),
          fc.string({
            minLength: 1,
            maxLength: 12,
            unit: fc.constantFrom('"', "'", ')', '(', ';', ' ', '-', '*', 'a', 'B', ','),
          }),
          fc.mixedCase(fc.constantFrom('tickets', 'concerts', 'duckdb_settings', 'select', 'from', '__cte_2')),
        ),
        async (name) => {
          fc.pre(!name.includes('\u0000'));
          const id = `"${name.replace(/"/g, '""')}"`;
          const answer = await sql(
            `WITH ${id} AS (SELECT seat_class, price FROM tickets) SELECT count(*), sum(${id}.price) FROM ${id}`,
          );
          if (reserved.test(name.toLowerCase())) {
            assert.equal(answer.status, 400, name);
            assert.match(answer.error!, /^A CTE may not be named /, name);
          } else {
            assert.deepEqual(answer, { status: 200, rows: [[40, revenue]] }, name);
            answered++;
          }
        },
      ),
      { numRuns: 300 },
    );
    assert.ok(answered > 150, `${answered} answered`);
  });
});
