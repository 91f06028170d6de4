// <svc-chat> against the local engine in Chromium.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import type { SvcAiQueryEvent } from '../../../src/elements/events.js';
import type { Agent } from '../../../src/engine/index.js';
import type { Transport } from '../../../src/transport/transport.js';
import { chatSettings as settings, completed, engineAndTransport, mountChat, untilStopped } from '../helpers.js';

describe('<svc-chat>', function () {
  this.timeout(60_000);

  it('a question renders the final answer, an SQL card and its result table', async () => {
    const setup = await engineAndTransport();
    const { transport } = setup;
    try {
      const el = await mountChat(transport);
      const done = completed(el);
      await el.send('revenue by region');
      const event = await done;
      expect(event.phase).to.equal('completed');
      await el.updateComplete;
      const root = el.shadowRoot!;
      const answer = root.querySelector('[part~="answer"]')!;
      expect(answer.textContent).to.match(/EU|US|APAC|LATAM/);
      expect(answer.querySelector('table')).to.not.equal(null);
      // Intermediate steps fold away once the final answer is there; the answering query stays, with its chart.
      const cards = root.querySelectorAll('[part="tool-call"]');
      expect(cards.length).to.equal(1);
      expect(cards[0].querySelector('[part="sql"]')!.textContent).to.contain('MEASURE(');
      await waitUntil(() => cards[0].querySelector('[part="chart"] svg'), 'the chart SVG', { timeout: 30_000 });
      expect(
        cards[0].querySelectorAll('[part="chart"] svg .mark-rect path, [part="chart"] svg path').length,
      ).to.be.greaterThan(0);
      expect(root.querySelector('[part="log"]')!.getAttribute('aria-busy')).to.equal('false');
      expect(root.querySelector('[role="status"]')!.textContent).to.match(/^Answer: /);
      await expect(el).to.be.accessible();
    } finally {
      await setup.dispose();
    }
  });

  it('shows the SQL and rows while the answer is being written, with aria-busy', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const agent: Agent = {
      async *answer(ctx) {
        yield { thinking: 'Counting orders. ' };
        await ctx.tools.serviceSqlApi({
          sqlQuery: 'SELECT status, MEASURE(count) AS n FROM sales GROUP BY 1 ORDER BY 2 DESC',
          queryTitle: 'Orders by status',
        });
        await gate;
        yield { final: 'Done.' };
      },
    };
    const setup = await engineAndTransport(agent);
    const { transport } = setup;
    try {
      const el = await mountChat(transport);
      const sending = el.send('orders by status');
      const root = el.shadowRoot!;
      await waitUntil(() => root.querySelectorAll('[part="result-table"] tbody tr').length > 0, 'the result table', {
        timeout: 30_000,
      });
      expect(root.querySelector('[part="log"]')!.getAttribute('aria-busy')).to.equal('true');
      const card = root.querySelector('[part="tool-call"]')!;
      expect(card.querySelector('[part="sql"]')!.textContent).to.contain('MEASURE(count)');
      expect(card.querySelectorAll('[part="result-table"] tbody tr').length).to.equal(5);
      expect(card.querySelector('.count')!.textContent.replace(/\s+/g, ' ').trim()).to.equal(
        '5 of 5 rows Download CSV',
      );
      expect(root.querySelector('[part="stop"]')).to.not.equal(null);
      await expect(el).to.be.accessible();
      release();
      await sending;
    } finally {
      await setup.dispose();
    }
  });

  it('Stop ends the answer and leaves a thread that takes the next question', async () => {
    const setup = await engineAndTransport(untilStopped('Partial '));
    const { transport } = setup;
    try {
      const el = await mountChat(transport);
      const first = el.send('long question');
      await new Promise((r) => setTimeout(r, 300));
      await el.abort();
      await first;
      await el.updateComplete;
      const root = el.shadowRoot!;
      expect(root.querySelector('[part~="answer"]')!.textContent).to.contain('Partial');
      expect(root.querySelector('[part="send"]')).to.not.equal(null);
      const second = el.send('another');
      await new Promise((r) => setTimeout(r, 300));
      await el.abort();
      await second;
      expect(root.querySelectorAll('[part~="user"]').length).to.equal(2);
    } finally {
      await setup.dispose();
    }
  });

  it('Stop pressed before the answer has begun stops it once it begins, in a new thread and a kept one', async () => {
    const setup = await engineAndTransport(untilStopped('Partial '));
    // Each answer's stream begins only when the test lets it: Stop is pressed while the question is on its way.
    let letBegin!: () => void;
    const streamChat: Transport['streamChat'] = async (...args) => {
      await new Promise<void>((resolve) => (letBegin = resolve));
      return setup.transport.streamChat(...args);
    };
    const gated = new Proxy(setup.transport, {
      get(target, key) {
        if (key === 'streamChat') return streamChat;
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    try {
      const el = await mountChat(gated);
      const root = el.shadowRoot!;
      for (const question of ['long question', 'another']) {
        // The first has no chat id yet; the second's thread is known but the service is not running it yet.
        const answered = el.send(question);
        await waitUntil(() => root.querySelector('[part="stop"]'), 'the Stop button');
        await el.abort();
        letBegin();
        await answered;
        await el.updateComplete;
        expect(root.querySelector('[part="send"]'), `the answer to ${question} ended`).to.not.equal(null);
      }
      expect(root.querySelectorAll('[part~="user"]').length).to.equal(2);
    } finally {
      await setup.dispose();
    }
  });

  it('abort() right after send() stops that answer, on an element just made', async () => {
    const setup = await engineAndTransport(untilStopped('Partial '));
    try {
      const el = document.createElement('svc-chat');
      el.sessionSettings = settings;
      el.transport = setup.transport;
      document.body.append(el);
      const answered = el.send('long question');
      await el.abort();
      await answered;
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part="send"]')).to.not.equal(null);
      el.remove();
    } finally {
      await setup.dispose();
    }
  });

  it('untrusted stream content never executes', async () => {
    const payloads = [
      '<img src=x onerror="window.__chatXss=1">',
      '[x](javascript:window.__chatXss=2)',
      '<script>window.__chatXss=3</script>',
      '<svg onload="window.__chatXss=4">',
    ];
    const agent: Agent = {
      async *answer() {
        await Promise.resolve();
        for (const p of payloads) yield { thinking: p };
        yield { final: payloads.join('\n\n') };
      },
    };
    const setup = await engineAndTransport(agent);
    const { transport } = setup;
    try {
      delete (window as { __chatXss?: unknown }).__chatXss;
      const el = await mountChat(transport);
      await el.send(payloads.join(' '));
      await el.updateComplete;
      await new Promise((r) => setTimeout(r, 100));
      expect((window as { __chatXss?: unknown }).__chatXss).to.equal(undefined);
      expect(el.shadowRoot!.querySelector('img, script, svg')).to.equal(null);
    } finally {
      await setup.dispose();
    }
  });

  it('empty state: starter prompts are buttons that ask', async () => {
    const setup = await engineAndTransport();
    const { transport } = setup;
    try {
      const el = await fixture<SvcChat>(
        html`<svc-chat
          .transport=${transport}
          .sessionSettings=${settings}
          .starterPrompts=${['How many orders?']}
        ></svc-chat>`,
      );
      await expect(el).to.be.accessible();
      const submitted = oneEvent(el, 'svc-ai-query');
      el.shadowRoot!.querySelector<HTMLButtonElement>('.starters button')!.click();
      expect(((await submitted) as unknown as SvcAiQueryEvent).question).to.equal('How many orders?');
      await completed(el);
    } finally {
      await setup.dispose();
    }
  });

  it('without a transport, says so instead of failing silently', async () => {
    const el = await fixture<SvcChat>(html`<svc-chat></svc-chat>`);
    await el.send('hi');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.contain('No transport');
  });
});

describe('<svc-chat> keyboard', function () {
  this.timeout(60_000);

  it('Enter sends, Shift+Enter adds a line, Escape stops the answer', async () => {
    const { sendKeys } = await import('@web/test-runner-commands');
    const setup = await engineAndTransport(untilStopped('Working '));
    const { transport } = setup;
    try {
      const el = await mountChat(transport);
      const input = el.shadowRoot!.querySelector('textarea')!;
      input.focus();
      await sendKeys({ type: 'first line' });
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Enter' });
      await sendKeys({ up: 'Shift' });
      await sendKeys({ type: 'second line' });
      expect(input.value).to.equal('first line\nsecond line');
      const submitted = oneEvent(el, 'svc-ai-query');
      await sendKeys({ press: 'Enter' });
      const event = (await submitted) as unknown as SvcAiQueryEvent;
      expect([event.phase, event.question]).to.deep.equal(['submitted', 'first line\nsecond line']);
      expect(input.value).to.equal('');
      await waitUntil(() => el.shadowRoot!.querySelector('[part="stop"]'), 'the Stop button', { timeout: 20_000 });
      await waitUntil(
        () => el.shadowRoot!.querySelector('[part~="answer"]')?.textContent?.includes('Working'),
        'the answer',
      );
      const done = completed(el);
      input.focus();
      await sendKeys({ press: 'Escape' });
      expect((await done).phase).to.equal('completed');
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part="send"]')).to.not.equal(null);
    } finally {
      await setup.dispose();
    }
  });
});

describe('<svc-chat> scrolling', function () {
  this.timeout(60_000);

  it('follows new content, yields when the user scrolls up, and offers "Jump to latest"', async () => {
    let more!: () => void;
    const agent: Agent = {
      async *answer() {
        for (let i = 0; i < 30; i++) yield { final: `Line ${i} of a long answer.\n\n` };
        await new Promise<void>((resolve) => (more = resolve));
        for (let i = 30; i < 60; i++) yield { final: `Line ${i} of a long answer.\n\n` };
      },
    };
    const setup = await engineAndTransport(agent);
    const { transport } = setup;
    try {
      const el = await fixture<SvcChat>(
        html`<svc-chat
          style="--svc-chat-max-height: 150px"
          .transport=${transport}
          .sessionSettings=${settings}
        ></svc-chat>`,
      );
      const sending = el.send('long');
      const log = el.shadowRoot!.querySelector<HTMLElement>('.log')!;
      await waitUntil(() => log.textContent.includes('Line 29'), 'the first part', { timeout: 20_000 });
      await el.updateComplete;
      expect(log.scrollHeight - log.scrollTop - log.clientHeight).to.be.lessThan(24);
      // The user scrolls up: new content no longer moves the view.
      log.scrollTop = 0;
      log.dispatchEvent(new Event('scroll'));
      await el.updateComplete;
      more();
      await sending;
      await el.updateComplete;
      expect(log.scrollTop).to.equal(0);
      const jump = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="jump"]')!;
      expect(jump.textContent.trim()).to.equal('Jump to latest');
      jump.click();
      await el.updateComplete;
      expect(log.scrollHeight - log.scrollTop - log.clientHeight).to.be.lessThan(24);
      expect(el.shadowRoot!.querySelector('[part="jump"]')).to.equal(null);
    } finally {
      await setup.dispose();
    }
  });
});

describe('<svc-chat> results', function () {
  this.timeout(60_000);

  it('loads all rows through the data API and downloads them as CSV', async () => {
    const agent: Agent = {
      async *answer(ctx) {
        await ctx.tools.serviceSqlApi({
          sqlQuery: 'SELECT products_name, MEASURE(count) AS n FROM sales GROUP BY 1 ORDER BY 1',
          queryTitle: 'Orders by product',
        });
        yield { final: 'Here they are.' };
      },
    };
    const setup = await engineAndTransport(agent);
    const { transport } = setup;
    const downloads: { href: string; name: string }[] = [];
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, name: this.download });
    };
    try {
      const el = await mountChat(transport);
      await el.send('orders by product');
      await el.updateComplete;
      const card = el.shadowRoot!.querySelector('[part="tool-call"]')!;
      expect(card.querySelector('.count')!.textContent.replace(/\s+/g, ' ').trim()).to.match(
        /^20 of 200 rows Load all 200 rows/,
      );
      card.querySelector<HTMLButtonElement>('[part="load-all"]')!.click();
      await waitUntil(() => !card.querySelector('[part="load-all"]'), 'all rows loaded', { timeout: 20_000 });
      card.querySelector<HTMLButtonElement>('[part="download"]')!.click();
      await waitUntil(() => downloads.length === 1, 'the download', { timeout: 20_000 });
      expect(downloads[0].name).to.equal('Orders-by-product.csv');
      const csv = await (await fetch(downloads[0].href)).text();
      const lines = csv.trim().split('\r\n');
      expect(lines[0]).to.equal('products_name,n');
      expect(lines).to.have.length(201);
    } finally {
      // click is HTMLElement's; the stub was an own property of the anchor prototype.
      delete (HTMLAnchorElement.prototype as { click?: unknown }).click;
      await setup.dispose();
    }
  });
});

describe('<svc-chat> SQL', function () {
  this.timeout(60_000);

  it('highlights the SQL (as text, never markup) and copies it', async () => {
    const sql = `SELECT status, MEASURE(count) AS n FROM sales WHERE status <> '<img src=x onerror="window.__xss=1">' GROUP BY 1`;
    const agent: Agent = {
      async *answer(ctx) {
        await ctx.tools.serviceSqlApi({ sqlQuery: sql, queryTitle: 'Orders by status' });
        yield { final: 'Done.' };
      },
    };
    const setup = await engineAndTransport(agent);
    const copied: string[] = [];
    const clipboard = navigator.clipboard;
    Object.defineProperty(clipboard, 'writeText', {
      configurable: true,
      value: (text: string) => {
        copied.push(text);
        return Promise.resolve();
      },
    });
    try {
      const el = await fixture<SvcChat>(
        html`<svc-chat .transport=${setup.transport} .sessionSettings=${settings}></svc-chat>`,
      );
      await el.send('orders by status');
      const code = () => el.shadowRoot!.querySelector('[part="sql"] code')!;
      await waitUntil(() => code().querySelector('.hljs-keyword'), 'highlighted SQL', { timeout: 20_000 });
      expect(code().textContent).to.equal(sql);
      expect(code().querySelector('img')).to.equal(null);
      expect(code().querySelector('.hljs-string')!.textContent).to.contain('<img');
      const copy = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="copy"]')!;
      expect(copy.getAttribute('aria-label')).to.equal('Copy SQL');
      copy.click();
      await waitUntil(() => copy.textContent.trim() === 'Copied', 'the copied state', { timeout: 20_000 });
      expect(copied).to.deep.equal([sql]);
      expect(copy.getAttribute('aria-label')).to.equal('SQL copied');
      expect((window as { __xss?: number }).__xss).to.equal(undefined);
      await expect(el).to.be.accessible();
    } finally {
      delete (clipboard as { writeText?: unknown }).writeText;
      await setup.dispose();
    }
  });
});

describe('<svc-chat> threads', function () {
  this.timeout(60_000);

  it('chat-id loads a thread’s conversation and continues it; newChat starts afresh', async () => {
    let n = 0;
    const agent: Agent = {
      async *answer() {
        yield { final: `Answer number ${++n}.` };
      },
    };
    const setup = await engineAndTransport(agent);
    try {
      const first = await fixture<SvcChat>(
        html`<svc-chat .transport=${setup.transport} .sessionSettings=${settings}></svc-chat>`,
      );
      await first.send('first question');
      const chatId = first.chatId!;
      expect(chatId).to.be.a('string');

      const second = await fixture<SvcChat>(
        html`<svc-chat .transport=${setup.transport} .sessionSettings=${settings} chat-id=${chatId}></svc-chat>`,
      );
      const root = second.shadowRoot!;
      await waitUntil(() => root.querySelector('[part~="answer"]')?.textContent, 'the loaded conversation', {
        timeout: 20_000,
      });
      expect(root.querySelector('[part~="user"]')!.textContent).to.equal('first question');
      expect(root.querySelector('[part~="answer"]')!.textContent.trim()).to.equal('Answer number 1.');
      await expect(second).to.be.accessible();

      const done = completed(second);
      await second.send('second question');
      expect((await done).chatId).to.equal(chatId);
      await second.updateComplete;
      expect([...root.querySelectorAll('[part~="user"]')].map((e) => e.textContent)).to.deep.equal([
        'first question',
        'second question',
      ]);
      expect(root.querySelectorAll('[part~="answer"]')[1].textContent.trim()).to.equal('Answer number 2.');

      second.newChat();
      await second.updateComplete;
      expect(second.chatId).to.equal(undefined);
      expect(root.querySelector('[part~="message"]')).to.equal(null);
    } finally {
      await setup.dispose();
    }
  });
});
