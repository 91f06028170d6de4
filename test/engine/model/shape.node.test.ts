// A model given as an object of the wrong shape is a ModelError naming the field, never a TypeError from inside the
// checks (`{ cubes: [[]] }` threw "cube.measures is not iterable"); a model that is not plain data likewise. A property
// test feeds arbitrary values where a model's parts go, as an object and as YAML and JSON text: the loader returns a
// model or throws ModelError, nothing else. The model is a glasshouse's: plants and waterings.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { loadModel, ModelError, type ModelSource } from '../../../src/engine/index.js';

const plants = () => ({
  cubes: [
    {
      name: 'waterings',
      sql_table: 'waterings',
      measures: [{ name: 'litres', type: 'sum', sql: 'litres' }],
      dimensions: [
        { name: 'id', type: 'number', sql: 'id', primary_key: true },
        { name: 'bed', type: 'string', sql: 'bed' },
      ],
    },
  ],
  views: [{ name: 'beds', cubes: [{ join_path: 'waterings', includes: '*' }] }],
});

function messages(source: unknown): string[] {
  try {
    loadModel(source as ModelSource, { tables: ['waterings'] });
  } catch (error) {
    assert.ok(error instanceof ModelError, `not a ModelError: ${String(error)}`);
    return error.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  }
  assert.fail('the model was accepted');
}

describe('a model given as an object: its shape', () => {
  it('a wrong shape names the field, each one', () => {
    assert.deepEqual(messages({ cubes: [[]] }), ["<model>:0: The model's cubes[0]: must be an object"]);
    const model = plants() as Record<string, unknown> & ReturnType<typeof plants>;
    (model.cubes[0] as Record<string, unknown>).measures = {};
    delete (model.cubes[0].dimensions[1] as Partial<(typeof model.cubes)[0]['dimensions'][1]>).sql;
    (model.cubes[0].dimensions[0] as Record<string, unknown>).type = 'decimal';
    (model.views[0].cubes[0] as Record<string, unknown>).includes = 'bed';
    assert.deepEqual(messages(model), [
      "<model>:0: The model's cubes[0].measures: must be an array",
      "<model>:0: The model's cubes[0].dimensions[0].type: must be one of string, number, time, boolean",
      "<model>:0: The model's cubes[0].dimensions[1].sql: is required",
      '<model>:0: The model\'s views[0].cubes[0].includes: must be "*" or an array of names',
    ]);
  });

  it('a view cube without a join_path, or with an empty step in it, is a problem of its own, never a TypeError', () => {
    const view = (cubes: unknown) => ({ 'm.yml': stringify({ views: [{ name: 'v', cubes }] }) });
    assert.deepEqual(messages(view([{}])), ['m.yml:4: View v: cube: join_path is required']);
    assert.deepEqual(
      messages({ ...plants(), views: [{ name: 'v', cubes: [{ join_path: 'waterings.', includes: '*' }] }] }),
      ['<model>:0: View v: join_path waterings. has an empty cube name (write cube.cube)'],
    );
  });

  it('a model that is not plain data (a function in meta) is a ModelError', () => {
    const model = plants();
    (model.cubes[0] as Record<string, unknown>).meta = { colour: () => 'green' };
    const [message] = messages(model);
    assert.match(message, /^<model>:0: A model must be plain data: /);
  });

  it("keys and values named like Object's own properties are words like any other", () => {
    // YAML as a model file: a key "constructor" or "toString" is an unknown key (a warning), not a native function's
    // source as an error; a relationship "constructor" is not one of the three.
    const file = `cubes:
  - name: waterings
    sql_table: waterings
    constructor: x
    toString: y
    joins:
      - name: beds
        relationship: constructor
        sql: "{CUBE}.bed = {beds}.id"
    measures:
      - { name: litres, type: sum, sql: litres }
  - name: beds
    sql_table: waterings
    dimensions:
      - { name: id, type: string, sql: bed, primary_key: true }
`;
    assert.deepEqual(messages({ 'm.yml': file }), [
      'm.yml:8: Cube waterings, join beds: relationship constructor is not one of many_to_one, one_to_many, one_to_one',
    ]);
    const { warnings } = loadModel(
      { 'm.yml': file.replace('relationship: constructor', 'relationship: many_to_one') },
      {
        tables: ['waterings'],
      },
    );
    assert.deepEqual(
      warnings.map((w) => `${w.line}: ${w.message}`),
      ['4: Cube waterings: unknown key constructor (ignored)', '5: Cube waterings: unknown key toString (ignored)'],
    );
  });

  it('the right shape loads, extra keys and all', () => {
    const model = plants();
    (model.cubes[0] as Record<string, unknown>).meta = { greenhouse: 'north' };
    const { model: loaded } = loadModel(model as ModelSource, { tables: ['waterings'] });
    assert.equal(loaded.cubes[0].measures[0].name, 'litres');
    assert.notEqual(loaded, model); // a copy: the caller's object stays the caller's
  });

  it('property: arbitrary values in a model, as an object, YAML or JSON: a model or a ModelError, nothing else', () => {
    const key = fc.constantFrom(
      ...['name', 'sql', 'sql_table', 'type', 'measures', 'dimensions', 'joins', 'segments', 'access_policy'],
      ...['views', 'cubes', 'includes', 'excludes', 'join_path', 'filters', 'row_level', 'member_level', 'meta'],
      ...['relationship', 'primary_key', 'drill_members', 'prefix', 'alias', 'group', 'groups', 'values', 'member'],
      ...['operator', 'and', 'or', 'public', '<<', '__proto__'],
    );
    const any = fc.anything({ maxDepth: 2, withDate: true, withNullPrototype: true, withSparseArray: true });
    const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        any,
        fc.dictionary(key, tie('v'), { maxKeys: 5 }),
        fc.array(tie('v'), { maxLength: 3 }),
      ),
    })).v;
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 3 }), (model) => {
        for (const source of [model, { 'm.yml': stringify(model) }, { 'm.json': JSON.stringify(model) ?? 'null' }])
          try {
            loadModel(source as ModelSource, { tables: ['waterings'] });
          } catch (error) {
            assert.ok(error instanceof ModelError, `${String(error)}\n${JSON.stringify(source)}`);
          }
      }),
      { numRuns: 1000 },
    );
  });
});
