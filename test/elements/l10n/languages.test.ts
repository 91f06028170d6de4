// The UI languages: a chat and a dashboard under one provider switch between English, German, Japanese and Arabic
// — their words, numbers (tables, KPIs and the Vega charts' axes), and direction (Arabic lays out right to left:
// `dir`, the grid placed from the right, the user's messages on the other side).
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import '../../../src/elements/dashboard/svc-dashboard.js';
import '../../../src/elements/provider/svc-provider.js';
import type { DashboardConfig, ReportSnapshot } from '../../../src/api/types.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import type { SvcDashboard } from '../../../src/elements/dashboard/svc-dashboard.js';
import type { SvcProvider } from '../../../src/elements/provider/svc-provider.js';
import { activeUiLocale, directionOf, uiLocaleFor } from '../../../src/elements/shared/l10n.js';
import { chatSettings, completed, engineAndTransport, type TestSetup } from '../helpers.js';

const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
const reports: ReportSnapshot[] = [
  {
    id: 1,
    reportId: 1,
    versionNumber: 1,
    kind: 'kpi',
    title: 'Orders',
    meta: { query: { measures: ['sales.count'] } },
  },
  {
    id: 2,
    reportId: 2,
    versionNumber: 1,
    kind: 'vega',
    title: 'Revenue by region',
    meta: { query: { measures: ['sales.total_amount'], dimensions: ['sales.customers_region'] } },
    spec: {
      mark: 'bar',
      encoding: {
        y: { field: 'sales\\.customers_region', type: 'nominal' },
        x: { field: 'sales\\.total_amount', type: 'quantitative' },
      },
    },
  },
];
const config: DashboardConfig = {
  title: 'Orders',
  widgets: [
    {
      id: 'f1',
      type: 'FILTER',
      position: at(0, 0, 4, 1),
      config: { member: 'sales.customers_region', label: 'Region' },
    },
    { id: 'g1', type: 'TIME_GRAIN', position: at(4, 0, 4, 1), config: { grains: ['month', 'year'] } },
    { id: 'k1', type: 'CHART', position: at(0, 1, 4, 2), config: { reportId: 1 } },
    { id: 'c1', type: 'CHART', position: at(4, 1, 8, 3), config: { reportId: 2 } },
  ],
};

interface Expected {
  send: string;
  all: string;
  grain: string;
  download: string;
  direction: 'ltr' | 'rtl';
}

const expected: Record<string, Expected> = {
  en: { send: 'Send', all: 'All', grain: 'As designed', download: 'Download CSV', direction: 'ltr' },
  de: { send: 'Senden', all: 'Alle', grain: 'Wie entworfen', download: 'CSV herunterladen', direction: 'ltr' },
  ja: { send: '送信', all: 'すべて', grain: '設計どおり', download: 'CSV をダウンロード', direction: 'ltr' },
  ar: { send: 'إرسال', all: 'الكل', grain: 'كما صُمّم', download: 'تنزيل CSV', direction: 'rtl' },
};

const text = (el: Element | null | undefined) => el?.textContent?.trim() ?? '';

describe('UI languages', function () {
  this.timeout(170_000); // WebKit on a busy machine: the engine, an answer, and four redraws of every chart
  let setup: TestSetup | undefined;

  afterEach(async () => {
    await setup?.dispose();
    setup = undefined;
  });

  it('picks a catalogue: the locale, then the page, then the browser; Arabic is right to left', () => {
    expect(uiLocaleFor('de-AT')).to.equal('de');
    expect(uiLocaleFor('pt-PT')).to.equal('pt-BR');
    expect(uiLocaleFor('zh-CN')).to.equal('zh-Hans');
    expect(uiLocaleFor('ar-EG')).to.equal('ar');
    const lang = document.documentElement.lang;
    try {
      document.documentElement.lang = 'ko-KR';
      expect(uiLocaleFor('xx-unknown')).to.equal('ko'); // no catalogue: the page's
      expect(uiLocaleFor(undefined)).to.equal('ko');
    } finally {
      document.documentElement.lang = lang;
    }
    expect(directionOf('ar')).to.equal('rtl');
    expect(directionOf('he-IL')).to.equal('rtl');
    expect(directionOf('de')).to.equal('ltr');
  });

  it('switches a mounted chat and dashboard between en, de, ja and ar: words, numbers, direction', async () => {
    setup = await engineAndTransport();
    const root = await fixture<HTMLDivElement>(
      // The dashboard first: its charts load when in view (the chat draws wherever it is).
      html`<div style="width: 1000px">
        <svc-provider .transport=${setup.transport} locale="en">
          <svc-dashboard .config=${config} .reports=${reports}></svc-dashboard>
          <svc-chat .sessionSettings=${chatSettings}></svc-chat>
        </svc-provider>
      </div>`,
    );
    const provider = root.querySelector<SvcProvider>('svc-provider')!;
    const chat = root.querySelector<SvcChat>('svc-chat')!;
    const dashboard = root.querySelector<SvcDashboard>('svc-dashboard')!;
    const done = completed(chat);
    await chat.send('how many orders?');
    expect((await done).phase).to.equal('completed');
    await waitUntil(() => dashboard.dataLoaded && dashboard.getChartData('c1'), 'dashboard loaded', {
      timeout: 30_000,
    });
    const c = chat.shadowRoot!;
    const d = dashboard.shadowRoot!;

    for (const locale of ['en', 'de', 'ja', 'ar']) {
      const want = expected[locale];
      provider.locale = locale;
      await waitUntil(() => text(c.querySelector('[part~="send"]')) === want.send, `${locale}: the chat's words`, {
        timeout: 10_000,
      });
      expect(activeUiLocale()).to.equal(locale);
      await Promise.all([chat.updateComplete, dashboard.updateComplete]);
      const number = new Intl.NumberFormat(locale).format(5000);
      // The chat: its composer, its result table's number, its card's buttons, its direction.
      expect(c.querySelector('textarea')!.placeholder).to.not.equal('');
      expect(text(c.querySelector('[part="result-table"] td'))).to.equal(number);
      expect(text(c.querySelector('[part="download"]'))).to.equal(want.download);
      expect(chat.getAttribute('dir')).to.equal(want.direction);
      expect(getComputedStyle(c.querySelector('[part="composer"]')!).direction).to.equal(want.direction);
      // The dashboard: the filter's "All", the time grain's "As designed", the KPI's number, its direction.
      expect(text(d.querySelector('[data-widget-id="f1"] option'))).to.equal(want.all);
      expect(text(d.querySelector('[data-widget-id="g1"] option'))).to.equal(want.grain);
      expect(text(d.querySelector('[data-widget-id="k1"] [part="kpi"]'))).to.equal(number);
      expect(dashboard.getAttribute('dir')).to.equal(want.direction);
      // The chart's axis writes its thousands as the locale does (vega's number locale, built from Intl).
      const thousands = new Intl.NumberFormat(locale).format(100000);
      await waitUntil(
        () => [...d.querySelectorAll('[data-widget-id="c1"] svg text')].some((t) => text(t) === thousands),
        `${locale}: the axis says ${thousands}`,
        { timeout: 20_000 },
      );
      // The grid mirrors: the first column is on the right in Arabic.
      const frame = d.querySelector<HTMLElement>('[data-widget-id="k1"]')!.getBoundingClientRect();
      const grid = d.querySelector<HTMLElement>('[part="grid"]')!.getBoundingClientRect();
      const [start, end] = [frame.left - grid.left, grid.right - frame.right];
      if (want.direction === 'rtl') expect(end).to.be.lessThan(start);
      else expect(start).to.be.lessThan(end);
      // The user's question sits at the inline end (right in ltr, left in rtl).
      const question = c.querySelector('[part~="user"]')!.getBoundingClientRect();
      const log = c.querySelector('[part="log"]')!.getBoundingClientRect();
      if (want.direction === 'rtl') expect(question.left - log.left).to.be.lessThan(log.right - question.right);
      else expect(log.right - question.right).to.be.lessThan(question.left - log.left);
    }
  });
});
