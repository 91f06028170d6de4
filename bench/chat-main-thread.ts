// The page's main thread while <svc-chat> streams a 5,000-delta, ~200 KB markdown answer (issue 18): paced like a
// model writing (10 deltas every 16 ms, ≈ 8 s) and unpaced (10 lines per task, as fast as a network delivers them).
// Main-thread share = the renderer main thread's CPU time over the stream (DevTools' ThreadTime: all its work —
// script, style, layout, paint, GC — not only ours) ÷ the stream's wall-clock duration. CPU time, not the tasks'
// wall-clock time (TaskDuration, shown beside it): on a loaded machine a task's wall time grows with the time the
// thread waits for a core, its CPU time does not, so the share stays comparable between runs. Long tasks: those over
// 50 ms of CPU time, from a trace of the main thread's tasks, and those over 50 ms of wall-clock time, from the
// `longtask` PerformanceObserver. DOM nodes at the end: every element and text node of the document, shadow roots
// included. The baseline, in the same run, is a no-op renderer: the same stream through the same transport, each
// message parsed and dropped. Medians of 3. Lit is bundled in its production build (esbuild picks no `development`
// condition); the bundle is not minified, which changes parse time, not these costs.
import '../src/elements/chat/svc-chat.js';
import { longMarkdownAnswer, splitIntoDeltas } from '../test/fixtures/long-answer.js';
import { frames, record, replay, settings } from './chat-stream.js';
import { mainThreadMs, median, type Row } from './util.js';

declare global {
  interface Window {
    /** CPU time of the page's main thread so far, in ms (bench/browser.ts asks DevTools). */
    __mainThreadCpuMs(): Promise<number>;
    /** Traces the main thread's tasks until __traceTasksStop, which returns each one's wall-clock and CPU time. */
    __traceTasksStart(): Promise<void>;
    __traceTasksStop(): Promise<{ wallMs: number; cpuMs: number }[]>;
  }
}

interface Sample {
  share: number;
  cpuMs: number;
  /** Wall-clock time of the main thread's tasks (grows with the machine's load). */
  busyMs: number;
  durationMs: number;
  longTasks: number[];
  /** CPU time of the tasks that took over 50 ms of it (a trace's). */
  cpuLongTasks: number[];
  nodes: number;
  /** Updates of the element during the stream. */
  renders: number;
}

/** Elements and text nodes under `root`, shadow roots included. */
function countNodes(root: Node): number {
  let n = 0;
  const walk = (node: Node) => {
    n++;
    if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
    for (let c = node.firstChild; c; c = c.nextSibling) walk(c);
  };
  walk(root);
  return n;
}

async function measure(run: () => Promise<void>, renders = () => 0): Promise<Sample> {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ type: 'longtask' });
  await frames(2);
  await window.__traceTasksStart();
  const renders0 = renders();
  const busy0 = await mainThreadMs();
  const cpu0 = await window.__mainThreadCpuMs();
  const t0 = performance.now();
  await run();
  await frames(2); // the last frame drawn
  const durationMs = performance.now() - t0;
  const rendered = renders() - renders0;
  const cpuMs = (await window.__mainThreadCpuMs()) - cpu0;
  const busyMs = (await mainThreadMs()) - busy0;
  const tasks = await window.__traceTasksStop();
  const cpuLongTasks = tasks.map((t) => t.cpuMs).filter((ms) => ms > 50);
  await new Promise((r) => setTimeout(r, 100)); // long-task entries are delivered after their task
  observer.disconnect();
  return {
    share: cpuMs / durationMs,
    cpuMs,
    busyMs,
    durationMs,
    longTasks,
    cpuLongTasks,
    nodes: countNodes(document),
    renders: rendered,
  };
}

/** No-op renderer: the stream read through the transport, every message parsed and dropped. */
async function noop(lines: string[], paceMs: number): Promise<Sample> {
  return measure(async () => {
    const transport = replay(lines, undefined, [], paceMs);
    for await (const _ of await transport.streamChat({ input: 'the long report', sessionSettings: settings }));
  });
}

async function svcChat(lines: string[], paceMs: number): Promise<Sample> {
  const el = document.createElement('svc-chat');
  el.style.width = '720px';
  el.sessionSettings = settings;
  document.body.append(el);
  await el.updateComplete;
  await new Promise((r) => setTimeout(r, 500)); // the user reads the page before asking (the element loads idly)
  el.transport = replay(lines, undefined, [], paceMs);
  let renders = 0;
  el.addController({ hostUpdated: () => renders++ });
  const sample = await measure(
    async () => {
      await el.send('the long report');
      await el.updateComplete;
    },
    () => renders,
  );
  el.remove();
  return sample;
}

function rows(label: string, ours: Sample[], base: Sample[]): Row[] {
  const m = (samples: Sample[], f: (s: Sample) => number) => median(samples.map(f));
  const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
  const share = (s: Sample[]) =>
    `${pct(m(s, (x) => x.share))} (${m(s, (x) => x.cpuMs).toFixed(0)} of ${m(s, (x) => x.durationMs).toFixed(0)} ms)`;
  const busy = (s: Sample[]) => `${pct(m(s, (x) => x.busyMs / x.durationMs))} (${m(s, (x) => x.busyMs).toFixed(0)} ms)`;
  const tasks = (s: Sample[], of: (x: Sample) => number[] = (x) => x.longTasks) =>
    `${m(s, (x) => of(x).length)} (max ${m(s, (x) => Math.max(0, ...of(x))).toFixed(0)} ms)`;
  const cpuTasks = (s: Sample[]) => tasks(s, (x) => x.cpuLongTasks);
  return [
    {
      measure: `${label}: main-thread share (CPU ÷ stream duration)`,
      '<svc-chat>': share(ours),
      'no-op renderer': share(base),
      target: label.startsWith('paced') ? '≤ 20 %' : '',
    },
    {
      measure: `${label}: its tasks' wall-clock time ÷ stream duration (load-dependent)`,
      '<svc-chat>': busy(ours),
      'no-op renderer': busy(base),
      target: '',
    },
    {
      measure: `${label}: tasks over 50 ms of CPU (count, longest)`,
      '<svc-chat>': cpuTasks(ours),
      'no-op renderer': cpuTasks(base),
      target: label.startsWith('unpaced') ? '0' : '',
    },
    {
      measure: `${label}: tasks over 50 ms of wall-clock time (load-dependent)`,
      '<svc-chat>': tasks(ours),
      'no-op renderer': tasks(base),
      target: '',
    },
    {
      // The renders are paced by what they cost on this machine now: their number varies, the cost of one less so.
      measure: `${label}: renders (CPU ms each, above the no-op)`,
      '<svc-chat>': `${m(ours, (s) => s.renders)} (${m(ours, (s) => (s.cpuMs - m(base, (b) => b.cpuMs)) / s.renders).toFixed(1)} ms)`,
      'no-op renderer': '',
      target: '',
    },
    {
      measure: `${label}: DOM nodes at the end (shadow roots included)`,
      '<svc-chat>': String(m(ours, (s) => s.nodes)),
      'no-op renderer': String(m(base, (s) => s.nodes)),
      target: 'bounded by the screen',
    },
  ];
}

export async function chatMainThreadBench(runs = 3): Promise<Row[]> {
  const text = longMarkdownAnswer();
  const lines = await record(splitIntoDeltas(text, 5000));
  const out: Row[] = [];
  for (const [label, paceMs] of [
    ['paced, 10 deltas / 16 ms', 16],
    ['unpaced, 10 lines / task', 0],
  ] as const) {
    const ours: Sample[] = [];
    const base: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      base.push(await noop(lines, paceMs));
      ours.push(await svcChat(lines, paceMs));
    }
    out.push(...rows(`${label}`, ours, base));
  }
  return out;
}
