// `npm test`: type check, lint, size budgets, browser tests (Chromium, Firefox, WebKit, each in its own runner
// process), Node tests (a process per file, or per folder for the folders in GROUPED), and the executor's Node tests
// again on DuckDB-wasm (WASM_FOLDERS); every stage runs, then one summary line. Two lanes side by side on two cores:
// the browsers in one; in the other the checks and Node's tests, niced (`nice -n 10`, so the browsers' timing tests — a
// query's deadline, a dead DuckDB replaced — keep the processor they need); then each lane takes the next of the runs
// neither has begun (the browsers, then the parity run, niced wherever it runs). The second lane's output goes to
// test-results/node-lane.log and is printed after the first's. Type check, lint and size budgets count as one test
// each, so a red check shows in the totals.
// SVC_BROWSERS=chromium,firefox,webkit chooses the browsers (default all three); web-test-runner.config.mjs says which
// files Firefox and WebKit run.
import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { groupedNodeFiles, nodeTestFiles } from './test-files.mjs';

const total = { passed: 0, failed: 0, skipped: 0 };
const rows = { checks: [], browsers: [], node: [] };
const failures = []; // "stage: file › test: message", printed after the summary (CI keeps only the log's tail)

mkdirSync('test-results', { recursive: true });
const NODE_LOG = 'test-results/node-lane.log';
const PARITY_LOG = 'test-results/node-wasm.log';
for (const log of [NODE_LOG, PARITY_LOG]) rmSync(log, { force: true });
const niceable = process.platform === 'linux';

/** Runs one stage: its output to the terminal, or to `log` (a file) for the second lane; `nice`: at nice 10. */
function run(label, cmd, args, env, log, nice = !!log) {
  const shown = Object.entries(env ?? {}).map(([k, v]) => `${k}=${v} `);
  const title = `\n━━ ${label}: ${shown.join('')}${[cmd, ...args].join(' ')}\n`;
  if (log) appendFileSync(log, title);
  else process.stdout.write(title);
  const fd = log ? openSync(log, 'a') : undefined;
  const started = Date.now();
  const [command, argv] = nice && niceable ? ['nice', ['-n', '10', cmd, ...args]] : [cmd, args];
  return new Promise((resolve) => {
    const child = spawn(command, argv, {
      stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd],
      shell: process.platform === 'win32',
      env: { ...process.env, ...env },
    });
    const done = (status) => {
      if (fd !== undefined) closeSync(fd);
      resolve({ ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    };
    child.on('error', () => done(1));
    child.on('exit', (code) => done(code));
  });
}

async function check(label, cmd, args) {
  const { ok, seconds } = await run(label, cmd, args, undefined, NODE_LOG);
  total[ok ? 'passed' : 'failed']++;
  rows.checks.push(`${label.padEnd(16)} ${ok ? 'ok' : 'FAILED'} (${seconds}s)`);
}

async function suite(lane, label, cmd, args, resultFile, parse, env, required = true, log = undefined) {
  rmSync(resultFile, { force: true });
  const { ok, seconds } = await run(
    label,
    cmd,
    args,
    env,
    log ?? (lane === 'node' ? NODE_LOG : undefined),
    lane === 'node',
  );
  const counts = existsSync(resultFile) ? parse(readFileSync(resultFile, 'utf8')) : null;
  if (!counts) {
    if (!required) {
      rows[lane].push(
        `${label.padEnd(16)} FAILED before reporting (${seconds}s) — not required (SVC_REQUIRED_BROWSERS)`,
      );
      return;
    }
    total.failed++;
    rows[lane].push(`${label.padEnd(16)} FAILED before reporting (${seconds}s)`);
    return;
  }
  if (!ok && counts.failed === 0) counts.failed = 1; // the runner failed for a reason it did not count
  const line = `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds}s)`;
  if (!required && counts.failed > 0) {
    // A browser not yet required: shown, but its failures neither count nor fail the run.
    total.passed += counts.passed;
    total.skipped += counts.skipped;
    rows[lane].push(`${label.padEnd(16)} ${line} — not required (SVC_REQUIRED_BROWSERS)`);
    return;
  }
  for (const k of Object.keys(total)) total[k] += counts[k];
  for (const f of counts.failures ?? []) failures.push(`${label}: ${f}`);
  rows[lane].push(`${label.padEnd(16)} ${line}`);
}

/** Node's TAP reporter ends with "# pass N", "# fail N", "# skipped N", "# todo N". */
function parseTap(text) {
  const n = (key) => Number(text.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  return {
    passed: n('pass'),
    failed: n('fail') + n('cancelled'),
    skipped: n('skipped') + n('todo'),
    failures: tapFailures(text),
  };
}

/**
 * The failed tests from TAP ("not ok N - name", nested by indentation; its YAML block gives location and error), the
 * innermost only (a suite fails with its test), as "file:line › suites › test: error".
 */
function tapFailures(text) {
  const out = [];
  const stack = [];
  let open = null; // the failure whose YAML block is being read
  for (const line of text.split('\n')) {
    const sub = line.match(/^(\s*)# Subtest: (.*)$/);
    const result = line.match(/^(\s*)(not ok|ok) \d+ - (.*)$/);
    if (sub) stack.splice(sub[1].length / 4, Infinity, sub[2]);
    if (sub || result) open = null;
    if (result?.[2] === 'not ok') {
      open = { path: [...stack.slice(0, result[1].length / 4), result[3]], where: '', error: '' };
      out.push(open);
    }
    const field = open && line.match(/^\s+(location|error): (.*)$/);
    if (field) {
      const value = field[2].replace(/^'|'$/g, '').replace(`${process.cwd()}/`, '');
      if (field[1] === 'location') open.where = value;
      else if (!open.error) open.error = value.slice(0, 300);
    }
  }
  const name = (f) => f.path.join(' › ');
  return out
    .filter((f) => !out.some((g) => g !== f && name(g).startsWith(`${name(f)} › `)))
    .map((f) => `${f.where ? `${f.where} › ` : ''}${name(f)}: ${f.error || 'failed'}`);
}

const list = (v) => v.split(',').map((b) => b.trim());
const browsers = list(process.env.SVC_BROWSERS || 'chromium,firefox,webkit');
// Browsers whose failures fail the run (default: all); the others' failures are shown only.
const required = list(process.env.SVC_REQUIRED_BROWSERS || 'chromium,firefox,webkit');

// Before both lanes: the browsers must be there for the browser lane and for Node's end-to-end tests.
await check('ensure browsers', 'node', ['scripts/ensure-browsers.mjs']);

/** One Node test stage over `files`: spec output to `log` (the Node lane's), TAP to `tap` for the counts. */
const nodeStage = (label, files, tap, env, log = NODE_LOG) =>
  suite(
    'node',
    label,
    'node',
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    tap,
    parseTap,
    env,
    true,
    log,
  );
// The executor parity run: the executor's own tests — the engine's data layer and the differential suites against
// Cube — again on the other executor (Node's default is native DuckDB when @duckdb/node-api loads): DuckDB-wasm's
// blocking build (SVC_EXECUTOR=wasm, src/engine/data/executor-runtime.ts), so that both answer the same. The layers
// above it (chat, model, HTTP, the CLI), the builds, the end-to-end and the elements' Node tests run once, on the
// default executor (in a browser DuckDB-wasm answers either way); a full parity run took 18 min of a CI lane here. A
// new test file under those folders joins the run by itself; but for those below, each with its reason (an entry that
// names no file any more fails the run).
const WASM_FOLDERS = ['test/engine/data/', 'test/differential/'];
const WASM_EXCLUDED = {
  // Native DuckDB's alone, by design: a database file (createLocalEngine({ database }), serve --db) needs it.
  'test/engine/data/kept-tables.node.test.ts': 'a DuckDB database file is native DuckDB only (docs/serve.md)',
};
const nodeTests = () => nodeStage('node tests', groupedNodeFiles(nodeTestFiles('test')), 'test-results/node.tap');
const parityTests = async () => {
  const files = nodeTestFiles('test');
  const gone = Object.keys(WASM_EXCLUDED).filter((file) => !files.includes(file));
  if (gone.length > 0) {
    total.failed++;
    rows.node.push(
      `${'node tests: wasm'.padEnd(16)} FAILED: WASM_EXCLUDED names files that are gone: ${gone.join(', ')}`,
    );
    return;
  }
  const included = files.filter((f) => WASM_FOLDERS.some((d) => f.startsWith(d)) && !(f in WASM_EXCLUDED));
  // Its own log: it may run in either lane, beside a browser run writing to the Node lane's.
  await nodeStage('node tests: wasm', included, 'test-results/node-wasm.tap', { SVC_EXECUTOR: 'wasm' }, PARITY_LOG);
};

/** One browser's run, its output to the terminal or to `log`. */
const browserSuite = (browser, log) =>
  suite(
    'browsers',
    `browser: ${browser}`,
    'npx',
    ['web-test-runner'],
    `test-results/browser-${browser}.json`,
    (t) => JSON.parse(t),
    { SVC_BROWSERS: browser, SVC_RESULTS_SUFFIX: `-${browser}` },
    required.includes(browser),
    log,
  );
// The runs taken in order by whichever lane is free: the first lane from the start, the Node lane once its checks
// and tests are done. The longest browsers first (Firefox, then WebKit), then Chromium, then the parity run: so the
// two lanes end close together. In a slow CI run (Chromium 1,205 s, Firefox 2,139 s, WebKit 1,700 s, the Node lane's
// own stages 3,360 s, parity 754 s) the order Chromium, Firefox, WebKit ended at 5,142 s, the Node lane taking WebKit
// at 3,360 s; in this order the same stages end at about 4,600 s. Not split in parts: two WebKit halves side by side
// missed a query deadline test's bounds.
const LONGEST_FIRST = ['firefox', 'webkit', 'chromium'];
const ordered = [...browsers].sort((a, b) => LONGEST_FIRST.indexOf(a) - LONGEST_FIRST.indexOf(b));
const queue = [...ordered.map((browser) => (log) => browserSuite(browser, log)), () => parityTests()];
const sharedLane = async (log) => {
  for (let next = queue.shift(); next; next = queue.shift()) await next(log);
};
const nodeLane = async () => {
  await check('type check', 'npx', ['tsc', '-p', '.']);
  await check('lint', 'npm', ['run', '--silent', 'lint']);
  await check('size budgets', 'npx', ['size-limit']); // .size-limit.mjs: elements ≤ 25 kB, transport ≤ 6 kB (gzip)
  await check('locales', 'node', ['--import', 'tsx', 'scripts/check-locales.mjs']); // every message in every locale
  await check('docs current', 'node', ['scripts/docs.mjs', '--check']); // docs/elements/ match the source's JSDoc
  await nodeTests();
  await sharedLane(NODE_LOG);
};
await Promise.all([sharedLane(), nodeLane()]);
console.log(`\n━━ the Node lane (checks, Node tests), from ${NODE_LOG}\n`);
process.stdout.write(existsSync(NODE_LOG) ? readFileSync(NODE_LOG, 'utf8') : '(no output)\n');
console.log(`\n━━ the parity run (Node tests on DuckDB-wasm), from ${PARITY_LOG}\n`);
process.stdout.write(existsSync(PARITY_LOG) ? readFileSync(PARITY_LOG, 'utf8') : '(no output)\n');

console.log(`\n━━ summary\n${[...rows.checks, ...rows.browsers, ...rows.node].join('\n')}`);
if (failures.length > 0) console.log(`\n━━ failed\n${failures.map((f) => `✗ ${f}`).join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
