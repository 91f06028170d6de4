// Every kind of model problem, with its file and line; warnings for what is ignored; a bad model changes nothing.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLocalEngine, DEMO, loadModel, ModelError, type ModelProblem } from '../../../src/engine/index.js';

const CUBE = `cubes:
  - name: trips
    sql_table: trips
    measures:
      - name: count
        type: count
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: city
        sql: city
        type: string
`;

function problems(files: Record<string, string> | string, tables = ['trips', 'stations']): ModelProblem[] {
  try {
    loadModel(files, { tables });
  } catch (error) {
    assert.ok(error instanceof ModelError);
    assert.equal(error.file, error.problems[0].file);
    assert.equal(error.line, error.problems[0].line);
    return error.problems;
  }
  throw new Error('the model was accepted');
}

const at = (list: ModelProblem[]) => list.map((p) => `${p.file}:${p.line}: ${p.message}`);

describe('model errors: file, line, message', () => {
  it('YAML syntax', () => {
    const p = problems({ 'cubes/trips.yml': 'cubes:\n  - name: trips\n    sql_table: [trips\n' });
    assert.equal(p[0].file, 'cubes/trips.yml');
    assert.match(p[0].message, /^YAML syntax error/);
    assert.ok(p[0].line >= 3);
  });

  it('unknown member in a view, and every problem is listed', () => {
    const view = `views:\n  - name: v\n    cubes:\n      - join_path: trips\n        includes: [city, nope]\n        excludes: [gone]\n`;
    assert.deepEqual(at(problems({ 'cubes/trips.yml': CUBE, 'views/v.yml': view })), [
      'views/v.yml:4: View v: trips has no member nope',
      'views/v.yml:4: View v: trips has no member gone',
    ]);
  });

  it('unknown member in an access policy (member level and row level)', () => {
    const policy = `${CUBE}    access_policy:
      - group: ops
        member_level:
          includes: [city, secret]
        row_level:
          filters:
            - member: town
              operator: equals
              values: ["{ userAttributes.city }"]
`;
    assert.deepEqual(at(problems({ 'model.yml': policy })), [
      'model.yml:17: trips: access policy: member_level includes names unknown member secret',
      'model.yml:21: trips: access policy: row_level filter on unknown member town of trips',
    ]);
  });

  it('missing table', () => {
    assert.deepEqual(at(problems({ 'a.yml': CUBE.replace('sql_table: trips', 'sql_table: rides') })), [
      'a.yml:3: Cube trips: table rides does not exist (tables: stations, trips)',
    ]);
  });

  it('cyclic join (a directed cycle, and a view join path through a cube twice)', () => {
    const cycle = `cubes:
  - name: a
    sql_table: trips
    joins:
      - name: b
        relationship: many_to_one
        sql: "{CUBE}.id = {b}.id"
  - name: b
    sql_table: trips
    joins:
      - name: c
        relationship: many_to_one
        sql: "{CUBE}.id = {c}.id"
  - name: c
    sql_table: trips
    joins:
      - name: a
        relationship: many_to_one
        sql: "{CUBE}.id = {a}.id"
`;
    assert.deepEqual(at(problems({ 'j.yml': cycle })), ['j.yml:17: Cube c: cyclic join a → b → c → a']);
    // Joins declared both ways with inverse relationships are not a cycle.
    const pair = cycle
      .replace(/  - name: c\n[\s\S]*$/, '')
      .replace(
        /- name: c\n        relationship: many_to_one\n        sql: "\{CUBE\}.id = \{c\}.id"/,
        '- name: a\n        relationship: one_to_many\n        sql: "{CUBE}.id = {a}.id"',
      );
    assert.doesNotThrow(() => loadModel({ 'j.yml': pair }, { tables: ['trips'] }));
  });

  it('unsupported: Jinja, COMPILE_CONTEXT, JavaScript files, rolling windows; unknown references and types', () => {
    const jinja = `cubes:\n  - name: t\n    sql: "SELECT * FROM {{ table }}"\n`;
    assert.deepEqual(
      at(
        problems({
          'j.yml': jinja,
          'k.yml': `cubes:\n  - name: u\n    sql_table: "{COMPILE_CONTEXT.x}"\n`,
          'm.js': 'cube(`x`, {})',
        }),
      ),
      [
        'j.yml:3: Jinja templates are not supported by the local engine; write the model without them',
        'k.yml:3: COMPILE_CONTEXT is not supported by the local engine (there is no compile context)',
        'm.js:1: JavaScript model files are not supported: write YAML or JSON',
      ],
    );
    const bad = CUBE.replace(
      '      - name: count\n        type: count\n',
      '      - name: count\n        type: count\n      - name: rolling\n        type: sum\n        sql: "{nope}"\n        rolling_window:\n          trailing: 7 day\n      - name: geo\n        type: running_total\n        sql: id\n',
    );
    assert.deepEqual(at(problems({ 'b.yml': bad })), [
      'b.yml:10: Cube trips, measure rolling: rolling_window measures are not supported by the local engine',
      'b.yml:13: Cube trips, measure geo: type running_total is not supported (count, count_distinct, sum, avg, min, max, number)',
      'b.yml:7: Cube trips, measure rolling: unknown reference {nope}',
    ]);
  });

  it('warns, with file and line, about what it ignores', () => {
    const { warnings } = loadModel(
      {
        'w.yml': CUBE.replace(
          '    sql_table: trips\n',
          '    sql_table: trips\n    refresh_key:\n      every: 1 hour\n    pre_aggregations: []\n',
        ),
      },
      { tables: ['trips'] },
    );
    assert.deepEqual(at(warnings), [
      'w.yml:4: Cube trips: refresh_key is not used by the local engine (ignored)',
      'w.yml:6: Cube trips: pre_aggregations is not used by the local engine (ignored)',
    ]);
  });

  it('setModel with problems keeps serving the last good model; createLocalEngine rejects a bad one', async () => {
    const engine = await createLocalEngine({
      name: `model-errors-${process.pid}`,
      model: { 'trips.yml': CUBE },
      data: {
        trips: [
          { id: 1, city: 'Oslo' },
          { id: 2, city: 'Lima' },
        ],
      },
    });
    try {
      await assert.rejects(
        engine.setModel({ 'trips.yml': CUBE.replace('sql: city', 'sql: "{town}"') }),
        (e: unknown) => {
          assert.ok(e instanceof ModelError);
          assert.deepEqual(at(e.problems), ['trips.yml:12: Cube trips, dimension city: unknown reference {town}']);
          return true;
        },
      );
      const response = await engine.fetch(
        new Request('https://local.svc/cubejs-api/v1/load', {
          method: 'POST',
          headers: { authorization: `Bearer ${DEMO.adminKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query: { measures: ['trips.count'] } }),
        }),
      );
      assert.equal(((await response.json()) as { data: { 'trips.count': number }[] }).data[0]['trips.count'], 2);
      await assert.rejects(engine.dropTable('trips'), /read by cube trips/);
      await assert.rejects(engine.putTable('trips', new Uint8Array([1, 2, 3])), /Table trips: cannot tell its format/);
      assert.equal((await engine.tables())[0].rowCount, 2);
    } finally {
      await engine.close();
    }
    await assert.rejects(
      createLocalEngine({ name: `model-errors-b-${process.pid}`, model: { 'x.yml': CUBE }, data: {} }),
      /x.yml:3: Cube trips: table trips does not exist/,
    );
  });
});
