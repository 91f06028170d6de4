// A model set on the engine is bound against its tables by DuckDB (src/engine/data/probe.ts): a misspelt column, a
// join whose SQL names a column that is not there, a cube whose own SQL does not run — each a problem at its file and
// line when the model is set (nothing changed), never a binder message when a query first runs; together with the
// problems of every other file, a YAML syntax error in one included. Real public files: vega-datasets' airports and
// Seattle weather, as they come.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createLocalEngine, ModelError, type LocalEngine, type ModelProblem } from '../../../src/engine/index.js';

const data = (file: string) =>
  new File([readFileSync(new URL(`../../../node_modules/vega-datasets/data/${file}`, import.meta.url))], file);

const WEATHER = `cubes:
  - name: weather
    sql_table: seattle_weather
    measures:
      - name: days
        type: count
      - name: rain
        type: sum
        sql: precipitation
    dimensions:
      - name: date
        sql: date
        type: time
      - name: kind
        sql: weather
        type: string
`;
const AIRPORTS = `cubes:
  - name: airports
    sql_table: airports
    measures:
      - name: count
        type: count
    dimensions:
      - name: iata
        sql: iata
        type: string
        primary_key: true
      - name: state
        sql: state
        type: string
`;

async function problemsOf(engine: LocalEngine, files: Record<string, string>): Promise<string[]> {
  try {
    await engine.setModel(files);
  } catch (error) {
    assert.ok(error instanceof ModelError, String(error));
    return error.problems.map((p: ModelProblem) => `${p.file}:${p.line}: ${p.message}`);
  }
  throw new Error('the model was accepted');
}

const count = async (engine: LocalEngine, member: string) => {
  const response = await engine.fetch('https://local.svc/cubejs-api/v1/load', {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-admin-key', 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: { measures: [member] } }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return Number(((await response.json()) as { data: Record<string, unknown>[] }).data[0][member]);
};

describe('setModel binds the model against the tables', () => {
  let engine: LocalEngine;
  before(async () => {
    engine = await createLocalEngine({
      name: `probe-${process.pid}`,
      worker: false,
      model: { 'weather.yml': WEATHER, 'airports.yml': AIRPORTS },
      data: { seattle_weather: data('seattle-weather.csv'), airports: data('airports.csv') },
    });
  });
  after(() => engine.close());

  it('a misspelt column is a problem at its member’s line, with the columns it may have meant', async () => {
    const found = await problemsOf(engine, {
      'weather.yml': WEATHER.replace('sql: precipitation', 'sql: precipitaton'),
      'airports.yml': AIRPORTS,
    });
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(
      found[0],
      /^weather\.yml:9: Cube weather, measure rain: column "precipitaton" is not in table seattle_weather \(did you mean "precipitation"\?\)$/,
    );
    // Nothing changed: the model before still answers.
    assert.equal(await count(engine, 'weather.days'), 1461);
  });

  it('every file’s problems in one pass: a YAML syntax error, a misspelt column and an unknown member elsewhere', async () => {
    const found = await problemsOf(engine, {
      'airports.yml': `${AIRPORTS}      - name: broken\n        sql: [state\n`,
      'weather.yml': WEATHER.replace('sql: weather', 'sql: wether'),
      'views/days.yml':
        'views:\n  - name: days\n    cubes:\n      - join_path: weather\n        includes: [days, nowhere]\n',
    });
    assert.equal(found.length, 3, found.join('\n'));
    assert.match(found[0], /^airports\.yml:\d+: YAML syntax error/);
    assert.match(found[1], /^views\/days\.yml:4: View days: weather has no member nowhere/);
    assert.match(
      found[2],
      /^weather\.yml:15: Cube weather, dimension kind: column "wether" is not in table seattle_weather/,
    );
  });

  it('one YAML mistake is one problem, however many things the parser says at its line', async () => {
    const places = readFileSync(new URL('../../fixtures/vega-flights/model/places.yml', import.meta.url), 'utf8');
    const found = await problemsOf(engine, {
      'places.yml': places.replace('sql_table: airports', 'sql_table: [airports'), // the yaml package says 3 things
    });
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^places\.yml:5: YAML syntax error/);
  });

  it('references into a file that could not be read are not reported as unknown', async () => {
    const found = await problemsOf(engine, {
      'airports.yml': 'cubes:\n  - name: airports\n    sql_table: [airports\n',
      'weather.yml': `${WEATHER}    joins:\n      - name: airports\n        relationship: many_to_one\n        sql: "{CUBE}.weather = {airports.state}"\n`,
      'views/v.yml': 'views:\n  - name: v\n    cubes:\n      - join_path: airports\n        includes: "*"\n',
    });
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^airports\.yml:\d+: YAML syntax error/);
  });

  it('a join whose SQL names a column that is not there, at the join’s line', async () => {
    const found = await problemsOf(engine, {
      'airports.yml': AIRPORTS,
      'weather.yml': `${WEATHER}    joins:\n      - name: airports\n        relationship: many_to_one\n        sql: "{CUBE}.station = {airports.iata}"\n`,
    });
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^weather\.yml:20: Cube weather, join airports: column "station" is not in /);
  });

  it('a cube whose own SQL does not run: said once, at its sql line', async () => {
    const found = await problemsOf(engine, {
      'airports.yml': AIRPORTS.replace('sql_table: airports', 'sql: SELECT * FROM airports WHERE elevation > 0'),
      'weather.yml': WEATHER,
    });
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^airports\.yml:3: Cube airports: column "elevation" is not in the cube’s sql/);
  });

  it('a model that binds is set, and answers', async () => {
    const good = WEATHER.replace('sql: weather', 'sql: upper(weather)');
    await engine.setModel({ 'weather.yml': good, 'airports.yml': AIRPORTS });
    assert.equal(await count(engine, 'airports.count'), 3376);
  });

  it('a JSON object that is not a model (a GeoJSON) is refused as a model file, naming its keys', async () => {
    // The USGS feed's first 50 earthquakes (the whole file is past the 1 MiB a model file may have).
    const all = JSON.parse(
      readFileSync(new URL('../../../node_modules/vega-datasets/data/earthquakes.json', import.meta.url), 'utf8'),
    ) as { features: unknown[] };
    const geo = JSON.stringify({ ...all, features: all.features.slice(0, 50) });
    const found = await problemsOf(engine, { 'weather.yml': WEATHER, 'earthquakes.json': geo });
    assert.deepEqual(found, [
      'earthquakes.json:1: Not a model file: it holds neither cubes: nor views: (its keys: type, metadata, features, bbox); leave it out of the model',
    ]);
  });
});
