// grainForSpan: the finest grain whose periods over the span fit the chart (property: the grain picked fits, and
// the next finer one does not), year when nothing fits, nothing for a span it cannot read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CHART_GRAINS, grainForSpan } from '../../src/generate/index.js';
import { periodsIn } from '../../src/generate/grain.js';

describe('grainForSpan', () => {
  it('picks the finest grain that fits; the next finer one does not', () => {
    const MIN = Date.UTC(1900, 0, 1);
    const MAX = Date.UTC(2100, 0, 1);
    fc.assert(
      fc.property(
        fc.integer({ min: MIN, max: MAX }),
        fc.integer({ min: 0, max: MAX - MIN }),
        fc.integer({ min: 40, max: 2000 }),
        fc.integer({ min: 4, max: 40 }),
        (start, length, width, spacing) => {
          const from = new Date(start);
          const to = new Date(start + length);
          const grain = grainForSpan({ from: from.toISOString(), to: to.toISOString() }, width, spacing)!;
          const fit = Math.max(2, Math.floor(width / spacing));
          const i = CHART_GRAINS.indexOf(grain);
          if (grain !== 'year') assert.ok(periodsIn(length, grain, from, to) <= fit);
          if (i > 0) assert.ok(periodsIn(length, CHART_GRAINS[i - 1], from, to) > fit);
        },
      ),
    );
  });

  it('reads ISO text with or without a zone and epoch milliseconds; refuses what it cannot read', () => {
    assert.equal(grainForSpan({ from: '2024-01-01 00:00:00', to: '2024-01-31T00:00:00Z' }, 560, 10), 'day');
    assert.equal(grainForSpan({ from: Date.UTC(2000, 0, 1), to: Date.UTC(2010, 0, 1) }, 560, 10), 'quarter');
    assert.equal(grainForSpan({ from: 'yesterday', to: '2024-01-01' }, 560, 10), undefined);
    assert.equal(grainForSpan({ from: '2024-02-01', to: '2024-01-01' }, 560, 10), undefined);
  });
});
