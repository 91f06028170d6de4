// An engine with a state folder (`stateDir`, what `svc-elements serve --state` runs) keeps its state across a restart
// (issue 36, item 1): a workbook with its id, versions and publish state, a session and its token, a chat thread, a
// table imported through the API. The store under it is tested as IndexedDB: any sequence of transactions — puts,
// deletes by key and by range, clears, aborts, auto-increment keys — reads back after a reopen exactly as a plain
// in-memory IndexedDB holds it (fast-check). A second engine on the same folder is refused while the first runs.
// Domain: an apiary (hives and honey), not the demo's.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { wrap, type IDBPDatabase } from 'idb';
import { createLocalEngine, type LocalEngine } from '../../../src/engine/index.js';
import { openDurableStore } from '../../../src/engine/node/durable-store.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { APIARY, apiarySeed, beekeeperAgent, beekeeperAnswer } from '../../fixtures/apiary.js';
import { chatIdOf, chatPoster, finalOf, storedMessages } from '../chat/race.js';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-state-'));
  folders.push(dir);
  return dir;
};
after(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const start = (stateDir: string) => createLocalEngine({ stateDir, seed: apiarySeed, agent: beekeeperAgent(0) });
const admin = (engine: LocalEngine, token?: string) =>
  new HttpTransport({
    baseUrl: 'https://apiary.test',
    fetch: engine.fetch,
    auth: token ? { serviceToken: token } : { apiKey: APIARY.adminKey },
    retry: { tries: 1 },
  });
const SWARMS = 'hive,month,bees\n1,May,11000\n2,June,9500\n3,June,12500\n';

describe('an engine with a state folder', () => {
  it('keeps a workbook (id, versions, publish state), a session token, a chat thread and an imported table', async () => {
    const dir = folder();
    let engine = await start(dir);
    const widget = {
      id: 'w1',
      type: 'TEXT',
      position: { x: 0, y: 0, w: 4, h: 2 },
      config: { markdown: '# Hives' },
    } as const;
    let api = admin(engine);
    const board = await api.upsertWorkbookBySlug(1, 'hive-board', { name: 'Hive board' });
    await api.saveDashboardDraft(1, board.id, { title: 'Hives v1', widgets: [widget] });
    const v1 = await api.publishDashboard(1, board.id, { allowEmbed: true });
    await api.saveDashboardDraft(1, board.id, { title: 'Hives v2', widgets: [widget] });
    const v2 = await api.publishDashboard(1, board.id);
    const { sessionId } = await api.generateSession({ deploymentId: 1, externalId: 'beatrix' });
    const { token } = await api.exchangeSessionToken(sessionId);
    const post = chatPoster(engine.fetch);
    const first = await post({ input: 'how many hives?' });
    const chatId = chatIdOf(first.lines);
    assert.equal(finalOf(first.lines), beekeeperAnswer('how many hives?'));
    await engine.putTable('swarms', { source: new TextEncoder().encode(SWARMS), format: 'csv' });
    await engine.close();

    engine = await start(dir);
    api = admin(engine);
    const kept = await api.getWorkbook(1, board.id);
    assert.deepEqual(
      [kept.id, kept.name, kept.slug, kept.createdAt],
      [board.id, 'Hive board', 'hive-board', board.createdAt],
    );
    assert.equal(kept.publishedDashboard?.versionNumber, 2);
    assert.deepEqual(kept.dashboardPublished, { title: 'Hives v2', widgets: [widget] });
    const read = await admin(engine, token).getEmbedDashboard(v2.publicId);
    assert.equal(read.dashboard.config.title, 'Hives v2', 'the session token from before the restart still works');
    assert.equal(v1.publicId, v2.publicId);
    const messages = await storedMessages(chatPoster(engine.fetch), chatId);
    assert.deepEqual(
      messages.filter((m) => m.role === 'user').map((m) => m.content),
      ['how many hives?'],
      'the thread and its turn are there',
    );
    const swarms = (await engine.tables()).find((t) => t.name === 'swarms');
    assert.equal(swarms?.rowCount, 3);
    // Ids go on from where they were: a new workbook is not given a used id.
    const next = await api.upsertWorkbookBySlug(1, 'queen-log', { name: 'Queen log' });
    assert.ok(next.id > board.id, `${next.id} after ${board.id}`);
    await engine.close();
  });

  it('refuses a second engine on the folder while the first one runs, saying why', async () => {
    const dir = folder();
    const engine = await start(dir);
    try {
      await assert.rejects(start(dir), /is in use by another (engine|process)/);
    } finally {
      await engine.close();
    }
    const again = await start(dir); // free once the first one closed
    await again.close();
  });
});

type Op =
  | { kind: 'put'; key: number; value: string }
  | { kind: 'add'; value: string }
  | { kind: 'delete'; key: number }
  | { kind: 'deleteRange'; from: number; to: number }
  | { kind: 'clear' }
  | { kind: 'abort' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), key: fc.integer({ min: 1, max: 30 }), value: fc.string() }),
  fc.record({ kind: fc.constant('add' as const), value: fc.string() }),
  fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 1, max: 30 }) }),
  fc.record({
    kind: fc.constant('deleteRange' as const),
    from: fc.integer({ min: 1, max: 30 }),
    to: fc.integer({ min: 1, max: 30 }),
  }),
  fc.constant({ kind: 'clear' as const }),
  fc.constant({ kind: 'abort' as const }),
);

function open(factory: IDBFactory): Promise<IDBPDatabase> {
  const request = factory.open('hives', 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore('frames', { keyPath: 'id', autoIncrement: true });
    request.result.createObjectStore('notes');
  };
  return wrap(request) as unknown as Promise<IDBPDatabase>;
}

/** Runs each transaction (a list of ops; one `abort` aborts it) on `db`. */
async function apply(db: IDBPDatabase, transactions: Op[][]): Promise<void> {
  for (const ops of transactions) {
    const tx = db.transaction(['frames', 'notes'], 'readwrite');
    const frames = tx.objectStore('frames');
    const notes = tx.objectStore('notes');
    let aborted = false;
    for (const op of ops) {
      if (op.kind === 'put') {
        await frames.put({ id: op.key, value: op.value });
        await notes.put(op.value, `n${op.key}`);
      } else if (op.kind === 'add') await frames.add({ value: op.value });
      else if (op.kind === 'delete') await frames.delete(op.key);
      else if (op.kind === 'deleteRange')
        await frames.delete(IDBKeyRange.bound(Math.min(op.from, op.to), Math.max(op.from, op.to)));
      else if (op.kind === 'clear') await notes.clear();
      else {
        tx.abort();
        aborted = true;
        break;
      }
    }
    await tx.done.catch((error: unknown) => assert.ok(aborted, String(error)));
  }
}

async function contents(db: IDBPDatabase) {
  const frames = await db.getAll('frames');
  const notes = await db.getAllKeys('notes');
  // The next auto-increment key shows the key generator kept its place.
  const tx = db.transaction('frames', 'readwrite');
  const nextKey = await tx.store.add({ value: 'probe' });
  tx.abort();
  await tx.done.catch(() => undefined);
  return { frames, notes, nextKey };
}

describe('the durable store as IndexedDB', () => {
  it('property: after any transactions, a reopen reads back what an in-memory IndexedDB holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(opArb, { maxLength: 6 }), { maxLength: 8 }), async (transactions) => {
        const dir = folder();
        const twin = await open(new IDBFactory());
        await apply(twin, transactions);
        const expected = await contents(twin);
        twin.close();

        const store = await openDurableStore(dir);
        const db = await open(store.factory);
        await apply(db, transactions);
        db.close();
        await store.close();
        const reopened = await openDurableStore(dir);
        const back = await open(reopened.factory);
        try {
          assert.deepEqual(await contents(back), expected);
        } finally {
          back.close();
          await reopened.close();
        }
      }),
      { numRuns: 25 },
    );
  });
});
