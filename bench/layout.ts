// The grid-layout core in Chromium: 1,000 widgets laid out and compacted, against the literal react-grid-layout
// loop (moving each item up one row at a time) of test/fixtures/grid-reference.ts, measured in the same run.
import { computeGrid, gridOptions, type GridWidget } from '../src/layout/index.js';
import { refGrid } from '../test/fixtures/grid-reference.js';
import { median, type Row } from './util.js';

/** A deterministic dashboard of `n` widgets, loosely packed, some with their own layouts at smaller breakpoints. */
function dashboard(n: number): GridWidget[] {
  let seed = 42;
  const rnd = (k: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % k;
  };
  return Array.from({ length: n }, (_, i) => {
    const w = 1 + rnd(6);
    return {
      id: `w${i}`,
      position: { x: rnd(12 - w + 1), y: Math.floor(i / 3) * 2 + rnd(4), w, h: 1 + rnd(3) },
      ...(i % 4 === 0 && { responsiveLayouts: { sm: { x: rnd(3), y: i * 2, w: 3, h: 2 } } }),
    };
  });
}

function time(fn: () => unknown, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
}

export function layoutBench(): Row[] {
  const widgets = dashboard(1000);
  const options = gridOptions();
  const rows: Row[] = [];
  for (const width of [1400, 800]) {
    time(() => computeGrid(widgets, width, options), 5); // warm up
    const ours = time(() => computeGrid(widgets, width, options), 21);
    const baseline = time(() => refGrid(widgets, width, options), 5);
    rows.push({
      measure: `1,000 widgets at ${width} px (${computeGrid(widgets, width, options).breakpoint})`,
      value: `${ours.toFixed(2)} ms`,
      baseline: `${baseline.toFixed(1)} ms (row-by-row loop)`,
      ratio: `${(ours / baseline).toFixed(3)}×`,
      target: '≤ 5 ms',
    });
  }
  return rows;
}
