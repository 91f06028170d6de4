// Test helpers for the engine: a fresh demo engine on its own IndexedDB database, transports per credential, a
// manual clock, and a dump of every store (to compare database states).

import { openDB } from 'idb';
import {
  createLocalEngine,
  DEMO,
  type EngineHooks,
  type EngineProgress,
  type EngineSeed,
  type LocalEngine,
  type LocalEngineOptions,
} from '../../src/engine/index.js';
import { HttpTransport } from '../../src/transport/http-transport.js';
import type { Credentials } from '../../src/transport/transport.js';

export { DEMO };

export interface Clock {
  now: () => number;
  advance: (ms: number) => void;
}

export function manualClock(start = Date.UTC(2026, 0, 15, 12)): Clock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

export interface TestEngine {
  engine: LocalEngine;
  name: string;
  clock: Clock;
  as(auth: Credentials): HttpTransport;
  admin: HttpTransport;
  dispose(): Promise<void>;
}

let counter = 0;

export async function testEngine(
  options: {
    seed?: 'demo' | EngineSeed;
    hooks?: EngineHooks;
    name?: string;
    onProgress?: (p: EngineProgress) => void;
    /** Further engine options (agent, checkChatToken, remoteJwks, …). */
    engine?: Partial<LocalEngineOptions>;
  } = {},
): Promise<TestEngine> {
  const name = options.name ?? `svc-test-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2)}`;
  const clock = manualClock();
  const engine = await createLocalEngine({
    name,
    seed: options.seed ?? 'demo',
    now: clock.now,
    hooks: options.hooks,
    onProgress: options.onProgress,
    // What a test asks of the engine is what it does: no data made before it is asked for.
    prepareData: false,
    ...options.engine,
  });
  const as = (auth: Credentials) =>
    new HttpTransport({
      baseUrl: 'https://local.svc',
      fetch: engine.fetch,
      auth,
      retry: { baseDelayMs: 1, maxDelayMs: 2 },
    });
  return {
    engine,
    name,
    clock,
    as,
    admin: as({ apiKey: DEMO.adminKey }),
    async dispose() {
      await engine.close();
      await deleteDatabase(name);
    },
  };
}

export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(new Error(`Could not delete database ${name}: ${request.error?.message}`));
    request.onblocked = () => resolve();
  });
}

/** Every record of every store, in key order. */
export async function dumpDatabase(name: string): Promise<Record<string, unknown[]>> {
  const db = await openDB(name);
  try {
    const out: Record<string, unknown[]> = {};
    for (const store of [...db.objectStoreNames].sort()) out[store] = await db.getAll(store);
    return out;
  } finally {
    db.close();
  }
}

/** Runs `fn` against the raw database (for what no endpoint does: e.g. deleting a workbook in a race). */
export async function withDatabase<T>(
  name: string,
  fn: (db: Awaited<ReturnType<typeof openDB>>) => Promise<T>,
): Promise<T> {
  const db = await openDB(name);
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

export async function rejection(
  promise: Promise<unknown>,
): Promise<{ status: number; message: string; code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; message: string; code?: string };
  }
  throw new Error('expected a rejection');
}

/** A transport holding the embed session token of an external viewer with these groups and region attribute. */
export async function viewerSession(
  t: TestEngine,
  externalId: string,
  groups: string[],
  region?: string,
): Promise<HttpTransport> {
  const { sessionId } = await t.admin.generateSession({
    deploymentId: 1,
    externalId,
    groups,
    ...(region !== undefined && { userAttributes: [{ name: 'region', value: region }] }),
  });
  return t.as({ serviceToken: (await t.admin.exchangeSessionToken(sessionId)).token });
}

/** Adds `count` external users straight into the database (for the 10,000-user limits). */
export function addExternalUsers(
  name: string,
  count: number,
  { isEphemeral = false, prefix = 'bulk' } = {},
): Promise<void> {
  return withDatabase(name, async (db) => {
    const tx = db.transaction('externalUsers', 'readwrite');
    for (let i = 0; i < count; i++) {
      void tx.store.add({
        tenant: '',
        externalId: `${prefix}-${i}`,
        email: null,
        profile: {},
        attributes: {},
        groups: [],
        isEphemeral,
        expiresAt: null,
        createdAt: '',
        updatedAt: '',
      });
    }
    await tx.done;
  });
}

/** A transport for the demo's chat agent (account `demo`, agent `analyst`) over an engine's fetch. */
export function chatTransport(fetch: (request: Request) => Promise<Response>, auth: Credentials): HttpTransport {
  return new HttpTransport({
    baseUrl: 'https://local.svc',
    fetch,
    auth,
    accountName: DEMO.accountName,
    agentId: DEMO.agentId,
  });
}
