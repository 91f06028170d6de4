// Bring-your-own model and data in Chromium (real IndexedDB, DuckDB-wasm in a Worker): the same scenario as in Node,
// with the CSV by URL; then a reload — a new engine on the same database — keeps the imported tables and the model
// and imports nothing again.
import { expect } from '@open-wc/testing';
import { createLocalEngine, type EngineProgress, type LocalEngine } from '../../../src/engine/index.js';
import {
  admin,
  checkChat,
  checkLoad,
  checkRowLevelSecurity,
  checkSqlApi,
  checkTables,
  checkTrickyCsv,
  exampleInputs,
} from './own-data.scenario.js';

const read = async (path: string) => new Uint8Array(await (await fetch(`/${path}`)).arrayBuffer());
const url = (path: string) => new URL(`/${path}`, location.href).href;

describe('own model and data (Chromium)', function () {
  this.timeout(120_000);
  const name = `own-data-${Date.now()}`;
  let engine: LocalEngine;
  let inputs: Awaited<ReturnType<typeof exampleInputs>>;
  const imports: EngineProgress[] = [];

  before(async () => {
    inputs = await exampleInputs(read, url);
    engine = await createLocalEngine({
      name,
      ...inputs,
      onProgress: (p) => p.phase === 'import' && imports.push(p),
    });
  });
  after(async () => {
    await engine.close();
    indexedDB.deleteDatabase(name);
  });

  it('imports every format (the CSV by URL) with the types DuckDB infers, reporting bytes and rows', async () => {
    await checkTables(engine);
    const done = imports.filter((p) => p.phase === 'import' && p.rows !== undefined);
    expect(done.map((p) => p.phase === 'import' && p.table).sort()).to.deep.equal([
      'cinemas',
      'films',
      'ratings',
      'screenings',
      'staff',
    ]);
  });
  it('answers /load with exact numbers', () => checkLoad(engine));
  it('answers the SQL API (MEASURE) and refuses file readers', () => checkSqlApi(engine));
  it('answers in the chat', () => checkChat(engine));
  it("applies the model's access policy", () => checkRowLevelSecurity(engine));

  it('after a reload, has the tables and the model without importing again', async () => {
    await engine.close();
    // The files as a page has them at its next start (the engine in its Worker was handed the first ones' buffers).
    inputs = await exampleInputs(read, url);
    const again: EngineProgress[] = [];
    engine = await createLocalEngine({ name, ...inputs, onProgress: (p) => again.push(p) });
    expect(again.filter((p) => p.phase === 'import')).to.deep.equal([]);
    await checkTables(engine);
    await checkLoad(engine);
    await engine.close();
    // Without the options at all: what is stored is served.
    engine = await createLocalEngine({ name, seed: 'demo' });
    const meta = await admin(engine).loadMeta();
    expect(meta.cubes.map((c) => c.name)).to.include('box_office');
    await checkLoad(engine);
  });

  it('reads a CSV with quoted commas, newlines, empty fields, unicode and ISO times with the right types', () =>
    checkTrickyCsv(engine));
});
