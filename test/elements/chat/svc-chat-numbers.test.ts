// What <svc-chat> shows of an answer's numbers: titled columns formatted by the member's format and the locale, the
// rows said once (the card holds the table; an answer's table that repeats it is hidden), a plain-text announcement,
// starter questions from the data model, and a composer that stays in view and keeps focus.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { parseWrittenNumber, showsValue } from '../../../src/elements/chat/answer-tables.js';
import { markdownToPlainText, plainTextStart, truncateWords } from '../../../src/elements/chat/plain-text.js';
import '../../../src/elements/chat/svc-chat.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import type { Agent } from '../../../src/engine/index.js';
import type { Transport } from '../../../src/transport/transport.js';
import { longMarkdownAnswer } from '../../fixtures/long-answer.js';
import { chatSettings, completed, engineAndTransport } from '../helpers.js';

type Fetch = (request: Request) => Promise<Response>;

/** The data API's meta with revenue (`total_amount`) formatted as euros, as a model with `format` gives it. */
const withCurrency =
  (fetch: Fetch): Fetch =>
  async (request) => {
    const response = await fetch(request);
    if (!new URL(request.url).pathname.endsWith('/cubejs-api/v1/meta')) return response;
    const meta = (await response.json()) as { cubes: { measures: Record<string, unknown>[] }[] };
    for (const cube of meta.cubes) {
      for (const m of cube.measures) {
        if (String(m.name).endsWith('.total_amount'))
          Object.assign(m, { format: 'currency', meta: { currency: 'EUR' } });
      }
    }
    return Response.json(meta);
  };

const mount = (transport: Transport, locale = 'en-US') =>
  fixture<SvcChat>(
    html`<svc-chat .transport=${transport} .sessionSettings=${chatSettings} locale=${locale}></svc-chat>`,
  );

const texts = (nodes: Iterable<Element>) => [...nodes].map((n) => n.textContent.trim());

describe('<svc-chat> numbers', function () {
  this.timeout(60_000);

  it('titles the columns, formats values by member format and locale, and says the rows once', async () => {
    const setup = await engineAndTransport(undefined, withCurrency);
    try {
      const el = await mount(setup.transport, 'de-DE');
      const done = completed(el);
      await el.send('revenue by region');
      expect((await done).phase).to.equal('completed');
      const root = el.shadowRoot!;
      const card = root.querySelector('[part="tool-call"]')!;
      await waitUntil(() => texts(card.querySelectorAll('th')).includes('Revenue'), 'titles from the meta', {
        timeout: 20_000,
      });
      expect(texts(card.querySelectorAll('th'))).to.deep.equal(['Region', 'Revenue']);
      expect(card.querySelector('th')!.getAttribute('title')).to.equal('customers_region');
      const revenue = texts(card.querySelectorAll('tbody td:last-child'));
      expect(revenue.length).to.be.greaterThan(1);
      for (const cell of revenue) expect(cell).to.match(/^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/);
      expect(card.querySelector('tbody td:last-child')!.classList.contains('num')).to.equal(true);
      // The answer states its reading; its markdown table repeats the card's rows, so it is hidden.
      const answer = root.querySelector<HTMLElement>('[part~="answer"]')!;
      expect(answer.innerText.trim()).to.match(/EU|US|APAC|LATAM/); // the reading, outside the table
      const table = answer.querySelector('table')!;
      expect(table.hidden).to.equal(true);
      expect(table.getBoundingClientRect().height).to.equal(0);
      // The live announcement is plain text: no markdown syntax, the table summarised (in German: locale de-DE).
      const status = root.querySelector('[role="status"]')!.textContent;
      await waitUntil(() => root.querySelector('[role="status"]')!.textContent.startsWith('Antwort: '));
      const announced = root.querySelector('[role="status"]')!.textContent;
      expect(status + announced).to.not.match(/\*\*|\||---/);
      expect(announced).to.match(
        /^Antwort: .*(EU|US|APAC|LATAM).*Tabelle \(Zeilen: \d+, Spalten: 2\): customers_region, total_amount\./,
      );
      await expect(el).to.be.accessible();
    } finally {
      await setup.dispose();
    }
  });

  it('keeps an answer table that shows other numbers than the card', async () => {
    const agent: Agent = {
      async *answer(ctx) {
        await ctx.tools.serviceSqlApi({
          sqlQuery: 'SELECT status, MEASURE(count) AS n FROM sales GROUP BY 1 ORDER BY 2 DESC',
          queryTitle: 'Orders by status',
        });
        yield { final: 'Shares:\n\n| Status | Share |\n| --- | --- |\n| completed | 61% |\n| pending | 9% |\n' };
      },
    };
    const setup = await engineAndTransport(agent);
    try {
      const el = await mount(setup.transport);
      const done = completed(el);
      await el.send('share by status');
      await done;
      const table = el.shadowRoot!.querySelector<HTMLTableElement>('[part~="answer"] table')!;
      expect(table.hidden).to.equal(false);
      expect(table.getBoundingClientRect().height).to.be.greaterThan(0);
    } finally {
      await setup.dispose();
    }
  });

  it('hides with a repeated table its lead-in ("5 statuses:") and its count ("Showing 2 of 5 rows."), no more', async () => {
    const agent: Agent = {
      async *answer(ctx) {
        const result = await ctx.tools.serviceSqlApi({
          sqlQuery: 'SELECT status, MEASURE(count) AS n FROM sales GROUP BY 1 ORDER BY 2 DESC',
          queryTitle: 'Orders by status',
        });
        const rows = 'data' in result ? (result.data as unknown[][]) : [];
        const table = rows
          .slice(0, 2)
          .map((r) => `| ${r.join(' | ')} |`)
          .join('\n');
        yield {
          final:
            `Orders by status, most first. ${rows.length} statuses:\n\n| Status | Orders |\n| --- | --- |\n${table}\n\n` +
            `Showing 2 of ${rows.length} rows.\n\nCompleted orders lead: 4 of them are worth a look.`,
        };
      },
    };
    const setup = await engineAndTransport(agent);
    try {
      const el = await mount(setup.transport);
      const done = completed(el);
      await el.send('orders by status');
      await done;
      const answer = el.shadowRoot!.querySelector<HTMLElement>('[part~="answer"]')!;
      await waitUntil(() => answer.querySelector('table')?.hidden, 'the repeated table hidden', { timeout: 20_000 });
      const shown = [...answer.querySelectorAll('p')].filter((p) => !p.hidden).map((p) => p.textContent.trim());
      // The lead-in ends in a colon and the count counts the hidden table's rows: both go; the rest stays.
      expect(shown).to.deep.equal(['Completed orders lead: 4 of them are worth a look.']);
      expect(answer.innerText).to.not.match(/statuses:|Showing 2/);
    } finally {
      await setup.dispose();
    }
  });

  it('offers starter questions from the data model when none are given', async () => {
    const setup = await engineAndTransport();
    try {
      const el = await mount(setup.transport);
      const root = el.shadowRoot!;
      await waitUntil(() => root.querySelectorAll('.starters button').length > 0, 'suggested questions', {
        timeout: 20_000,
      });
      const questions = texts(root.querySelectorAll('.starters button'));
      expect(questions.some((q) => / by | per month/.test(q))).to.equal(true);
      expect(root.querySelector('.empty')!.textContent).to.not.contain(el.placeholder);
      await expect(el).to.be.accessible();
      const done = completed(el);
      root.querySelector<HTMLButtonElement>('.starters button')!.click();
      expect((await done).phase).to.equal('completed');
      expect(root.querySelector('[part~="answer"]')!.textContent).to.not.match(/cannot answer|could not/i);
      // The host's own prompts win.
      el.starterPrompts = ['Revenue last year'];
      el.newChat();
      await el.updateComplete;
      expect(texts(root.querySelectorAll('.starters button'))).to.deep.equal(['Revenue last year']);
    } finally {
      await setup.dispose();
    }
  });

  it('keeps the focused message box in view while the answer grows, and focus on it', async () => {
    const setup = await engineAndTransport();
    try {
      const page = await fixture<HTMLElement>(
        html`<div>
          <div style="height: calc(100vh - 14rem)"></div>
          <svc-chat .transport=${setup.transport} .sessionSettings=${chatSettings}></svc-chat>
          <div style="height: 100vh"></div>
        </div>`,
      );
      const el = page.querySelector('svc-chat')!;
      await el.updateComplete;
      const input = el.shadowRoot!.querySelector('textarea')!;
      input.focus();
      expect(input.getBoundingClientRect().bottom).to.be.at.most(innerHeight);
      const done = completed(el);
      await sendKeys({ type: 'revenue by region' });
      await sendKeys({ press: 'Enter' });
      await done;
      await waitUntil(() => el.shadowRoot!.querySelector('[part="chart"] svg'), 'the chart', { timeout: 30_000 });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const rect = input.getBoundingClientRect();
      expect(rect.bottom).to.be.at.most(innerHeight);
      expect(rect.top).to.be.at.least(0);
      expect(el.shadowRoot!.activeElement).to.equal(input);
    } finally {
      await setup.dispose();
    }
  });

  it('Send becomes Stop on the same button, so a click keeps focus', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const agent: Agent = {
      async *answer() {
        yield { thinking: 'Waiting. ' };
        await gate;
        yield { final: 'Done.' };
      },
    };
    const setup = await engineAndTransport(agent);
    try {
      const el = await mount(setup.transport);
      const root = el.shadowRoot!;
      root.querySelector('textarea')!.value = 'anything';
      const button = root.querySelector<HTMLButtonElement>('[part="send"]')!;
      button.focus();
      const done = completed(el);
      button.click();
      await waitUntil(() => root.querySelector('[part="stop"]'), 'Stop', { timeout: 20_000 });
      expect(root.querySelector('[part="stop"]')).to.equal(button);
      expect(root.activeElement).to.equal(button);
      release();
      await done;
    } finally {
      await setup.dispose();
    }
  });

  it('reads written numbers to compare an answer table with the result', () => {
    expect(parseWrittenNumber('540,623.18')?.value).to.equal(540623.18);
    expect(parseWrittenNumber('540.623,18 €')?.value).to.equal(540623.18);
    expect(parseWrittenNumber('$540.6K')?.value).to.be.closeTo(540600, 1e-6);
    expect(parseWrittenNumber('1,234')?.value).to.equal(1234);
    expect(parseWrittenNumber('0.125')?.value).to.equal(0.125);
    expect(parseWrittenNumber('EU')).to.equal(undefined);
    expect(parseWrittenNumber('2024-01')).to.equal(undefined);
    expect(showsValue('540,623.18', 540623.1800000004)).to.equal(true);
    expect(showsValue('540.6K', 540623.18)).to.equal(true);
    expect(showsValue('541K', 540123.18)).to.equal(false);
    expect(showsValue('85%', 0.85)).to.equal(true);
    expect(showsValue('EU', 'EU')).to.equal(true);
    expect(showsValue('2024-03-01', '2024-03-01T00:00:00.000')).to.equal(true);
    expect(showsValue('—', null)).to.equal(true);
  });

  it('turns markdown into plain text for announcements', () => {
    const text = markdownToPlainText(
      'The **revenue** by _region_: [EU](https://x.example) leads with `540,623.18` &amp; more.\n\n| Region | Revenue |\n| --- | --- |\n| EU | 1 |\n| US | 2 |\n\n- one\n- two\n\n```sql\nSELECT 1\n```',
    );
    expect(text).to.equal(
      'The revenue by region: EU leads with 540,623.18 & more. Table (rows: 2, columns: 2): Region, Revenue. one; two Code.',
    );
    expect(markdownToPlainText('<script>alert(1)</script>Hi <b>there</b>')).to.not.contain('<');
    expect(truncateWords('one two three four', 12)).to.equal('one two…');
  });

  it('announces the start of a long answer from the start of its markdown, as the whole would', () => {
    const long = longMarkdownAnswer();
    const whole = truncateWords(markdownToPlainText(long), 300);
    expect(plainTextStart(long, 300)).to.equal(whole);
    expect(whole.endsWith('…')).to.equal(true);
    // A short answer and one whose first blocks say little (code, a table) are read far enough.
    const sparse = `${'```\nSELECT 1\n```\n\n'.repeat(400)}The point at last.`;
    expect(plainTextStart(sparse, 300)).to.equal(truncateWords(markdownToPlainText(sparse), 300));
    expect(plainTextStart('Short **one**.', 300)).to.equal('Short one.');
  });
});
