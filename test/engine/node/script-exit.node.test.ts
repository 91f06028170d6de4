// A Node script that uses the engine ends by itself once it is done (issue 36, item 3): DuckDB's worker thread holds
// the process only while a call is in flight, so a query awaited at the top level still completes, and an idle engine
// never keeps a test runner, CLI tool or one-off script alive. And it needs no `indexedDB` option nor
// fake-indexeddb import: in Node the engine takes an in-memory IndexedDB. Real child processes, real DuckDB.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const root = new URL('../../../', import.meta.url).pathname;
const EXIT_WITHIN_MS = 20_000; // the bound of a script that does not end by itself is the test's own timeout

/**
 * Runs `body` as an ES module script (top-level await) with the engine and the greenhouse fixture imported, and
 * nothing else: no IndexedDB (the engine takes an in-memory one in Node), no engine.close().
 */
async function runScript(body: string) {
  const dir = await mkdtemp(join(tmpdir(), 'svc-script-'));
  const file = join(dir, 'script.mts');
  await writeFile(
    file,
    `import { DEMO, createLocalEngine } from ${JSON.stringify(join(root, 'src/engine/index.ts'))};
import { GREENHOUSE_MODEL, READINGS_CSV } from ${JSON.stringify(join(root, 'test/fixtures/greenhouse.ts'))};
const load = async (engine, query) => {
  const response = await engine.fetch(new Request('http://local/cubejs-api/v1/load', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + DEMO.adminKey, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  }));
  return response.status + ' ' + JSON.stringify((await response.json()).data);
};
const greenhouse = () => createLocalEngine({
  seed: 'demo',
  model: { 'greenhouse.yml': GREENHOUSE_MODEL },
  data: { readings: { source: new TextEncoder().encode(READINGS_CSV), format: 'csv' } },
});
${body}
`,
  );
  const begun = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: root });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_WITHIN_MS);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  await rm(dir, { recursive: true, force: true });
  return { code, out, err, ms: Date.now() - begun };
}

describe('a Node script using the engine ends by itself', () => {
  it('after one /load, without engine.close(), exit code 0', async () => {
    const run = await runScript(`
const engine = await greenhouse();
console.log(await load(engine, { measures: ['readings.count'] }));
`);
    assert.equal(run.code, 0, `exit ${run.code} after ${run.ms} ms: ${run.err}`);
    assert.equal(run.out, '200 [{"readings.count":48}]\n');
  });

  it('still completes a query in flight, also one started after an idle pause and several at once', async () => {
    const run = await runScript(`
const engine = await greenhouse();
console.log(await load(engine, { measures: ['readings.count'] }));
await new Promise((resolve) => setTimeout(resolve, 300)); // idle: the worker holds nothing
const answers = await Promise.all(['north', 'south'].map((sensor) =>
  load(engine, { measures: ['readings.count'], filters: [{ member: 'readings.sensor', operator: 'equals', values: [sensor] }] })));
console.log(answers.join(' '));
// no await: the query alone must keep the process until its answer is printed
load(engine, { measures: ['readings.average_celsius'], dimensions: ['readings.sensor'], order: { 'readings.sensor': 'asc' } })
  .then((answer) => console.log(answer));
`);
    assert.equal(run.code, 0, `exit ${run.code} after ${run.ms} ms: ${run.err}`);
    const lines = run.out.trim().split('\n');
    assert.equal(lines.length, 3, run.out);
    assert.equal(lines[1], '200 [{"readings.count":24}] 200 [{"readings.count":24}]');
    assert.match(
      lines[2],
      /^200 \[\{"readings\.sensor":"north","readings\.average_celsius":[\d.]+\},\{"readings\.sensor":"south"/,
    );
  });

  it('close() still ends everything at once, with a query in flight', async () => {
    const run = await runScript(`
const engine = await greenhouse();
const pending = load(engine, { measures: ['readings.count'], dimensions: ['readings.taken_at'] }).then(
  () => 'answered', (error) => 'failed: ' + error.message);
await engine.close();
console.log('closed', await pending);
`);
    assert.equal(run.code, 0, `exit ${run.code} after ${run.ms} ms: ${run.err}`);
    assert.match(run.out, /^closed (answered|failed: .+)\n$/);
  });
});
