// <svc-chat> rendering a long streamed answer, end to end in Chromium: a 5,000-delta, ~200 KB markdown answer
// recorded from the local engine is replayed through HttpTransport 10 lines per task (as fast as a network would
// deliver it). Main-thread time is the renderer's busy time from DevTools (script, style, layout, paint), for
// <svc-chat> and for two baselines fed the same stream in the same run: re-rendering the whole message with
// marked + DOMPurify on every delta (naive), and deep-chat. The baselines are O(n²), so they run until a budget of
// main-thread time and are compared on the same prefix of the stream (and extrapolated to the whole).
import 'deep-chat';
import '../src/elements/chat/svc-chat.js';
import { renderMarkdown } from '../src/elements/shared/markdown.js';
import { longMarkdownAnswer, splitIntoDeltas } from '../test/fixtures/long-answer.js';
import { frames, record, replay, settings, tick } from './chat-stream.js';
import { mainThreadBreakdown, mainThreadMs, type MainThreadBreakdown, type Row } from './util.js';

/** A thread's history as the service sends it: `pairs` questions, each answered with a table. */
function historyLines(pairs: number): string[] {
  const messages = Array.from({ length: pairs }, (_, i) => [
    { id: `${1700000000000 + i}-message`, role: 'user', content: `Question ${i}: revenue by region?` },
    {
      id: `${1700000000000 + i}-message-final`,
      role: 'assistant',
      content: longMarkdownAnswer(1200).replace('Section 1', `Answer ${i}`),
      isDelta: false,
      isInProcess: false,
      graphPath: ['final', 'main'],
      isStructuredResponse: false,
    },
  ]).flat();
  return [
    { id: '__cutoff__', sort: 0, state: { isStreaming: false, chatId: 'bench-thread' } },
    ...messages.map((m, i) => ({ ...m, sort: i + 1 })),
  ].map((l) => JSON.stringify(l));
}

interface Run {
  /** Cumulative main-thread ms after every 100 lines. */
  curve: number[];
  total: number;
  /** Lines consumed (all, unless the budget stopped the run). */
  lines: number;
}

async function runSvcChat(
  lines: string[],
  history?: string[],
): Promise<Run & { longTasks: number[]; text: string; breakdown: MainThreadBreakdown; loadMs: number }> {
  const curve: number[] = [];
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ type: 'longtask' });

  const el = document.createElement('svc-chat');
  el.sessionSettings = settings;
  document.body.append(el);
  let loadMs = 0;
  if (history) {
    const loadStart = await mainThreadMs();
    el.transport = replay([], () => Promise.resolve(), history);
    el.chatId = 'bench-thread';
    await new Promise<void>((r) => el.addEventListener('svc-chat-changed', () => r(), { once: true }));
    await frames(2);
    while (el.shadowRoot!.querySelector('.log')!.getAttribute('aria-busy') === 'true') await frames(1);
    await frames(2);
    loadMs = (await mainThreadMs()) - loadStart;
  }
  await el.updateComplete;
  await new Promise((r) => setTimeout(r, 500)); // the user reads the page before asking (the element loads idly)
  const start = await mainThreadMs();
  const before = await mainThreadBreakdown();
  el.transport = replay(
    lines,
    async (i) => {
      if (i % 100 === 0) curve.push((await mainThreadMs()) - start);
    },
    history,
  );
  await el.send('the long report');
  await el.updateComplete;
  await frames(2);
  const total = (await mainThreadMs()) - start;
  const after = await mainThreadBreakdown();
  const breakdown = Object.fromEntries(
    Object.entries(after).map(([k, v]) => [k, v - before[k as keyof MainThreadBreakdown]]),
  ) as unknown as MainThreadBreakdown;
  observer.disconnect();
  const answers = el.shadowRoot!.querySelectorAll('[part~="answer"]');
  const text = answers[answers.length - 1].textContent;
  el.remove();
  return { curve, total, lines: lines.length, longTasks, text, breakdown, loadMs };
}

/** Naive: every delta re-renders the whole message (marked + DOMPurify), until `budget` ms of main thread. */
async function runNaive(lines: string[], budget: number): Promise<Run> {
  const host = document.createElement('div');
  document.body.append(host);
  const curve: number[] = [];
  const start = await mainThreadMs();
  let consumed = 0;
  const transport = replay(lines, async (i) => {
    consumed = i;
    if (i % 100 !== 0) return;
    curve.push((await mainThreadMs()) - start);
    return curve[curve.length - 1] < budget;
  });
  let text = '';
  for await (const m of await transport.streamChat({ input: 'q', sessionSettings: settings })) {
    if (m.isDelta && m.content) {
      text += m.content;
      host.innerHTML = renderMarkdown(text);
    }
  }
  await frames(2);
  const total = (await mainThreadMs()) - start;
  host.remove();
  return { curve, total, lines: consumed };
}

/** deep-chat fed the same deltas through its streaming handler, 10 per task, until `budget` ms of main thread. */
async function runDeepChat(deltas: string[], budget: number): Promise<Run> {
  const chat = document.createElement('deep-chat');
  chat.style.height = '600px';
  const curve: number[] = [];
  let consumed = 0;
  let start = 0;
  const finished = new Promise<void>((resolve) => {
    chat.connect = {
      stream: true,
      handler: (_body, signals) => {
        void (async () => {
          signals.onOpen();
          for (let i = 0; i < deltas.length; i += 10) {
            for (const d of deltas.slice(i, i + 10)) await signals.onResponse({ text: d });
            consumed = i + 10;
            await tick();
            if (consumed % 100 === 0) {
              curve.push((await mainThreadMs()) - start);
              if (curve[curve.length - 1] >= budget) break;
            }
          }
          signals.onClose();
          resolve();
        })();
      },
    };
  });
  document.body.append(chat);
  await frames(5);
  start = await mainThreadMs();
  chat.submitUserMessage({ text: 'the long report' });
  await finished;
  await frames(2);
  const total = (await mainThreadMs()) - start;
  chat.remove();
  return { curve, total, lines: consumed };
}

/** Cumulative ms of `run` after `lines` lines (its curve is sampled every 100). */
const at = (run: Run, lines: number) => run.curve[Math.min(run.curve.length, Math.floor(lines / 100)) - 1] ?? 0;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function chatElementBench(budgetMs = 20_000): Promise<Row[]> {
  const text = longMarkdownAnswer();
  const deltas = splitIntoDeltas(text, 5000);
  const lines = await record(deltas);
  const ours = await runSvcChat(lines);
  const naive = await runNaive(lines, budgetMs);
  const deep = await runDeepChat(deltas, budgetMs);

  // O(visible): the same 1,000-delta answer in an empty thread and after 300 messages of history.
  const shortLines = await record(splitIntoDeltas(longMarkdownAnswer(40_000), 1000));
  const empty = await runSvcChat(shortLines);
  const longThread = await runSvcChat(shortLines, historyLines(150));

  const whole = document.createElement('div');
  whole.innerHTML = renderMarkdown(text);
  const per500 = Array.from({ length: 10 }, (_, k) => at(ours, (k + 1) * 500) - at(ours, k * 500));
  // deep-chat counts deltas, the others stream lines (2 lines come before the first delta).
  const naivePrefix = at(ours, naive.lines);
  const deepPrefix = at(ours, deep.lines + 2);
  const extrapolate = (run: Run, lines: number) => run.total * (lines / run.lines) ** 2;
  return [
    {
      measure: `<svc-chat>: ${deltas.length} deltas, ${(text.length / 1024).toFixed(0)} KB, main thread`,
      value: `${ours.total.toFixed(0)} ms`,
      target: '≤ naive ÷ 100 (≈ 2 s)',
    },
    {
      measure: '<svc-chat>: main-thread ms per 500 deltas, in order',
      value: per500.map((v) => v.toFixed(0)).join(' / '),
      target: 'flat',
    },
    {
      measure: '<svc-chat>: of which script / style / layout',
      value: [ours.breakdown.script, ours.breakdown.style, ours.breakdown.layout]
        .map((v) => `${v.toFixed(0)} ms`)
        .join(' / '),
      target: '',
    },
    {
      measure: '<svc-chat>: last 500 deltas ÷ first 500',
      value: `${(per500[9] / per500[0]).toFixed(2)}×`,
      target: '≤ 1.5×',
    },
    {
      measure: '<svc-chat>: tasks over 50 ms',
      value: ours.longTasks.length
        ? `${ours.longTasks.length} (longest ${Math.max(...ours.longTasks).toFixed(0)} ms)`
        : 'none',
      target: 'none',
    },
    {
      measure: '<svc-chat>: final text equals the answer rendered at once',
      value: String(ours.text === whole.textContent),
      target: 'true',
    },
    {
      measure: '<svc-chat>: a 1,000-delta answer after 300 messages ÷ in an empty thread',
      value: `${longThread.total.toFixed(0)} ms ÷ ${empty.total.toFixed(0)} ms = ${(longThread.total / empty.total).toFixed(2)}×`,
      target: '≈ 1× (O(visible))',
    },
    {
      measure:
        '<svc-chat>: opening that thread of 300 messages (main thread); tasks over 50 ms while opening and answering',
      value: `${longThread.loadMs.toFixed(0)} ms; ${longThread.longTasks.length ? `${longThread.longTasks.length}, longest ${Math.max(...longThread.longTasks).toFixed(0)} ms` : 'none'}`,
      target: 'no task over 50 ms',
    },
    {
      measure: `naive: first ${naive.lines} lines, main thread`,
      value: `${naive.total.toFixed(0)} ms = ${(naive.total / naivePrefix).toFixed(0)}× <svc-chat> on that prefix`,
      target: '',
    },
    {
      measure: `naive over the whole stream (extrapolated, quadratic)`,
      value: `≈ ${s(extrapolate(naive, lines.length))} = ${(extrapolate(naive, lines.length) / ours.total).toFixed(0)}× <svc-chat>`,
      target: '≥ 100×',
    },
    {
      measure: `deep-chat: first ${deep.lines} deltas, main thread`,
      value: `${deep.total.toFixed(0)} ms = ${(deep.total / deepPrefix).toFixed(0)}× <svc-chat> on that prefix`,
      target: '',
    },
    {
      measure: `deep-chat over the whole stream (extrapolated, quadratic)`,
      value: `≈ ${s(extrapolate(deep, deltas.length))} = ${(extrapolate(deep, deltas.length) / ours.total).toFixed(0)}× <svc-chat>`,
      target: '',
    },
  ];
}
