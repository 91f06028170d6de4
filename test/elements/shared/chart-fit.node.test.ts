// fitChart: the grain of time values (the hint, else read from the values), time ticks thinned at steps that read
// well, the spec's own ticks kept; many bars as the top ones and "Other" (property: a measure that adds up keeps its
// total, at most maxBars bars), an average without "Other"; blank categories labelled and given back on a click.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fitChart, grainOf, rowOf, type FitColumn } from '../../../src/elements/shared/chart-fit.js';

const local = (y: number, m: number, d = 1) => new Date(y, m, d).getTime();
const line = (field: string, axis?: object) => ({
  mark: 'line',
  encoding: {
    x: { field: field.replace('.', '\\.'), type: 'temporal', ...(axis && { axis }) },
    y: { field: 'readings\\.rainfall', type: 'quantitative' },
  },
});
const timeColumns = (granularity?: string): FitColumn[] => [
  { name: 'readings.taken_at', title: 'Taken at', hints: { type: 'time', ...(granularity && { granularity }) } },
  { name: 'readings.rainfall', title: 'Rainfall', hints: { type: 'sum' } },
];
const iso = (t: number) => {
  const d = new Date(t);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T00:00:00.000`;
};
type Axis = { values: { year: number; month: number; date: number }[]; format: string };
const axisOf = (spec: Record<string, unknown>) =>
  (spec.encoding as Record<string, { axis: Axis }>).x.axis as Axis | undefined;

describe('fitChart', () => {
  it('reads the grain from the hint, else from the values', () => {
    assert.equal(grainOf([local(2024, 0), local(2024, 1)], 'week'), 'week');
    assert.equal(grainOf([local(2024, 0), local(2024, 1), local(2024, 5)], undefined), 'month');
    assert.equal(grainOf([local(2024, 0), local(2024, 3), local(2025, 6)], undefined), 'quarter');
    assert.equal(grainOf([local(2020, 0), local(2024, 0)], undefined), 'year');
    // Mondays only: weeks; other midnights: days; a time of day: none.
    assert.equal(grainOf([local(2024, 0, 1), local(2024, 0, 8), local(2024, 0, 22)], undefined), 'week');
    assert.equal(grainOf([local(2024, 0, 2), local(2024, 0, 3)], undefined), 'day');
    assert.equal(grainOf([new Date(2024, 0, 2, 13).getTime(), local(2024, 0, 3)], undefined), undefined);
    assert.equal(grainOf([local(2024, 0, 2)], undefined), undefined);
    assert.equal(grainOf([local(2024, 0, 2), local(2024, 0, 3)], 'hour'), undefined);
  });

  it('ticks monthly rows at their months, every 12th of 48, labelled for the grain', () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ 'readings.taken_at': iso(local(2012, i)), 'readings.rainfall': i }));
    const three = fitChart(line('readings.taken_at'), rows(3), timeColumns('month'), { locale: 'en-US' });
    assert.deepEqual(
      axisOf(three.spec)!.values.map((v) => `${v.year}-${v.month}-${v.date}`),
      ['2012-1-1', '2012-2-1', '2012-3-1'],
    );
    assert.equal(axisOf(three.spec)!.format, '%b %Y');
    const wide = fitChart(line('readings.taken_at'), rows(48), timeColumns(), { locale: 'en-US' });
    assert.deepEqual(
      axisOf(wide.spec)!.values.map((v) => `${v.year}-${v.month}`),
      ['2012-1', '2012-7', '2013-1', '2013-7', '2014-1', '2014-7', '2015-1', '2015-7'],
    );
    const narrow = fitChart(line('readings.taken_at'), rows(48), timeColumns(), { locale: 'en-US', narrow: true });
    assert.deepEqual(
      axisOf(narrow.spec)!.values.map((v) => `${v.year}-${v.month}`),
      ['2012-1', '2013-1', '2014-1', '2015-1'],
    );
    // The spec's own ticks or format win.
    for (const axis of [{ tickCount: 4 }, { format: '%Y' }, { values: [] }]) {
      const own = fitChart(line('readings.taken_at', axis), rows(3), timeColumns('month'), { locale: 'en-US' });
      assert.deepEqual(axisOf(own.spec), axis);
    }
  });

  it('keeps at most maxBars bars, the total of a measure that adds up, the top ones of one that does not', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 120 }),
        fc.integer({ min: 2, max: 40 }),
        fc.constantFrom('sum', 'count', 'avg', 'max', 'count_distinct'),
        fc.integer(),
        (names, maxBars, type, seed) => {
          const rows = names.map((name, i) => ({
            'hives.apiary': name,
            'hives.honey': ((seed + i * 7919) % 1000) + 1,
          }));
          const columns: FitColumn[] = [
            { name: 'hives.apiary', title: 'Apiary', hints: { type: 'string' } },
            { name: 'hives.honey', title: 'Honey', hints: { type } },
          ];
          const spec = {
            mark: { type: 'bar' },
            encoding: {
              x: { field: 'hives\\.apiary', type: 'nominal' },
              y: { field: 'hives\\.honey', type: 'quantitative' },
            },
          };
          const { values, spec: fitted } = fitChart(spec, rows, columns, { locale: 'en-US', maxBars });
          const total = (list: Record<string, unknown>[]) => list.reduce((s, r) => s + Number(r['hives.honey']), 0);
          assert.ok(values.length <= maxBars);
          if (rows.length <= maxBars) {
            assert.equal(values.length, rows.length);
            assert.equal(fitted.title, undefined);
            return;
          }
          const adds = type === 'sum' || type === 'count';
          if (adds) assert.equal(total(values), total(rows));
          const kept = values.filter((v) => !String(v['hives.apiary']).startsWith('Other ('));
          assert.equal(kept.length, adds ? maxBars - 1 : maxBars);
          const smallestKept = Math.min(...kept.map((v) => Number(v['hives.honey'])));
          const dropped = rows.filter((r) => !kept.some((k) => k['hives.apiary'] === r['hives.apiary']));
          assert.ok(dropped.every((r) => r['hives.honey'] <= smallestKept));
          assert.equal((fitted.title as { text: string }).text, `Top ${kept.length} of ${rows.length}`);
        },
      ),
    );
  });

  it('labels blank categories "(none)" and gives them back as null on a click; "Other" is no row', () => {
    const columns: FitColumn[] = [
      { name: 'hives.queen_line', title: 'Queen line', hints: { type: 'string' } },
      { name: 'hives.count', title: 'Hives', hints: { type: 'count' } },
    ];
    const rows = [
      { 'hives.queen_line': 'Buckfast', 'hives.count': 9 },
      { 'hives.queen_line': null, 'hives.count': 4 },
      { 'hives.queen_line': '', 'hives.count': 2 },
    ];
    const spec = { mark: 'bar', encoding: { y: { field: 'hives\\.queen_line', type: 'nominal' } } };
    const { values } = fitChart(spec, rows, columns, { locale: 'en-US' });
    assert.deepEqual(
      values.map((v) => v['hives.queen_line']),
      ['Buckfast', '(none)', '(none)'],
    );
    assert.equal(values[1].__svc_tooltip, 'Queen line: (none)\nHives: 4');
    assert.deepEqual(rowOf(values[1]), { 'hives.queen_line': null, 'hives.count': 4 });
    assert.deepEqual(rowOf(values[0]), rows[0]);
    const many = Array.from({ length: 30 }, (_, i) => ({ 'hives.queen_line': `line ${i}`, 'hives.count': i }));
    const bars = {
      mark: 'bar',
      encoding: {
        y: { field: 'hives\\.queen_line', type: 'nominal', sort: '-x' },
        x: { field: 'hives\\.count', type: 'quantitative' },
      },
    };
    const fitted = fitChart(bars, many, columns, { locale: 'en-US' });
    const other = fitted.values.at(-1)!;
    // Drawn last: the most first, then "Other", whatever it adds up to.
    const order = (fitted.spec.encoding as { y: { sort: string[] } }).y.sort;
    assert.deepEqual(order.slice(0, 2), ['line 29', 'line 28']);
    assert.equal(order.at(-1), 'Other (6)');
    assert.equal(order.length, 25);
    assert.equal(other['hives.queen_line'], 'Other (6)');
    assert.deepEqual(rowOf(other), {});
  });

  it('fits each layer (two measures by one breakdown) over all the rows, no "Other"', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      'readings.taken_at': iso(local(2012, i)),
      'readings.rainfall': i,
      'readings.runoff': 2 * i,
    }));
    const columns = [...timeColumns('month'), { name: 'readings.runoff', title: 'Runoff', hints: { type: 'sum' } }];
    const runoff = {
      ...line('readings.taken_at'),
      encoding: { ...line('readings.taken_at').encoding, y: { field: 'readings\\.runoff', type: 'quantitative' } },
    };
    const fitted = fitChart({ layer: [line('readings.taken_at'), runoff] }, rows, columns, {
      locale: 'en-US',
      maxBars: 5,
    });
    const views = fitted.spec.layer as Record<string, unknown>[];
    assert.equal(views.length, 2);
    for (const view of views) {
      assert.ok(axisOf(view)!.values.length > 0, 'time ticks at the grain');
      assert.deepEqual((view.encoding as Record<string, unknown>).tooltip, { field: '__svc_tooltip' });
    }
    assert.equal(fitted.values.length, 30);
  });
});
