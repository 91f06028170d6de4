// CHART widgets drawn from real public data (vega-datasets: flights of three months in 2001, 220 origin airports;
// films with blank ratings) through the local engine: a time axis ticks at the data's grain (monthly points, monthly
// labels: never "Jan 07, Jan 14…"), a blank group reads "(none)" (never "null") in the chart and in the FILTER, where
// choosing it keeps the rows without a value, and a bar chart of 220 airports draws the top 24 and one "Other" bar
// (a count adds up), or the top 25 and no "Other" (an average does not), saying so above the plot.
import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../../src/elements/dashboard/svc-dashboard.js';
import '../../../../src/elements/provider/svc-provider.js';
import type { DashboardWidget, ReportSnapshot } from '../../../../src/api/types.js';
import type { SvcDashboard } from '../../../../src/elements/dashboard/svc-dashboard.js';
import { DEMO, createLocalEngine, type LocalEngine } from '../../../../src/engine/index.js';
import { HttpTransport } from '../../../../src/transport/http-transport.js';
import { VEGA_DATA, VEGA_FILES, VEGA_MODEL } from '../../../fixtures/vega-datasets.js';
import { mountDashboard } from './mount.js';

const report = (
  id: number,
  kind: ReportSnapshot['kind'],
  query: ReportSnapshot['meta'],
  spec?: Record<string, unknown>,
): ReportSnapshot => ({
  id,
  reportId: id,
  versionNumber: 1,
  title: `Report ${id}`,
  kind,
  meta: query,
  ...(spec && { spec }),
});
const bar = (category: string, measure: string) => ({
  mark: 'bar',
  encoding: {
    y: { field: category.replace('.', '\\.'), type: 'nominal', sort: '-x' },
    x: { field: measure.replace('.', '\\.'), type: 'quantitative' },
  },
});

const reports: ReportSnapshot[] = [
  report(
    1,
    'vega',
    { query: { measures: ['flights.count'], timeDimensions: [{ dimension: 'flights.date', granularity: 'month' }] } },
    {
      mark: 'line',
      encoding: {
        x: { field: 'flights\\.date', type: 'temporal' },
        y: { field: 'flights\\.count', type: 'quantitative' },
      },
    },
  ),
  report(
    2,
    'vega',
    { query: { measures: ['films.count'], dimensions: ['films.mpaa_rating'] } },
    bar('films.mpaa_rating', 'films.count'),
  ),
  report(
    3,
    'vega',
    { query: { measures: ['flights.count'], dimensions: ['flights.origin'] } },
    bar('flights.origin', 'flights.count'),
  ),
  report(
    4,
    'vega',
    { query: { measures: ['flights.average_delay'], dimensions: ['flights.origin'] } },
    bar('flights.origin', 'flights.average_delay'),
  ),
];
const card = (id: string, reportId: number, y: number) => ({
  id,
  type: 'CHART' as const,
  position: { x: 0, y, w: 12, h: 3 },
  config: { reportId },
});
const frame = (el: SvcDashboard, id: string) =>
  el.shadowRoot!.querySelector<HTMLElement>(`[part="widget"][data-widget-id="${id}"]`)!;
const texts = (el: SvcDashboard, id: string, role: string) =>
  [...frame(el, id).querySelectorAll(`[part="chart"] svg .role-${role} text`)].map((t) => t.textContent ?? '');
const bars = (el: SvcDashboard, id: string) =>
  frame(el, id).querySelectorAll('[part="chart"] svg .mark-rect path').length;

describe('<svc-dashboard> CHART widgets on vega-datasets', function () {
  this.timeout(180_000);
  const name = `charts-${Date.now()}`;
  let engine: LocalEngine;
  let admin: HttpTransport;

  before(async () => {
    await setViewport({ width: 1100, height: 900 });
    const data = Object.fromEntries(Object.entries(VEGA_FILES).map(([t, f]) => [t, `/${VEGA_DATA}${f}`]));
    engine = await createLocalEngine({ name, model: VEGA_MODEL, data });
    admin = new HttpTransport({
      baseUrl: 'https://local.svc',
      fetch: engine.fetch,
      auth: { apiKey: DEMO.adminKey },
    });
  });
  after(async () => {
    await setViewport({ width: 800, height: 600 });
    await engine.close();
    indexedDB.deleteDatabase(name);
  });

  /** A dashboard of `widgets` over the reports above, in English, drawn. */
  async function mount(widgets: DashboardWidget[]): Promise<SvcDashboard> {
    return mountDashboard({ engine, admin, externalId: 'chart-viewer', title: 'Public data', widgets, reports });
  }

  it('ticks a monthly line at its months: Jan, Feb and Mar 2001, no day or week in between', async () => {
    const el = await mount([card('monthly', 1, 0)]);
    await waitUntil(() => texts(el, 'monthly', 'axis-label').length > 0, 'the monthly chart', { timeout: 60_000 });
    const labels = texts(el, 'monthly', 'axis-label').filter((t) => /[A-Za-z]/.test(t));
    expect(labels).to.deep.equal(['Jan 2001', 'Feb 2001', 'Mar 2001']);
  });

  it('draws the blank rating as "(none)", offers it in the filter, and filters to the films without one', async () => {
    const el = await mount([
      {
        id: 'rating',
        type: 'FILTER',
        position: { x: 0, y: 0, w: 4, h: 1 },
        config: { member: 'films.mpaa_rating', label: 'Rating' },
      },
      card('ratings', 2, 1),
    ]);
    await waitUntil(() => bars(el, 'ratings') > 0, 'the ratings chart', { timeout: 60_000 });
    const labels = texts(el, 'ratings', 'axis-label');
    expect(labels).to.include('(none)');
    expect(labels).to.not.include('null');
    expect(labels.filter((t) => t.trim() === '')).to.deep.equal([]);
    const select = frame(el, 'rating').querySelector('select')!;
    await waitUntil(() => select.options.length > 2, 'the filter’s options', { timeout: 30_000 });
    const options = [...select.options].map((o) => o.textContent.trim());
    expect(options).to.include('(none)');
    expect(options.filter((t) => t === '')).to.deep.equal([]);
    [...select.options].find((o) => o.textContent.trim() === '(none)')!.selected = true;
    select.dispatchEvent(new Event('change'));
    expect(el.getFilters()).to.deep.equal({ 'films.mpaa_rating': [''] });
    await waitUntil(() => bars(el, 'ratings') === 1, 'one bar: the blank rating', { timeout: 60_000 });
    expect(texts(el, 'ratings', 'axis-label').filter((t) => /[A-Za-z(]/.test(t))).to.deep.equal(['(none)']);
  });

  it('draws 220 airports as the top 24 and "Other (196)" for a count, the top 25 for an average', async () => {
    const el = await mount([card('origins', 3, 0), card('delays', 4, 3)]);
    await waitUntil(() => bars(el, 'origins') > 0, 'the origins chart', { timeout: 60_000 });
    expect(bars(el, 'origins')).to.equal(25);
    expect(texts(el, 'origins', 'axis-label')).to.include('Other (196)');
    expect(texts(el, 'origins', 'title-text').join(' ')).to.equal('Top 24 of 220');
    frame(el, 'delays').scrollIntoView();
    await waitUntil(() => bars(el, 'delays') > 0, 'the delays chart', { timeout: 60_000 });
    expect(bars(el, 'delays')).to.equal(25);
    expect(texts(el, 'delays', 'axis-label').some((t) => t.startsWith('Other'))).to.equal(false);
    expect(texts(el, 'delays', 'title-text').join(' ')).to.equal('Top 25 of 220');
  });
});
