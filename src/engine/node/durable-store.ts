// The engine's store on disk, for Node (`svc-elements serve --state <dir>`, `createLocalEngine({ stateDir })`).
//
// The engine speaks IndexedDB; in Node that is fake-indexeddb, in memory. Here every transaction it commits is also
// written to a DuckDB database file (`<dir>/store.duckdb`: one row per record, `(db, store, key, value)`, keys and
// values in V8's structured-clone serialization), in one DuckDB transaction: a business operation that is one
// IndexedDB transaction lands whole or not at all. DuckDB keeps a write-ahead log and replays it when the file is
// opened after a crash, so a `kill -9` loses at most what was not yet committed there. A schema change (a
// versionchange transaction) is written with the schema it leaves (stores, key paths, indexes). At start each
// database is made again at its kept version and schema, its records read back, each store's key generator where it
// was; the engine then opens it at its own version (running the migrations still to run, which are written too).
//
// `flushed()` resolves when every transaction committed so far is on disk: the served engine answers a request only
// after it (see durableResponse), so an acknowledged write survives a crash. Why DuckDB: the native driver is the
// engine's executor in Node already (one dependency, not two), it is transactional with a write-ahead log, and it
// holds values of any size as BLOBs. Commits that arrive while one is being written are written together (group
// commit: still whole transactions, in their order).
//
// fake-indexeddb has no hook for this, so three of its internal methods are wrapped (once per process, acting only
// on the databases of a durable factory): ObjectStore.storeRecord/deleteRecord/clear record what a transaction
// changed, keyed by the transaction's rollback log, and FDBTransaction's _markFinished/_abort commit or drop it. Its
// version is pinned in package.json; `openDurableStore` checks the internals are there before anything is read.

import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { DuckDBInstance, blobValue, listValue, type DuckDBConnection } from '@duckdb/node-api';
import 'fake-indexeddb/auto'; // idb recognises IndexedDB objects by the global classes
import { IDBFactory, IDBKeyRange, IDBTransaction as FDBTransaction } from 'fake-indexeddb';
import type { DurableStore } from './durable-response.js';

export type { DurableStore } from './durable-response.js';

type Effect =
  | { kind: 'put'; store: string; key: Uint8Array; value: Uint8Array }
  | { kind: 'delete'; store: string; key: Uint8Array }
  | { kind: 'clear'; store: string };

interface RawStore {
  name: string;
  keyPath: string | string[] | null;
  autoIncrement: boolean;
  rawIndexes: Map<string, { name: string; keyPath: string | string[]; unique: boolean; multiEntry: boolean }>;
  rawDatabase: object;
  keyGenerator: { num: number } | null;
  getAllKeys(range: unknown): unknown[];
  storeRecord: (
    this: RawStore,
    record: { key: unknown; value: unknown },
    noOverwrite: boolean,
    rollbackLog?: unknown[],
  ) => unknown;
  deleteRecord: (this: RawStore, key: unknown, rollbackLog?: unknown[]) => void;
  clear: (this: RawStore, rollbackLog?: unknown[]) => void;
}
interface RawTransaction {
  mode: string;
  db: { name: string; version: number; _rawDatabase: { rawObjectStores: Map<string, RawStore> } };
  _rollbackLog: unknown[];
  _scope: Set<string>;
}

/** The durable binding of one raw database (by the factory that made it). */
interface Binding {
  store: DurableStore & { commit(db: string, effects: Effect[], keys: [string, number][], schema?: Schema): void };
  name: string;
}

/** A database's version and object stores, as a versionchange transaction leaves them. */
interface Schema {
  version: number;
  stores: {
    name: string;
    keyPath: string | string[] | null;
    autoIncrement: boolean;
    indexes: { name: string; keyPath: string | string[]; unique: boolean; multiEntry: boolean }[];
  }[];
}

function schemaOf(version: number, stores: Map<string, RawStore>): Schema {
  return {
    version,
    stores: [...stores.values()].map((s) => ({
      name: s.name,
      keyPath: s.keyPath,
      autoIncrement: s.autoIncrement,
      indexes: [...s.rawIndexes.values()].map((i) => ({
        name: i.name,
        keyPath: i.keyPath,
        unique: i.unique,
        multiEntry: i.multiEntry,
      })),
    })),
  };
}

const bindings = new WeakMap<object, Binding>();
const effectsOf = new WeakMap<unknown[], Effect[]>();
const aborted = new WeakSet<object>();
let patchedStore: object | undefined;

function record(rollbackLog: unknown[] | undefined, raw: RawStore, effect: () => Effect | Effect[]): void {
  if (!rollbackLog || !bindings.has(raw.rawDatabase)) return;
  let list = effectsOf.get(rollbackLog);
  if (!list) effectsOf.set(rollbackLog, (list = []));
  const made = effect();
  if (Array.isArray(made)) list.push(...made);
  else list.push(made);
}

const bytes = (value: unknown) => new Uint8Array(serialize(value));

/** Wraps the raw object store's writes (its class is reached through an instance: it is not exported). */
function patchObjectStore(proto: RawStore): void {
  if (patchedStore === proto) return;
  if (patchedStore) throw new Error('svc-elements: fake-indexeddb loaded twice; the durable store needs one copy');
  const { storeRecord, deleteRecord, clear } = proto;
  if (typeof storeRecord !== 'function' || typeof deleteRecord !== 'function' || typeof clear !== 'function')
    throw new Error('svc-elements: this fake-indexeddb has no storeRecord/deleteRecord/clear: use the pinned version');
  patchedStore = proto;
  proto.storeRecord = function (this: RawStore, rec, noOverwrite, rollbackLog) {
    // Serialized first: a value V8 cannot write (a Blob) is refused as a browser's IndexedDB may refuse one, before
    // anything changes (the engine keeps a file's bytes instead).
    let value: Uint8Array | undefined;
    if (rollbackLog && bindings.has(this.rawDatabase))
      try {
        value = bytes(rec.value);
      } catch (error) {
        throw new DOMException(
          `The durable store cannot keep this value: ${(error as Error).message}`,
          'DataCloneError',
        );
      }
    const key = storeRecord.call(this, rec, noOverwrite, rollbackLog);
    if (value) record(rollbackLog, this, () => ({ kind: 'put', store: this.name, key: bytes(rec.key), value }));
    return key;
  };
  proto.deleteRecord = function (this: RawStore, key, rollbackLog) {
    const range = key instanceof IDBKeyRange ? key : IDBKeyRange.only(key);
    record(rollbackLog, this, () =>
      this.getAllKeys(range).map((k) => ({ kind: 'delete' as const, store: this.name, key: bytes(k) })),
    );
    deleteRecord.call(this, key, rollbackLog);
  };
  proto.clear = function (this: RawStore, rollbackLog) {
    clear.call(this, rollbackLog);
    record(rollbackLog, this, () => ({ kind: 'clear', store: this.name }));
  };
}

let patchedTransaction = false;
function patchTransaction(): void {
  if (patchedTransaction) return;
  const proto = FDBTransaction.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const { _markFinished: markFinished, _abort: abort } = proto;
  if (typeof markFinished !== 'function' || typeof abort !== 'function')
    throw new Error('svc-elements: this fake-indexeddb has no _markFinished/_abort: use the pinned version');
  patchedTransaction = true;
  proto._abort = function (this: RawTransaction, ...args: unknown[]) {
    aborted.add(this);
    return abort.apply(this, args);
  };
  proto._markFinished = function (this: RawTransaction, ...args: unknown[]) {
    const result = markFinished.apply(this, args);
    const binding = bindings.get(this.db._rawDatabase);
    const effects = effectsOf.get(this._rollbackLog) ?? [];
    effectsOf.delete(this._rollbackLog);
    if (!binding) return result;
    const versionchange = this.mode === 'versionchange';
    if (!effects.length && !versionchange) return result;
    // An aborted transaction changes nothing but its key generators (a key given explicitly moves one on for good).
    if (aborted.has(this)) {
      if (versionchange) return result;
      effects.length = 0;
    }
    const keys: [string, number][] = [];
    for (const name of versionchange ? this.db._rawDatabase.rawObjectStores.keys() : this._scope) {
      const generator = this.db._rawDatabase.rawObjectStores.get(name)?.keyGenerator;
      if (generator) keys.push([name, generator.num]);
    }
    const stores = this.db._rawDatabase.rawObjectStores;
    binding.store.commit(binding.name, effects, keys, versionchange ? schemaOf(this.db.version, stores) : undefined);
    return result;
  };
}

/** The store is in use by another process (DuckDB holds a lock on the file). */
export class StateInUseError extends Error {
  override name = 'StateInUseError';
}

const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS records (db VARCHAR, store VARCHAR, key BLOB, value BLOB, PRIMARY KEY (db, store, key))',
  'CREATE TABLE IF NOT EXISTS key_generators (db VARCHAR, store VARCHAR, num DOUBLE, PRIMARY KEY (db, store))',
  'CREATE TABLE IF NOT EXISTS schemas (db VARCHAR PRIMARY KEY, schema VARCHAR)',
];

/** The files open in this process (DuckDB's lock keeps other processes out, not a second open in this one). */
const openFiles = new Set<string>();

async function connect(file: string): Promise<{ instance: DuckDBInstance; conn: DuckDBConnection }> {
  if (openFiles.has(file)) throw new StateInUseError(`${file} is in use by another engine in this process`);
  try {
    const instance = await DuckDBInstance.create(file);
    return { instance, conn: await instance.connect() };
  } catch (error) {
    const message = (error as Error).message;
    if (/lock/i.test(message))
      throw new StateInUseError(`${file} is in use by another process (one engine per state folder): ${message}`);
    throw new Error(`${file}: the engine's state cannot be opened: ${message}`, { cause: error });
  }
}

/** Opens (creating) the state in `dir` and reads every database kept there into a new in-memory factory. */
export async function openDurableStore(dir: string): Promise<DurableStore> {
  mkdirSync(dir, { recursive: true });
  const path = join(realpathSync(dir), 'store.duckdb');
  const { instance, conn } = await connect(path);
  openFiles.add(path);
  for (const sql of SCHEMA) await conn.run(sql);
  const factory = new IDBFactory();
  patchTransaction();
  patchObjectStore(await rawStorePrototype());

  let queue: { db: string; effects: Effect[]; keys: [string, number][]; schema?: Schema }[] = [];
  let writing: Promise<void> = Promise.resolve();
  let failure: Error | undefined;
  const write = async (batch: typeof queue) => {
    await conn.run('BEGIN TRANSACTION');
    try {
      for (const { db, effects, keys, schema } of batch) {
        for (const e of effects) {
          if (e.kind === 'put')
            await conn.run('INSERT OR REPLACE INTO records VALUES ($1, $2, $3, $4)', [
              db,
              e.store,
              blob(e.key),
              blob(e.value),
            ]);
          else if (e.kind === 'delete')
            await conn.run('DELETE FROM records WHERE db = $1 AND store = $2 AND key = $3', [db, e.store, blob(e.key)]);
          else await conn.run('DELETE FROM records WHERE db = $1 AND store = $2', [db, e.store]);
        }
        for (const [store, num] of keys)
          await conn.run('INSERT OR REPLACE INTO key_generators VALUES ($1, $2, $3)', [db, store, num]);
        if (schema) {
          await conn.run('INSERT OR REPLACE INTO schemas VALUES ($1, $2)', [db, JSON.stringify(schema)]);
          const names = schema.stores.map((s) => s.name);
          // The records of a store the change deleted go with it.
          await conn.run(`DELETE FROM records WHERE db = $1 AND store NOT IN (SELECT unnest($2::VARCHAR[]))`, [
            db,
            listValue(names),
          ]);
        }
      }
      await conn.run('COMMIT');
    } catch (error) {
      await conn.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };
  const store: Binding['store'] = {
    factory,
    path,
    commit(db, effects, keys, schema) {
      if (failure) return;
      queue.push({ db, effects, keys, schema });
      if (queue.length > 1) return; // a write is scheduled: this one goes with it
      writing = writing.then(async () => {
        const batch = queue;
        queue = [];
        if (failure) return;
        try {
          await write(batch);
        } catch (error) {
          failure = new Error(`the engine's state could not be saved in ${path}: ${(error as Error).message}`);
        }
      });
    },
    async flushed() {
      await writing;
      if (failure) throw failure;
    },
    async close() {
      await writing;
      conn.closeSync();
      instance.closeSync();
      openFiles.delete(path);
    },
  };

  // Read back every database kept here, then bind each (its later transactions are written).
  const kept = (await conn.runAndReadAll('SELECT db, schema FROM schemas')).getRows() as [string, string][];
  for (const [name, text] of kept) {
    const schema = JSON.parse(text) as Schema;
    const connection = await create(factory, name, schema);
    const raw = rawStores(connection);
    const rows = (
      await conn.runAndReadAll('SELECT store, key, value FROM records WHERE db = $1 ORDER BY store', [name])
    ).getRows() as [string, { bytes: Uint8Array }, { bytes: Uint8Array }][];
    const names = [...new Set(rows.map(([s]) => s))].filter((s) => raw.has(s));
    if (names.length > 0) {
      const tx = connection.transaction(names, 'readwrite');
      for (const [s, key, value] of rows) {
        if (!raw.has(s)) continue;
        const objectStore = tx.objectStore(s);
        const record: unknown = deserialize(value.bytes);
        if (objectStore.keyPath === null) objectStore.put(record, deserialize(key.bytes) as IDBValidKey);
        else objectStore.put(withKey(record, objectStore.keyPath, key.bytes));
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onabort = () => reject(tx.error ?? new Error(`${path}: the records of ${name} could not be read back`));
      });
    }
    const generators = (
      await conn.runAndReadAll('SELECT store, num FROM key_generators WHERE db = $1', [name])
    ).getRows() as [string, number][];
    for (const [s, num] of generators) {
      const generator = raw.get(s)?.keyGenerator;
      if (generator) generator.num = Math.max(generator.num, num);
    }
    bindings.set(rawDatabaseOf(connection), { store, name });
    connection.close();
  }
  // A database opened for the first time is bound as it is created (before its schema's transaction commits).
  const open = factory.open.bind(factory);
  factory.open = (name: string, version?: number) => {
    const request = open(name, version);
    const bind = () => {
      const raw = rawDatabaseOf(request.result);
      if (!bindings.has(raw)) bindings.set(raw, { store, name });
    };
    request.addEventListener('upgradeneeded', bind);
    request.addEventListener('success', bind);
    return request;
  };
  return store;
}

const blob = (b: Uint8Array) => blobValue(b);

/**
 * A record of a store with a key generator is written as it was given, before the generator's key went into it:
 * the key goes in here again, where the store's key path says (never a new key for a kept record).
 */
function withKey(record: unknown, keyPath: string | string[], key: Uint8Array): unknown {
  if (typeof keyPath !== 'string' || typeof record !== 'object' || record === null) return record;
  const steps = keyPath.split('.');
  let at = record as Record<string, unknown>;
  for (const step of steps.slice(0, -1)) {
    if (typeof at[step] !== 'object' || at[step] === null) at[step] = {};
    at = at[step] as Record<string, unknown>;
  }
  if (at[steps[steps.length - 1]] === undefined) at[steps[steps.length - 1]] = deserialize(key);
  return record;
}

/** Makes database `name` at the kept version, with the kept object stores and indexes. */
function create(factory: IDBFactory, name: string, schema: Schema): Promise<IDBDatabase> {
  const request = factory.open(name, schema.version);
  request.onupgradeneeded = () => {
    for (const s of schema.stores) {
      const store = request.result.createObjectStore(s.name, {
        keyPath: s.keyPath ?? undefined,
        autoIncrement: s.autoIncrement,
      });
      for (const i of s.indexes) store.createIndex(i.name, i.keyPath, { unique: i.unique, multiEntry: i.multiEntry });
    }
  };
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`${name} could not be made again`));
  });
}

/** The class of fake-indexeddb's raw object stores, from one made in a throwaway factory (it is not exported). */
async function rawStorePrototype(): Promise<RawStore> {
  const request = new IDBFactory().open('probe', 1);
  request.onupgradeneeded = () => request.result.createObjectStore('probe');
  const connection = await new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('fake-indexeddb: the probe did not open'));
  });
  const raw = rawStores(connection).get('probe');
  connection.close();
  if (!raw) throw new Error('svc-elements: this fake-indexeddb keeps no raw object stores: use the pinned version');
  return Object.getPrototypeOf(raw) as RawStore;
}

function rawDatabaseOf(connection: unknown): object {
  const raw = (connection as { _rawDatabase?: object })._rawDatabase;
  if (!raw) throw new Error('svc-elements: this fake-indexeddb has no _rawDatabase: use the pinned version');
  return raw;
}

function rawStores(connection: unknown): Map<string, RawStore> {
  const stores = (rawDatabaseOf(connection) as { rawObjectStores?: Map<string, RawStore> }).rawObjectStores;
  if (!(stores instanceof Map)) throw new Error('svc-elements: this fake-indexeddb has no rawObjectStores');
  return stores;
}
