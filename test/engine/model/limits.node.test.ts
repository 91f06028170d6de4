// Size limits of a model: bytes per file (UTF-8, not characters), bytes of the whole model, number of files. A file
// past a limit is refused before it is parsed, named with the line where it passes the limit; the limits are options.
// The models are a ferry line's: crossings between ports.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadModel, ModelError, type ModelProblem } from '../../../src/engine/index.js';
import { formatBytes, modelLimits, sizeProblems } from '../../../src/engine/model/limits.js';

const MiB = 1024 * 1024;

/** A valid model file of about `bytes` bytes: one cube per port with a few members. */
function crossings(bytes: number, prefix = 'p'): string {
  let text = 'cubes:\n';
  for (let i = 0; text.length < bytes; i++)
    text += `  - name: ${prefix}${i}_crossings
    sql_table: crossings
    measures:
      - name: passengers
        type: sum
        sql: passengers
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: port
        sql: port
        type: string
`;
  return text;
}

function refused(files: Record<string, string>, limits = {}): ModelProblem[] {
  try {
    loadModel(files, { tables: ['crossings'], limits });
  } catch (error) {
    assert.ok(error instanceof ModelError, String(error));
    return error.problems;
  }
  assert.fail('the model was accepted');
}

describe('model size limits', () => {
  it('a file over 1 MiB is refused at the line where it passes the limit, before it is parsed', () => {
    const text = crossings(1.5 * MiB);
    const [problem, ...rest] = refused({ 'cubes/crossings.yml': `${text}  - [unclosed\n` });
    assert.deepEqual(rest, []); // its syntax error is never reached
    assert.equal(problem.file, 'cubes/crossings.yml');
    assert.equal(problem.line, text.slice(0, MiB).split('\n').length);
    assert.equal(problem.message, 'The file is larger than 1 MiB (maxFileBytes): at least 1.5 MiB');
    // JSON likewise (JSON model files are read as YAML).
    const json = JSON.stringify({ cubes: [{ name: 'c', sql_table: 'crossings', meta: { pad: 'x'.repeat(3 * MiB) } }] });
    const [jsonProblem] = refused({ 'model.json': json });
    assert.equal(jsonProblem.file, 'model.json');
    assert.equal(jsonProblem.line, 1);
    assert.match(jsonProblem.message, /larger than 1 MiB \(maxFileBytes\)/);
  });

  it('counts UTF-8 bytes, not characters: 600,000 characters of "é" are 1.2 MB', () => {
    const text = `cubes: []\n# ${'é'.repeat(600_000)}\n`;
    assert.ok(text.length < MiB);
    const [problem] = refused({ 'accents.yml': text });
    assert.equal(problem.line, 2);
    assert.equal(problem.message, 'The file is larger than 1 MiB (maxFileBytes): 1.1 MiB');
    // Just under the limit in bytes: read (and a surrogate pair counts as 4 bytes, not 6).
    const under = `cubes: []\n# ${'🚢'.repeat(200_000)}\n`;
    assert.deepEqual(sizeProblems([['ships.yml', under]], modelLimits()), []);
    assert.equal(sizeProblems([['ships.yml', under]], modelLimits({ maxFileBytes: 800_000 })).length, 1);
  });

  it("the model's files together: the file that takes them past 8 MiB is named", () => {
    const file = crossings(0.95 * MiB);
    const files = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`cubes/${i}.yml`, file]));
    const problems = refused(files);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].file, 'cubes/8.yml'); // 9 × 0.95 MiB > 8 MiB
    assert.match(problems[0].message, /together are larger than 8 MiB \(maxModelBytes\) from this file on/);
    assert.ok(problems[0].line > 1);
  });

  it('more than 10,000 files are refused as a whole', () => {
    const files = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`cubes/${i}.yml`, '']));
    assert.deepEqual(refused(files), [
      { file: '<model>', line: 0, message: 'The model has 10001 files; at most 10000 are read (maxFiles)' },
    ]);
    assert.deepEqual(loadModel(files, { limits: { maxFiles: 20_000 } }).model.cubes, []);
  });

  it('models within the limits load; every limit is an option', () => {
    const file = crossings(0.9 * MiB);
    const { model } = loadModel({ 'big.yml': file }, { tables: ['crossings'] });
    assert.ok(model.cubes.length > 2_000);
    assert.match(refused({ 'big.yml': file }, { maxFileBytes: 100_000 })[0].message, /larger than 97.7 KiB/);
    const two = { 'a.yml': crossings(40_000, 'a'), 'b.yml': crossings(40_000, 'b') };
    assert.doesNotThrow(() => loadModel(two, { tables: ['crossings'] }));
    assert.equal(refused(two, { maxModelBytes: 60_000 })[0].file, 'b.yml');
    assert.equal(refused(two, { maxFiles: 1 })[0].file, '<model>');
  });

  it('formats sizes for messages', () => {
    assert.equal(formatBytes(12), '12 bytes');
    assert.equal(formatBytes(100_000), '97.7 KiB');
    assert.equal(formatBytes(MiB), '1 MiB');
    assert.equal(formatBytes(8 * MiB + 1), '8 MiB');
  });
});
