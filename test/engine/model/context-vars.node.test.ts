// Cube's SQL context variables (SECURITY_CONTEXT and its old name USER_CONTEXT, securityContext as a reference,
// FILTER_PARAMS, FILTER_GROUP, SQL_UTILS) are refused at load, with the file and the line that writes them, wherever
// SQL is written: a cube's sql and sql_table, members, filters, segments, joins, pre-aggregations; in YAML and JSON,
// and in a model given as an object. Before, a cube whose own sql used one loaded and then failed every query.
// Access policies' { securityContext.x } values, the alternative, still load. The models are a library's loans.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DEMO,
  createLocalEngine,
  loadModel,
  ModelError,
  type ModelProblem,
  type ModelSource,
} from '../../../src/engine/index.js';
import { contextVariable } from '../../../src/engine/model/context-vars.js';

const TABLES = ['loans', 'branches'];

const LOANS = `cubes:
  - name: loans
    sql_table: loans
    measures:
      - name: count
        type: count
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: branch
        sql: branch
        type: string
`;

function problems(source: ModelSource): ModelProblem[] {
  try {
    loadModel(source, { tables: TABLES });
  } catch (error) {
    assert.ok(error instanceof ModelError, String(error));
    return error.problems;
  }
  assert.fail('the model was accepted');
}

const at = (list: ModelProblem[]) => list.map((p) => `${p.file}:${p.line}: ${p.message}`);
const POLICY =
  'restrict rows with an access_policy row_level filter whose values are { securityContext.x } or { userAttributes.x }';
const SC = `SECURITY_CONTEXT is not supported in SQL by the local engine: ${POLICY}`;

describe('SQL context variables are refused at load, at their line', () => {
  it("in a cube's own sql (it used to load and fail every query), in YAML and JSON", () => {
    const yaml = LOANS.replace(
      '    sql_table: loans\n',
      `    sql: "SELECT * FROM loans WHERE {SECURITY_CONTEXT.branch.filter('branch')}"\n`,
    );
    assert.deepEqual(at(problems({ 'cubes/loans.yml': yaml })), [`cubes/loans.yml:3: Cube loans, sql: ${SC}`]);
    const json = JSON.stringify(
      { cubes: [{ name: 'loans', sql: 'SELECT * FROM loans WHERE {SECURITY_CONTEXT.branch.filter("branch")}' }] },
      null,
      2,
    );
    assert.deepEqual(at(problems({ 'loans.json': json })), [`loans.json:5: Cube loans, sql: ${SC}`]);
  });

  it('every place SQL is written, each at its own line', () => {
    const model = `cubes:
  - name: loans
    sql_table: "{SECURITY_CONTEXT.schema}.loans"
    measures:
      - name: late
        type: count
        filters:
          - sql: "{CUBE}.days > {SECURITY_CONTEXT.grace_days}"
      - name: fines
        type: sum
        sql: "CASE WHEN {SECURITY_CONTEXT.role} = 'staff' THEN 0 ELSE fine END"
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: reader
        sql: "{SECURITY_CONTEXT.reader_id}"
        type: string
    segments:
      - name: mine
        sql: "{CUBE}.reader = {SECURITY_CONTEXT.reader_id}"
    joins:
      - name: branches
        relationship: many_to_one
        sql: "{CUBE}.branch = {branches.id} AND {SECURITY_CONTEXT.region} = {branches.region}"
    refresh_key:
      sql: "SELECT MAX(updated) FROM loans WHERE {SECURITY_CONTEXT.x}"
    pre_aggregations:
      - name: daily
        build_range_start:
          sql: "SELECT {SECURITY_CONTEXT.since}"
`;
    assert.deepEqual(at(problems({ 'm.yml': model })), [
      `m.yml:3: Cube loans, sql_table: ${SC}`,
      `m.yml:8: Cube loans, measure late, sql: ${SC}`,
      `m.yml:11: Cube loans, measure fines, sql: ${SC}`,
      `m.yml:18: Cube loans, dimension reader, sql: ${SC}`,
      `m.yml:22: Cube loans, segment mine, sql: ${SC}`,
      `m.yml:26: Cube loans, join branches, sql: ${SC}`,
      `m.yml:28: Cube loans, sql: ${SC}`,
      `m.yml:32: Cube loans, pre-aggregation daily, sql: ${SC}`,
    ]);
  });

  it('at the exact line inside a multi-line block scalar, and once for SQL shared by an alias', () => {
    const model = `cubes:
  - name: loans
    sql: >
      SELECT *
      FROM loans
      WHERE {SECURITY_CONTEXT.branch.filter('branch')}
    dimensions:
      - name: id
        sql: &shared "{SECURITY_CONTEXT.id}"
        type: number
      - name: id2
        sql: *shared
        type: number
`;
    assert.deepEqual(at(problems({ 'block.yml': model })), [
      `block.yml:6: Cube loans, sql: ${SC}`,
      `block.yml:9: Cube loans, dimension id, sql: ${SC}`,
    ]);
  });

  it('every form and name: ${…}, USER_CONTEXT, securityContext references, FILTER_PARAMS, FILTER_GROUP, SQL_UTILS', () => {
    const cube = (sql: string) => LOANS.replace('    sql_table: loans\n', `    sql: ${JSON.stringify(sql)}\n`);
    const cases: [string, RegExp][] = [
      ['SELECT * FROM loans WHERE ${SECURITY_CONTEXT.branch.unsafeValue()} = branch', /^3: SECURITY_CONTEXT is not/],
      ['SELECT * FROM loans WHERE {USER_CONTEXT.branch.filter("branch")}', /^3: Cube loans, sql: USER_CONTEXT is not/],
      ['SELECT * FROM loans WHERE branch = { securityContext.branch }', /^3: Cube loans, sql: securityContext is not/],
      ['SELECT * FROM loans WHERE branch = {security_context.branch}', /^3: Cube loans, sql: security_context is not/],
      ["SELECT * FROM loans WHERE {FILTER_PARAMS.loans.branch.filter('branch')}", /^3: .*FILTER_PARAMS is not supp/],
      ['SELECT * FROM loans WHERE {FILTER_GROUP(FILTER_PARAMS.loans.id.filter("id"))}', /FILTER_GROUP is not supp/],
      ['SELECT {SQL_UTILS.convertTz("due")} AS due FROM loans', /^3: Cube loans, sql: SQL_UTILS is not supported/],
    ];
    for (const [sql, expected] of cases) {
      const found = problems({ 'f.yml': cube(sql) }).map((p) => `${p.line}: ${p.message}`);
      assert.ok(
        found.some((p) => expected.test(p)),
        `${sql}\n${found.join('\n')}`,
      );
    }
    // The `${` form names the context variable too, not only the JavaScript syntax.
    const dollar = problems({ 'f.yml': cube(cases[0][0]) }).map((p) => p.message);
    assert.deepEqual(dollar, [
      'JavaScript template syntax ${…} is not supported in YAML models; write {CUBE} and {cube.member}',
      SC,
    ]);
  });

  it('in a model given as an object (cube sql and members), and {references} a cube sql would not render', () => {
    const model = {
      cubes: [
        {
          name: 'loans',
          sql: 'SELECT * FROM loans WHERE {SECURITY_CONTEXT.branch.filter("branch")}',
          measures: [{ name: 'count', type: 'count' as const }],
          dimensions: [{ name: 'reader', type: 'string' as const, sql: '{USER_CONTEXT.reader}' }],
        },
        {
          name: 'branches',
          sql: 'SELECT * FROM {loans.sql()} JOIN branches USING (id) WHERE {CUBE}.open',
          measures: [],
          dimensions: [],
        },
      ],
    };
    assert.deepEqual(at(problems(model)), [
      `<model>:0: Cube loans: sql: ${SC}`,
      `<model>:0: Cube loans, dimension reader: ${SC.replace('SECURITY_CONTEXT', 'USER_CONTEXT')}`,
      "<model>:0: Cube branches: sql: {loans.sql()} is not rendered in a cube's sql by the local engine; write table and column names",
      "<model>:0: Cube branches: sql: {CUBE} is not rendered in a cube's sql by the local engine; write table and column names",
    ]);
  });

  it('what is not a context variable still loads: policy values, lower-case columns, prose, struct literals', () => {
    const model = LOANS.replace(
      '    sql_table: loans\n',
      `    sql: "SELECT *, {'shelf': 1} AS place FROM loans WHERE user_context IS NULL OR security_context_id > 0"\n    description: Loans by branch; each reader sees their branch through the security context\n`,
    ).concat(`    access_policy:
      - group: librarians
        row_level:
          filters:
            - member: branch
              operator: equals
              values: ["{ securityContext.branch }", "{ userAttributes.branch }"]
`);
    const { model: loaded } = loadModel({ 'ok.yml': model }, { tables: TABLES });
    assert.equal(loaded.cubes[0].access_policy?.[0].row_level?.filters?.length, 1);
    assert.equal(contextVariable('SELECT user_context, securityContext FROM t'), undefined);
    assert.deepEqual(contextVariable('x {SQL_UTILS.a} {SECURITY_CONTEXT.b}'), {
      name: 'SQL_UTILS',
      index: 3,
      message: "SQL_UTILS is not supported by the local engine: times are converted to the query's timezone; remove it",
    });
  });

  it('an engine refuses such a model at start and at setModel, and keeps answering with the model it had', async () => {
    const data = {
      loans: [
        { id: 1, branch: 'north' },
        { id: 2, branch: 'south' },
        { id: 3, branch: 'north' },
      ],
      branches: [{ id: 'north' }, { id: 'south' }],
    };
    const bad = {
      'loans.yml': LOANS.replace(
        '    sql_table: loans\n',
        `    sql: "SELECT * FROM loans WHERE {SECURITY_CONTEXT.branch.filter('branch')}"\n`,
      ),
    };
    await assert.rejects(
      createLocalEngine({ name: `context-vars-a-${process.pid}`, model: bad, data }),
      (error: unknown) => error instanceof ModelError && error.file === 'loans.yml' && error.line === 3,
    );
    const engine = await createLocalEngine({
      name: `context-vars-${process.pid}`,
      model: { 'loans.yml': LOANS },
      data,
    });
    try {
      await assert.rejects(engine.setModel(bad), (error: unknown) => {
        assert.ok(error instanceof ModelError);
        assert.deepEqual(at(error.problems), [`loans.yml:3: Cube loans, sql: ${SC}`]);
        return true;
      });
      const response = await engine.fetch(
        new Request('https://local.svc/cubejs-api/v1/load', {
          method: 'POST',
          headers: { authorization: `Bearer ${DEMO.adminKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            query: { measures: ['loans.count'], dimensions: ['loans.branch'], order: { 'loans.branch': 'asc' } },
          }),
        }),
      );
      assert.equal(response.status, 200);
      const rows = ((await response.json()) as { data: Record<string, unknown>[] }).data;
      assert.deepEqual(
        rows.map((r) => [r['loans.branch'], Number(r['loans.count'])]),
        [
          ['north', 2],
          ['south', 1],
        ],
      );
    } finally {
      await engine.close();
    }
  });
});
