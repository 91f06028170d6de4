// Why the renderer lays out what it does, from a DevTools trace of its main thread (with stack traces and
// invalidation tracking): each Layout event attributed to where it ran — forced by a script (the function that asked)
// or in a frame's own update — and to what dirtied it since the layout before (the layout and style invalidations:
// their reason, node and the script that made them), with the objects laid out; and the events of a few consecutive
// renders in order, to read one frame from start to end.
import type { Row } from './util.js';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  // What this module reads of the events' arguments (they differ by event).
  args?: { name?: string; data?: EventData; beginData?: EventData; elementCount?: number };
}

interface EventData {
  reason?: string;
  nodeName?: string;
  changedClass?: string;
  changedAttribute?: string;
  type?: string;
  dirtyObjects?: number;
  totalObjects?: number;
  stackTrace?: Frame[];
}

interface Frame {
  functionName?: string;
  url?: string;
  lineNumber?: number;
}

/** The categories a trace needs for layoutAttribution. */
export const LAYOUT_TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.invalidationTracking',
].join(',');

const INVALIDATIONS = new Set([
  'LayoutInvalidationTracking',
  'StyleRecalcInvalidationTracking',
  'ScheduleStyleInvalidationTracking',
  'StyleInvalidatorInvalidationTracking',
  'InvalidateLayout',
  'ScheduleStyleRecalculation',
]);
/** Events that say where script ran (innermost wins). */
const SCRIPT = new Set(['FireAnimationFrame', 'TimerFire', 'EventDispatch', 'FireIdleCallback', 'FunctionCall']);

const data = (e: TraceEvent): EventData => e.args?.data ?? e.args?.beginData ?? {};

/** The script that asked, as "function file:line ← its caller" (the bench's bundle is one file: names tell). */
function where(stack: Frame[] = []): string {
  const frames = stack.slice(0, 2);
  return frames
    .map((f) => `${f.functionName || '(anonymous)'} ${f.url?.split('/').pop() ?? ''}:${(f.lineNumber ?? 0) + 1}`)
    .join(' ← ');
}

/** An invalidation as "event: reason node ← script". */
function invalidation(e: TraceEvent): string {
  const d = data(e);
  const what = [
    d.reason,
    d.nodeName,
    d.changedClass && `.${d.changedClass}`,
    d.changedAttribute && `[${d.changedAttribute}]`,
  ]
    .filter(Boolean)
    .join(' ');
  const by = where(d.stackTrace);
  return `${e.name.replace('InvalidationTracking', '')}: ${what || '—'}${by ? ` ← ${by}` : ''}`;
}

/** Rows: Layout events by where they ran, the invalidations before them, and the events of `renders` frames in order. */
export function layoutAttribution(all: TraceEvent[], renders = 3): Row[] {
  const main = all.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const events = all
    .filter((e) => e.pid === main?.pid && e.tid === main.tid && (e.ph === 'X' || e.ph === 'I' || e.ph === 'i'))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const spans = events.filter((e) => e.ph === 'X');
  const enclosing = (e: TraceEvent) =>
    spans.filter((s) => s !== e && s.ts <= e.ts && s.ts + (s.dur ?? 0) >= e.ts + (e.dur ?? 0));
  const groups = new Map<
    string,
    { count: number; dirty: number; total: number; cpu: number; causes: Map<string, number> }
  >();
  let since: string[] = [];
  const layouts: TraceEvent[] = [];
  for (const e of events) {
    if (INVALIDATIONS.has(e.name)) since.push(invalidation(e));
    if (e.name !== 'Layout' || e.ph !== 'X') continue;
    layouts.push(e);
    const outer = enclosing(e);
    const task = outer.find((s) => s.name === 'ThreadControllerImpl::RunTask' || s.name === 'RunTask');
    const inTask = task ? spans.filter((s) => s.ts >= task.ts && s.ts <= task.ts + (task.dur ?? 0)) : [];
    const frame = inTask.some((s) => s.name === 'FireAnimationFrame') ? 'task with rAF' : 'task without rAF';
    const script = [...outer].reverse().find((s) => SCRIPT.has(s.name));
    const stack = where(data(e).stackTrace);
    const how =
      script || stack ? `forced in ${script?.name ?? 'script'}${stack ? ` by ${stack}` : ''}` : 'frame update';
    const key = `${frame} · ${how}`;
    const g = groups.get(key) ?? { count: 0, dirty: 0, total: 0, cpu: 0, causes: new Map() };
    const begin = e.args?.beginData ?? {};
    g.count++;
    g.dirty += begin.dirtyObjects ?? 0;
    g.total += begin.totalObjects ?? 0;
    g.cpu += (e.tdur ?? 0) / 1000;
    for (const cause of new Set(since)) g.causes.set(cause, (g.causes.get(cause) ?? 0) + 1);
    groups.set(key, g);
    since = [];
  }
  const rows: Row[] = [];
  for (const [key, g] of [...groups].sort((a, b) => b[1].dirty - a[1].dirty)) {
    rows.push({
      kind: 'Layout',
      what: key,
      count: String(g.count),
      'objects (dirty / total, per layout)': `${(g.dirty / g.count).toFixed(0)} / ${(g.total / g.count).toFixed(0)}`,
      'CPU ms': g.cpu.toFixed(0),
    });
    for (const [cause, n] of [...g.causes].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
      rows.push({
        kind: '  before',
        what: cause,
        count: String(n),
        'objects (dirty / total, per layout)': '',
        'CPU ms': '',
      });
    }
  }
  // A few consecutive render frames from the middle of the stream, event by event.
  const rafTasks = spans.filter(
    (s) =>
      (s.name === 'ThreadControllerImpl::RunTask' || s.name === 'RunTask') &&
      spans.some((f) => f.name === 'FireAnimationFrame' && f.ts >= s.ts && f.ts <= s.ts + (s.dur ?? 0)),
  );
  const first = rafTasks[Math.floor(rafTasks.length / 2)];
  const last = rafTasks[Math.min(rafTasks.length - 1, Math.floor(rafTasks.length / 2) + renders - 1)];
  if (first && last) {
    const end = last.ts + (last.dur ?? 0);
    for (const e of events) {
      if (e.ts < first.ts || e.ts > end || e.name === 'UpdateCounters' || /Tracking$|ResolveStyle/.test(e.name))
        continue;
      const depth = enclosing(e).filter((s) => s.ts >= first.ts).length;
      const d = data(e);
      const detail =
        e.name === 'Layout'
          ? `${d.dirtyObjects ?? ''} / ${d.totalObjects ?? ''} ${where(d.stackTrace)}`
          : INVALIDATIONS.has(e.name)
            ? invalidation(e)
            : e.name === 'UpdateLayoutTree'
              ? `${e.args?.elementCount ?? ''} elements ${where(d.stackTrace)}`
              : e.name === 'EventDispatch'
                ? (d.type ?? '')
                : where(d.stackTrace);
      rows.push({
        kind: 'frame',
        what: `${'  '.repeat(depth)}${e.name} ${detail}`.trimEnd(),
        count: `+${((e.ts - first.ts) / 1000).toFixed(1)} ms`,
        'objects (dirty / total, per layout)': '',
        'CPU ms': e.tdur ? (e.tdur / 1000).toFixed(2) : '',
      });
    }
  }
  return rows;
}
