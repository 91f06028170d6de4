// A browser engine's tables kept in a DuckDB database in the origin-private file system (keepDatabase, the default):
// a new engine of the same name serves them from it without reading IndexedDB's copies (shown by corrupting those
// copies between the starts); a table changed or dropped meanwhile by an engine without the database is read again or
// dropped; two engines of one name at once both answer (the second in memory). Stamps, repairs and keepDatabase: false
// are in opfs-kept-repair.test.ts (each file has the runner's time limit to itself). Public data (vega-datasets'
// airports and flights), not the demo's.
import { expect } from '@open-wc/testing';
import { opfsFileName } from '../../../src/engine/data/opfs-database.js';
import {
  AIRPORTS_ONLY,
  DATA,
  type Database,
  MODEL,
  answers,
  corruptIndexedDbCopies,
  database,
  keptTables,
  loads,
  recordStamps,
  freshNames,
  start,
} from './opfs-kept-helpers.js';

describe('tables kept in a DuckDB database in OPFS (keepDatabase)', function () {
  this.timeout(180_000);
  const fresh = freshNames('opfs-kept');
  let opfs = true;
  it('serves its tables at the next start from the database, reading nothing from IndexedDB', async function () {
    const name = fresh();
    const first = await start(name, {
      model: MODEL,
      data: { airports: `${DATA}/airports.csv`, flights: `${DATA}/flights-200k.arrow` },
    });
    const expected = await answers(first.engine);
    expect((expected[0] as unknown[][])[0]).to.deep.equal(['AK', 263]);
    expect((expected[1] as unknown[])[0]).to.equal(200_000);
    await first.engine.close();
    const kept = database(first.events)!;
    if (!('path' in kept)) {
      // WebKitGTK's workers have no sync access handles: memory, as before (the other tests show it works).
      console.log(`no OPFS database here: ${kept.inMemory}`);
      opfs = false;
      this.skip();
    }
    expect(kept.path).to.equal(`opfs://${opfsFileName(name)}`);

    await corruptIndexedDbCopies(name);
    const second = await start(name, { model: MODEL });
    try {
      expect(await answers(second.engine)).to.deep.equal(expected);
      expect(loads(second.events), 'tables read from IndexedDB').to.deep.equal([]);
      expect(database(second.events)).to.deep.equal({ phase: 'database', path: kept.path });
    } finally {
      await second.engine.close();
    }
    expect(await keptTables(name)).to.deep.equal(await recordStamps(name));
  });

  it('reads again a table changed meanwhile, and drops one removed, by an engine without the database', async function () {
    if (!opfs) this.skip();
    const name = fresh();
    const data = { airports: `${DATA}/airports.csv`, flights: `${DATA}/flights-200k.arrow` };
    const first = await start(name, { model: MODEL, data });
    await answers(first.engine);
    await first.engine.close();

    const other = await start(name, { keepDatabase: false });
    expect(database(other.events)).to.equal(undefined); // nothing before the data plane is used
    const text = await (await fetch(`${DATA}/airports.csv`)).text();
    const lines = text.split('\n');
    const someAirports = `${lines.slice(0, 301).join('\n')}\n`;
    await other.engine.setModel(AIRPORTS_ONLY);
    await other.engine.putTable('airports', new File([someAirports], 'airports.csv', { type: 'text/csv' }));
    await other.engine.dropTable('flights');
    const changed = await answers(other.engine, false);
    expect(database(other.events)).to.deep.equal({ phase: 'database', inMemory: 'keepDatabase is false' });
    await other.engine.close();

    const third = await start(name);
    try {
      expect(await answers(third.engine, false)).to.deep.equal(changed);
      expect(loads(third.events)).to.deep.equal(['airports']);
    } finally {
      await third.engine.close();
    }
    const kept = await keptTables(name);
    expect(Object.keys(kept)).to.deep.equal(['airports']);
    expect(kept).to.deep.equal(await recordStamps(name));

    // …and that copy is served at the start after.
    await corruptIndexedDbCopies(name);
    const fourth = await start(name);
    try {
      expect(await answers(fourth.engine, false)).to.deep.equal(changed);
      expect(loads(fourth.events)).to.deep.equal([]);
    } finally {
      await fourth.engine.close();
    }
  });

  it('answers from two engines of one name at once: the second in memory, its changes read by the first', async () => {
    const name = fresh();
    const a = await start(name, {
      model: MODEL,
      data: { airports: `${DATA}/airports.csv`, flights: `${DATA}/flights-200k.arrow` },
    });
    const b = await start(name);
    try {
      const [fromA, fromB] = await Promise.all([answers(a.engine), answers(b.engine)]);
      expect(fromB).to.deep.equal(fromA);
      const where = [database(a.events)!, database(b.events)!];
      if (opfs) {
        expect(where.filter((d) => 'path' in d)).to.have.length(1);
        const inMemory = where.find((d): d is Extract<Database, { inMemory: string }> => 'inMemory' in d)!;
        expect(inMemory.inMemory).to.match(/another tab or worker/);
      }
      // A table replaced through either is what both answer.
      const inMemoryEngine = 'inMemory' in where[1] ? b.engine : a.engine;
      const lines = (await (await fetch(`${DATA}/airports.csv`)).text()).split('\n');
      await inMemoryEngine.putTable('airports', new File([`${lines.slice(0, 1001).join('\n')}\n`], 'a.csv'));
      const [againA, againB] = await Promise.all([answers(a.engine), answers(b.engine)]);
      expect(againA).to.deep.equal(againB);
      expect(againA).to.not.deep.equal(fromA);
    } finally {
      await a.engine.close();
      await b.engine.close();
    }
    if (!opfs) return;
    const kept = await keptTables(name);
    expect(kept).to.deep.equal(await recordStamps(name));
  });
});
