// The TEXT widget at a phone's width (390 px) and a desktop's: a long word, a link, a line of code and a wide table
// wrap inside the widget's frame — nothing is clipped, and nothing becomes a scroll box a keyboard cannot reach.

import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../../src/elements/dashboard/svc-dashboard.js';
import type { SvcDashboard } from '../../../../src/elements/dashboard/svc-dashboard.js';
import type { DashboardConfig } from '../../../../src/api/types.js';
import { frames, inside } from '../../layout-helpers.js';

const markdown = [
  '### Supercalifragilisticexpialidocious_quarterly_revenue_by_region_and_channel',
  'See https://reports.example.com/finance/2026/quarterly/revenue-by-region-and-channel-with-every-breakdown for more.',
  '```sql\nSELECT customers_region, products_category, SUM(total_amount) AS revenue_in_euros FROM sales GROUP BY 1, 2\n```',
  '| Region | Category | Revenue | Orders | Customers | Average order value | Growth year on year |\n' +
    '|---|---|---|---|---|---|---|\n| Europe, Middle East and Africa | Electronics | 1,234,567.89 | 12,345 | 1,234 | 100.00 | 12.5% |',
].join('\n\n');

const config: DashboardConfig = {
  title: 'Notes',
  widgets: [
    { id: 'long', type: 'TEXT', position: { x: 0, y: 0, w: 6, h: 1 }, config: { markdown } },
    { id: 'short', type: 'TEXT', position: { x: 6, y: 0, w: 6, h: 1 }, config: { markdown: 'A short note.' } },
  ],
};

describe('<svc-dashboard> TEXT widget', function () {
  this.timeout(60_000);
  after(() => setViewport({ width: 800, height: 600 }));

  it('renders its markdown off the main thread: marked never loads in the page', async () => {
    const el = await fixture<SvcDashboard>(html`<svc-dashboard .dashboard=${{ config }}></svc-dashboard>`);
    const text = () => el.shadowRoot!.querySelector('[data-widget-id="short"] .text');
    await waitUntil(() => text()?.textContent?.includes('A short note.'), 'the text is rendered', { timeout: 30_000 });
    const marked = performance.getEntriesByType('resource').filter((entry) => /marked/.test(entry.name));
    expect(marked.map((entry) => entry.name)).to.deep.equal([]);
  });

  for (const width of [390, 1280]) {
    it(`at ${width} px: long words, links, code and a wide table wrap inside the frame; nothing scrolls`, async () => {
      await setViewport({ width, height: 800 });
      const el = await fixture<SvcDashboard>(html`<svc-dashboard .dashboard=${{ config }}></svc-dashboard>`);
      const frame = () => el.shadowRoot!.querySelector<HTMLElement>('[data-widget-id="long"]');
      await waitUntil(() => frame()?.querySelector('.text table'), 'the text is rendered', { timeout: 30_000 });
      await frames();
      await frames();
      const box = frame()!.getBoundingClientRect();
      expect(inside(box, el.getBoundingClientRect()), 'the frame inside the dashboard').to.equal(true);
      expect(el.getBoundingClientRect().width, 'the dashboard as wide as the page').to.be.at.most(
        document.documentElement.clientWidth,
      );
      for (const node of frame()!.querySelectorAll<HTMLElement>('.text, .text *')) {
        const name = `<${node.localName}> "${node.textContent.slice(0, 30)}"`;
        expect(inside(node.getBoundingClientRect(), box), `${name} inside the frame`).to.equal(true);
        // An inline box has no client width: its lines are inside the frame (above), which is what counts.
        if (getComputedStyle(node).display === 'inline') continue;
        expect(node.scrollWidth, `${name} not wider than its box`).to.be.at.most(node.clientWidth + 1);
      }
      expect(frame()!.scrollHeight, 'the frame shows all its text').to.be.at.most(frame()!.clientHeight + 1);
      expect(frame()!.scrollWidth, 'the frame clips nothing sideways').to.be.at.most(frame()!.clientWidth + 1);
    });
  }
});
