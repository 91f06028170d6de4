// The engine database's migrations: one that adds an index finds the records stored before it.
import 'fake-indexeddb/auto';
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { openDB } from 'idb';
import { DB_VERSION, openEngineDb } from '../../../src/engine/store/db.js';

void test('a database of version 4 upgrades with the stamps of its stored tables found by the kept index', async () => {
  const name = `db-upgrade-${Date.now()}`;
  // Version 4 as it shipped: the data plane's stores without the index.
  const old = await openDB(name, 4, {
    upgrade(db) {
      db.createObjectStore('dataTables', { keyPath: 'name' });
      db.createObjectStore('dataModels', { keyPath: 'key' });
    },
  });
  await old.put('dataTables', { name: 'rides', version: 3, rowCount: 2, stamp: 'abc' });
  await old.put('dataTables', { name: 'stops', version: 1, rowCount: 5 }); // stored before stamps: not indexed
  old.close();

  const db = await openEngineDb(indexedDB, name);
  try {
    assert.equal(db.version, DB_VERSION);
    assert.equal(await db.countFromIndex('dataTables', 'kept', ['rides', 3, 'abc']), 1);
    assert.equal(await db.countFromIndex('dataTables', 'kept', ['rides', 2, 'abc']), 0, 'another version');
    assert.equal(await db.countFromIndex('dataTables', 'kept', ['rides', 3, 'abd']), 0, 'another stamp');
    assert.equal(await db.countFromIndex('dataTables', 'kept'), 1, 'a record without a stamp is not in it');
    // Kept up to date as records change.
    await db.put('dataTables', { name: 'rides', version: 4, rowCount: 2, stamp: 'def' });
    assert.equal(await db.countFromIndex('dataTables', 'kept', ['rides', 3, 'abc']), 0);
    assert.equal(await db.countFromIndex('dataTables', 'kept', ['rides', 4, 'def']), 1);
  } finally {
    db.close();
  }
});
