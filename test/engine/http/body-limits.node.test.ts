// Request bodies too large (413), nested too deep (JSON) and filter trees too deep (data API): a clear error, and
// nothing changes.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EXTERNAL_ID_MAX_LENGTH, MAX_BODY_BYTES, MAX_FILTER_DEPTH, MAX_JSON_DEPTH } from '../../../src/api/limits.js';
import { DEMO, createLocalEngine, demoSeed, type LocalEngine } from '../../../src/engine/index.js';
import { jsonDeeperThan } from '../../../src/engine/http/request.js';
import { deleteDatabase, dumpDatabase } from '../helpers.js';

const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepFilter = (n: number) =>
  '{"and":['.repeat(n - 1) + '{"member":"sales.status","operator":"set"}' + ']}'.repeat(n - 1);

describe('request body depth limits', () => {
  const name = `body-limits-${process.pid}`;
  let engine: LocalEngine;

  before(async () => {
    engine = await createLocalEngine({ name, seed: { ...demoSeed, data: { rows: 100 } } });
  });
  after(async () => {
    await engine.close();
    await deleteDatabase(name);
  });

  const send = async (method: string, path: string, authorization: string, body: string) => {
    const res = await engine.fetch(
      new Request(`https://local.svc${path}`, {
        method,
        headers: { authorization, 'content-type': 'application/json' },
        body,
      }),
    );
    return { status: res.status, body: (await res.json()) as { error: string } };
  };

  it('counts nesting outside strings only', () => {
    assert.equal(jsonDeeperThan(deepArray(3), 3), false);
    assert.equal(jsonDeeperThan(deepArray(4), 3), true);
    assert.equal(jsonDeeperThan(`{"a":"${'['.repeat(100)}","b":"\\"{{{{"}`, 1), false);
    assert.equal(jsonDeeperThan('[[1],[2],[3]]', 2), false);
  });

  it('refuses 5,000-deep JSON with a 400 before validation, and changes nothing', async () => {
    const tooDeep = { error: `Request body is nested deeper than ${MAX_JSON_DEPTH} levels` };
    const admin = `Bearer ${DEMO.adminKey}`;
    const dumped = await dumpDatabase(name);
    const cases: [string, string, string, string][] = [
      ['PUT', '/api/v1/deployments/1/workbooks/by-slug/deep', admin, `{"meta":{"x":${deepObject(5000)}}}`],
      ['PUT', '/api/v1/deployments/1/workbooks/by-slug/deep', admin, `{"meta":{"x":${deepArray(MAX_JSON_DEPTH)}}}`],
      [
        'POST',
        '/api/v1/embed/generate-session',
        `Api-Key ${DEMO.adminKey}`,
        `{"deploymentId":1,"externalId":"deep","securityContext":${deepObject(5000)}}`,
      ],
      ['POST', '/cubejs-api/v1/load', admin, `{"query":{"filters":[${deepFilter(2000)}]}}`],
      ['POST', '/api/v1/embed/session/token', '', deepArray(100_000)],
    ];
    for (const [method, path, authorization, body] of cases) {
      assert.deepEqual(await send(method, path, authorization, body), { status: 400, body: tooDeep }, path);
    }
    assert.deepEqual(await dumpDatabase(name), dumped);
    // Exactly at the limit is fine.
    const ok = await send('PUT', '/api/v1/deployments/1/workbooks/by-slug/deep', admin, `{"meta":${deepArray(63)}}`);
    assert.equal(ok.status, 400, 'meta must be an object: validated, not refused for depth');
    assert.match(ok.body.error, /^Invalid request body: meta: /);
  });

  it('refuses filter trees deeper than the limit with a 400 naming the filter', async () => {
    const { status, body } = await send(
      'POST',
      '/cubejs-api/v1/load',
      `Bearer ${DEMO.developerKey}`,
      `{"query":{"measures":["sales.count"],"filters":[${deepFilter(MAX_FILTER_DEPTH + 1)}]}}`,
    );
    assert.equal(status, 400);
    assert.equal(
      body.error,
      `Invalid request body: query.filters[0]${'.and[0]'.repeat(MAX_FILTER_DEPTH)}: ` +
        `filters may nest and/or at most ${MAX_FILTER_DEPTH} levels deep (the top-level filter is level 1)`,
    );
    const deepest = await send(
      'POST',
      '/cubejs-api/v1/load',
      `Bearer ${DEMO.developerKey}`,
      `{"query":{"measures":["sales.count"],"filters":[${deepFilter(MAX_FILTER_DEPTH)}]}}`,
    );
    assert.equal(deepest.status, 200, JSON.stringify(deepest.body));
  });

  it('refuses a body over 16 MB with a 413, and an external id over the limit with a 400; nothing changes', async () => {
    const dumped = await dumpDatabase(name);
    const huge = `{"meta":{"x":"${'y'.repeat(MAX_BODY_BYTES)}"}}`;
    const big = await send('PUT', '/api/v1/deployments/1/workbooks/by-slug/huge', `Bearer ${DEMO.adminKey}`, huge);
    assert.deepEqual(big, { status: 413, body: { error: 'Request body is larger than 16 MB' } });
    const long = await send(
      'POST',
      '/api/v1/embed/generate-session',
      `Api-Key ${DEMO.adminKey}`,
      JSON.stringify({ deploymentId: 1, externalId: 'x'.repeat(EXTERNAL_ID_MAX_LENGTH + 1) }),
    );
    assert.equal(long.status, 400);
    assert.match(long.body.error, new RegExp(`externalId: must be at most ${EXTERNAL_ID_MAX_LENGTH} characters`));
    assert.deepEqual(await dumpDatabase(name), dumped);
  });
});
