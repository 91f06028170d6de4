// Reading model files within bounds: YAML alias bombs of every shape (wide, deep chains, aliases in keys, `<<` merge
// keys, a bomb in a cube's meta) and nesting past maxDepth (YAML, JSON, and depth multiplied by aliases) are refused
// with the file and the line of the alias or node, before they can keep the engine busy; legitimate anchors, aliases
// and merge keys (Cube's YAML reader takes them) still load, and mean what YAML says (yaml's own reading as oracle).
// The models are an observatory's: telescopes and their observations.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { DEMO, createLocalEngine, loadModel, ModelError, type ModelProblem } from '../../../src/engine/index.js';
import { DEFAULT_MODEL_LIMITS, modelLimits } from '../../../src/engine/model/limits.js';
import { Positions } from '../../../src/engine/model/problems.js';
import { readYaml } from '../../../src/engine/model/read-yaml.js';

const TABLES = ['observations', 'telescopes'];

function refused(files: Record<string, string>, limits = {}): ModelProblem[] {
  try {
    loadModel(files, { tables: TABLES, limits });
  } catch (error) {
    assert.ok(error instanceof ModelError, String(error));
    return error.problems;
  }
  assert.fail('the model was accepted');
}

/** `levels` anchors, each a mapping of `width` aliases of the one before: width^levels copies. */
function wideBomb(levels: number, width: number): string {
  let text = 'x-0: &b0 {sql: "lens", type: string}\n';
  for (let i = 1; i <= levels; i++)
    text += `x-${i}: &b${i} {${Array.from({ length: width }, (_, k) => `k${k}: *b${i - 1}`).join(', ')}}\n`;
  return `${text}cubes:\n  - name: observations\n    sql_table: observations\n    meta: *b${levels}\n`;
}

describe('model files: alias bombs are refused at the alias, with file and line', () => {
  it("the issue's shape: 6 levels of 9 aliases (529 bytes), and 8 levels", () => {
    for (const levels of [6, 8]) {
      const text = wideBomb(levels, 9);
      const [problem, ...rest] = refused({ 'cubes/observations.yml': text });
      assert.deepEqual(rest, []);
      assert.equal(problem.file, 'cubes/observations.yml');
      assert.match(problem.message, /YAML aliases and merge keys copy more than 10000 values \(maxAliasValues\)/);
      // The first alias whose copy passes the budget: on an anchor's line, before the cube that uses the last one.
      assert.ok(problem.line >= 2 && problem.line <= levels + 1, `line ${problem.line}`);
    }
  });

  it('a deep chain of width 2 (2^24 copies) in sequences', () => {
    let text = 'x-0: &c0 [telescope]\n';
    for (let i = 1; i <= 24; i++) text += `x-${i}: &c${i} [*c${i - 1}, *c${i - 1}]\n`;
    const [problem] = refused({ 'chain.yaml': `${text}cubes: []\n` });
    assert.equal(problem.file, 'chain.yaml');
    assert.match(problem.message, /maxAliasValues/);
    assert.ok(problem.line >= 2 && problem.line <= 25);
  });

  it('a bomb in a merge key: each level merges the one before and adds aliases of it', () => {
    let text = 'x-0: &m0 {aperture: 1, focal: 2}\n';
    for (let i = 1; i <= 10; i++) text += `x-${i}: &m${i} {<<: *m${i - 1}, a${i}: *m${i - 1}, b${i}: *m${i - 1}}\n`;
    const [problem] = refused({ 'merge.yml': text });
    assert.equal(problem.file, 'merge.yml');
    assert.match(problem.message, /maxAliasValues/);
    assert.ok(problem.line >= 2 && problem.line <= 11);
  });

  it('aliases in keys: a key naming a collection is refused at its line; a key naming a scalar is read', () => {
    const bomb = `${wideBomb(3, 9).split('cubes:')[0]}cubes:\n  - name: observations\n    sql_table: observations\n    meta:\n      ? *b3\n      : nothing\n`;
    assert.deepEqual(refused({ 'keys.yml': bomb }), [
      { file: 'keys.yml', line: 9, message: 'A key must be a plain value, not a mapping or a list' },
    ]);
    const scalar = `x-key: &k seeing\ncubes:\n  - name: observations\n    sql_table: observations\n    meta: {*k : good}\n    dimensions:\n      - {name: id, sql: id, type: number, primary_key: true}\n`;
    const { model } = loadModel({ 'keys.yml': scalar }, { tables: TABLES });
    assert.deepEqual(model.cubes[0].meta, { seeing: 'good' });
  });

  it('a bomb of merge lists inside a real cube, in flow style: each level merges and lists the one before', () => {
    let text = 'x-0: &l0 {night: 1}\n';
    for (let i = 1; i <= 10; i++)
      text += `x-${i}: &l${i} {<<: [*l${i - 1}], n${i}: [*l${i - 1}, *l${i - 1}, *l${i - 1}]}\n`;
    text += 'cubes: [{name: observations, sql_table: observations, meta: *l10}]\n';
    const [problem] = refused({ 'list.yml': text });
    assert.match(problem.message, /maxAliasValues/);
    assert.equal(problem.file, 'list.yml');
    assert.ok(problem.line >= 2 && problem.line <= 12);
  });

  it('refuses quickly enough for the next model to load: 20 bombs in a row, then a good model', () => {
    for (let i = 0; i < 20; i++) refused({ [`b${i}.yml`]: wideBomb(8, 9) });
    assert.equal(loadModel({ 'ok.yml': wideBomb(2, 3) }, { tables: TABLES }).model.cubes.length, 1);
  });
});

describe('model files: nesting past maxDepth is refused at its line (YAML, JSON, and through aliases)', () => {
  const cube = 'cubes:\n  - name: t\n    sql_table: observations\n    meta:';
  const json = '{"cubes": [{"name": "t", "sql_table": "observations", "meta":';
  const deep = (n: number) => ({
    'flow.yml': () => `${cube} ${'['.repeat(n)}1${']'.repeat(n)}\n`,
    'block.yml': () =>
      `${cube}\n${Array.from({ length: n }, (_, i) => `${' '.repeat(6 + 2 * i)}k${i}:`).join('\n')} 1\n`,
    'compact.yml': () => `${cube}\n      ${'- '.repeat(n)}1\n`,
    'object.json': () => `${json} ${'{"a":'.repeat(n)}1${'}'.repeat(n)}}]}`,
    'array.json': () => `${json} ${'['.repeat(n)}1${']'.repeat(n)}}]}`,
  });

  it('100,000 levels (no stack overflow, no crash), 1,000 and 65', () => {
    for (const n of [100_000, 1_000, 65]) {
      for (const [file, text] of Object.entries(deep(n))) {
        if (file === 'block.yml' && n > 1_000) continue; // 100,000 indented levels are 10 GB of spaces
        const [problem, ...rest] = refused({ [file]: text() }, { maxFileBytes: 4_000_000 });
        assert.deepEqual(rest, [], file);
        assert.equal(problem.file, file);
        assert.equal(problem.message, 'Nesting deeper than 64 levels (maxDepth)', file);
        const line = { 'flow.yml': 4, 'compact.yml': 5, 'object.json': 1, 'array.json': 1 }[file];
        if (line) assert.equal(problem.line, line, file);
        else assert.ok(problem.line > 60 && problem.line < 70, `${file}: ${problem.line}`);
      }
    }
  });

  it('depth just within the limit loads; the limit is an option', () => {
    // cubes (2) → cube (3) → meta (4) → 60 more levels = 64.
    const within = deep(60);
    for (const file of ['flow.yml', 'object.json', 'array.json'])
      assert.doesNotThrow(() => loadModel({ [file]: within[file as 'flow.yml']() }), file);
    const [problem] = refused({ 'flow.yml': within['flow.yml']() }, { maxDepth: 20 });
    assert.equal(problem.message, 'Nesting deeper than 20 levels (maxDepth)');
  });

  it('aliases that multiply depth: each anchor nests the one before 40 levels down', () => {
    const nest = (inner: string) => `${'['.repeat(40)}${inner}${']'.repeat(40)}`;
    const text = `x-0: &d0 ${nest('1')}\nx-1: &d1 ${nest('*d0')}\ncubes: []\n`;
    const [problem] = refused({ 'depth.yml': text });
    assert.equal(problem.message, 'Nesting deeper than 64 levels (maxDepth) once its aliases are copied');
    assert.equal(problem.file, 'depth.yml');
    assert.equal(problem.line, 2);
  });
});

/** The observatory's model, written with anchors and merge keys as Cube projects do. */
const OBSERVATORY = `x-defaults:
  number: &number
    type: number
    public: true
  hidden: &hidden
    public: false
cubes:
  - name: observations
    sql_table: observations
    joins:
      - name: telescopes
        relationship: many_to_one
        sql: "{CUBE}.telescope_id = {telescopes.id}"
    measures:
      - name: count
        type: count
      - &exposure
        name: exposure
        type: sum
        sql: seconds
      - <<: *exposure
        name: longest
        type: max
    dimensions:
      - <<: *number
        name: id
        sql: id
        primary_key: true
      - <<: [*hidden, *number]
        name: telescope_id
        sql: telescope_id
      - name: target
        sql: target
        type: string
  - name: telescopes
    sql_table: telescopes
    dimensions:
      - <<: *number
        name: id
        sql: id
        primary_key: true
      - name: site
        sql: site
        type: string
`;

describe('legitimate anchors, aliases and merge keys load, and mean what YAML says', () => {
  it('merge keys fill what a mapping does not set; its own keys and earlier sources win; lines point at the text', () => {
    const { model } = loadModel({ 'observatory.yml': OBSERVATORY }, { tables: TABLES });
    const [observations] = model.cubes;
    assert.deepEqual(
      observations.measures.map((m) => [m.name, m.type, m.sql]),
      [
        ['count', 'count', undefined],
        ['exposure', 'sum', 'seconds'],
        ['longest', 'max', 'seconds'],
      ],
    );
    const byName = Object.fromEntries(observations.dimensions.map((d) => [d.name, d]));
    assert.equal(byName.id.type, 'number');
    assert.equal(byName.id.public, true);
    // [*hidden, *number]: hidden comes first, so its public: false wins over number's public: true.
    assert.equal(byName.telescope_id.public, false);
    assert.equal(byName.telescope_id.type, 'number');
    // A problem in a merged key is reported at the line that writes it (the anchor's).
    const bad = OBSERVATORY.replace('    type: number\n    public: true', '    type: decimal\n    public: true');
    assert.deepEqual(
      refused({ 'observatory.yml': bad }).map((p) => `${p.line}: ${p.message}`),
      [
        '3: Cube observations, dimension id: type decimal is not supported (string, number, time, boolean)',
        '3: Cube observations, dimension telescope_id: type decimal is not supported (string, number, time, boolean)',
        '3: Cube telescopes, dimension id: type decimal is not supported (string, number, time, boolean)',
      ],
    );
  });

  it('answers queries over a model written with merge keys (real DuckDB)', async () => {
    const engine = await createLocalEngine({
      name: `read-yaml-${process.pid}`,
      model: { 'observatory.yml': OBSERVATORY },
      data: {
        telescopes: [
          { id: 1, site: 'La Palma' },
          { id: 2, site: 'Atacama' },
        ],
        observations: [
          { id: 1, telescope_id: 1, seconds: 300, target: 'M31' },
          { id: 2, telescope_id: 2, seconds: 1200, target: 'M42' },
          { id: 3, telescope_id: 2, seconds: 600, target: 'M31' },
        ],
      },
    });
    try {
      const load = async (query: unknown) => {
        const response = await engine.fetch(
          new Request('https://local.svc/cubejs-api/v1/load', {
            method: 'POST',
            headers: { authorization: `Bearer ${DEMO.adminKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ query }),
          }),
        );
        assert.equal(response.status, 200);
        return ((await response.json()) as { data: Record<string, unknown>[] }).data;
      };
      const rows = await load({
        measures: ['observations.exposure', 'observations.longest'],
        dimensions: ['telescopes.site'],
        order: { 'telescopes.site': 'asc' },
      });
      assert.deepEqual(
        rows.map((r) => [r['telescopes.site'], Number(r['observations.exposure']), Number(r['observations.longest'])]),
        [
          ['Atacama', 1800, 1200],
          ['La Palma', 300, 300],
        ],
      );
      // A bomb changes nothing: the engine keeps the model it had and answers as before.
      await assert.rejects(engine.setModel({ 'observatory.yml': wideBomb(8, 9) }), (error: unknown) => {
        assert.ok(error instanceof ModelError);
        assert.match(error.message, /observatory\.yml:\d+: YAML aliases and merge keys copy more than/);
        return true;
      });
      assert.equal((await load({ measures: ['observations.count'] }))[0]['observations.count'], 3);
    } finally {
      await engine.close();
    }
  });

  it('duplicate keys, cycles, unknown aliases and bad merges are refused with their lines; __proto__ is a key', () => {
    const cube = (meta: string) => `cubes:\n  - name: observations\n    sql_table: observations\n    meta: ${meta}\n`;
    assert.deepEqual(refused({ 'a.yml': cube('{seeing: 1, seeing: 2}') }), [
      { file: 'a.yml', line: 4, message: 'Duplicate key seeing (map keys must be unique)' },
    ]);
    assert.deepEqual(refused({ 'b.yml': cube('&self [1, *self]') }), [
      { file: 'b.yml', line: 4, message: 'Alias *self is inside the node it names (a cycle)' },
    ]);
    assert.deepEqual(refused({ 'c.yml': cube('[*nowhere]') }), [
      { file: 'c.yml', line: 4, message: 'Unknown alias *nowhere (its anchor &nowhere must come first)' },
    ]);
    // A second document is not read at all (a stream of 100,000 of them stops at the second).
    assert.deepEqual(refused({ 'g.yml': `cubes: []\n${'---\nx: 1\n'.repeat(100_000)}` }), [
      { file: 'g.yml', line: 2, message: 'YAML syntax error: a model file holds one document' },
    ]);
    assert.deepEqual(refused({ 'd.yml': cube('{<<: [1, 2]}') }), [
      { file: 'd.yml', line: 4, message: 'A merge key << takes a mapping or a list of mappings' },
    ]);
    const { model } = loadModel(
      { 'e.yml': `${cube('{__proto__: {polluted: true}}')}    dimensions: []\n` },
      {
        tables: TABLES,
      },
    );
    const meta = model.cubes[0].meta!;
    assert.equal(Object.getPrototypeOf(meta), Object.prototype);
    assert.deepEqual(Object.keys(meta), ['__proto__']);
    assert.equal((meta as { polluted?: boolean }).polluted, undefined);
  });

  it('a flat mapping of 40,000 keys (yaml uniqueKeys compares every pair) is read, its duplicate found', () => {
    const keys = Array.from({ length: 40_000 }, (_, i) => `k${i}: ${i}`);
    const text = `cubes:\n  - name: observations\n    sql_table: observations\n    meta:\n      ${[...keys, 'k7: again'].join('\n      ')}\n`;
    assert.deepEqual(refused({ 'wide.yml': text }), [
      { file: 'wide.yml', line: 40_005, message: 'Duplicate key k7 (map keys must be unique)' },
    ]);
  });

  it('property: with shared objects (anchors and aliases), the reader gives what yaml gives', () => {
    const leaf = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null));
    const value = fc.letrec<{ tree: unknown }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.array(tie('tree'), { maxLength: 4 }),
        // Not the key `<<`: the reader takes it as a merge key, as Cube reads models (`<<: false` is refused), which
        // yaml's plain parse does not; merge keys have their own property below.
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 5 }).filter((k) => k !== '<<'),
          tie('tree'),
          { maxKeys: 4 },
        ),
      ),
    })).tree;
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (parts, uses) => {
          // Reusing the same objects makes yaml's stringify write anchors and aliases.
          const shared = { parts, uses: uses.map((i) => parts[i % parts.length]) };
          const text = stringify(shared);
          const { value: read, errors } = readYaml('p.yml', text, new Positions(), modelLimits());
          assert.deepEqual(errors, []);
          assert.deepEqual(read, parse(text, { maxAliasCount: -1 }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: merge keys mean what yaml says (lists of sources, own keys first or last)', () => {
    const map = fc.dictionary(fc.constantFrom('name', 'type', 'sql', 'title', 'public'), fc.string({ maxLength: 4 }), {
      maxKeys: 4,
    });
    fc.assert(
      fc.property(fc.array(map, { minLength: 1, maxLength: 3 }), map, fc.boolean(), (sources, own, ownFirst) => {
        const anchors = sources.map((s, i) => `a${i}: &a${i} ${JSON.stringify(s)}`).join('\n');
        const merge = `<<: [${sources.map((_, i) => `*a${i}`).join(', ')}]`;
        const ownText = Object.entries(own).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
        const body = (ownFirst ? [...ownText, merge] : [merge, ...ownText]).map((l) => `  ${l}`).join('\n');
        const text = `${anchors}\nout:\n${body}\n`;
        const { value: read, errors } = readYaml('m.yml', text, new Positions(), modelLimits());
        assert.deepEqual(errors, []);
        assert.deepEqual(read, parse(text, { merge: true }));
      }),
      { numRuns: 300 },
    );
  });

  it('the limits: defaults, options, and bad values refused', () => {
    assert.deepEqual(
      { ...DEFAULT_MODEL_LIMITS },
      { maxFileBytes: 1_048_576, maxModelBytes: 8_388_608, maxFiles: 10_000, maxDepth: 64, maxAliasValues: 10_000 },
    );
    const merges = `x: &x {type: number}\ncubes: []\ny: [${Array.from({ length: 40 }, () => '*x').join(', ')}]\n`;
    assert.doesNotThrow(() => loadModel({ 'm.yml': merges }));
    assert.match(refused({ 'm.yml': merges }, { maxAliasValues: 50 })[0].message, /more than 50 values/);
    assert.throws(() => loadModel({ 'm.yml': merges }, { limits: { maxDepth: 0 } }), /maxDepth must be a positive/);
    assert.throws(() => loadModel({ 'm.yml': merges }, { limits: { maxDepth: 1.5 } }), TypeError);
    assert.throws(() => loadModel({ 'm.yml': merges }, { limits: { maxDepht: 3 } as never }), /Unknown model limit/);
  });
});
