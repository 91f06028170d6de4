// Every widget kind is complete (one descriptor per type of the API, widgets/kinds.ts): on real public data (Seattle's
// weather from vega-datasets, through the local engine) a dashboard of one untitled widget of each kind draws each
// one without an error, labels its frame with the kind's name, sizes it as its descriptor says (its rows, its
// content's height, or its content's and never less), exposes only the parts its descriptor lists (each one a part
// <svc-dashboard> documents), and gets its config typed: a config that is not valid shows which field is wrong, in
// that widget only.
import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../../src/elements/dashboard/svc-dashboard.js';
import '../../../../src/elements/provider/svc-provider.js';
import { WIDGET_CONFIG_SCHEMAS } from '../../../../src/api/schemas/widgets.js';
import type { DashboardWidget, ReportSnapshot, WidgetConfigs, WidgetType } from '../../../../src/api/types.js';
import { WIDGET_TYPES } from '../../../../src/api/types.js';
import type { SvcDashboard } from '../../../../src/elements/dashboard/svc-dashboard.js';
import { WIDGET_KINDS } from '../../../../src/elements/dashboard/widgets/kinds.js';
import { DEMO, createLocalEngine, type LocalEngine } from '../../../../src/engine/index.js';
import { HttpTransport } from '../../../../src/transport/http-transport.js';
import { VEGA_DATA, VEGA_FILES, VEGA_MODEL } from '../../../fixtures/vega-datasets.js';
import { mountDashboard } from './mount.js';

/** The parts <svc-dashboard> documents (its @csspart list and the README's). */
const DOCUMENTED_PARTS = [
  'grid',
  'widget',
  'title',
  'chart',
  'table',
  'kpi',
  'filter',
  'tabs',
  'tab',
  'error',
  'download',
  'app',
  'chat-launcher',
  'chat-panel',
];

/** An untitled sample of each kind (a kind added without one does not compile). */
const SAMPLES: { [T in WidgetType]: WidgetConfigs[T] } = {
  CHART: { reportId: 41 },
  TEXT: { markdown: 'Rain in **Seattle**' },
  FILTER: { member: 'weather.weather' },
  AI: { prompt: 'Which month had the most rain?' },
  TABS_CONTAINER: { tabs: [{ id: 'wet', title: 'Wet days', widgetIds: [] }] },
  TIME_GRAIN: { grains: ['month', 'year'] },
};
const reports: ReportSnapshot[] = [
  { id: 41, reportId: 41, versionNumber: 1, kind: 'kpi', meta: { query: { measures: ['weather.days'] } } },
];
const ROWS = 4;
const widgets: DashboardWidget[] = WIDGET_TYPES.map((type, i) => ({
  id: `sample-${type.toLowerCase()}`,
  type,
  position: { x: (i % 2) * 6, y: Math.floor(i / 2) * ROWS, w: 6, h: ROWS },
  config: { ...SAMPLES[type] },
}));
const frame = (el: SvcDashboard, id: string) =>
  el.shadowRoot!.querySelector<HTMLElement>(`[part="widget"][data-widget-id="${id}"]`)!;
/** The parts inside a frame, its nested chat's own shadow root left out. */
const partsIn = (box: HTMLElement) =>
  new Set([...box.querySelectorAll('[part]')].flatMap((e) => (e.getAttribute('part') ?? '').split(/\s+/)));

describe('widget kinds', function () {
  this.timeout(180_000);
  const name = `kinds-${Date.now()}`;
  let engine: LocalEngine;
  let admin: HttpTransport;

  before(async () => {
    await setViewport({ width: 1100, height: 1200 });
    const data = { weather: `/${VEGA_DATA}${VEGA_FILES.weather}` };
    engine = await createLocalEngine({ name, model: { 'model/weather.yml': VEGA_MODEL['model/weather.yml'] }, data });
    admin = new HttpTransport({ baseUrl: 'https://local.svc', fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
  });
  after(async () => {
    await setViewport({ width: 800, height: 600 });
    await engine.close();
    indexedDB.deleteDatabase(name);
  });

  async function mount(shown: DashboardWidget[]): Promise<SvcDashboard> {
    const el = await mountDashboard({
      engine,
      admin,
      externalId: 'kinds-viewer',
      title: 'Seattle',
      widgets: shown,
      reports,
    });
    await el.updateComplete;
    return el;
  }

  it('has one descriptor per type of the API, each with a name, a sizing, documented parts and a config schema', () => {
    expect(Object.keys(WIDGET_KINDS).sort()).to.deep.equal([...WIDGET_TYPES].sort());
    const labels = WIDGET_TYPES.map((type) => WIDGET_KINDS[type].label());
    expect(new Set(labels).size, labels.join(', ')).to.equal(WIDGET_TYPES.length);
    for (const type of WIDGET_TYPES) {
      const kind = WIDGET_KINDS[type];
      expect(kind.label().trim(), type).to.not.equal('');
      expect(['rows', 'content', 'grow'], type).to.include(kind.sizing);
      for (const part of kind.parts) expect(DOCUMENTED_PARTS, `${type}'s part ${part}`).to.include(part);
      expect(WIDGET_CONFIG_SCHEMAS[type], type).to.not.equal(undefined);
    }
  });

  it('a dashboard of no widget says so, and is loaded (svc-dashboard-loaded, 0 widgets)', async () => {
    let count = -1;
    document.addEventListener('svc-dashboard-loaded', (e) => (count = e.widgetCount), {
      once: true,
    });
    const el = await mount([]);
    expect(count).to.equal(0);
    const status = el.shadowRoot!.querySelector('[role="status"]');
    expect(status?.textContent).to.equal('This dashboard has no widgets yet');
    expect(el.shadowRoot!.querySelector('[part="grid"]')).to.equal(null);
  });

  it('draws, labels and sizes an untitled widget of every kind, with only the parts its descriptor lists', async () => {
    const el = await mount(widgets);
    await waitUntil(
      () => frame(el, 'sample-filter').querySelector('select')?.getAttribute('aria-busy') === 'false',
      'the filter options',
      { timeout: 60_000 },
    );
    const rowsHeight = frame(el, 'sample-chart').getBoundingClientRect().height;
    expect(rowsHeight).to.be.greaterThan(100);
    for (const w of widgets) {
      const kind = WIDGET_KINDS[w.type];
      const box = frame(el, w.id);
      expect(box, w.type).to.not.equal(null);
      expect(box.dataset.widgetType).to.equal(w.type);
      expect(box.getAttribute('aria-label'), w.type).to.equal(kind.label());
      expect(box.querySelector('[part~="error"]'), `${w.type}: ${box.textContent}`).to.equal(null);
      expect(box.querySelector('[aria-busy="true"]'), `${w.type} still loading`).to.equal(null);
      const drawn = !!box.textContent?.trim() || box.querySelector('svc-chat') !== null;
      expect(drawn, `${w.type} draws something`).to.equal(true);
      for (const part of partsIn(box)) expect(kind.parts, `${w.type} exposes ${part}`).to.include(part);
      const height = box.getBoundingClientRect().height;
      if (kind.sizing === 'rows') expect(height, w.type).to.be.closeTo(rowsHeight, 1);
      if (kind.sizing === 'content') expect(height, w.type).to.be.lessThan(rowsHeight / 2);
      if (kind.sizing === 'grow') expect(height, w.type).to.be.at.least(rowsHeight - 1);
    }
    expect(frame(el, 'sample-chart').querySelector('[part="kpi"]')?.textContent?.trim()).to.equal('1,461');
  });

  it('grows a content-sized kind that sizes by "grow" past its rows when its content needs it', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `Day ${i + 1} was wet.`).join('\n\n');
    const el = await mount([
      { id: 'long', type: 'TEXT', position: { x: 0, y: 0, w: 6, h: 1 }, config: { markdown: long } },
    ]);
    await waitUntil(() => frame(el, 'long').textContent?.includes('Day 30'), 'the text', { timeout: 20_000 });
    const text = frame(el, 'long').querySelector<HTMLElement>('.text')!;
    // The frame follows its content's measured height (a resize observer), one update later.
    await waitUntil(
      () => frame(el, 'long').getBoundingClientRect().height >= text.getBoundingClientRect().height,
      'the frame grows to its text',
    );
    expect(text.getBoundingClientRect().height).to.be.greaterThan(300);
  });

  it('shows which field of a config is not valid, in that widget only', async () => {
    const bad: Record<WidgetType, [Record<string, unknown>, string]> = {
      CHART: [{ reportId: '41' }, 'config.reportId: must be an integer'],
      TEXT: [{ markdown: 7 }, 'config.markdown: must be a string'],
      FILTER: [{ member: ['weather.weather'] }, 'config.member: must be a string'],
      AI: [{ prompts: 'Rain?' }, 'config.prompts: must be an array'],
      TABS_CONTAINER: [{ tabs: [{ title: 3 }] }, 'config.tabs[0].title: must be a string'],
      TIME_GRAIN: [{ grains: ['fortnight'] }, 'config.grains[0]: must be one of'],
    };
    const shown = widgets.map((w, i) => (i % 2 ? w : { ...w, config: bad[w.type][0] }));
    // A chart whose report is missing says so too; neither keeps svc-dashboard-loaded from coming.
    const missing = {
      id: 'missing',
      type: 'CHART' as const,
      position: { x: 0, y: 12, w: 6, h: 2 },
      config: { reportId: 99 },
    };
    const el = await mount([...shown, missing]);
    expect(frame(el, 'missing').querySelector('[part="error"]')?.textContent).to.contain('Report 99 not found');
    for (const [i, w] of shown.entries()) {
      const error = frame(el, w.id).querySelector('[part="error"]');
      if (i % 2) {
        expect(error, w.type).to.equal(null);
        continue;
      }
      expect(error?.getAttribute('role')).to.equal('alert');
      expect(error?.textContent).to.contain(`${w.type} widget "${w.id}": ${bad[w.type][1]}`);
      expect(frame(el, w.id).getAttribute('aria-label')).to.equal(WIDGET_KINDS[w.type].label());
    }
  });
});
