// The fuzz run (`npm run fuzz`, test/engine/http/fuzz.node.test.ts): a local engine in Node (fake-indexeddb, real
// DuckDB), fixtures made through the API, then seeded malformed requests through engine.fetch. Violations: a status
// ≥ 500, no answer in time, or a failed request (status ≥ 400, or chat's JSON-RPC auth error) that changed the
// database — every store is dumped before and after each request and compared.
import 'fake-indexeddb/auto';
import { isDeepStrictEqual } from 'node:util';
import { createLocalEngine, demoSeed, DEMO, type LocalEngine } from '../../src/engine/index.js';
import { deleteDatabase, dumpDatabase, manualClock } from '../engine/helpers.js';
import type { Fixtures } from './endpoints.js';
import { fuzzRequests, toRequest, type FuzzRequest } from './generator.js';

export interface Violation {
  request: FuzzRequest;
  status: number;
  problem: string;
  response: string;
}

export interface FuzzReport {
  seed: number;
  sent: number;
  ms: number;
  /** family → status → count */
  statuses: Record<string, Record<number, number>>;
  /** Failed requests whose database dumps were compared, and how many of them were chat JSON-RPC auth errors. */
  failed: number;
  rpcErrors: number;
  violations: Violation[];
  /** The summary's last words, when the run checked something else than writes (the served run: see served.ts). */
  checked?: string;
}

const REQUEST_TIMEOUT_MS = 30_000;
const ORIGIN = 'https://local.svc';

type Fetch = (request: Request) => Promise<Response>;

async function call(
  engine: { fetch: Fetch },
  init: { method: string; path: string; headers?: object; body?: unknown },
) {
  const res = await engine.fetch(
    new Request(ORIGIN + init.path, {
      method: init.method,
      headers: { 'content-type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
  const text = await res.text();
  if (res.status >= 400) throw new Error(`fixture ${init.method} ${init.path}: ${res.status} ${text}`);
  return text === '' ? undefined : (JSON.parse(text.split('\n')[0]) as Record<string, unknown>);
}

/**
 * Fixtures through the API itself: sessions and tokens (some expired by the clock), a published dashboard, a chat.
 * Without a clock to advance (a served engine), the "expired" token is a revoked one and the session a used one.
 */
export async function makeFixtures(engine: { fetch: Fetch }, advance?: (ms: number) => void): Promise<Fixtures> {
  const admin = { authorization: `Api-Key ${DEMO.adminKey}` };
  const session = async (externalId: string) =>
    (await call(engine, {
      method: 'POST',
      path: '/api/v1/embed/generate-session',
      headers: admin,
      body: { deploymentId: 1, externalId, groups: ['sales-eu'], userAttributes: [{ name: 'region', value: 'EU' }] },
    }))!.sessionId as string;
  const token = async (externalId: string) =>
    (await call(engine, {
      method: 'POST',
      path: '/api/v1/embed/session/token',
      body: { sessionId: await session(externalId) },
    }))!.token as string;

  const expiredToken = await token('fz-expired');
  const expiredSessionId = await session('fz-expired');
  advance?.(25 * 60 * 60 * 1000);
  const revokedToken = await token('fz-revoked');
  await call(engine, { method: 'POST', path: '/api/v1/embed/session/revoke', body: { token: revokedToken } });
  if (!advance) {
    await call(engine, { method: 'POST', path: '/api/v1/embed/session/revoke', body: { token: expiredToken } });
    await call(engine, { method: 'POST', path: '/api/v1/embed/session/token', body: { sessionId: expiredSessionId } });
  }
  const throwawayTokens = [await token('fz-throwaway'), await token('fz-throwaway')];
  const sessionIds = await Promise.all(['a', 'b', 'c', 'd'].map((s) => session(`fz-session-${s}`)));

  const bearer = { authorization: `Bearer ${DEMO.adminKey}` };
  const workbook = (await call(engine, {
    method: 'PUT',
    path: '/api/v1/deployments/1/workbooks/by-slug/fuzz-board',
    headers: bearer,
    body: { name: 'Fuzz board', meta: { dashboardDraft: { title: 'Fuzz', widgets: [] } } },
  }))!;
  const published = (await call(engine, {
    method: 'POST',
    path: `/api/v1/deployments/1/workbooks/${workbook.id as number}/publish`,
    headers: bearer,
    body: { allowEmbed: true },
  }))!;
  const tenant = DEMO.embedTenant;
  await call(engine, {
    method: 'POST',
    path: '/api/v1/embed/generate-session',
    headers: admin,
    body: {
      deploymentId: 1,
      externalId: 'fz-creator',
      embedTenantName: tenant,
      creatorMode: true,
      groupDefinitions: ['g1', 'g2', 'g3'].map((name) => ({ name })),
      userAttributeDefinitions: ['a1', 'a2', 'a3'].map((name) => ({ name, type: 'string' })),
      groups: ['g1'],
    },
  });
  const ids = async (what: string) =>
    (
      (await call(engine, { method: 'GET', path: `/api/v1/embed-tenants/${tenant}/${what}`, headers: admin }))!
        .items as { id: number }[]
    ).map((i) => i.id);
  const viewerToken = await token('fz-viewer');
  const chat = await call(engine, {
    method: 'POST',
    path: `/api/v1/public/${DEMO.accountName}/agents/${DEMO.agentId}/chat/stream-chat-state`,
    headers: { 'x-service-auth-token': viewerToken },
    body: {},
  });
  // Warm the data plane (generating and storing the dataset is the first data request's write, not a fuzzed one's).
  await call(engine, {
    method: 'POST',
    path: '/cubejs-api/v1/load',
    headers: { authorization: `Bearer ${viewerToken}` },
    body: { query: { measures: ['sales.count'] } },
  });
  return {
    keys: {
      admin: DEMO.adminKey,
      deployment: DEMO.deploymentKey,
      developer: DEMO.developerKey,
      analyst: DEMO.analystKey,
      viewer: DEMO.viewerKey,
    },
    token: viewerToken,
    expiredToken,
    revokedToken,
    throwawayTokens,
    sessionIds,
    expiredSessionId,
    workbookId: workbook.id as number,
    publicId: published.publicId as string,
    chatId: (chat!.state as { chatId: string }).chatId,
    tenant,
    groupIds: [...(await ids('groups')), 999_999],
    attributeIds: [...(await ids('user-attributes')), 999_999],
  };
}

/** The first line of a chat answer is a JSON-RPC error: an authentication failure (which must change nothing). */
const isRpcError = (text: string) => /^\{"jsonrpc":"2\.0","error"/.test(text);

async function answer(engine: LocalEngine, req: FuzzRequest): Promise<{ status: number; text: string }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      (async () => {
        const res = await engine.fetch(toRequest(req, ORIGIN));
        return { status: res.status, text: await res.text() };
      })(),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The stores whose records differ between two dumps. */
function changedStores(before: Record<string, unknown[]>, after: Record<string, unknown[]>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => !isDeepStrictEqual(before[n], after[n]));
}

export interface FuzzOptions {
  seed: number;
  count: number;
  /** Called every 250 requests (progress display). */
  onProgress?: (done: number) => void;
}

export async function runFuzz({ seed, count, onProgress }: FuzzOptions): Promise<FuzzReport> {
  const name = `svc-fuzz-${seed}-${process.pid}-${Date.now()}`;
  const clock = manualClock();
  const engine = await createLocalEngine({ name, seed: { ...demoSeed, data: { rows: 300 } }, now: clock.now });
  const report: FuzzReport = { seed, sent: 0, ms: 0, statuses: {}, failed: 0, rpcErrors: 0, violations: [] };
  const started = performance.now();
  try {
    const fixtures = await makeFixtures(engine, clock.advance);
    let before = await dumpDatabase(name);
    for (const req of fuzzRequests(seed, count, fixtures)) {
      let status = 0;
      let text = '';
      try {
        ({ status, text } = await answer(engine, req));
      } catch (error) {
        report.violations.push({ request: req, status: 0, problem: (error as Error).message, response: '' });
      }
      report.sent++;
      const row = (report.statuses[req.family] ??= {});
      row[status] = (row[status] ?? 0) + 1;
      const after = await dumpDatabase(name);
      if (status >= 500) report.violations.push({ request: req, status, problem: `status ${status}`, response: text });
      if (status >= 400 || isRpcError(text)) {
        report.failed++;
        if (status < 400) report.rpcErrors++;
        const changed = changedStores(before, after);
        if (changed.length > 0) {
          const problem = `failed request changed ${changed.join(', ')}`;
          report.violations.push({ request: req, status, problem, response: text });
        }
      }
      before = after;
      if (report.sent % 250 === 0) onProgress?.(report.sent);
    }
  } finally {
    report.ms = performance.now() - started;
    await engine.close();
    await deleteDatabase(name);
  }
  return report;
}

const excerpt = (s: string | undefined, n = 160) =>
  s === undefined ? '' : s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;

/** One line per violation: method, path, mutations, body excerpt, status, response. */
export function describeViolation(v: Violation): string {
  const r = v.request;
  return [
    `#${r.index} ${r.family}: ${v.problem}`,
    `  ${r.method} ${excerpt(r.path, 120)}  [${r.mutations.join('; ') || 'valid'}]`,
    `  headers ${excerpt(JSON.stringify(r.headers), 200)}`,
    `  body ${excerpt(r.body)}`,
    `  → ${v.status} ${excerpt(v.response)}`,
  ].join('\n');
}

/** The summary table: requests per endpoint family and their statuses. */
export function formatReport(report: FuzzReport): string {
  const statuses = [...new Set(Object.values(report.statuses).flatMap((s) => Object.keys(s).map(Number)))].sort(
    (a, b) => a - b,
  );
  const width = Math.max(...Object.keys(report.statuses).map((f) => f.length), 8);
  const head = ['family'.padEnd(width), 'sent'.padStart(6), ...statuses.map((s) => String(s).padStart(5))];
  const lines = [head.join(' ')];
  for (const [family, row] of Object.entries(report.statuses)) {
    const sent = Object.values(row).reduce((a, b) => a + b, 0);
    lines.push(
      [family.padEnd(width), String(sent).padStart(6), ...statuses.map((s) => String(row[s] ?? '').padStart(5))].join(
        ' ',
      ),
    );
  }
  lines.push(
    `seed ${report.seed}: ${report.sent} requests in ${(report.ms / 1000).toFixed(1)} s; ${report.failed} failed ` +
      `(${report.rpcErrors} chat JSON-RPC auth errors), ${report.checked ?? 'each checked for writes'}; ` +
      `${report.violations.length} violation(s)`,
  );
  return lines.join('\n');
}
