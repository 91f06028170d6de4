// The SQL API through HttpTransport over engine.fetch, in Chromium (libpg-query and DuckDB-wasm); expected values
// computed here from the generated rows.
import { expect } from '@open-wc/testing';
import type { CubeSqlRequest } from '../../../src/api/types.js';
import { generateDemoTables } from '../../../src/engine/data/demo-dataset.js';
import type { Column } from '../../../src/engine/data/arrow.js';
import { demoSeed } from '../../../src/engine/index.js';
import type { HttpTransport } from '../../../src/transport/http-transport.js';
import { DEMO, rejection, testEngine, viewerSession, type TestEngine } from '../helpers.js';

const ROWS = 20_000;

function strings(c: Column): string[] {
  if (c.kind === 'dictionary') return Array.from(c.codes, (k) => c.dictionary[k]);
  if (c.kind === 'string') return c.values as string[];
  throw new Error(c.name);
}

describe('data API: SQL API (cubesql)', function () {
  this.timeout(120_000);
  let t: TestEngine;
  let dev: HttpTransport;
  let regionOf: (i: number) => string;
  let amounts: number[];
  let statuses: string[];
  let created: number[];

  before(async () => {
    t = await testEngine({ seed: { ...demoSeed, data: { rows: ROWS } } });
    dev = t.as({ apiKey: DEMO.developerKey });
    const tables = generateDemoTables(ROWS, t.clock.now());
    const region = strings(tables.customers.find((c) => c.name === 'region')!);
    const col = (n: string) => tables.orders.find((c) => c.name === n)!;
    const customer = Array.from((col('customer_id') as { values: Int32Array }).values);
    regionOf = (i) => region[customer[i] - 1];
    amounts = Array.from((col('amount') as { values: Float64Array }).values);
    statuses = strings(col('status'));
    created = Array.from((col('created_at') as { values: Float64Array }).values);
  });
  after(() => t.dispose());

  const sql = (query: string, extra: Omit<CubeSqlRequest, 'query'> = {}, as = dev) => as.cubeSql({ query, ...extra });
  const indexes = () => amounts.map((_, i) => i);

  it('MEASURE() and the matching plain aggregate give the measure', async () => {
    const r = await sql(
      'SELECT customers_region, MEASURE(total_amount), SUM(total_amount) AS plain, MEASURE(count) AS n, MEASURE(completion_rate) AS rate FROM sales GROUP BY 1 ORDER BY 1',
    );
    expect(r.schema.map((c) => c.name)).to.deep.equal(['customers_region', 'total_amount', 'plain', 'n', 'rate']);
    for (const [region, revenue, plain, n, rate] of r.data as [string, number, number, number, number][]) {
      const mine = indexes().filter((i) => regionOf(i) === region);
      const expected = mine.reduce((s, i) => s + amounts[i], 0);
      expect(Math.abs(revenue - expected)).to.be.lessThan(1e-6 * expected);
      expect(plain).to.equal(revenue);
      expect(n).to.equal(mine.length);
      expect(Math.abs(rate - mine.filter((i) => statuses[i] === 'completed').length / mine.length)).to.be.lessThan(
        1e-9,
      );
    }
  });

  it('qualified references, aliases, WHERE and a CTE of the caller', async () => {
    const r = await sql(
      "WITH by_status AS (SELECT s.status, MEASURE(s.count) AS c FROM sales AS s WHERE s.customers_region = 'EU' GROUP BY 1) SELECT status, c FROM by_status ORDER BY c DESC",
    );
    const eu = indexes().filter((i) => regionOf(i) === 'EU');
    const counts = new Map<string, number>();
    for (const i of eu) counts.set(statuses[i], (counts.get(statuses[i]) ?? 0) + 1);
    expect(r.data).to.deep.equal([...counts.entries()].sort((a, b) => b[1] - a[1]));
  });

  it("applies a dashboard's time grain to DATE_TRUNC and its filters inside the source", async () => {
    const r = await sql(
      "SELECT DATE_TRUNC('month', created_at) AS bucket, MEASURE(count) AS n FROM sales GROUP BY 1 ORDER BY 1",
      {
        timeGrain: 'year',
        filters: [{ member: 'sales.status', operator: 'equals', values: ['returned'] }],
      },
    );
    const years = new Map<number, number>();
    indexes()
      .filter((i) => statuses[i] === 'returned')
      .forEach((i) =>
        years.set(new Date(created[i]).getUTCFullYear(), (years.get(new Date(created[i]).getUTCFullYear()) ?? 0) + 1),
      );
    expect(r.data).to.deep.equal(
      [...years.entries()].sort((a, b) => a[0] - b[0]).map(([y, n]) => [`${y}-01-01T00:00:00.000`, n]),
    );
  });

  it('caps rows: 10,000 without LIMIT, the caller’s LIMIT up to 50,000, above that a 400', async () => {
    expect((await sql('SELECT id FROM sales')).data).to.have.length(10_000);
    expect((await sql('SELECT id FROM sales LIMIT 15000')).data).to.have.length(15_000);
    const e = await rejection(sql('SELECT id FROM sales LIMIT 50001'));
    expect([e.status, e.message]).to.deep.equal([400, 'LIMIT must be at most 50000']);
  });

  it('refuses anything but one SELECT over visible sources, and runs nothing', async () => {
    const refused: [string, RegExp][] = [
      ['SELECT 1; SELECT 2', /^Only one statement is allowed, got 2$/],
      ['DROP TABLE orders', /^Only SELECT is allowed, got DROP$/],
      ['CREATE TABLE x AS SELECT 1', /^Only SELECT is allowed/],
      ['INSERT INTO orders VALUES (1)', /^Only SELECT is allowed, got INSERT$/],
      ['UPDATE orders SET amount = 0', /^Only SELECT is allowed, got UPDATE$/],
      ['DELETE FROM orders', /^Only SELECT is allowed, got DELETE$/],
      ["SELECT * FROM read_csv('x.csv')", /^Table functions are not allowed in FROM$/],
      ['SELECT * FROM information_schema.tables', /^Unknown table information_schema\.tables/],
      ['SELECT * FROM raw_orders', /^Unknown table raw_orders/],
      ["SELECT current_setting('threads') FROM sales", /^Function current_setting is not allowed$/],
      ['SELECT * INTO copy FROM sales', /^SELECT … INTO/],
    ];
    for (const [query, message] of refused) {
      const e = await rejection(sql(query));
      expect(e.status, query).to.equal(400);
      expect(e.message, query).to.match(message);
    }
    expect((await sql('SELECT MEASURE(count) AS n FROM sales')).data).to.deep.equal([[ROWS]]);
  });

  it('bad SQL is a 400 with the parser’s or DuckDB’s message, never a 500 or a hang', async () => {
    const a = await rejection(sql('SELEC 1'));
    expect([a.status, a.message]).to.deep.equal([400, 'SQL syntax error: syntax error at or near "SELEC"']);
    const b = await rejection(sql('SELECT nope FROM sales'));
    expect(b.status).to.equal(400);
    expect(b.message).to.match(/^Query failed: Binder Error: Referenced column "nope" not found/);
    const c = await rejection(sql("SELECT CAST('x' AS INTEGER) FROM sales"));
    expect(c.status).to.equal(400);
    expect((await rejection(sql('SELECT MEASURE(status) FROM sales'))).message).to.equal(
      'MEASURE(status): no such measure in the queried sources',
    );
  });

  describe('access policies', () => {
    const viewer = (groups: string[], region?: string) =>
      viewerSession(t, `sql-${groups.join('-')}-${region ?? 'none'}`, groups, region);

    it('row filters apply: two viewers, two totals', async () => {
      for (const region of ['EU', 'APAC']) {
        const r = await sql(
          'SELECT MEASURE(count) AS n, MEASURE(total_amount) AS revenue FROM sales',
          {},
          await viewer(['sales-eu'], region),
        );
        const mine = indexes().filter((i) => regionOf(i) === region);
        expect(r.data[0][0]).to.equal(mine.length);
        expect(Math.abs((r.data[0][1] as number) - mine.reduce((s, i) => s + amounts[i], 0))).to.be.lessThan(1e-3);
      }
    });

    it('hidden members and invisible sources are refused; a viewer in no group sees no source', async () => {
      const v = await viewer(['sales-eu'], 'EU');
      const hidden = await rejection(sql('SELECT customers_email FROM sales', {}, v));
      expect([hidden.status, hidden.message]).to.deep.equal([403, 'You may not query sales.customers_email']);
      const cube = await rejection(sql('SELECT MEASURE(count) FROM orders', {}, v));
      expect(cube.status).to.equal(400);
      expect(cube.message).to.match(/^Unknown table orders/);
      const nobody = await rejection(sql('SELECT MEASURE(count) FROM sales', {}, await viewer([])));
      expect(nobody.status).to.equal(400);
    });
  });

  it('streams NDJSON: a schema line, then data lines', async () => {
    const res = await t.engine.fetch(
      new Request('https://local.svc/cubejs-api/v1/cubesql', {
        method: 'POST',
        headers: { Authorization: `Bearer ${DEMO.developerKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: 'SELECT id FROM sales ORDER BY id LIMIT 2500' }),
      }),
    );
    expect(res.headers.get('content-type')).to.equal('application/x-ndjson');
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { schema?: unknown; data?: unknown[] });
    expect(lines[0]).to.deep.equal({ schema: [{ name: 'id', column_type: 'Int32' }] });
    expect(lines.slice(1).map((l) => l.data!.length)).to.deep.equal([1000, 1000, 500]);
  });
});
