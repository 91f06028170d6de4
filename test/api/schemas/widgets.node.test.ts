// Each widget type's config schema: one per type of the API, valid configs typed and kept whole (other keys stay),
// a config that is not valid refused with the type, the widget's id and the first bad field named; and every widget
// generateDashboard makes, over any model, checks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { WIDGET_CONFIG_SCHEMAS, checkWidget } from '../../../src/api/schemas/widgets.js';
import type { DashboardWidget, MetaCube, MetaMember, WidgetType } from '../../../src/api/types.js';
import { TIME_GRANULARITIES, WIDGET_TYPES } from '../../../src/api/types.js';
import { generateDashboard } from '../../../src/generate/index.js';

const at = { x: 0, y: 0, w: 3, h: 1 };
const widget = (type: string, config: unknown, id = 'w1'): DashboardWidget =>
  ({ id, type, position: at, config }) as DashboardWidget;
const errorOf = (type: string, config: unknown, id?: string): string | undefined =>
  checkWidget(widget(type, config, id)).error;

describe('widget config schemas', () => {
  it('has one schema per widget type of the API, and no other', () => {
    assert.deepEqual(Object.keys(WIDGET_CONFIG_SCHEMAS).sort(), [...WIDGET_TYPES].sort());
  });

  it('types a valid config of each kind and keeps its other keys', () => {
    const valid: { [T in WidgetType]: Record<string, unknown> } = {
      CHART: { reportId: 12, title: 'Harvest', colour: 'amber' },
      TEXT: { markdown: '## Hives', note: 1 },
      FILTER: { member: 'hives.apiary', label: 'Apiary', multiple: true, defaultValues: ['North', 3, false] },
      AI: { prompt: 'Which hive swarmed?', prompts: ['Honey by month'] },
      TABS_CONTAINER: { tabs: [{ id: 'a', title: 'Spring', widgetIds: ['w2'] }, {}] },
      TIME_GRAIN: { member: 'hives.inspected_at', grains: ['week', 'month'], defaultGrain: 'week', label: 'Grain' },
    };
    for (const type of WIDGET_TYPES) {
      const checked = checkWidget(widget(type, valid[type]));
      assert.equal(checked.error, undefined, type);
      assert.deepEqual(checked.widget?.config, valid[type], type);
      assert.equal(checked.widget?.type, type);
    }
  });

  it('reads no config as an empty one: valid for kinds without a required field', () => {
    const required = WIDGET_TYPES.filter((type) => errorOf(type, null) !== undefined);
    assert.deepEqual(required.sort(), ['CHART', 'FILTER', 'TABS_CONTAINER']);
    assert.equal(errorOf('CHART', null, 'harvest'), 'CHART widget "harvest": config.reportId: is required');
    assert.equal(errorOf('FILTER', undefined), 'FILTER widget "w1": config.member: is required');
    assert.equal(errorOf('TABS_CONTAINER', {}), 'TABS_CONTAINER widget "w1": config.tabs: is required');
  });

  it('names the type, the widget and the first bad field of a config that is not valid', () => {
    const cases: [string, unknown, string][] = [
      ['FILTER', { member: 42 }, 'config.member: must be a string'],
      ['FILTER', { member: 'a.b', multiple: 'yes' }, 'config.multiple: must be a boolean'],
      [
        'FILTER',
        { member: 'a.b', defaultValues: ['x', {}] },
        'config.defaultValues[1]: must be a string, a number or a boolean',
      ],
      ['CHART', { reportId: 1.5 }, 'config.reportId: must be an integer'],
      ['CHART', { reportId: '12' }, 'config.reportId: must be an integer'],
      ['TEXT', { markdown: ['# a'] }, 'config.markdown: must be a string'],
      ['AI', { prompts: ['ok', 7] }, 'config.prompts[1]: must be a string'],
      ['TABS_CONTAINER', { tabs: [{ widgetIds: 'w2' }] }, 'config.tabs[0].widgetIds: must be an array'],
      [
        'TIME_GRAIN',
        { grains: ['week', 'fortnight'] },
        `config.grains[1]: must be one of ${TIME_GRANULARITIES.join(', ')}`,
      ],
      ['TIME_GRAIN', { defaultGrain: 'Month' }, `config.defaultGrain: must be one of ${TIME_GRANULARITIES.join(', ')}`],
      ['TEXT', { title: 7 }, 'config.title: must be a string'],
      ['AI', [], 'config: must be an object'],
      ['TEXT', 'hello', 'config: must be an object'],
    ];
    for (const [type, config, expected] of cases) {
      assert.equal(errorOf(type, config, 'hive "7"'), `${type} widget "hive \\"7\\"": ${expected}`);
    }
  });

  it('names a type the API does not know', () => {
    assert.equal(errorOf('GAUGE', {}), 'Unknown widget type GAUGE (widget "w1")');
    assert.equal(errorOf('toString', {}), 'Unknown widget type toString (widget "w1")');
  });

  it('gives the same answer for the same widget object', () => {
    const w = widget('TEXT', { markdown: 'a' });
    assert.equal(checkWidget(w), checkWidget(w));
  });

  it('passes every widget generateDashboard makes, whatever the model', () => {
    const name = fc.stringMatching(/^[a-z][a-z_]{0,11}$/);
    const member = (cube: string, type: string) =>
      fc
        .record({ name, agg: fc.constantFrom('sum', 'count', 'avg', 'countDistinct') })
        .map(({ name: n, agg }): MetaMember => ({ name: `${cube}.${n}`, title: n, shortTitle: n, type, aggType: agg }));
    const cubeOf = fc.tuple(name, fc.constantFrom<'cube' | 'view'>('cube', 'view')).chain(([n, type]) =>
      fc
        .record({
          measures: fc.uniqueArray(member(n, 'number'), { maxLength: 6, selector: (m) => m.name }),
          dimensions: fc.uniqueArray(
            fc.oneof(member(n, 'string'), member(n, 'time'), member(n, 'number'), member(n, 'boolean')),
            { maxLength: 8, selector: (m) => m.name },
          ),
        })
        .map((c): MetaCube => ({ name: n, title: n, type, segments: [], ...c })),
    );
    fc.assert(
      fc.property(fc.uniqueArray(cubeOf, { minLength: 1, maxLength: 4, selector: (c) => c.name }), (cubes) => {
        const { config } = generateDashboard({ cubes });
        for (const w of config.widgets ?? []) assert.equal(checkWidget(w).error, undefined, JSON.stringify(w));
      }),
      { numRuns: 200 },
    );
  });
});
