// A full storage quota while a table is imported: the import still succeeds, kept for this session only (its result
// and engine.tables() say "kept for this session only: the browser's storage is full"), whatever the browser's message
// (Chromium's is empty); nothing of it is left in IndexedDB, so the next start has the table as it was before, whole.
// Other storage errors fail the import with their message and change nothing. The quota is simulated on the IndexedDB
// the engine uses, as Firefox reports it: the write's request fails with a QuotaExceededError and its transaction
// aborts with it (a real quota, through DevTools, is in data/storage-full.test.ts).
import { expect } from '@open-wc/testing';
import { createLocalEngine, type LocalEngine } from '../../src/engine/index.js';
import { deleteDatabase, dumpDatabase } from './helpers.js';
import { SESSION_ONLY } from '../../src/engine/data/session-tables.js';

const MODEL = `cubes:
  - name: hives
    sql_table: hives
    measures:
      - name: count
        type: count
      - name: honey_kg
        type: sum
        sql: honey_kg
    dimensions:
      - name: apiary
        sql: apiary
        type: string
`;
const hives = (n: number, apiary: string) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, apiary, honey_kg: (i % 9) + 0.5 }));

type Write = 'put' | 'add';
/**
 * Until the returned function is called, a write (`put` or `add`) to `store` of database `db` fails as a full quota
 * does: its request errors with a DOMException named QuotaExceededError carrying `message`, and its transaction
 * aborts with that error.
 */
function fullQuota(db: string, store: string, message: string, name = 'QuotaExceededError'): () => void {
  const { put, add } = Object.getOwnPropertyDescriptors(IDBObjectStore.prototype);
  const originals = { put: put.value as IDBObjectStore['put'], add: add.value as IDBObjectStore['add'] };
  for (const write of ['put', 'add'] as Write[]) {
    IDBObjectStore.prototype[write] = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      const request = originals[write].call(this, value, key);
      if (this.transaction.db.name !== db || this.name !== store) return request;
      const error = new DOMException(message, name);
      Object.defineProperty(request, 'error', { get: () => error });
      Object.defineProperty(this.transaction, 'error', { get: () => error });
      this.transaction.abort();
      return request;
    };
  }
  return () => {
    Object.defineProperty(IDBObjectStore.prototype, 'put', put);
    Object.defineProperty(IDBObjectStore.prototype, 'add', add);
  };
}

/** The hives' count through /load, asked again while the engine answers "Continue wait" (as Cube's clients do). */
const total = async (engine: LocalEngine): Promise<number> => {
  for (;;) {
    const response = await engine.fetch(
      new Request('https://local.svc/cubejs-api/v1/load', {
        method: 'POST',
        headers: { Authorization: 'Bearer demo-admin-key', 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: { measures: ['hives.count'] } }),
      }),
    );
    const body = (await response.json()) as { data?: Record<string, unknown>[]; error?: string };
    if (body.error === 'Continue wait') continue;
    if (!body.data) throw new Error(`/load answered ${JSON.stringify(body)}`);
    return Number(body.data[0]['hives.count']);
  }
};

describe('a storage error while a table is imported: a full quota keeps it for this session, others say why', function () {
  this.timeout(120_000);
  const names: string[] = [];
  after(async () => {
    for (const n of names) await deleteDatabase(n);
  });

  const start = async () => {
    const name = `svc-quota-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    names.push(name);
    // In this page: the simulated quota is on this page's IndexedDB.
    const engine = await createLocalEngine({ name, worker: false, model: MODEL, data: { hives: hives(12, 'meadow') } });
    return { engine, name };
  };

  const rows = hives(5000, 'orchard');
  const csv = new Blob(['id,apiary,honey_kg\n', ...rows.map((r) => `${r.id},${r.apiary},${r.honey_kg}\n`)]);
  const cases: { label: string; source: unknown; store: string }[] = [
    { label: 'rows (kept as Arrow IPC)', source: rows, store: 'dataTables' },
    { label: 'a CSV file (kept as the file)', source: csv, store: 'dataFiles' },
  ];

  for (const { label, source, store } of cases) {
    it(`${label}: a QuotaExceededError, with Chromium's empty message or Firefox's: kept for this session`, async () => {
      const { engine, name } = await start();
      for (const message of ['', 'The current transaction exceeded its quota limitations.']) {
        const restore = fullQuota(name, store, message);
        let info: Awaited<ReturnType<LocalEngine['putTable']>>;
        try {
          info = await engine.putTable('hives', source as never);
        } finally {
          restore();
        }
        expect(info.rowCount).to.equal(5000);
        expect(info.warning).to.equal(SESSION_ONLY);
        expect((await engine.tables()).map((t) => [t.name, t.rowCount, t.warning])).to.deep.equal([
          ['hives', 5000, SESSION_ONLY],
        ]);
        expect(await total(engine)).to.equal(5000);
        // Nothing of it in IndexedDB: the record as it was, and no file.
        const stored = await dumpDatabase(name);
        expect(
          (stored.dataTables as { name: string; rowCount: number }[]).map((t) => [t.name, t.rowCount]),
        ).to.deep.equal([['hives', 12]]);
        expect(stored.dataFiles).to.deep.equal([]);
      }
      await engine.close();
      // The next start has the table as it was before.
      const again = await createLocalEngine({ name, worker: false });
      expect(await total(again)).to.equal(12);
      // And with room, the same import is kept for good.
      const kept = await again.putTable('hives', source as never);
      expect(kept.warning).to.equal(undefined);
      expect(await total(again)).to.equal(5000);
      await again.close();
      const third = await createLocalEngine({ name, worker: false });
      expect(await total(third)).to.equal(5000);
      await third.close();
    });
  }

  it('a model write on a full quota: an error that says the model was not saved and why, and the model unchanged', async () => {
    const { engine, name } = await start();
    const restore = fullQuota(name, 'dataModels', '');
    let failure: Error | undefined;
    try {
      await engine.setModel(MODEL.replace('name: count', 'name: hives_count'));
    } catch (error) {
      failure = error as Error;
    } finally {
      restore();
    }
    expect(failure?.message).to.equal("The model was not saved: the browser's storage quota for this site is full");
    expect(await total(engine)).to.equal(12); // hives.count still answers: the model as it was
    await engine.close();
  });

  it('another storage error keeps its message, or its name when it has none', async () => {
    const { engine, name } = await start();
    for (const [message, expected] of [
      ['Error writing blob to file', 'Error writing blob to file'],
      ['', 'UnknownError'],
    ]) {
      const restore = fullQuota(name, 'dataTables', message, 'UnknownError');
      try {
        const error = await engine.putTable('hives', rows).then(
          () => undefined,
          (e: Error) => e,
        );
        expect(error?.message).to.equal(`Table hives: ${expected}`);
      } finally {
        restore();
      }
      expect(await total(engine)).to.equal(12);
    }
    await engine.close();
  });

  it('a workbook write on a full quota: a 500 that says so, and nothing written', async () => {
    const { engine, name } = await start();
    const upsert = (title: string) =>
      engine.fetch(
        new Request('https://local.svc/api/v1/deployments/1/workbooks/by-slug/hive-log', {
          method: 'PUT',
          headers: { Authorization: 'Bearer demo-admin-key', 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: title }),
        }),
      );
    const created = (await (await upsert('Hive log')).json()) as { id: number; name: string };
    for (const message of ['', 'The current transaction exceeded its quota limitations.']) {
      const restore = fullQuota(name, 'workbooks', message);
      try {
        const refused = await upsert('Hive log, renamed');
        expect(refused.status).to.equal(500);
        expect(await refused.json()).to.deep.equal({
          error: "Internal server error: the browser's storage quota for this site is full",
        });
      } finally {
        restore();
      }
    }
    const kept = await engine.fetch(
      new Request(`https://local.svc/api/v1/deployments/1/workbooks/${created.id}`, {
        headers: { Authorization: 'Bearer demo-admin-key' },
      }),
    );
    expect(((await kept.json()) as { name: string }).name).to.equal('Hive log');
    await engine.close();
  });

  it('a chat turn on a full quota: the stream ends with an error line that says so, and the thread keeps its turns', async () => {
    const { engine, name } = await start();
    const ask = async (input: string, chatId?: string) => {
      const response = await engine.fetch(
        new Request('https://local.svc/api/v1/public/demo/agents/analyst/chat/stream-chat-state', {
          method: 'POST',
          headers: { Authorization: 'Api-Key demo-admin-key', 'Content-Type': 'application/json' },
          body: JSON.stringify({ input, ...(chatId && { chatId }), sessionSettings: { externalId: 'beekeeper' } }),
        }),
      );
      return (await response.text())
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { id?: string; error?: string; state?: { chatId?: string } });
    };
    const first = await ask('How many hives are there?');
    const chatId = first.find((m) => m.id === '__cutoff__')?.state?.chatId;
    expect(chatId, 'the first answer names its thread').to.be.a('string');
    expect(first.some((m) => m.error)).to.equal(false);
    const restore = fullQuota(name, 'chatThreads', '');
    let second: Awaited<ReturnType<typeof ask>>;
    try {
      second = await ask('Total honey_kg by apiary', chatId);
    } finally {
      restore();
    }
    expect(second.filter((m) => m.error).map((m) => m.error)).to.deep.equal([
      "Could not save the conversation: the browser's storage quota for this site is full",
    ]);
    await engine.close();
  });
});
