// Gateway differential suite (issue 33): the engine's `/meta` and `/load` answers (annotation, rows, time values,
// errors) against Cube 1.7.43's own API gateway's, recorded in gateway/fixtures/ by gateway/record.ts over
// examples/model and gateway/travel-model (vega-datasets' flights, airports and Seattle weather) in four time zones.
// No gateway is needed here: the answers are the recorded ones. Deliberate differences are listed in DELIBERATE.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readData, readModel } from '../../src/cli/model-files.js';
import { demoSeed, demoSeedWith } from '../../src/engine/demo-seed.js';
import { createLocalEngine, type LocalEngine } from '../../src/engine/index.js';
import { HttpTransport } from '../../src/transport/http-transport.js';
import { GATEWAY_MODELS, type GatewayModel } from './gateway/queries.js';

const root = new URL('../../', import.meta.url).pathname;
const KEYS = { adminKey: 'gateway-diff-admin-key', apiSecret: 'gateway-diff-secret-0123456789-0123456789' };

type Json = Record<string, unknown>;
interface Recorded {
  meta: { cubes: Json[] };
  loads: { name: string; query: Json; status: number; body: Json }[];
}

/**
 * Where the engine answers otherwise on purpose, by Cube's text: a client error Cube answers 500 is a 4xx here
 * (a hidden member: 403; the query limit: 400), the text Cube's without the "Error: " its 500 handler adds; a hidden
 * member is named as the query names it, where Cube names its SQL alias (`films__count`).
 */
const cubeText = (error: string) =>
  error.replace(/^Error: /, '').replace(/'(\w+)__(\w+)'/, (_, c: string, m: string) => `'${c}.${m}'`);

/**
 * Rows with Cube's numbers as the engine sends them: Cube's DuckDB driver sends numbers as text ("23436"), the engine
 * as JSON numbers (deliberate: README); every other value (text, time values, booleans, null) as it is.
 */
const asEngineSends = (rows: Json[], engineRows: Json[]) =>
  rows.map((row, i) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        typeof v === 'string' && typeof engineRows[i]?.[k] === 'number' && v.trim() !== '' ? Number(v) : v,
      ]),
    ),
  );

/** Keys of Cube's `/meta` the engine compares; the others only Cube sends (README, "Same answers as Cube"). */
const SOURCE_KEYS = ['name', 'type', 'title', 'description', 'isVisible', 'public', 'meta'];
const MEMBER_KEYS = [
  'name',
  'title',
  'shortTitle',
  'type',
  'description',
  'format',
  'meta',
  'isVisible',
  'public',
  'primaryKey',
  'suggestFilterValues',
  'aggType',
  'cumulative',
  'cumulativeTotal',
  'drillMembers',
  'drillMembersGrouped',
];
const pick = (o: Json, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
const metaView = (cubes: Json[]) =>
  cubes.map((c) => ({
    ...pick(c, SOURCE_KEYS),
    ...Object.fromEntries(
      ['measures', 'dimensions', 'segments'].map((k) => [k, (c[k] as Json[]).map((m) => pick(m, MEMBER_KEYS))]),
    ),
  }));

/** The model's engine (its tables read from the model's data files) and a viewer's token with the model's groups. */
async function engineFor(m: GatewayModel): Promise<{ engine: LocalEngine; token: string }> {
  let dataDir = join(root, m.data);
  if (m.files) {
    const dir = await mkdtemp(join(tmpdir(), `gateway-${m.name}-`));
    for (const f of m.files) await copyFile(join(dataDir, f), join(dir, f));
    dataDir = dir;
  }
  const model = await readModel(join(root, m.model));
  const data = await readData(dataDir);
  const seed = { ...demoSeedWith(KEYS), groups: [...demoSeed.groups!, ...m.groups.map((name) => ({ name }))] };
  const engine = await createLocalEngine({
    name: `gateway-diff-${m.name}-${process.pid}`,
    seed,
    model: model.files,
    data: data.tables,
  });
  const admin = new HttpTransport({
    baseUrl: 'https://engine.test',
    fetch: engine.fetch,
    auth: { apiKey: KEYS.adminKey },
  });
  const { sessionId } = await admin.generateSession({ deploymentId: 1, externalId: 'cube-client', groups: m.groups });
  return { engine, token: (await admin.exchangeSessionToken(sessionId)).token };
}

for (const m of GATEWAY_MODELS) {
  const recorded = JSON.parse(
    readFileSync(new URL(`gateway/fixtures/${m.name}.json`, import.meta.url), 'utf8'),
  ) as Recorded;

  describe(`the same answers as Cube's gateway: ${m.name}`, () => {
    let engine: LocalEngine;
    let token: string;
    before(async () => ({ engine, token } = await engineFor(m)));
    after(() => engine.close());

    const ask = async (path: string, init: RequestInit = {}) => {
      const headers = { authorization: token, 'content-type': 'application/json' };
      const response = await engine.fetch(
        new Request(`https://engine.test/cubejs-api/v1/${path}`, { ...init, headers }),
      );
      return { status: response.status, body: (await response.json()) as Json };
    };

    it('/meta: the same cubes, views and members, titles, visibility and keys', async () => {
      const { status, body } = await ask('meta');
      assert.equal(status, 200);
      assert.deepEqual(metaView(body.cubes as Json[]), metaView(recorded.meta.cubes));
      // The engine sends no key Cube does not, on a cube or a member.
      const cubes = new Map(recorded.meta.cubes.map((c) => [c.name, c]));
      for (const c of body.cubes as Json[]) {
        const cube = cubes.get(c.name)!;
        assert.deepEqual(
          Object.keys(c).filter((k) => !(k in cube)),
          [],
          String(c.name),
        );
        for (const kind of ['measures', 'dimensions', 'segments']) {
          const members = new Map((cube[kind] as Json[]).map((x) => [x.name, x]));
          for (const x of c[kind] as Json[])
            assert.deepEqual(
              Object.keys(x).filter((k) => !(k in members.get(x.name)!)),
              [],
              String(x.name),
            );
        }
      }
    });

    for (const load of recorded.loads) {
      it(`/load ${load.name}`, async () => {
        const { status, body } = await ask('load', { method: 'POST', body: JSON.stringify({ query: load.query }) });
        if (load.status !== 200) {
          if (load.status >= 500) assert.ok(status >= 400 && status < 500, `a 4xx where Cube answers ${load.status}`);
          else assert.equal(status, load.status, JSON.stringify(body));
          assert.equal(body.error, cubeText(load.body.error as string));
          assert.deepEqual(Object.keys(body), ['error']);
          return;
        }
        assert.equal(status, 200, JSON.stringify(body));
        assert.deepEqual(body.annotation, load.body.annotation);
        assert.deepEqual(body.data, asEngineSends(load.body.data as Json[], body.data as Json[]));
        const { lastRefreshTime: _t, requestId: _r, query: _q, ...rest } = body;
        const { query: _cq, annotation: _a, data: _d, ...cube } = load.body;
        assert.deepEqual(
          Object.fromEntries(Object.entries(rest).filter(([k]) => k !== 'annotation' && k !== 'data')),
          cube,
        );
      });
    }
  });
}
