// The chat path as a host page measures it (issue 34): <svc-chat> mounted as a host mounts it, given an HttpTransport
// whose `fetch` returns a real Response over a ReadableStream of the NDJSON a service sends for a 5,000-delta, ~200 KB
// answer — the `__cutoff__` line, the user message, the deltas of the final answer, the closing full answer and the
// `__state__` line, as the API spec gives them — paced (10 deltas every 16 ms, against the clock) or unpaced (the
// whole body in one chunk). Main-thread share = DevTools' TaskDuration (the wall-clock time of the renderer main
// thread's tasks: script, style, layout, paint, GC) over the stream's wall time, from the request until the answer is
// rendered to its end; CPU time (ThreadTime) beside it, which a loaded machine does not inflate. Long tasks from the
// page's `longtask` PerformanceObserver (wall-clock), and those over 50 ms of CPU time from a trace of the main
// thread's tasks (what the page's work costs, however busy the machine is). The floor, in the same run: the same Response read through the same
// transport by a no-op renderer (every message parsed and dropped). Final text against the answer rendered at once,
// DOM nodes (shadow roots included) at the end. Medians of 3, with the range.
import '../src/elements/chat/svc-chat.js';
import { renderMarkdown } from '../src/elements/shared/markdown.js';
import { HttpTransport } from '../src/transport/http-transport.js';
import { longMarkdownAnswer, splitIntoDeltas } from '../test/fixtures/long-answer.js';
import { mainThreadBreakdown, mainThreadMs, median, type Row } from './util.js';

const settings = { externalId: 'host-bench', groups: ['analysts'] };
const CHAT_ID = 'c0ffee00-0000-4000-8000-000000000034';
const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(r));
};

/** The NDJSON lines of one answer, in the spec's order and shapes. */
export function answerLines(deltas: string[], messageId = '1764190000000-message'): string[] {
  const agent = 'service_data_analyst_agent';
  const finalId = `${messageId}-final`;
  const text = deltas.join('');
  const final = {
    id: finalId,
    role: 'assistant',
    content: text,
    isDelta: false,
    isInProcess: false,
    graphPath: ['final', agent],
    isStructuredResponse: false,
  };
  const user = { id: messageId, role: 'user', content: 'the long report' };
  const lines: unknown[] = [
    { id: '__cutoff__', sort: 0, state: { isStreaming: true, chatId: CHAT_ID } },
    { ...user, sort: 1 },
    ...deltas.map((content) => ({
      id: finalId,
      role: 'assistant',
      content,
      isDelta: true,
      isInProcess: true,
      graphPath: ['final', agent],
      isStructuredResponse: false,
      sort: 2,
    })),
    { ...final, sort: 2 },
    { id: '__state__', sort: 3, state: { messages: [user, final] } },
  ];
  return lines.map((l) => JSON.stringify(l));
}

/**
 * A host's HttpTransport whose fetch answers the chat request with `lines`: with `paceMs`, 10 lines per chunk, chunk
 * k due k × paceMs after the first (scheduled against the clock); without, the whole body in one chunk.
 */
export function hostTransport(lines: string[], paceMs: number): HttpTransport {
  // The bytes a network hands the page, made before any measure starts (encoding them is no work of the page's).
  const encoder = new TextEncoder();
  const per = paceMs ? 10 : lines.length;
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < lines.length; i += per) chunks.push(encoder.encode(`${lines.slice(i, i + per).join('\n')}\n`));
  return new HttpTransport({
    baseUrl: 'https://analytics.example.org',
    auth: { apiKey: 'host-bench-key' },
    accountName: 'host-bench',
    agentId: 'host-bench-agent',
    fetch: (request: Request) => {
      void request.body?.cancel();
      let i = 0;
      let start = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (i >= chunks.length) return controller.close();
          start ||= performance.now();
          controller.enqueue(chunks[i++]);
          if (!paceMs) return;
          const due = start + i * paceMs;
          await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        },
      });
      return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }));
    },
  });
}

interface Sample {
  wallMs: number;
  taskMs: number;
  cpuMs: number;
  longTasks: number[];
  /** CPU time of each task over 50 ms of it (from a trace of the main thread's tasks). */
  cpuLongTasks: number[];
  nodes: number;
  text: string;
}

/** Elements and text nodes under `root`, shadow roots included. */
export function countNodes(root: Node): number {
  let n = 0;
  const walk = (node: Node) => {
    n++;
    if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
    for (let c = node.firstChild; c; c = c.nextSibling) walk(c);
  };
  walk(root);
  return n;
}

async function measure(run: () => Promise<string>): Promise<Sample> {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ type: 'longtask' });
  await frames(2);
  await window.__traceTasksStart();
  const task0 = await mainThreadMs();
  const cpu0 = await window.__mainThreadCpuMs();
  const t0 = performance.now();
  const text = await run();
  await frames(2); // the last frame drawn
  const wallMs = performance.now() - t0;
  const taskMs = (await mainThreadMs()) - task0;
  const cpuMs = (await window.__mainThreadCpuMs()) - cpu0;
  const cpuLongTasks = (await window.__traceTasksStop()).map((t) => t.cpuMs).filter((v) => v > 50);
  await new Promise((r) => setTimeout(r, 100)); // long-task entries come after their task
  observer.disconnect();
  return { wallMs, taskMs, cpuMs, longTasks, cpuLongTasks, nodes: countNodes(document), text };
}

async function noop(lines: string[], paceMs: number): Promise<Sample> {
  const transport = hostTransport(lines, paceMs);
  return measure(async () => {
    const stream = await transport.streamChat({
      input: 'the long report',
      sessionSettings: settings,
    });
    for await (const _ of stream);
    return '';
  });
}

async function svcChat(lines: string[], paceMs: number): Promise<Sample> {
  const el = document.createElement('svc-chat');
  el.style.width = '720px';
  el.sessionSettings = settings;
  el.transport = hostTransport(lines, paceMs);
  document.body.append(el);
  await el.updateComplete;
  await new Promise((r) => setTimeout(r, 3000)); // the host's page is read before the first question
  const sample = await measure(async () => {
    await el.send('the long report');
    await el.updateComplete;
    const answers = el.shadowRoot!.querySelectorAll('[part~="answer"]');
    return answers[answers.length - 1]?.textContent ?? '';
  });
  el.remove();
  return sample;
}

const range = (values: number[], f: (v: number) => string) =>
  `${f(median(values))} [${f(Math.min(...values))}–${f(Math.max(...values))}]`;
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

function rows(label: string, ours: Sample[], base: Sample[], expected: string): Row[] {
  const share = (s: Sample[], of: (x: Sample) => number) =>
    range(
      s.map((x) => of(x) / x.wallMs),
      pct,
    );
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const longs = (s: Sample[], of: (x: Sample) => number[] = (x) => x.longTasks) =>
    `${range(
      s.map((x) => of(x).length),
      String,
    )}, longest ${range(
      s.map((x) => Math.max(0, ...of(x))),
      ms,
    )}`;
  const ratio = (f: (x: Sample) => number) =>
    `${(median(ours.map(f)) / Math.max(1e-9, median(base.map(f)))).toFixed(1)}×`;
  return [
    {
      measure: `${label}: DevTools task time ÷ stream wall time`,
      '<svc-chat>': `${share(ours, (x) => x.taskMs)} (${ms(median(ours.map((x) => x.taskMs)))} of ${ms(median(ours.map((x) => x.wallMs)))})`,
      'no-op floor': share(base, (x) => x.taskMs),
      ratio: ratio((x) => x.taskMs / x.wallMs),
      target: paceTarget(label, '≤ 15 %', ''),
    },
    {
      measure: `${label}: CPU time ÷ stream wall time`,
      '<svc-chat>': share(ours, (x) => x.cpuMs),
      'no-op floor': share(base, (x) => x.cpuMs),
      ratio: ratio((x) => x.cpuMs / x.wallMs),
      target: '',
    },
    {
      measure: `${label}: tasks over 50 ms (count, longest)`,
      '<svc-chat>': longs(ours),
      'no-op floor': longs(base),
      ratio: '',
      target: '0',
    },
    {
      measure: `${label}: tasks over 50 ms of CPU time (count, longest; a trace's)`,
      '<svc-chat>': longs(ours, (x) => x.cpuLongTasks),
      'no-op floor': longs(base, (x) => x.cpuLongTasks),
      ratio: '',
      target: '0',
    },
    {
      measure: `${label}: final text equals the answer rendered at once; DOM nodes`,
      '<svc-chat>': `${ours.every((s) => s.text === expected)}; ${range(
        ours.map((x) => x.nodes),
        String,
      )}`,
      'no-op floor': `; ${median(base.map((x) => x.nodes))}`,
      ratio: '',
      target: 'true',
    },
  ];
}

const paceTarget = (label: string, paced: string, unpaced: string) => (label.startsWith('paced') ? paced : unpaced);

export async function chatHostBench(runs = 3): Promise<Row[]> {
  const text = longMarkdownAnswer();
  const lines = answerLines(splitIntoDeltas(text, 5000));
  const whole = document.createElement('div');
  whole.innerHTML = renderMarkdown(text);
  const expected = whole.textContent ?? '';
  const out: Row[] = [];
  for (const [label, paceMs] of [
    ['paced, 10 deltas / 16 ms', 16],
    ['unpaced, one chunk', 0],
  ] as const) {
    const ours: Sample[] = [];
    const base: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      base.push(await noop(lines, paceMs));
      ours.push(await svcChat(lines, paceMs));
    }
    out.push(...rows(label, ours, base, expected));
  }
  return out;
}

declare global {
  interface Window {
    __traceTimelineStart(): Promise<void>;
    __traceTimelineStop(
      top: number,
    ): Promise<[string, { count: number; wallMs: number; cpuMs: number; objects: number }][]>;
    __profileStart(): Promise<void>;
    __traceLayoutsStart(): Promise<void>;
    __traceLayoutsStop(renders: number): Promise<Row[]>;
    __profileStop(top: number): Promise<[string, number][]>;
  }
}

/** A <svc-chat> as a host mounts it, over the long answer's stream (paced every `pace` ms; '0': unpaced), settled. */
async function mountLongAnswerChat(pace: string) {
  const lines = answerLines(splitIntoDeltas(longMarkdownAnswer(), 5000));
  const el = document.createElement('svc-chat');
  el.style.width = '720px';
  el.sessionSettings = settings;
  el.transport = hostTransport(lines, Number(pace));
  document.body.append(el);
  await el.updateComplete;
  await new Promise((r) => setTimeout(r, 3000));
  return el;
}

/** Where one answer (paced every `pace` ms; '0': unpaced) spends the main thread: script, style and layout, and the functions' own time. */
export async function chatHostProfile(pace = '16', top = 30): Promise<Row[]> {
  const el = await mountLongAnswerChat(pace);
  const before = await mainThreadBreakdown();
  await window.__profileStart();
  await el.send('the long report');
  await el.updateComplete;
  await frames(2);
  const functions = await window.__profileStop(top);
  const after = await mainThreadBreakdown();
  el.remove();
  return [
    ...(['script', 'style', 'layout'] as const).map((k) => ({
      what: k,
      ms: (after[k] - before[k]).toFixed(0),
    })),
    ...functions.map(([what, ms]) => ({ what, ms: ms.toFixed(1) })),
  ];
}

/**
 * Where one answer (paced every `pace` ms; '0': unpaced) spends the main thread by DevTools' timeline: each kind of
 * event (a render's animation frame, timers, layout, style, paint, HTML parsing…) with its count, wall-clock and CPU
 * time, and the layout objects laid out (Layout) or elements restyled (UpdateLayoutTree); the element's renders too.
 */
export async function chatHostTimeline(pace = '16', top = 16): Promise<Row[]> {
  const el = await mountLongAnswerChat(pace);
  let renders = 0;
  el.addController({ hostUpdated: () => void renders++ });
  await window.__traceTimelineStart();
  await el.send('the long report');
  await el.updateComplete;
  await frames(2);
  const events = await window.__traceTimelineStop(Number(top));
  el.remove();
  return [
    ...events.map(([event, s]) => ({
      event,
      count: String(s.count),
      'wall ms': s.wallMs.toFixed(0),
      'CPU ms': s.cpuMs.toFixed(0),
      'objects laid out / elements restyled': s.objects ? String(s.objects) : '',
    })),
    {
      event: "<svc-chat>'s renders",
      count: String(renders),
      'wall ms': '',
      'CPU ms': '',
      'objects laid out / elements restyled': '',
    },
  ];
}

/**
 * Why one answer (paced every `pace` ms) lays out what it does: each Layout event by where it ran (forced by which
 * script, or in a frame's update) with the objects laid out and what dirtied them, and `renders` render frames in order.
 */
export async function chatHostLayouts(pace = '16', renders = '3'): Promise<Row[]> {
  const el = await mountLongAnswerChat(pace);
  await window.__traceLayoutsStart();
  await el.send('the long report');
  await el.updateComplete;
  await frames(2);
  const rows = await window.__traceLayoutsStop(Number(renders));
  el.remove();
  return rows;
}
