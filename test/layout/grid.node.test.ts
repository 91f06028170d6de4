// The grid-layout core against an independent implementation of the grid's rules written from the formulas
// (test/fixtures/grid-reference.ts), for random layouts and widths.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  breakpointFor,
  compactVertical,
  computeGrid,
  gridOptions,
  layoutAt,
  type GridWidget,
} from '../../src/layout/index.js';
import { hits, refGrid } from '../fixtures/grid-reference.js';

// ─── Generators ──────────────────────────────────────────────────────────────────────────────────────────────
const position = fc.record({
  x: fc.integer({ min: 0, max: 13 }),
  y: fc.integer({ min: 0, max: 30 }),
  w: fc.integer({ min: 1, max: 14 }),
  h: fc.integer({ min: 1, max: 5 }),
});
const widgets = fc
  .array(
    fc.record({
      position,
      responsiveLayouts: fc.option(
        fc.record({ lg: position, md: position, sm: position, xs: position, xxs: position }, { requiredKeys: [] }),
        { nil: undefined },
      ),
    }),
    { maxLength: 25 },
  )
  .map((list) => list.map((w, i) => ({ id: `w${i}`, ...w })));
const options = fc
  .record({
    margin: fc.option(fc.tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 24 })), { nil: undefined }),
    containerPadding: fc.option(fc.tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 24 })), {
      nil: undefined,
    }),
    rowHeight: fc.option(fc.integer({ min: 20, max: 300 }), { nil: undefined }),
    compact: fc.constantFrom<'vertical' | 'none'>('vertical', 'none'),
  })
  .map(({ compact, ...layout }) => gridOptions(layout, compact));

describe('grid layout core', () => {
  it('equals the reference for random layouts, widths and options', () => {
    fc.assert(
      fc.property(widgets, fc.integer({ min: 0, max: 2400 }), options, (list, width, o) => {
        assert.deepEqual(computeGrid(list, width, o), refGrid(list, width, o));
      }),
      { numRuns: 1000 },
    );
  });

  it('picks breakpoints with a strict comparison', () => {
    assert.equal(breakpointFor(1201), 'lg');
    assert.equal(breakpointFor(1200), 'md');
    assert.equal(breakpointFor(997), 'md');
    assert.equal(breakpointFor(996), 'sm');
    assert.equal(breakpointFor(481), 'xs');
    assert.equal(breakpointFor(480), 'xxs');
    assert.equal(breakpointFor(0), 'xxs');
  });

  it('falls back to the nearest larger breakpoint, then to position', () => {
    const widget: GridWidget = {
      id: 'a',
      position: { x: 0, y: 0, w: 1, h: 1 },
      responsiveLayouts: { lg: { x: 1, y: 0, w: 2, h: 1 }, sm: { x: 2, y: 0, w: 3, h: 1 } },
    };
    assert.deepEqual(layoutAt([widget], 'md')[0], { id: 'a', x: 1, y: 0, w: 2, h: 1 });
    assert.deepEqual(layoutAt([widget], 'xs')[0], { id: 'a', x: 2, y: 0, w: 3, h: 1 });
    assert.deepEqual(layoutAt([{ id: 'b', position: { x: 3, y: 4, w: 5, h: 6 } }], 'xs')[0], {
      id: 'b',
      x: 3,
      y: 4,
      w: 5,
      h: 6,
    });
  });

  it('compaction leaves no overlaps and no gaps above, and is idempotent', () => {
    fc.assert(
      fc.property(widgets, fc.constantFrom(2, 4, 6, 10, 12), (list, cols) => {
        const cells = compactVertical(computeGrid(list, 5000, gridOptions({ cols: { lg: cols } }, 'none')).items);
        for (const a of cells) for (const b of cells) assert.ok(a === b || !hits(a, b), 'overlap');
        for (const a of cells) {
          // Nothing can move up by one row without hitting something.
          if (a.y > 0)
            assert.ok(
              cells.some((b) => hits(b, { ...a, y: a.y - 1 }) && b !== a),
              'gap above',
            );
        }
        assert.deepEqual(compactVertical(cells), cells);
      }),
      { numRuns: 500 },
    );
  });
});
