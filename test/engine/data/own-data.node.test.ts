// Bring-your-own model and data in Node (fake-indexeddb, DuckDB's blocking build in a worker): the YAML model folder
// and CSV/Parquet/JSON/NDJSON/Arrow files of examples/, through /load, the SQL API, chat and access policies.
import 'fake-indexeddb/auto';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { createLocalEngine, type LocalEngine } from '../../../src/engine/index.js';
import {
  checkChat,
  checkLoad,
  checkRowLevelSecurity,
  checkSqlApi,
  checkTables,
  checkTrickyCsv,
  exampleInputs,
} from './own-data.scenario.js';

const root = new URL('../../../', import.meta.url);
const read = async (path: string) => new Uint8Array(await readFile(new URL(path, root)));

describe('own model and data (Node)', () => {
  let engine: LocalEngine;
  before(async () => {
    engine = await createLocalEngine({ name: `own-${process.pid}`, ...(await exampleInputs(read)) });
  });
  after(() => engine.close());

  it('imports every format with the types DuckDB infers', () => checkTables(engine));
  it('answers /load with exact numbers', () => checkLoad(engine));
  it('answers the SQL API (MEASURE) and refuses file readers', () => checkSqlApi(engine));
  it('answers in the chat', () => checkChat(engine));
  it("applies the model's access policy to sessions with groups and userAttributes", () =>
    checkRowLevelSecurity(engine));
  it('reads a CSV with quoted commas, newlines, empty fields, unicode and ISO times with the right types', () =>
    checkTrickyCsv(engine));
});
