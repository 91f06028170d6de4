// The load API through HttpTransport over engine.fetch, in Chromium on real IndexedDB and DuckDB-wasm; every
// expected value is computed here, independently, from the generated rows.
import { expect } from '@open-wc/testing';
import type { LoadFilter, LoadQuery } from '../../../src/api/types.js';
import { generateDemoTables, DEMO_STATUSES } from '../../../src/engine/data/demo-dataset.js';
import type { Column } from '../../../src/engine/data/arrow.js';
import { demoSeed } from '../../../src/engine/index.js';
import type { HttpTransport } from '../../../src/transport/http-transport.js';
import { rejection, testEngine, viewerSession, type TestEngine } from '../helpers.js';

const ROWS = 20_000;
const DAY = 86_400_000;

interface Order {
  id: number;
  customer: number;
  product: number;
  status: string;
  quantity: number;
  amount: number;
  discount: number;
  created: number;
  region: string;
  segment: string;
  email: string;
  category: string;
}

function column(columns: Column[], name: string): Column {
  return columns.find((c) => c.name === name)!;
}
function strings(c: Column): (string | null)[] {
  if (c.kind === 'dictionary') return Array.from(c.codes, (k) => (k < 0 ? null : c.dictionary[k]));
  if (c.kind === 'string') return c.values;
  throw new Error(`not a string column: ${c.name}`);
}
function numbers(c: Column): number[] {
  if (c.kind === 'int' || c.kind === 'float' || c.kind === 'timestamp')
    return Array.from(c.values as ArrayLike<number>);
  throw new Error(`not a number column: ${c.name}`);
}

/** The generated dataset as plain objects, joined: the independent side of every comparison. */
function ordersOf(anchor: number): Order[] {
  const t = generateDemoTables(ROWS, anchor);
  const region = strings(column(t.customers, 'region'));
  const segment = strings(column(t.customers, 'segment'));
  const email = strings(column(t.customers, 'email'));
  const category = strings(column(t.products, 'category'));
  const cols = Object.fromEntries(t.orders.map((c) => [c.name, c]));
  const status = strings(cols.status);
  const [id, customer, product, quantity, amount, discount, created] = [
    'id',
    'customer_id',
    'product_id',
    'quantity',
    'amount',
    'discount',
    'created_at',
  ].map((n) => numbers(cols[n]));
  return id.map((_, i) => ({
    id: id[i],
    customer: customer[i],
    product: product[i],
    status: status[i]!,
    quantity: quantity[i],
    amount: amount[i],
    discount: discount[i],
    created: created[i],
    region: region[customer[i] - 1]!,
    segment: segment[customer[i] - 1]!,
    email: email[customer[i] - 1]!,
    category: category[product[i] - 1]!,
  }));
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const close = (a: unknown, b: number) =>
  expect(Math.abs((a as number) - b)).to.be.lessThan(1e-6 * Math.max(1, Math.abs(b)));
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '');
function groupBy<K>(orders: Order[], key: (o: Order) => K): Map<K, Order[]> {
  const m = new Map<K, Order[]>();
  for (const o of orders) m.set(key(o), [...(m.get(key(o)) ?? []), o]);
  return m;
}

describe('data API: load (Chromium, DuckDB-wasm)', function () {
  this.timeout(120_000);
  let t: TestEngine;
  let orders: Order[];
  let admin: HttpTransport;
  const load = (
    query: LoadQuery,
    extra: { filters?: LoadFilter[]; timeGrain?: 'day' | 'week' | 'month' | 'quarter' | 'year' } = {},
  ) => admin.load({ query, ...extra });
  const count = async (filters: LoadFilter[]) =>
    (await load({ measures: ['sales.count'], filters })).data[0]['sales.count'];

  before(async () => {
    t = await testEngine({ seed: { ...demoSeed, data: { rows: ROWS } } });
    admin = t.as({ apiKey: (await import('../helpers.js')).DEMO.developerKey });
    // The engine generates the dataset at the day of its clock, as this does.
    orders = ordersOf(t.clock.now());
  });
  after(() => t.dispose());

  it('every measure type, grouped through the view join, matches the rows', async () => {
    const r = await load({
      measures: [
        'sales.count',
        'sales.total_amount',
        'sales.average_amount',
        'sales.min_amount',
        'sales.max_amount',
        'sales.customer_count',
        'sales.completed_count',
        'sales.completion_rate',
        'sales.total_quantity',
      ],
      dimensions: ['sales.customers_region'],
      order: { 'sales.customers_region': 'asc' },
    });
    const byRegion = groupBy(orders, (o) => o.region);
    expect(r.data.map((d) => d['sales.customers_region'])).to.deep.equal([...byRegion.keys()].sort());
    for (const row of r.data) {
      const os = byRegion.get(row['sales.customers_region'] as string)!;
      expect(row['sales.count']).to.equal(os.length);
      close(row['sales.total_amount'], sum(os.map((o) => o.amount)));
      close(row['sales.average_amount'], sum(os.map((o) => o.amount)) / os.length);
      close(row['sales.min_amount'], Math.min(...os.map((o) => o.amount)));
      close(row['sales.max_amount'], Math.max(...os.map((o) => o.amount)));
      expect(row['sales.customer_count']).to.equal(new Set(os.map((o) => o.customer)).size);
      const completed = os.filter((o) => o.status === 'completed').length;
      expect(row['sales.completed_count']).to.equal(completed);
      close(row['sales.completion_rate'], completed / os.length);
      expect(row['sales.total_quantity']).to.equal(sum(os.map((o) => o.quantity)));
    }
    // Cube's annotation: the title prefixed with the source's, the member's own as shortTitle (no aggType: Cube's
    // gateway keeps only title, shortTitle, description, type, format, meta and drill members).
    expect(r.annotation.measures['sales.total_amount']).to.deep.equal({
      title: 'Sales Revenue',
      shortTitle: 'Revenue',
      type: 'number',
      drillMembers: [],
      drillMembersGrouped: { measures: [], dimensions: [] },
    });
  });

  it('joins to a second cube through the view (products)', async () => {
    const r = await load({ measures: ['sales.count'], dimensions: ['sales.products_category'] });
    const expected = groupBy(orders, (o) => o.category);
    expect(r.data).to.have.length(expected.size);
    for (const row of r.data)
      expect(row['sales.count']).to.equal(expected.get(row['sales.products_category'] as string)!.length);
    // Default order: the first measure, descending.
    const counts = r.data.map((d) => d['sales.count'] as number);
    expect(counts).to.deep.equal([...counts].sort((a, b) => b - a));
  });

  it('each filter operator, and and/or nesting', async () => {
    const n = (pred: (o: Order) => boolean) => orders.filter(pred).length;
    const cutoff = orders[Math.floor(orders.length / 2)].created;
    const day = iso(Math.floor(cutoff / DAY) * DAY).slice(0, 10);
    const dayStart = Date.parse(`${day}T00:00:00Z`);
    const cases: [LoadFilter, (o: Order) => boolean][] = [
      [
        { member: 'sales.status', operator: 'equals', values: ['completed', 'shipped'] },
        (o) => ['completed', 'shipped'].includes(o.status),
      ],
      [{ member: 'sales.status', operator: 'notEquals', values: ['completed'] }, (o) => o.status !== 'completed'],
      [{ member: 'sales.customers_email', operator: 'contains', values: ['mer1'] }, (o) => o.email.includes('mer1')],
      [
        { member: 'sales.customers_email', operator: 'notContains', values: ['mer1'] },
        (o) => !o.email.includes('mer1'),
      ],
      [
        { member: 'sales.status', operator: 'startsWith', values: ['ship', 'COMP'] },
        (o) => /^(ship|comp)/i.test(o.status),
      ],
      [{ member: 'sales.status', operator: 'notStartsWith', values: ['ship'] }, (o) => !o.status.startsWith('ship')],
      [{ member: 'sales.status', operator: 'endsWith', values: ['ed'] }, (o) => o.status.endsWith('ed')],
      [{ member: 'sales.status', operator: 'notEndsWith', values: ['ed'] }, (o) => !o.status.endsWith('ed')],
      [{ member: 'sales.amount', operator: 'gt', values: [250] }, (o) => o.amount > 250],
      [{ member: 'sales.amount', operator: 'gte', values: ['250.5'] }, (o) => o.amount >= 250.5],
      [{ member: 'sales.quantity', operator: 'lt', values: [3] }, (o) => o.quantity < 3],
      [{ member: 'sales.quantity', operator: 'lte', values: [3] }, (o) => o.quantity <= 3],
      [{ member: 'sales.status', operator: 'set' }, () => true],
      [{ member: 'sales.status', operator: 'notSet' }, () => false],
      [
        { member: 'sales.created_at', operator: 'inDateRange', values: [day, day] },
        (o) => o.created >= dayStart && o.created < dayStart + DAY,
      ],
      [
        { member: 'sales.created_at', operator: 'notInDateRange', values: [day, day] },
        (o) => !(o.created >= dayStart && o.created < dayStart + DAY),
      ],
      [{ member: 'sales.created_at', operator: 'beforeDate', values: [day] }, (o) => o.created < dayStart],
      // Cube compares beforeOrOnDate and afterDate with the start of the day (issue 24)
      [{ member: 'sales.created_at', operator: 'beforeOrOnDate', values: [day] }, (o) => o.created <= dayStart],
      [{ member: 'sales.created_at', operator: 'afterDate', values: [day] }, (o) => o.created > dayStart],
      [{ member: 'sales.created_at', operator: 'afterOrOnDate', values: [day] }, (o) => o.created >= dayStart],
      [
        {
          or: [
            { member: 'sales.customers_region', operator: 'equals', values: ['EU'] },
            {
              and: [
                { member: 'sales.customers_region', operator: 'equals', values: ['US'] },
                { member: 'sales.quantity', operator: 'gte', values: [4] },
              ],
            },
          ],
        },
        (o) => o.region === 'EU' || (o.region === 'US' && o.quantity >= 4),
      ],
    ];
    for (const [filter, pred] of cases) {
      expect(await count([filter]), JSON.stringify(filter)).to.equal(n(pred));
    }
  });

  it('filters on measures go to HAVING', async () => {
    const r = await load({
      measures: ['sales.count'],
      dimensions: ['sales.products_category'],
      filters: [{ member: 'sales.count', operator: 'gt', values: [2500] }],
    });
    const expected = [...groupBy(orders, (o) => o.category).values()].filter((os) => os.length > 2500).length;
    expect(r.data).to.have.length(expected);
  });

  it('granularities bucket time like DATE_TRUNC (weeks start Monday)', async () => {
    const trunc: Record<string, (ms: number) => number> = {
      second: (ms) => Math.floor(ms / 1000) * 1000,
      minute: (ms) => Math.floor(ms / 60_000) * 60_000,
      hour: (ms) => Math.floor(ms / 3_600_000) * 3_600_000,
      day: (ms) => Math.floor(ms / DAY) * DAY,
      week: (ms) => {
        const d = Math.floor(ms / DAY) * DAY;
        return d - ((new Date(d).getUTCDay() + 6) % 7) * DAY;
      },
      month: (ms) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1),
      quarter: (ms) =>
        Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth() - (new Date(ms).getUTCMonth() % 3), 1),
      year: (ms) => Date.UTC(new Date(ms).getUTCFullYear(), 0, 1),
    };
    for (const [granularity, f] of Object.entries(trunc)) {
      const r = await load({
        measures: ['sales.count'],
        timeDimensions: [{ dimension: 'sales.created_at', granularity: granularity as 'day' }],
      });
      const expected = groupBy(orders, (o) => f(o.created));
      expect(r.data, granularity).to.have.length(Math.min(expected.size, 10_000));
      const first = r.data[0];
      const key = `sales.created_at.${granularity}`;
      expect(first[key]).to.equal(iso(Math.min(...expected.keys())));
      expect(first['sales.count']).to.equal(expected.get(Math.min(...expected.keys()))!.length);
      // Default order: the time dimension ascending.
      const times = r.data.map((d) => d[key] as string);
      expect(times).to.deep.equal([...times].sort());
    }
  });

  it('relative date ranges against the engine clock', async () => {
    const now = t.clock.now();
    const today = Math.floor(now / DAY) * DAY;
    const d = new Date(now);
    const month0 = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    const ranges: [string, number, number][] = [
      ['today', today, today + DAY],
      ['yesterday', today - DAY, today],
      ['last 7 days', today - 6 * DAY, today + DAY],
      ['this month', month0, Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)],
      ['last month', Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1), month0],
      ['last 6 months', Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 6, d.getUTCDate()), today + DAY],
      ['this year', Date.UTC(d.getUTCFullYear(), 0, 1), Date.UTC(d.getUTCFullYear() + 1, 0, 1)],
      ['last year', Date.UTC(d.getUTCFullYear() - 1, 0, 1), Date.UTC(d.getUTCFullYear(), 0, 1)],
    ];
    for (const [range, from, to] of ranges) {
      const r = await load({
        measures: ['sales.count'],
        timeDimensions: [{ dimension: 'sales.created_at', dateRange: range }],
      });
      expect(r.data[0]['sales.count'], range).to.equal(
        orders.filter((o) => o.created >= from && o.created < to).length,
      );
    }
    const e = await rejection(
      load({
        measures: ['sales.count'],
        timeDimensions: [{ dimension: 'sales.created_at', dateRange: 'sometime soon' }],
      }),
    );
    expect(e.status).to.equal(400);
  });

  it('segments, explicit order, limit, offset and total', async () => {
    expect((await load({ measures: ['sales.count'], segments: ['sales.completed'] })).data[0]['sales.count']).to.equal(
      orders.filter((o) => o.status === 'completed').length,
    );
    const r = await load({
      dimensions: ['sales.id'],
      order: [['sales.id', 'desc']],
      limit: 5,
      offset: 10,
      total: true,
    });
    expect(r.data.map((d) => d['sales.id'])).to.deep.equal([ROWS - 10, ROWS - 11, ROWS - 12, ROWS - 13, ROWS - 14]);
    expect(r.total).to.equal(ROWS);
  });

  it('caps rows: 10,000 by default, at most 50,000', async () => {
    expect((await load({ dimensions: ['sales.id'] })).data).to.have.length(10_000);
    const e = await rejection(load({ dimensions: ['sales.id'], limit: 50_001 }));
    // Cube answers it 500 "The query limit has been exceeded."; a client's error here, in Cube's words.
    expect([e.status, e.message]).to.deep.equal([400, 'The query limit has been exceeded.']);
  });

  it("applies a dashboard's extra filters and time grain", async () => {
    const r = await load(
      { measures: ['sales.count'], timeDimensions: [{ dimension: 'sales.created_at', granularity: 'day' }] },
      {
        filters: [
          { member: 'sales.customers_region', operator: 'equals', values: ['EU'] },
          { member: 'other.thing', operator: 'set' },
        ],
        timeGrain: 'year',
      },
    );
    const eu = groupBy(
      orders.filter((o) => o.region === 'EU'),
      (o) => new Date(o.created).getUTCFullYear(),
    );
    expect(r.data.map((d) => d['sales.count'])).to.deep.equal([...eu.keys()].sort().map((y) => eu.get(y)!.length));
    expect(Object.keys(r.data[0])).to.include('sales.created_at.year');
  });

  it('names what is wrong with a query', async () => {
    const cases: [LoadQuery, string][] = [
      [{ measures: ['sales.nope'] }, "'nope' not found for path 'sales.nope'"],
      [{ measures: ['nope.count'] }, "Cube 'nope' not found for path 'nope.count'"],
      [{ measures: ['sales.status'] }, 'sales.status is a dimension, not a measure'],
      [{ dimensions: ['sales.count'] }, 'sales.count is a measure, not a dimension'],
      [
        { measures: ['sales.count'], timeDimensions: [{ dimension: 'sales.status', granularity: 'day' }] },
        'sales.status is not a time dimension',
      ],
      // Cube's words (the data API speaks Cube's dialect, issue 22).
      [
        {},
        'Query should contain either measures, dimensions or timeDimensions with granularities in order to be valid',
      ],
      [
        { measures: ['sales.count'], order: { 'sales.status': 'asc' } },
        'Cannot order by sales.status: it is not in the query',
      ],
      [
        { measures: ['sales.count'], filters: [{ member: 'sales.status', operator: 'measureFilter' }] },
        'Filter operator measureFilter is not supported (filter on sales.status)',
      ],
    ];
    for (const [query, message] of cases) {
      const e = await rejection(load(query));
      expect([e.status, e.message], message).to.deep.equal([400, message]);
    }
  });

  describe('access policies', () => {
    const viewer = (groups: string[], region?: string) =>
      viewerSession(t, `viewer-${groups.join('-')}-${region ?? 'none'}`, groups, region);

    it('two viewers with different region attributes see different totals', async () => {
      for (const region of ['EU', 'US']) {
        const v = await viewer(['sales-eu'], region);
        const r = await v.load({ query: { measures: ['sales.count', 'sales.total_amount'] } });
        const mine = orders.filter((o) => o.region === region);
        expect(r.data[0]['sales.count']).to.equal(mine.length);
        close(r.data[0]['sales.total_amount'], sum(mine.map((o) => o.amount)));
      }
    });

    it('executives see every row; a viewer without the attribute sees none', async () => {
      expect(
        (await (await viewer(['executives'])).load({ query: { measures: ['sales.count'] } })).data[0]['sales.count'],
      ).to.equal(ROWS);
      expect(
        (await (await viewer(['sales-us'])).load({ query: { measures: ['sales.count'] } })).data[0]['sales.count'],
      ).to.equal(0);
    });

    it('a viewer in no group sees no members and no rows', async () => {
      const v = await viewer([]);
      expect((await v.loadMeta()).cubes).to.deep.equal([]);
      const e = await rejection(v.load({ query: { measures: ['sales.count'] } }));
      expect([e.status, e.message]).to.deep.equal([
        403,
        "You requested hidden member: 'sales.count'. Please make it visible using `public: true`. Please note " +
          'primaryKey fields are `public: false` by default: ' +
          'https://cube.dev/docs/schema/reference/joins#setting-a-primary-key.',
      ]);
    });

    it('hidden members are refused and absent from meta; cubes are not public', async () => {
      const v = await viewer(['sales-eu'], 'EU');
      const meta = await v.loadMeta();
      expect(meta.cubes.map((c) => c.name)).to.deep.equal(['sales']);
      expect(meta.cubes[0].dimensions.map((d) => d.name)).to.not.include('sales.customers_email');
      for (const query of [
        { dimensions: ['sales.customers_email'] },
        { measures: ['orders.count'] },
        { measures: ['sales.count'], filters: [{ member: 'sales.customers_email', operator: 'set' as const }] },
      ]) {
        expect((await rejection(v.load({ query }))).status).to.equal(403);
      }
    });

    it('internal developers bypass policies; other internal users have no groups', async () => {
      const meta = await t.as({ apiKey: (await import('../helpers.js')).DEMO.developerKey }).loadMeta();
      expect(meta.cubes.map((c) => c.name)).to.deep.equal(['orders', 'customers', 'products', 'sales']);
      expect(meta.cubes.find((c) => c.name === 'orders')!.measures.find((m) => m.name === 'orders.count')).to.include({
        aggType: 'count',
      });
      const viewerKey = t.as({ apiKey: (await import('../helpers.js')).DEMO.viewerKey });
      expect((await viewerKey.loadMeta()).cubes).to.deep.equal([]);
    });
  });
});

describe('data API: statuses of the demo', () => {
  it('the generator is deterministic', () => {
    const a = generateDemoTables(100, Date.UTC(2026, 0, 1));
    const b = generateDemoTables(100, Date.UTC(2026, 0, 1));
    expect(
      JSON.stringify(
        a.orders.map((c) => ('values' in c ? Array.from(c.values as ArrayLike<number>) : Array.from(c.codes))),
      ),
    ).to.equal(
      JSON.stringify(
        b.orders.map((c) => ('values' in c ? Array.from(c.values as ArrayLike<number>) : Array.from(c.codes))),
      ),
    );
    expect(DEMO_STATUSES).to.include('completed');
  });
});
