// Markdown rendered in the chart worker: the same safe HTML as the page's own renderer (raw HTML as text, only safe
// links, no images), while a chart's slow request is still on its way, and marked never loads in the page.
import { expect } from '@open-wc/testing';
import { markdownHtml } from '../../../src/elements/shared/markdown-html.js';
import { chartWorkerUsable, warmChartWorker } from '../../../src/elements/shared/chart-worker-client.js';

/** Notes of a beekeepers' association: nothing like the demo's sales. */
const notes = [
  '## Hive inspections, **spring**',
  'Queen seen in *7 of 9* hives; see [the log](https://bees.example.org/log) or [this](javascript:alert(1)).',
  '<img src=x onerror="alert(1)"><script>alert(2)</script>',
  '| Apiary | Hives |\n|---|---:|\n| North meadow | 12 |\n| Orchard & lane | 4 |',
  '```\nsmoker <on>\n```',
  '![a bee](https://bees.example.org/bee.png)',
].join('\n\n');

/** Whether the page itself fetched marked's module (a worker's fetches are in the worker's own timeline). */
const markedInPage = () =>
  performance.getEntriesByType('resource').some((entry) => /\/marked[./@]|marked\.esm/.test(entry.name));

describe('markdownHtml', function () {
  this.timeout(60_000);

  it('renders in the worker, answered before a chart request queued ahead of it, and never loads marked here', async () => {
    expect(chartWorkerUsable(), 'the worker can be used here').to.equal(true);
    let warmed = false;
    // The worker's warm-up loads Vega (hundreds of KB): markdown asked after it does not wait for it.
    const warming = warmChartWorker().then(() => (warmed = true));
    const html = await markdownHtml(notes);
    expect(warmed, 'answered before the warm-up asked first').to.equal(false);
    await warming;
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelector('h2')?.textContent).to.equal('Hive inspections, spring');
    expect(box.querySelector('table td:last-child')?.textContent).to.equal('12');
    expect([...box.querySelectorAll('a')].map((a) => [a.href, a.rel])).to.deep.equal([
      ['https://bees.example.org/log', 'noopener noreferrer'],
    ]);
    expect(box.querySelectorAll('script, img, [onerror]').length, 'nothing that runs or loads').to.equal(0);
    expect(box.textContent).to.contain('<script>alert(2)</script>');
    expect(box.querySelector('pre code')?.textContent).to.equal('smoker <on>\n');
    expect(markedInPage(), 'marked loaded in the page').to.equal(false);
  });

  it('gives the same HTML as the page’s own renderer', async () => {
    const inWorker = await markdownHtml(notes);
    const { renderMarkdown } = await import('../../../src/elements/shared/markdown.js');
    expect(inWorker).to.equal(renderMarkdown(notes));
    expect(markedInPage(), 'the probe sees marked once the page loads it').to.equal(true);
  });
});
