// Engine latency in the browser (real IndexedDB): upsert-by-slug and generate-session through engine.fetch, each
// against the floor of one bare idb read-write transaction writing the same records; and generate-session latency
// as the external-user count grows to 10,000.
import { openDB } from 'idb';
import { DEMO, createLocalEngine } from '../src/engine/index.js';
import { median, type Row } from './util.js';

const BASE = 'https://local.svc';

function request(method: string, path: string, auth: string, body: unknown): Request {
  return new Request(`${BASE}${path}`, {
    method,
    headers: { Authorization: auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function timeIt(runs: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  return times;
}

const now = () => new Date().toISOString();

function sessionBody(i: number) {
  return {
    deploymentId: 1,
    externalId: `bench-user-${i % 50}`,
    creatorMode: true,
    embedTenantName: DEMO.embedTenant,
    userAttributeDefinitions: Array.from({ length: 5 }, (_, k) => ({
      name: `attr_${k}`,
      type: 'string',
      displayName: `Attr ${k}`,
    })),
    groupDefinitions: Array.from({ length: 3 }, (_, k) => ({ name: `group-${k}`, description: `Group ${k}` })),
    userAttributes: Array.from({ length: 5 }, (_, k) => ({ name: `attr_${k}`, value: `v${(i + k) % 3}` })),
    groups: ['group-0', 'group-1', 'group-2'],
  };
}

export async function engineBench(runs = 200): Promise<Row[]> {
  const name = `svc-bench-${Date.now()}`;
  // The engine's own latency in the page, and through its worker (the browser default: a postMessage round trip
  // and the body's transfer added).
  const inPage = await createLocalEngine({ name, seed: 'demo', worker: false });
  const inWorker = await createLocalEngine({ name: `${name}-worker`, seed: 'demo', worker: true });
  const bearer = `Bearer ${DEMO.adminKey}`;
  const apiKey = `Api-Key ${DEMO.adminKey}`;
  const floorDb = await openDB(`${name}-floor`, 1, {
    upgrade(db) {
      db.createObjectStore('workbooks', { keyPath: 'id', autoIncrement: true });
      for (const s of ['attributes', 'groups', 'externalUsers', 'sessions'])
        db.createObjectStore(s, { keyPath: 'id', autoIncrement: true });
    },
  });
  try {
    // Warm up every path (JIT, first transactions).
    for (const engine of [inPage, inWorker]) {
      for (let i = 0; i < 20; i++) {
        await engine.fetch(request('PUT', `/api/v1/deployments/1/workbooks/by-slug/warm-${i}`, bearer, { name: 'w' }));
        await engine.fetch(request('POST', '/api/v1/embed/generate-session', apiKey, sessionBody(i)));
      }
    }

    const upsertFloor = await timeIt(runs, async (i) => {
      const tx = floorDb.transaction('workbooks', 'readwrite');
      await tx.store.put({
        id: (i % 20) + 1,
        deploymentId: 1,
        slug: `board-${i % 20}`,
        name: `Board ${i}`,
        meta: { i },
        updatedAt: now(),
      });
      await tx.done;
    });
    const sessionFloor = await timeIt(runs, async (i) => {
      const body = sessionBody(i);
      const tx = floorDb.transaction(['attributes', 'groups', 'externalUsers', 'sessions'], 'readwrite');
      await Promise.all([
        ...body.userAttributeDefinitions.map((d, k) =>
          tx.objectStore('attributes').put({ id: k + 1, ...d, updatedAt: now() }),
        ),
        ...body.groupDefinitions.map((g, k) => tx.objectStore('groups').put({ id: k + 1, ...g, updatedAt: now() })),
        tx
          .objectStore('externalUsers')
          .put({ id: (i % 50) + 1, externalId: body.externalId, attributes: body.userAttributes, groups: body.groups }),
        tx.objectStore('sessions').put({ id: i + 1, sessionId: `s-${i}`, claims: body }),
        tx.done,
      ]);
    });
    const measure = async (engine: typeof inPage) => {
      const upsert = await timeIt(runs, async (i) => {
        const res = await engine.fetch(
          request('PUT', `/api/v1/deployments/1/workbooks/by-slug/board-${i % 20}`, bearer, {
            name: `Board ${i}`,
            meta: { i },
          }),
        );
        if (res.status !== 200) throw new Error(`upsert ${res.status}`);
        await res.arrayBuffer();
      });

      const session = await timeIt(runs, async (i) => {
        const res = await engine.fetch(request('POST', '/api/v1/embed/generate-session', apiKey, sessionBody(i)));
        if (res.status !== 200) throw new Error(`generate-session ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      });
      return { upsert, session };
    };
    const page = await measure(inPage);
    const worker = await measure(inWorker);
    const row = (op: string, times: number[], floor: number[], target = '≤ 3× and ≤ 5 ms'): Row => ({
      operation: op,
      'median (engine.fetch)': `${median(times).toFixed(2)} ms`,
      'median (bare idb floor)': `${median(floor).toFixed(2)} ms`,
      'ratio to floor': `${(median(times) / median(floor)).toFixed(2)}×`,
      target,
    });
    return [
      row('upsert workbook by slug (update), in the page', page.upsert, upsertFloor),
      row('generate-session (5 defs, 5 attrs, 3 groups), in the page', page.session, sessionFloor),
      row('upsert workbook by slug, engine in its worker (default)', worker.upsert, upsertFloor, '≤ 5 ms'),
      row('generate-session, engine in its worker (default)', worker.session, sessionFloor, '≤ 5 ms'),
    ];
  } finally {
    floorDb.close();
    await inPage.close();
    await inWorker.close();
    indexedDB.deleteDatabase(name);
    indexedDB.deleteDatabase(`${name}-worker`);
    indexedDB.deleteDatabase(`${name}-floor`);
  }
}

/** generate-session latency (existing and new users) as the external-user count grows to 10,000. */
export async function userCountCurve(runs = 40): Promise<Row[]> {
  const name = `svc-bench-users-${Date.now()}`;
  const engine = await createLocalEngine({ name, seed: 'demo' });
  const apiKey = `Api-Key ${DEMO.adminKey}`;
  const rows: Row[] = [];
  let created = 0;
  const db = await openDB(name);
  try {
    for (const target of [0, 2500, 5000, 7500, 9900]) {
      const tx = db.transaction('externalUsers', 'readwrite');
      for (; created < target; created++) {
        void tx.store.add({
          tenant: '',
          externalId: `filler-${created}`,
          email: null,
          profile: {},
          attributes: {},
          groups: [],
          isEphemeral: false,
          expiresAt: null,
          createdAt: '',
          updatedAt: '',
        });
      }
      await tx.done;
      const body = (externalId: string) => ({
        deploymentId: 1,
        externalId,
        groups: ['sales-eu'],
        userAttributes: [{ name: 'region', value: 'EU' }],
      });
      const existing = await timeIt(runs, async (i) => {
        const res = await engine.fetch(request('POST', '/api/v1/embed/generate-session', apiKey, body(`filler-${i}`)));
        await res.arrayBuffer();
      });
      const fresh = await timeIt(runs, async (i) => {
        const res = await engine.fetch(
          request('POST', '/api/v1/embed/generate-session', apiKey, body(`new-${target}-${i}`)),
        );
        if (res.status !== 200) throw new Error(`generate-session ${res.status}`);
        await res.arrayBuffer();
      });
      rows.push({
        'external users': String(target),
        'existing user, median': `${median(existing).toFixed(2)} ms`,
        'new user, median': `${median(fresh).toFixed(2)} ms`,
      });
      created += fresh.length;
    }
    return rows;
  } finally {
    db.close();
    await engine.close();
    indexedDB.deleteDatabase(name);
  }
}
