// What the page's long tasks run during one cold start of the demo's production build (bench/cold-start.ts): a
// DevTools trace with V8's sampling profiler; each long task of the page's main thread with its largest timeline
// parts (script evaluation, layout, style, GC…) and the functions the samples in it spend their own time in, mapped
// through the build's source maps to the source's file, line and name.
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { OUT, PROBE, measure, withDemo } from './cold-start.js';
import type { Row } from './util.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      startTime?: number;
      cpuProfile?: { nodes?: { id: number; callFrame: CallFrame }[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'blink',
  'disabled-by-default-v8.cpu_profiler',
];

/** Timeline events that say what a task runs (the outermost of them inside a task count). */
const PARTS =
  /^(FunctionCall|EvaluateScript|v8\.compileModule|v8\.evaluateModule|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|Layout|UpdateLayoutTree|ParseHTML|Paint|MajorGC|MinorGC|ParseAuthorStyleSheet|HandlePostMessage|FireIdleCallback)$/;

const ms = (us: number) => `${Math.round(us / 1000)} ms`;

/** Maps a built script's position to its source (file, line, name) through the build's source maps. */
function sourceMapper(): (frame: CallFrame) => string {
  const maps = new Map<string, SourceMap | undefined>();
  const mapOf = (path: string) => {
    if (!maps.has(path)) {
      try {
        maps.set(path, new SourceMap(JSON.parse(readFileSync(`${OUT}${path}.map`, 'utf8')) as SourceMapPayload));
      } catch {
        maps.set(path, undefined);
      }
    }
    return maps.get(path);
  };
  return ({ functionName, url, lineNumber, columnNumber }) => {
    if (!url) return functionName || '(native)';
    const path = new URL(url).pathname;
    const entry: { originalSource?: string; originalLine?: number; name?: string } | undefined = mapOf(path)?.findEntry(
      lineNumber,
      columnNumber,
    );
    if (!entry?.originalSource) return `${functionName || '(anonymous)'} ${path.slice(1)}:${(lineNumber ?? 0) + 1}`;
    const source = entry.originalSource.replace(/^.*?\/(node_modules|src|demo)\//, '$1/');
    return `${entry.name ?? functionName ?? '(anonymous)'} ${source}:${(entry.originalLine ?? 0) + 1}`;
  };
}

/** The samples of one thread's CPU profile: when, and which function ran its own code. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): { ts: number; frame: CallFrame }[] {
  const nodes = new Map<number, CallFrame>();
  const out: { ts: number; frame: CallFrame }[] = [];
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  for (const profile of profiles) {
    let ts = profile.args?.data?.startTime ?? profile.ts;
    const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === pid);
    for (const chunk of chunks) {
      const { cpuProfile, timeDeltas = [] } = chunk.args?.data ?? {};
      for (const n of cpuProfile?.nodes ?? []) nodes.set(n.id, n.callFrame);
      (cpuProfile?.samples ?? []).forEach((id, i) => {
        ts += timeDeltas[i] ?? 0;
        const frame = nodes.get(id);
        if (frame) out.push({ ts, frame });
      });
    }
  }
  return out.sort((a, b) => a.ts - b.ts);
}

/**
 * One traced cold start (of `path`: the engine in its worker by default): its long tasks, longest first, and the
 * source files whose own time in long tasks is largest, with their functions.
 */
export async function coldStartProfile(path = '/', top = 10): Promise<{ tasks: Row[]; sources: Row[] }> {
  let origin = '';
  const events = await withDemo(async (at, browser) => {
    origin = at;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await context.addInitScript(PROBE);
      const page = await context.newPage();
      await browser.startTracing(page, { categories: CATEGORIES });
      await measure(page, () => page.goto(origin + path));
      return (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    } finally {
      await context.close();
    }
  });
  // The page's main thread: the renderer main thread that parsed the demo's page (not, say, a new-tab page).
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const main = mains.find((t) =>
    events.some(
      (e) => e.pid === t.pid && e.tid === t.tid && e.name === 'ParseHTML' && JSON.stringify(e.args).includes(origin),
    ),
  );
  if (!main) throw new Error(`coldStartProfile: no renderer parsed ${origin} in the trace`);
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const samples = samplesOf(events, main.pid, main.tid);
  const where = sourceMapper();
  const t0 = onMain[0]?.ts ?? 0;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! > 50_000).sort((a, b) => b.dur! - a.dur!);
  const largest = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, d]) => `${k} ${ms(d)}`)
      .join(' · ');
  /** Own time in all long tasks: source file → function → µs. */
  const bySource = new Map<string, Map<string, number>>();
  const taskRows = tasks.map((task) => {
    const end = task.ts + task.dur!;
    const parts = new Map<string, number>();
    let coveredUntil = 0;
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > end || !PARTS.test(e.name) || e.ts < coveredUntil)
        continue;
      coveredUntil = e.ts + (e.dur ?? 0);
      const url = e.args?.data?.url ? ` ${new URL(e.args.data.url).pathname.slice(1)}` : '';
      parts.set(e.name + url, (parts.get(e.name + url) ?? 0) + (e.dur ?? 0));
    }
    // Self time per function: each sample in the task counts until the next one.
    const self = new Map<string, number>();
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    inTask.forEach((s, i) => {
      const key = where(s.frame);
      const d = (inTask[i + 1]?.ts ?? end) - s.ts;
      self.set(key, (self.get(key) ?? 0) + d);
      const [, fn = key, file = '(browser)'] = /^(.*) (\S*\/\S*?)(?::\w+)?$/.exec(key) ?? [];
      const fns = bySource.get(file) ?? new Map<string, number>();
      bySource.set(file, fns.set(fn || '(anonymous)', (fns.get(fn) ?? 0) + d));
    });
    return {
      at: ms(task.ts - t0),
      task: ms(task.dur!),
      'timeline parts': largest(parts, 2),
      'own time (sampled)': largest(self, 4),
    };
  });
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const sources = [...bySource]
    .sort((a, b) => total(b[1]) - total(a[1]))
    .slice(0, top)
    .map(([source, fns]) => ({ source, 'own time in long tasks': ms(total(fns)), functions: largest(fns, 4) }));
  return { tasks: taskRows.slice(0, top), sources };
}
