// generateDashboard(meta): which subjects, measures, time dimension and breakdowns it picks, from meta alone and with
// a value-count hint, and a layout that tiles the 12-column grid without overlaps.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DashboardWidget, MetaCube, MetaMember, MetaResponse } from '../../src/api/types.js';
import {
  breakdownsOf,
  generateDashboard,
  mainTimeDimension,
  subjectsOf,
  usefulDimensions,
} from '../../src/generate/index.js';

const member = (cube: string, name: string, type: string, rest: Partial<MetaMember> = {}): MetaMember => ({
  name: `${cube}.${name}`,
  title: `${cube} ${name}`,
  shortTitle: name.replace(/_/g, ' '),
  type,
  ...rest,
});

function cube(name: string, type: 'cube' | 'view', measures: MetaMember[], dimensions: MetaMember[]): MetaCube {
  return { name, type, title: name.replace(/_/g, ' '), measures, dimensions, segments: [] };
}

const orders = cube(
  'orders',
  'view',
  [
    member('orders', 'count', 'number', { aggType: 'count' }),
    member('orders', 'revenue', 'number', { aggType: 'sum', format: 'currency' }),
    member('orders', 'average_basket', 'number', { aggType: 'avg' }),
    member('orders', 'hidden_measure', 'number', { aggType: 'sum', isVisible: false }),
  ],
  [
    member('orders', 'id', 'number', { primaryKey: true }),
    member('orders', 'order_ref', 'string', { primaryKey: true }),
    member('orders', 'updated_at', 'time'),
    member('orders', 'created_at', 'time'),
    member('orders', 'customer_email', 'string'),
    member('orders', 'customer_name', 'string'),
    member('orders', 'city', 'string'),
    member('orders', 'status', 'string'),
    member('orders', 'region', 'string'),
    member('orders', 'notes', 'string'),
    member('orders', 'channel', 'string', { isVisible: false }),
  ],
);
const rawCube = cube('raw_orders', 'cube', [member('raw_orders', 'count', 'number', { aggType: 'count' })], []);
const meta: MetaResponse = { cubes: [{ ...rawCube, public: false }, orders] };

/** No two widgets of the top level share a cell, and every one is inside the 12 columns. */
function assertTiles(widgets: DashboardWidget[]): void {
  const cells = new Set<string>();
  for (const { id, position: p } of widgets) {
    assert.ok(p.x >= 0 && p.x + p.w <= 12 && p.w > 0 && p.h > 0, `${id} inside the grid`);
    for (let x = p.x; x < p.x + p.w; x++)
      for (let y = p.y; y < p.y + p.h; y++) {
        assert.ok(!cells.has(`${x},${y}`), `${id} overlaps at ${x},${y}`);
        cells.add(`${x},${y}`);
      }
  }
}

describe('generateDashboard', () => {
  it('a KPI per visible measure, each over the main time dimension, the main measure by the few-valued dimensions', () => {
    const { config, reportSnapshots } = generateDashboard(meta);
    assert.equal(config.title, 'orders');
    const kinds = reportSnapshots.map((r) => `${r.kind}: ${r.title}`);
    assert.deepEqual(kinds, [
      'kpi: count',
      'kpi: revenue',
      'kpi: average basket',
      'vega: count over time',
      'vega: revenue over time',
      'vega: average basket over time',
      'vega: revenue by status',
      'vega: revenue by region',
      'vega: revenue by customer name',
    ]);
    const over = reportSnapshots[4].meta!.query!;
    assert.deepEqual(over, {
      measures: ['orders.revenue'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }],
    });
    assert.deepEqual(reportSnapshots[6].meta!.query, {
      measures: ['orders.revenue'],
      dimensions: ['orders.status'],
      order: { 'orders.revenue': 'desc' },
      limit: 25,
    });
    const spec = reportSnapshots[6].spec as { encoding: Record<string, { field: string }> };
    assert.equal(spec.encoding.y.field, 'orders\\.status');
    assert.equal(spec.encoding.x.field, 'orders\\.revenue');
    // Every report is on the dashboard, once; ids are unique.
    const widgets = config.widgets!;
    const charted = widgets.filter((w) => w.type === 'CHART').map((w) => (w.config as { reportId: number }).reportId);
    assert.deepEqual(
      charted,
      reportSnapshots.map((r) => r.id),
    );
    assert.equal(new Set(widgets.map((w) => w.id)).size, widgets.length);
    // The controls: filters on the first two breakdowns and the time grain, beside the title.
    assert.deepEqual(
      widgets.filter((w) => w.type !== 'CHART').map((w) => [w.type, w.config?.member ?? null]),
      [
        ['TEXT', null],
        ['FILTER', 'orders.status'],
        ['FILTER', 'orders.region'],
        ['TIME_GRAIN', null],
      ],
    );
    assertTiles(widgets);
  });

  it('picks the main time dimension past update times, and none when there is no time dimension', () => {
    assert.equal(mainTimeDimension(orders)?.name, 'orders.created_at');
    assert.equal(mainTimeDimension(rawCube), undefined);
    const { reportSnapshots } = generateDashboard({ cubes: [rawCube] });
    assert.deepEqual(
      reportSnapshots.map((r) => r.kind),
      ['kpi'],
    );
  });

  it('with a value-count hint: 3–12 values first, then 2, then up to maxValues, then more as top values', () => {
    const valueCounts = {
      'orders.status': 1,
      'orders.region': 40,
      'orders.city': 2,
      'orders.customer_name': 7,
      'orders.notes': 5,
    };
    assert.deepEqual(
      usefulDimensions(orders, { valueCounts }).map((d) => d.name),
      ['orders.customer_name', 'orders.notes', 'orders.city'],
    );
    assert.deepEqual(
      usefulDimensions(orders, { valueCounts, maxValues: 50, maxDimensions: 4 }).map((d) => d.name),
      ['orders.customer_name', 'orders.notes', 'orders.city', 'orders.region'],
    );
    // Over maxValues: after every dimension that fits, drawn by its top values.
    assert.deepEqual(
      breakdownsOf(orders, { valueCounts, maxDimensions: 4 }).map((b) => [b.dimension.name, b.top]),
      [
        ['orders.customer_name', false],
        ['orders.notes', false],
        ['orders.city', false],
        ['orders.region', true],
      ],
    );
  });

  it('when every string dimension has more values than maxValues, breaks the main measure down by the top values', () => {
    // Sensor readings: every station, sensor and site has hundreds of values.
    const readings = cube(
      'readings',
      'cube',
      [
        member('readings', 'count', 'number', { aggType: 'count' }),
        member('readings', 'rainfall', 'number', { aggType: 'sum' }),
      ],
      [
        member('readings', 'station', 'string'),
        member('readings', 'sensor_serial', 'string'),
        member('readings', 'owner_email', 'string'),
        member('readings', 'site', 'string'),
      ],
    );
    const valueCounts = {
      'readings.station': 101,
      'readings.sensor_serial': 101,
      'readings.owner_email': 101,
      'readings.site': 30,
    };
    const { reportSnapshots, config } = generateDashboard({ cubes: [readings] }, { valueCounts, topValues: 8 });
    const bars = reportSnapshots.filter((r) => r.meta?.query?.dimensions);
    assert.deepEqual(
      bars.map((r) => [r.title, r.meta!.query!.limit]),
      [
        ['rainfall by station (top 8)', 8],
        ['rainfall by sensor serial (top 8)', 8],
        ['rainfall by site (top 8)', 8],
      ],
    );
    // The e-mails are never a breakdown, however counted; the filters are on the first two breakdowns.
    assert.deepEqual(
      config.widgets!.filter((w) => w.type === 'FILTER').map((w) => w.config!.member),
      ['readings.station', 'readings.sensor_serial'],
    );
  });

  it('fills every row of the grid it uses: the last row of KPIs and of charts share its width', () => {
    for (const count of [1, 2, 3, 5, 6, 7]) {
      const measures = Array.from({ length: count }, (_, i) =>
        member('harvests', `measure_${i}`, 'number', { aggType: 'sum' }),
      );
      const harvests = cube('harvests', 'cube', measures, [
        member('harvests', 'picked_at', 'time'),
        member('harvests', 'orchard', 'string'),
      ]);
      const { config } = generateDashboard({ cubes: [harvests] }, { valueCounts: { 'harvests.orchard': 6 } });
      const widgets = config.widgets!;
      assertTiles(widgets);
      const rows = Math.max(...widgets.map((w) => w.position.y + w.position.h));
      for (let y = 0; y < rows; y++) {
        const covered = widgets
          .filter((w) => w.position.y <= y && y < w.position.y + w.position.h)
          .reduce((sum, w) => sum + w.position.w, 0);
        assert.equal(covered, 12, `${count} measures: row ${y} has a hole`);
      }
    }
  });

  it('covers the visible views, then each visible cube that no view shows whole', () => {
    const shipments = cube(
      'shipments',
      'cube',
      [
        member('shipments', 'count', 'number', { aggType: 'count' }),
        member('shipments', 'weight', 'number', { aggType: 'sum' }),
      ],
      [member('shipments', 'shipped_at', 'time'), member('shipments', 'carrier', 'string')],
    );
    // A view with the shipments' members (as a view lists them: its own name, the cube's member names and titles).
    const view = cube(
      'deliveries',
      'view',
      shipments.measures.map((m) => ({ ...m, name: m.name.replace('shipments.', 'deliveries.') })),
      shipments.dimensions.map((d) => ({ ...d, name: d.name.replace('shipments.', 'deliveries.') })),
    );
    const hives = cube(
      'hives',
      'cube',
      [
        member('hives', 'count', 'number', { aggType: 'count' }),
        member('hives', 'honey_kg', 'number', { aggType: 'sum' }),
      ],
      [member('hives', 'inspected_at', 'time')],
    );
    const hidden = {
      ...cube('audit', 'cube', [member('audit', 'count', 'number', { aggType: 'count' })], []),
      public: false,
    };
    assert.deepEqual(
      subjectsOf({ cubes: [shipments, hives, view, hidden] }).map((c) => c.name),
      ['deliveries', 'hives'],
    );
    const { reportSnapshots, config } = generateDashboard({ cubes: [shipments, hives, view, hidden] });
    // Ids name their member, the same with one subject or several; a later subject's title names it.
    const ids = config.widgets!.map((w) => w.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ['title', 'kpi-deliveries-weight', 'hives-title', 'kpi-hives-honey_kg', 'time-hives-count'])
      assert.ok(ids.includes(id), id);
    assert.ok(reportSnapshots.some((r) => r.meta?.query?.measures?.includes('hives.honey_kg')));
    assert.ok(!reportSnapshots.some((r) => r.meta?.query?.measures?.includes('shipments.weight')));
    // A view that shows only part of a cube leaves the cube on the dashboard too.
    const partial = { ...view, measures: view.measures.slice(0, 1) };
    assert.deepEqual(
      subjectsOf({ cubes: [shipments, partial] }).map((c) => c.name),
      ['deliveries', 'shipments'],
    );
  });

  it('starts each time chart at the grain its span fits in a card (timeSpans), else month', () => {
    const harvests = cube(
      'harvests',
      'cube',
      [member('harvests', 'crates', 'number', { aggType: 'sum' })],
      [member('harvests', 'picked_at', 'time')],
    );
    const grain = (timeSpans: Record<string, { from: string; to: string }>, chartWidth?: number) =>
      generateDashboard({ cubes: [harvests] }, { timeSpans, chartWidth }).reportSnapshots[1].meta!.query!
        .timeDimensions![0].granularity;
    const span = (from: string, to: string) => ({ 'harvests.picked_at': { from, to } });
    assert.equal(grain({}), 'month');
    assert.equal(grain(span('2024-03-01', '2024-03-20')), 'day');
    assert.equal(grain(span('2001-01-01T00:00:00.000', '2001-03-31T00:00:00.000')), 'week');
    assert.equal(grain(span('2012-01-01', '2015-12-31')), 'month');
    assert.equal(grain(span('1930-01-01', '2046-12-31')), 'year');
    // A wider chart holds finer periods.
    assert.equal(grain(span('2012-01-01', '2015-12-31'), 240), 'quarter');
    assert.equal(grain(span('2001-01-01', '2001-03-31'), 1200), 'day');
  });

  it('covers the visible cubes when there is no view, each in its own section, with one time-grain control', () => {
    const a = { ...orders, type: 'cube' as const };
    const b = cube(
      'visits',
      'cube',
      [member('visits', 'count', 'number', { aggType: 'count' })],
      [member('visits', 'visited_at', 'time'), member('visits', 'device', 'string')],
    );
    const { config } = generateDashboard({ cubes: [a, b] }, { title: 'Shop' });
    assert.equal(config.title, 'Shop');
    const widgets = config.widgets!;
    assert.equal(widgets.filter((w) => w.type === 'TIME_GRAIN').length, 1);
    assert.ok(widgets.some((w) => w.id === 'by-visits-device'));
    assert.ok(widgets.some((w) => w.id === 'kpi-orders-revenue'));
    assertTiles(widgets);
    // Named subjects only.
    const only = generateDashboard({ cubes: [a, b] }, { subjects: ['visits'], granularity: 'week' });
    assert.deepEqual(
      only.reportSnapshots.map((r) => r.title),
      ['count', 'count over time', 'count by device'],
    );
    assert.equal(only.reportSnapshots[1].meta!.query!.timeDimensions![0].granularity, 'week');
  });

  it('says so when the model has nothing to show', () => {
    const { config, reportSnapshots } = generateDashboard({ cubes: [] });
    assert.deepEqual(reportSnapshots, []);
    assert.match(String(config.widgets![0].config!.markdown), /no visible measures/);
  });
});
