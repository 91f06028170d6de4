// The engine's store in Node, where there is no IndexedDB: fake-indexeddb's, in memory (it ends with the process),
// installed as the globals idb expects (indexedDB, IDBRequest, …). Imported only on Node's path, lazily, when there
// is no IndexedDB (in-page.ts): browser bundles load none of it.
import 'fake-indexeddb/auto';

export const nodeIndexedDb = (): IDBFactory => globalThis.indexedDB;
