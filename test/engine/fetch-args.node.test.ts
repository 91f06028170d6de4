// engine.fetch takes what fetch takes (src/engine/fetch-args.ts): a string or a URL with a RequestInit, a Request
// with a RequestInit that overrides it, or a relative path; each gets the answer the same Request would. Over a
// model of bird sightings, not the demo's.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalEngine, type LocalEngine } from '../../src/engine/index.js';

const MODEL = `cubes:
  - name: sightings
    sql_table: sightings
    measures:
      - name: birds
        type: sum
        sql: birds
    dimensions:
      - name: species
        sql: species
        type: string
`;
const sightings = [
  { species: 'wren', birds: 3 },
  { species: 'robin', birds: 5 },
  { species: 'wren', birds: 4 },
];
const LOAD = 'https://local.svc/cubejs-api/v1/load';
const init = (): RequestInit => ({
  method: 'POST',
  headers: { Authorization: 'Bearer demo-admin-key', 'Content-Type': 'application/json' },
  body: JSON.stringify({
    query: { measures: ['sightings.birds'], dimensions: ['sightings.species'], order: { 'sightings.species': 'asc' } },
  }),
});
const expected = [
  { 'sightings.species': 'robin', 'sightings.birds': 5 },
  { 'sightings.species': 'wren', 'sightings.birds': 7 },
];
const rows = async (response: Response) => {
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as { data: Record<string, unknown>[] }).data.map((r) => ({
    'sightings.species': r['sightings.species'],
    'sightings.birds': Number(r['sightings.birds']),
  }));
};

describe('engine.fetch(input, init): the signature of fetch', () => {
  let engine: LocalEngine;
  before(async () => {
    engine = await createLocalEngine({
      name: `fetch-args-${process.pid}`,
      worker: false,
      model: MODEL,
      data: { sightings },
    });
  });
  after(() => engine.close());

  it('a string URL and a RequestInit', async () => {
    assert.deepEqual(await rows(await engine.fetch(LOAD, init())), expected);
  });

  it('a URL object and a RequestInit', async () => {
    assert.deepEqual(await rows(await engine.fetch(new URL(LOAD), init())), expected);
  });

  it('a relative path (read against http://localhost/ where there is no page)', async () => {
    assert.deepEqual(await rows(await engine.fetch('/cubejs-api/v1/load', init())), expected);
  });

  it('a Request, alone or with a RequestInit that overrides its method, headers and body', async () => {
    assert.deepEqual(await rows(await engine.fetch(new Request(LOAD, init()))), expected);
    const bare = new Request(LOAD); // a GET without credentials, made a POST with them by the init
    assert.deepEqual(await rows(await engine.fetch(bare, init())), expected);
  });

  it('a string without init is a GET, answered as the same Request would be', async () => {
    const [a, b] = await Promise.all([
      engine.fetch('https://local.svc/cubejs-api/v1/meta'),
      engine.fetch(new Request('https://local.svc/cubejs-api/v1/meta')),
    ]);
    assert.equal(a.status, b.status);
    assert.notEqual(a.status, 200, 'no credentials: refused');
    assert.deepEqual(await a.json(), await b.json());
  });

  it('an aborted signal in the init is honoured', async () => {
    const abort = new AbortController();
    abort.abort();
    await assert.rejects(async () => {
      const response = await engine.fetch(LOAD, { ...init(), signal: abort.signal });
      await response.text();
    });
  });
});
