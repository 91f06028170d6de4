// The engine in its worker (the browser default) against the same engine in the page (`worker: false`): the same
// requests get the same answers — status, headers, JSON, NDJSON chat streams that arrive in pieces — the LocalEngine
// methods and their errors cross intact, abort and cancel reach the worker, and close() ends it. A model and data of
// their own (greenhouse sensor readings), not the demo's.
import { expect } from '@open-wc/testing';
import { ApiError } from '../../../src/api/errors.js';
import {
  createLocalEngine,
  createOpenAiCompatibleAgent,
  DEMO,
  ModelError,
  type LocalEngine,
  type LocalEngineOptions,
} from '../../../src/engine/index.js';
import { setStreamMode } from '../../../src/engine/worker/client.js';
import { canTransferStreams } from '../../../src/engine/worker/protocol.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { deleteDatabase } from '../helpers.js';

/** What a promise rejected with (it must reject). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

const MODEL = `cubes:
  - name: readings
    sql_table: readings
    measures:
      - name: count
        type: count
      - name: avg_temp
        type: avg
        sql: temp_c
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: house
        sql: house
        type: string
      - name: taken_at
        sql: taken_at
        type: time
`;
const HOUSES = ['north', 'south', 'tropical'];
const ROWS = Array.from({ length: 240 }, (_, i) => ({
  id: i + 1,
  house: HOUSES[i % 3],
  temp_c: 18 + (i % 7) + (i % 3) * 4,
  taken_at: new Date(Date.UTC(2026, 3, 1) + i * 3_600_000).toISOString(),
}));
const BASE = 'https://local.svc';
let messages = 0;
/** A fresh message id in the Chat API's form (13 or more digits, then -message). */
const messageId = () => `${Date.now()}${++messages}-message`;
const CHAT_URL = `${BASE}/api/v1/public/${DEMO.accountName}/agents/${DEMO.agentId}/chat/stream-chat-state`;

const chatRequest = (input: string, id: string, init: RequestInit = {}) =>
  new Request(CHAT_URL, {
    method: 'POST',
    headers: { Authorization: `Api-Key ${DEMO.adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ input, messageId: id, sessionSettings: { externalId: 'grower', groups: ['executives'] } }),
    ...init,
  });

interface Mode {
  label: string;
  worker: boolean;
  streams?: 'transfer' | 'chunks';
}
const MODES: Mode[] = [
  { label: 'in-page', worker: false },
  { label: 'worker', worker: true },
  // WebKit cannot transfer streams: its path (chunk messages) is tested in every browser.
  ...(canTransferStreams() ? [{ label: 'worker, chunk messages', worker: true, streams: 'chunks' as const }] : []),
];

async function open(mode: Mode, extra: Partial<LocalEngineOptions> = {}) {
  const name = `svc-worker-${mode.label.replace(/\W+/g, '-')}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  setStreamMode(mode.streams);
  try {
    const engine = await createLocalEngine({
      name,
      worker: mode.worker,
      model: { 'cubes/readings.yml': MODEL },
      data: { readings: ROWS },
      ...extra,
    });
    return { engine, name };
  } finally {
    setStreamMode(undefined);
  }
}

/** What a response is, for comparing modes: status, the headers that matter, and the body as text. */
async function snapshot(response: Response) {
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: await response.text(),
  };
}

/** Reads a body chunk by chunk, noting for each whether the answer's final state line had arrived yet. */
async function chunks(response: Response): Promise<string[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const out: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(decoder.decode(value, { stream: true }));
  }
}

for (const mode of MODES) {
  describe(`local engine (${mode.label})`, function () {
    this.timeout(120_000);
    let engine: LocalEngine;
    let name: string;
    let admin: HttpTransport;
    before(async () => {
      ({ engine, name } = await open(mode));
      admin = new HttpTransport({ baseUrl: BASE, fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
    });
    after(async () => {
      await engine.close();
      await deleteDatabase(name);
    });

    it('answers status, headers and JSON as the remote API does', async () => {
      const ok = await engine.fetch(
        new Request(`${BASE}/api/v1/deployments`, { headers: { Authorization: `Bearer ${DEMO.adminKey}` } }),
      );
      expect(ok.status).to.equal(200);
      expect(ok.headers.get('content-type')).to.match(/^application\/json/);
      expect(((await ok.json()) as { id: number }[]).map((d) => d.id)).to.deep.equal([DEMO.deploymentId]);
      const denied = await snapshot(await engine.fetch(new Request(`${BASE}/api/v1/deployments`)));
      expect(denied.status).to.equal(401);
      expect(JSON.parse(denied.body)).to.have.property('error').that.is.a('string');
      const missing = await engine.fetch(new Request(`${BASE}/no/such/route`, { method: 'DELETE' }));
      expect(missing.status).to.equal(404);
      // A request body crosses: a workbook made by POST is there to read.
      const made = await admin.upsertWorkbookBySlug(DEMO.deploymentId, 'greenhouse', { name: 'Greenhouse' });
      expect((await admin.getWorkbook(DEMO.deploymentId, made.id)).name).to.equal('Greenhouse');
    });

    it('runs loads over its own model and data', async () => {
      const meta = await admin.loadMeta();
      expect(meta.cubes.map((c) => c.name)).to.include('readings');
      const result = await admin.load({
        query: {
          measures: ['readings.count', 'readings.avg_temp'],
          dimensions: ['readings.house'],
          order: [['readings.house', 'asc']],
        },
      });
      const rows = result.data;
      expect(rows.map((r) => r['readings.house'])).to.deep.equal(HOUSES);
      for (const house of HOUSES) {
        const temps = ROWS.filter((r) => r.house === house).map((r) => r.temp_c);
        const row = rows.find((r) => r['readings.house'] === house)!;
        expect(Number(row['readings.count'])).to.equal(temps.length);
        expect(Number(row['readings.avg_temp'])).to.be.closeTo(temps.reduce((a, b) => a + b, 0) / temps.length, 1e-9);
      }
    });

    it('streams a chat answer as NDJSON that arrives in pieces, the first before the answer is done', async () => {
      const response = await engine.fetch(chatRequest('average temperature by house', messageId()));
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/ndjson/);
      const parts = await chunks(response);
      expect(parts.length).to.be.greaterThan(2);
      expect(parts[0]).to.contain('__cutoff__');
      expect(parts[0]).to.not.contain('__state__'); // not buffered: the end came in a later piece
      const lines = parts
        .join('')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id?: string; role?: string; graphPath?: string[] });
      expect(lines[lines.length - 1].id).to.equal('__state__');
      expect(lines.some((l) => l.role === 'assistant' && l.graphPath?.[0] === 'final')).to.equal(true);
    });

    it('cancelling a body mid-stream stops it; the engine answers the next request', async () => {
      const response = await engine.fetch(chatRequest('count of readings by house', messageId()));
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(first.done).to.equal(false);
      await reader.cancel('enough');
      const again = await engine.fetch(
        new Request(`${BASE}/api/v1/deployments`, { headers: { Authorization: `Bearer ${DEMO.adminKey}` } }),
      );
      expect(again.status).to.equal(200);
    });

    it('putTable, tables, dropTable and setModel cross with their results and errors', async () => {
      const csv = new TextEncoder().encode('bed,plant,height_cm\n1,tomato,120\n2,basil,30\n3,pepper,75\n');
      const info = await engine.putTable('beds', new Blob([csv], { type: 'text/csv' }));
      expect(info).to.include({ name: 'beds', rowCount: 3 });
      const bytes = new TextEncoder().encode('bed,plant\n4,mint\n').buffer;
      expect((await engine.putTable('extra', { source: bytes, format: 'csv' })).rowCount).to.equal(1);
      const tables = await engine.tables();
      expect(tables.map((t) => t.name).sort()).to.deep.equal(['beds', 'extra', 'readings']);
      expect(tables.find((t) => t.name === 'beds')!.columns.map((c) => c.name)).to.deep.equal([
        'bed',
        'plant',
        'height_cm',
      ]);
      await engine.dropTable('extra');
      expect((await engine.tables()).map((t) => t.name).sort()).to.deep.equal(['beds', 'readings']);
      // Refused while a cube reads it: the engine's error, with its class and message.
      const refused = await rejection(engine.dropTable('readings'));
      expect(refused).to.be.instanceOf(Error);
      expect(refused.message).to.equal('Table readings is read by cube readings: change the model first (setModel)');
      const broken = await rejection(
        engine.setModel({ 'cubes/bad.yml': 'cubes:\n  - name: beds\n    sql_table: nope\n' }),
      );
      expect(broken).to.be.instanceOf(ModelError);
      const problems = (broken as ModelError).problems;
      expect(problems.length).to.be.greaterThan(0);
      expect((broken as ModelError).file).to.equal('cubes/bad.yml');
      expect(problems[0]).to.have.property('message').that.is.a('string');
      const { warnings } = await engine.setModel({ 'cubes/readings.yml': MODEL });
      expect(warnings).to.be.an('array');
    });
  });
}

describe('local engine in its worker: abort, errors at startup, options, close', function () {
  this.timeout(120_000);
  const names: string[] = [];
  after(async () => {
    for (const n of names) await deleteDatabase(n);
  });
  const start = async (extra: Partial<LocalEngineOptions> = {}) => {
    const opened = await open({ label: 'worker', worker: true }, extra);
    names.push(opened.name);
    return opened.engine;
  };

  it('aborting the signal rejects a pending fetch and errors a streaming body, as fetch does', async () => {
    const engine = await start();
    const early = new AbortController();
    const pending = engine.fetch(chatRequest('temperature by house', messageId(), { signal: early.signal }));
    early.abort(new DOMException('stop', 'AbortError'));
    expect(((await rejection(pending)) as DOMException).name).to.equal('AbortError');
    const late = new AbortController();
    const response = await engine.fetch(chatRequest('temperature by house', messageId(), { signal: late.signal }));
    const reader = response.body!.getReader();
    expect((await reader.read()).done).to.equal(false);
    late.abort(new DOMException('stop', 'AbortError'));
    expect(((await rejection(reader.read())) as DOMException).name).to.equal('AbortError');
    await engine.close();
  });

  it('rejects createLocalEngine with the in-page error: a model with problems is a ModelError with its problems', async () => {
    for (const worker of [false, true]) {
      const name = `svc-worker-bad-${worker}-${Date.now()}`;
      names.push(name);
      const error = await rejection(
        createLocalEngine({
          name,
          worker,
          model: { 'cubes/x.yml': 'cubes:\n  - name: x\n    sql_table: missing\n' },
          data: {},
        }),
      );
      expect(error, `worker: ${worker}`).to.be.instanceOf(ModelError);
      expect((error as ModelError).file).to.equal('cubes/x.yml');
      expect((error as ModelError).problems.length).to.be.greaterThan(0);
    }
  });

  it('progress events and checkChatToken calls come back to the page', async () => {
    const progress: string[] = [];
    const asked: string[] = [];
    const engine = await start({
      onProgress: (p) => progress.push(p.phase),
      checkChatToken: (token) => {
        asked.push(token);
        if (token === 'good') return { externalId: 'grower', scope: ['chat'], deploymentId: DEMO.deploymentId };
        throw new Error('not this one');
      },
    });
    const ask = (token: string) =>
      engine.fetch(
        new Request(CHAT_URL, {
          method: 'POST',
          headers: { 'X-Service-Auth-Token': token, 'Content-Type': 'application/json' },
          body: JSON.stringify({ input: 'readings by house', messageId: messageId() }),
        }),
      );
    const good = await (await ask('good')).text();
    expect(good).to.contain('__cutoff__');
    const bad = await (await ask('bad')).text();
    expect(bad).to.contain('not this one');
    expect(asked).to.deep.equal(['good', 'bad']);
    expect(progress).to.include('duckdb');
    await engine.close();
  });

  it('an agent made by createOpenAiCompatibleAgent runs in the worker; worker: true refuses functions', async () => {
    const agent = createOpenAiCompatibleAgent({ baseUrl: 'http://127.0.0.1:9/v1', model: 'none' });
    const engine = await start({ agent });
    const answer = await (await engine.fetch(chatRequest('anything', messageId()))).text();
    expect(answer).to.match(/"error":"[^"]+"/); // the agent ran in the worker, and found no endpoint there
    await engine.close();
    const refused = await rejection(createLocalEngine({ worker: true, now: () => 0 }));
    expect(refused).to.be.instanceOf(TypeError);
    expect(refused.message).to.match(/worker: true cannot take now/);
  });

  it('close() ends the worker: fetch answers 503, the methods reject with the 503 ApiError', async () => {
    const engine = await start();
    await engine.close();
    expect((await engine.fetch(new Request(`${BASE}/api/v1/deployments`))).status).to.equal(503);
    const error = await rejection(engine.tables());
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).status).to.equal(503);
  });
});
