// DuckDB in Node reads only the files the engine registers, under a directory of its own: not the host's files, not
// those of `<cwd>/imports/` (the relative `imports/` it once allowed), from a model's SQL (a model whose SQL tries is
// refused when it is set: DuckDB's permission error at the cube, nothing read) or from the SQL API, while imports
// still work. The model and data are a beekeeper's (apiaries' harvests), in a temporary working directory.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createExecutor } from '../../../src/engine/data/executor-runtime.js';
import { createLocalEngine, ModelError, type DataModel, type LocalEngine } from '../../../src/engine/index.js';
import { admin } from './own-data.scenario.js';

const SECRET = 'hive,kilos\nqueen-secret,999\n';
const HARVESTS = 'hive,kilos\nmeadow,12.5\nheather,8\nmeadow,3.5\n';

/** The data API's answer to a load of `measures`, or its error's status and message. */
const load = (engine: LocalEngine, measures: string[]) =>
  admin(engine)
    .load({ query: { measures } })
    .then(
      (r) => ({ status: 200, data: r.data, error: '' }),
      (e: Error & { status?: number }) => ({ status: e.status, data: undefined, error: e.message }),
    );

/** A model whose cube reads `sql` (a file reader, as a hostile model would), beside one over the imported table. */
const model = (sql: string): DataModel => ({
  cubes: [
    {
      name: 'harvests',
      sql_table: 'harvests',
      measures: [{ name: 'kilos', sql: 'kilos', type: 'sum' }],
      dimensions: [{ name: 'hive', sql: 'hive', type: 'string' }],
    },
    {
      name: 'probe',
      sql,
      measures: [{ name: 'kilos', sql: 'kilos', type: 'sum' }],
      dimensions: [{ name: 'hive', sql: 'hive', type: 'string' }],
    },
  ],
});

describe('DuckDB in Node: a private import directory', () => {
  const cwd = process.cwd();
  let dir: string;
  let engine: LocalEngine;
  before(async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), 'apiary-cwd-')));
    await mkdir(join(dir, 'imports'));
    await writeFile(join(dir, 'imports', 'secret.csv'), SECRET);
    await writeFile(join(dir, 'imports', '1.csv'), SECRET);
    await writeFile(join(dir, 'secret.csv'), SECRET);
    process.chdir(dir);
    engine = await createLocalEngine({
      name: `apiary-${process.pid}`,
      worker: false,
      model: { cubes: [model('').cubes[0]] },
      data: { harvests: { source: new TextEncoder().encode(HARVESTS), format: 'csv' } },
    });
  });
  after(async () => {
    await engine.close();
    process.chdir(cwd);
    await rm(dir, { recursive: true, force: true });
  });

  it('imports still work', async () => {
    const { status, data, error } = await load(engine, ['harvests.kilos']);
    assert.equal(status, 200, error);
    assert.deepEqual(data, [{ 'harvests.kilos': 24 }]);
    const put = await engine.putTable('late', new File([HARVESTS], 'late.csv'));
    assert.equal(put.rowCount, 3);
  });

  for (const [what, sql] of [
    ['relative imports/ path', "SELECT * FROM read_csv('imports/secret.csv')"],
    ['the name a registered file once had', "SELECT * FROM read_csv('imports/1.csv')"],
    ['relative path', "SELECT * FROM read_csv('secret.csv')"],
    ['absolute path', "SELECT * FROM read_csv('<dir>/imports/secret.csv')"],
    ['glob', "SELECT * FROM read_csv('imports/*.csv')"],
    ['read_text', "SELECT 'x' AS hive, length(content) AS kilos FROM read_text('imports/secret.csv')"],
    ['a private directory of another DuckDB', "SELECT * FROM read_csv('<tmp>/svc-imports-*/*.csv')"],
  ] as const) {
    it(`a model's SQL cannot read a host file (${what})`, async () => {
      const refused = await engine.setModel(model(sql.replace('<dir>', dir).replace('<tmp>', tmpdir()))).then(
        () => 'accepted',
        (e: unknown) => (e instanceof ModelError ? e.message : String(e)),
      );
      assert.match(
        refused,
        /^The data model has 1 problem:\n<model>:0: Cube probe: .*(Permission Error|not allowed|disabled)/i,
      );
      assert.doesNotMatch(refused, /999|queen-secret/);
      assert.equal((await load(engine, ['probe.kilos'])).status, 400, 'the model is the one before');
      // The engine goes on answering from its own table.
      assert.deepEqual((await load(engine, ['harvests.kilos'])).data, [{ 'harvests.kilos': 24 }]);
    });
  }

  it('the SQL API cannot read one either', async () => {
    for (const query of [
      "SELECT * FROM read_csv('imports/secret.csv')",
      `SELECT * FROM read_csv('${dir}/secret.csv')`,
    ]) {
      const answer = await admin(engine)
        .cubeSql({ query })
        .then(
          (r) => JSON.stringify(r),
          (e: Error & { status?: number }) => `${e.status} ${e.message}`,
        );
      assert.match(answer, /^400 /);
      assert.doesNotMatch(answer, /999|queen-secret/);
    }
  });

  it("each DuckDB's directory is absolute, its own, empty on disk, and removed when it stops", async () => {
    const executor = await createExecutor();
    after(() => executor.close());
    const allowed = async () => {
      const [[setting]] = (await executor.query("SELECT current_setting('allowed_directories')")).rows;
      const dirs = Array.isArray(setting)
        ? setting.map(String)
        : String(setting)
            .replace(/^\[|\]$/g, '')
            .split(', ');
      assert.equal(dirs.length, 1, String(setting));
      assert.match(dirs[0], new RegExp(`^${await realpath(tmpdir())}/svc-imports-[^/]+/$`));
      return dirs[0];
    };
    const first = await allowed();
    assert.deepEqual(await readdir(first), []);
    await executor.loadFile('harvests', new TextEncoder().encode(HARVESTS), 'csv');
    assert.deepEqual((await executor.query('SELECT sum(kilos) FROM harvests')).rows, [[24]]);
    assert.deepEqual(await readdir(first), []); // registered files live in DuckDB's memory, not on disk
    // Restarted in place (an import past its deadline): usable, empty, with a new directory; the old one is gone.
    executor.restart!();
    const second = await allowed();
    assert.notEqual(second, first);
    await assert.rejects(executor.query('SELECT * FROM harvests'), /harvests/);
    await executor.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await assert.rejects(readdir(first), { code: 'ENOENT' });
    await assert.rejects(readdir(second), { code: 'ENOENT' });
  });
});
