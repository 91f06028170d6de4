// The fuzzer against the served CLI (`npm run fuzz -- --served`, `--soak`; test/cli/served-fuzz.node.test.ts): main()
// of `svc-elements serve --demo` in this process on a real socket of 127.0.0.1, fixtures made over HTTP, then the
// generator's requests as bytes, some mutated on the wire (wire.ts). Violations: a status ≥ 500, no answer to a
// request that waited for one, an error the server reported (a handler that failed), an uncaught exception or
// unhandled rejection in the process, and a server that no longer answers afterwards.
import { Agent, request as httpRequest } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { main } from '../../src/cli/serve.js';
import { DEMO } from '../../src/engine/index.js';
import { rawRequest } from '../helpers/raw-http.js';
import { fuzzRequests, type FuzzRequest } from './generator.js';
import { Rng } from './rng.js';
import { makeFixtures, type FuzzReport, type Violation } from './run.js';
import { toWire } from './wire.js';

const REQUEST_TIMEOUT_MS = 30_000;

interface Served {
  base: string;
  port: number;
  /** Lines the server wrote to stderr (each a failure it reported). */
  errors: string[];
  /** Uncaught exceptions and unhandled rejections of the process while it ran. */
  crashes: unknown[];
  stop(): Promise<void>;
}

/** `svc-elements serve --demo --port 0` in this process; the process is watched for uncaught errors until stop(). */
async function startServed(): Promise<Served> {
  const out: string[] = [];
  const errors: string[] = [];
  const crashes: unknown[] = [];
  const record = (error: unknown) => crashes.push(error);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  const consoleError = console.error;
  // Every error the server logs is a violation, an upload its client abandoned included (it is no engine error).
  console.error = (...args: unknown[]) => {
    errors.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '));
  };
  const controller = new AbortController();
  const io = { out: (line: string) => out.push(line), err: (line: string) => errors.push(line) };
  const code = await main(['serve', '--demo', '--ephemeral', '--port', '0', '--host', '127.0.0.1'], io, {
    env: {},
    signal: controller.signal,
  });
  const restore = () => {
    console.error = consoleError;
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  };
  if (code !== 0) {
    restore();
    throw new Error(`svc-elements serve exited ${code}: ${errors.join('\n')}`);
  }
  const base = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out.join('\n'))![1];
  return {
    base,
    port: Number(new URL(base).port),
    errors,
    crashes,
    stop: async () => {
      controller.abort();
      await new Promise((r) => setTimeout(r, 100));
      restore();
    },
  };
}

/** The fixtures (run.ts) made over HTTP. */
function fixturesOver(base: string) {
  return makeFixtures({
    fetch: async (req) => {
      const url = new URL(req.url);
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text();
      return fetch(base + url.pathname + url.search, { method: req.method, headers: req.headers, body });
    },
  });
}

/** The end of a run: what the server and the process reported, and whether it still answers. */
async function finish(served: Served, report: FuzzReport, probe: FuzzRequest): Promise<void> {
  const health = await fetch(`${served.base}/cubejs-api/v1/meta`, {
    headers: { authorization: `Bearer ${DEMO.adminKey}` },
  }).catch((error: unknown) => ({ status: 0, error }));
  if (health.status !== 200)
    report.violations.push({ request: probe, status: health.status, problem: 'no longer answers', response: '' });
  for (const line of served.errors)
    report.violations.push({ request: probe, status: 0, problem: 'the server reported', response: line });
  for (const crash of served.crashes)
    report.violations.push({ request: probe, status: 0, problem: 'process-level error', response: String(crash) });
}

const count = (report: FuzzReport, key: string, status: number) => {
  const row = (report.statuses[key] ??= {});
  row[status] = (row[status] ?? 0) + 1;
};

export interface ServedFuzzOptions {
  seed: number;
  count: number;
  /** The share of requests mutated on the wire. Default 0.35. */
  wireRate?: number;
  onProgress?: (done: number) => void;
}

/** `count` requests of the generator over HTTP, one connection each, a share mutated on the wire. */
export async function runServedFuzz({ seed, count: total, wireRate, onProgress }: ServedFuzzOptions) {
  const served = await startServed();
  const report: FuzzReport = {
    seed,
    sent: 0,
    ms: 0,
    statuses: {},
    failed: 0,
    rpcErrors: 0,
    violations: [],
    checked: 'over HTTP to svc-elements serve, the process watched',
  };
  const started = performance.now();
  let last: FuzzRequest | undefined;
  try {
    const fixtures = await fixturesOver(served.base);
    const wire = new Rng(seed ^ 0x5eed);
    for (const req of fuzzRequests(seed, total, fixtures)) {
      const sent = toWire(wire, req, served.port, wireRate);
      const request = sent.kind ? { ...req, mutations: [...req.mutations, `wire ${sent.mutation}`] } : req;
      last = request;
      const res = await rawRequest(served.port, sent.bytes, {
        abortAfterWrite: sent.abort,
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      report.sent++;
      count(report, sent.kind ? `wire:${sent.kind}` : req.family, res.status);
      if (res.status >= 400) report.failed++;
      if (res.status >= 500)
        report.violations.push({ request, status: res.status, problem: `status ${res.status}`, response: res.body });
      if (res.status === 0 && !sent.abort)
        report.violations.push({ request, status: 0, problem: 'no answer', response: '' });
      if (report.sent % 250 === 0) onProgress?.(report.sent);
    }
  } finally {
    report.ms = performance.now() - started;
    if (last) await finish(served, report, last);
    await served.stop();
  }
  return report;
}

export interface SoakOptions {
  seed: number;
  /** Concurrent keep-alive connections. Default 200. */
  connections?: number;
  /** Requests in all. Default 10,000. */
  requests?: number;
  /** The share of requests the client abandons mid-way. Default 0.05. */
  abortRate?: number;
  /** Requests sent before memory is first measured (not counted). Default a tenth of `requests`. */
  warmup?: number;
  onProgress?: (done: number) => void;
}

export interface SoakReport extends FuzzReport {
  connections: number;
  /** Most sockets open at once on the client side. */
  peakConnections: number;
  aborted: number;
  /** process.memoryUsage() in MB: before (after the fixtures, the warm-up and a GC) and after (after a GC). */
  memory: { rssBefore: number; rssAfter: number; heapBefore: number; heapAfter: number };
}

const gc: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

function memory() {
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: rss / 2 ** 20, heap: heapUsed / 2 ** 20 };
}

/** One request on the agent's pooled connections; resolves with the status (0: abandoned or failed). */
function send(
  agent: Agent,
  port: number,
  req: FuzzRequest,
  abort: boolean,
  resent = false,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const url = new URL(req.path, 'http://fuzz.invalid');
    let client;
    try {
      client = httpRequest({
        agent,
        host: '127.0.0.1',
        port,
        method: req.method,
        path: url.pathname + url.search,
        headers: req.headers,
        timeout: REQUEST_TIMEOUT_MS,
      });
    } catch {
      resolve({ status: -1, body: '' }); // the client refused to send it (a header Node will not write)
      return;
    }
    client.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += body.length < 2000 ? chunk : ''));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    client.on('error', (error: NodeJS.ErrnoException) => {
      // A pooled connection the server closed (keep-alive timeout) just as it was reused: a reset before any byte of an
      // answer, which no server can prevent. Node's documented remedy (`request.reusedSocket`) is to send it again.
      if (!abort && !resent && client.reusedSocket && error.code === 'ECONNRESET')
        void send(agent, port, req, abort, true).then(resolve);
      else resolve({ status: 0, body: error.code ?? error.message });
    });
    client.on('timeout', () => {
      resolve({ status: 0, body: `no answer within ${REQUEST_TIMEOUT_MS / 1000} s (the client gave up)` });
      client.destroy();
    });
    if (abort) {
      client.write(req.body?.slice(0, 10) ?? '');
      setTimeout(() => client.destroy(), 1);
    } else client.end(req.body);
  });
}

/** `requests` of the generator on `connections` keep-alive connections at once, memory measured around them. */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { seed, connections = 200, requests = 10_000, abortRate = 0.05, onProgress } = options;
  const warmup = options.warmup ?? Math.ceil(requests / 10);
  const served = await startServed();
  const report: SoakReport = {
    seed,
    sent: 0,
    ms: 0,
    statuses: {},
    failed: 0,
    rpcErrors: 0,
    violations: [],
    checked: `${connections} connections at once over HTTP, the process watched`,
    connections,
    peakConnections: 0,
    aborted: 0,
    memory: { rssBefore: 0, rssAfter: 0, heapBefore: 0, heapAfter: 0 },
  };
  let last: FuzzRequest | undefined;
  try {
    const fixtures = await fixturesOver(served.base);
    // A pooled connection idle longer than the server's keep-alive timeout (Node's default, 5 s) may be closed by the
    // server just as it is reused: the client drops idle ones after 4 s, and sends again one reset on a reused socket
    // (send()), as on a busy machine a timer can fire late.
    const agent = new Agent({ keepAlive: true, maxSockets: connections, timeout: 4000 });
    const rng = new Rng(seed ^ 0x50a4);
    /** Sends the stream's requests on `connections` workers at once. */
    const pool = async (stream: Generator<FuzzRequest>, counted: boolean) => {
      const worker = async () => {
        for (let next = stream.next(); !next.done; next = stream.next()) {
          const req = next.value;
          last = req;
          const abort = rng.chance(abortRate);
          const res = await send(agent, served.port, req, abort);
          const open = Object.values(agent.sockets).reduce((n, list) => n + (list?.length ?? 0), 0);
          report.peakConnections = Math.max(report.peakConnections, open);
          if (res.status >= 500)
            report.violations.push({
              request: req,
              status: res.status,
              problem: `status ${res.status}`,
              response: res.body,
            });
          if (res.status === 0 && !abort)
            report.violations.push({ request: req, status: 0, problem: 'no answer', response: res.body });
          if (!counted) continue;
          report.sent++;
          if (abort) report.aborted++;
          count(report, abort ? 'aborted' : req.family, res.status);
          if (res.status >= 400) report.failed++;
          if (report.sent % 500 === 0) onProgress?.(report.sent);
        }
      };
      await Promise.all(Array.from({ length: connections }, worker));
    };
    // A warm-up round first (another seed's requests): caches, pools and DuckDB reach their working size.
    await pool(fuzzRequests(seed + 1, warmup, fixtures), false);
    const before = memory();
    const started = performance.now();
    await pool(fuzzRequests(seed, requests, fixtures), true);
    report.ms = performance.now() - started;
    agent.destroy();
    await new Promise((r) => setTimeout(r, 200)); // let the server see the sockets close
    const after = memory();
    report.memory = { rssBefore: before.rss, rssAfter: after.rss, heapBefore: before.heap, heapAfter: after.heap };
  } finally {
    if (last) await finish(served, report, last);
    await served.stop();
  }
  return report;
}

/** The soak's figures, after the status table. */
export function formatSoak(report: SoakReport): string {
  const m = report.memory;
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  return (
    `${report.sent} requests (${report.aborted} abandoned by the client) on ${report.connections} connections ` +
    `(peak ${report.peakConnections} open) in ${(report.ms / 1000).toFixed(1)} s; RSS ${mb(m.rssBefore)} → ` +
    `${mb(m.rssAfter)}, heap after GC ${mb(m.heapBefore)} → ${mb(m.heapAfter)}`
  );
}

export type { Violation };
