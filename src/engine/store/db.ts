// Opening the engine's database: a versioned schema whose migrations run in order inside the upgrade transaction,
// over any IDBFactory (the browser's, or fake-indexeddb in Node).

import { wrap, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { EngineDB } from './schema.js';

export type Db = IDBPDatabase<EngineDB>;
type UpgradeTx = IDBPTransaction<EngineDB, StoreNames<EngineDB>[], 'versionchange'>;

/** Migration n takes the database from version n to n + 1. Never edit one that has shipped: append. */
const MIGRATIONS: ((db: Db, tx: UpgradeTx) => void)[] = [
  // 0 → 1: the control plane.
  (db) => {
    db.createObjectStore('meta', { keyPath: 'key' });
    db.createObjectStore('deployments', { keyPath: 'id' });
    const users = db.createObjectStore('users', { keyPath: 'id', autoIncrement: true });
    users.createIndex('email', 'email', { unique: true });
    users.createIndex('username', 'username', { unique: true });
    db.createObjectStore('apiKeys', { keyPath: 'hash' });
    db.createObjectStore('folders', { keyPath: 'id', autoIncrement: true }).createIndex('deploymentId', 'deploymentId');
    const workbooks = db.createObjectStore('workbooks', { keyPath: 'id', autoIncrement: true });
    workbooks.createIndex('deploymentSlug', ['deploymentId', 'slug'], { unique: true });
    workbooks.createIndex('deploymentId', 'deploymentId');
    const dashboards = db.createObjectStore('dashboards', { keyPath: 'id', autoIncrement: true });
    dashboards.createIndex('publicId', 'publicId', { unique: true });
    dashboards.createIndex('workbookId', 'workbookId');
    db.createObjectStore('dashboardVersions', { keyPath: 'id', autoIncrement: true }).createIndex(
      'dashboardId',
      'dashboardId',
    );
    for (const name of ['groups', 'attributes'] as const) {
      const store = db.createObjectStore(name, { keyPath: 'id', autoIncrement: true });
      store.createIndex('scopeName', ['scope', 'name'], { unique: true });
      store.createIndex('scope', 'scope');
    }
    db.createObjectStore('embedTenants', { keyPath: 'name' });
    const external = db.createObjectStore('externalUsers', { keyPath: 'id', autoIncrement: true });
    external.createIndex('tenantExternalId', ['tenant', 'externalId'], { unique: true });
    external.createIndex('tenant', 'tenant');
    external.createIndex('expiresAt', 'expiresAt');
    db.createObjectStore('sessions', { keyPath: 'sessionId' });
    db.createObjectStore('revokedTokens', { keyPath: 'jti' });
    db.createObjectStore('agents', { keyPath: 'id' });
  },
  // 1 → 2: the data plane.
  (db) => {
    db.createObjectStore('dataTables', { keyPath: 'name' });
    db.createObjectStore('dataModels', { keyPath: 'key' });
  },
  // 2 → 3: chat threads.
  (db) => {
    db.createObjectStore('chatThreads', { keyPath: 'chatId' });
  },
  // 3 → 4: imported files kept as they were given (CSV and TSV tables are read from them again).
  (db) => {
    db.createObjectStore('dataFiles', { keyPath: 'id', autoIncrement: true }).createIndex('table', 'table');
  },
  // 4 → 5: the stamps of stored tables, looked up without reading their rows (data/opfs-kept.ts).
  (_db, tx) => {
    tx.objectStore('dataTables').createIndex('kept', ['name', 'version', 'stamp']);
  },
];

export const DB_VERSION = MIGRATIONS.length;

/** Opens (creating or migrating) the database `name` on `factory`. */
export async function openEngineDb(factory: IDBFactory, name: string): Promise<Db> {
  const request = factory.open(name, DB_VERSION);
  request.onupgradeneeded = (event) => {
    const db = wrap(request.result) as unknown as Db;
    const tx = wrap(request.transaction!) as unknown as UpgradeTx;
    for (let v = event.oldVersion; v < DB_VERSION; v++) MIGRATIONS[v](db, tx);
  };
  const db = (await wrap(request)) as unknown as Db;
  // Another tab (or engine) upgrading the schema: let it, and stop using this connection.
  db.addEventListener('versionchange', () => db.close());
  return db;
}
