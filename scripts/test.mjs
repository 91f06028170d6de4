// `npm test`: type check, lint, size budgets, browser tests (Chromium, Firefox, WebKit — one after another, each in its
// own runner process), Node tests beside the last browser (two cores: one each; the side stage's output is kept in
// test-results/<stage>.log and printed when it ends); every stage runs, then one summary line. Type check, lint and size budgets count
// as one test each, so a red check shows in the totals.
// SVC_BROWSERS=chromium,firefox,webkit chooses the browsers (default all three).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const total = { passed: 0, failed: 0, skipped: 0 };
const rows = [];

/** Runs one stage; `side` stages write to a log file, printed whole when they end, so two stages never interleave. */
async function run(label, cmd, args, env, side = false) {
  const shown = Object.entries(env ?? {}).map(([k, v]) => `${k}=${v} `);
  const title = `\n━━ ${label}: ${shown.join('')}${[cmd, ...args].join(' ')}`;
  const log = join('test-results', `${label.replace(/\W+/g, '-')}.log`);
  if (side) {
    mkdirSync('test-results', { recursive: true });
    console.log(`${title}\n(beside the next stage; its output follows when it ends: ${log})`);
  } else console.log(title);
  const started = Date.now();
  const child = spawn(cmd, args, {
    stdio: side ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, ...env },
  });
  if (side) {
    const out = createWriteStream(log);
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
  }
  const status = await new Promise((resolve) => child.on('close', resolve));
  if (side) console.log(`${title} — ended\n${readFileSync(log, 'utf8')}`);
  return { ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

async function check(label, cmd, args) {
  const { ok, seconds } = await run(label, cmd, args);
  total[ok ? 'passed' : 'failed']++;
  rows.push(`${label.padEnd(16)} ${ok ? 'ok' : 'FAILED'} (${seconds}s)`);
}

async function suite(label, cmd, args, resultFile, parse, env, required = true, side = false) {
  rmSync(resultFile, { force: true });
  const { ok, seconds } = await run(label, cmd, args, env, side);
  const counts = existsSync(resultFile) ? parse(readFileSync(resultFile, 'utf8')) : null;
  if (!counts) {
    if (!required) {
      rows.push(`${label.padEnd(16)} FAILED before reporting (${seconds}s) — not required (SVC_REQUIRED_BROWSERS)`);
      return;
    }
    total.failed++;
    rows.push(`${label.padEnd(16)} FAILED before reporting (${seconds}s)`);
    return;
  }
  if (!ok && counts.failed === 0) counts.failed = 1; // the runner failed for a reason it did not count
  const line = `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds}s)`;
  if (!required && counts.failed > 0) {
    // A browser not yet required: shown, but its failures neither count nor fail the run.
    total.passed += counts.passed;
    total.skipped += counts.skipped;
    rows.push(`${label.padEnd(16)} ${line} — not required (SVC_REQUIRED_BROWSERS)`);
    return;
  }
  for (const k of Object.keys(total)) total[k] += counts[k];
  rows.push(`${label.padEnd(16)} ${line}`);
}

/** Node's TAP reporter ends with "# pass N", "# fail N", "# skipped N", "# todo N". */
function parseTap(text) {
  const n = (key) => Number(text.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  return { passed: n('pass'), failed: n('fail') + n('cancelled'), skipped: n('skipped') + n('todo') };
}

/** Node 20 `--test` takes no globs: list the *.node.test.ts files under test/ ourselves. */
function nodeTestFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? nodeTestFiles(join(dir, e.name)) : e.name.endsWith('.node.test.ts') ? [join(dir, e.name)] : [],
  );
}

const list = (v) => v.split(',').map((b) => b.trim());
const browsers = list(process.env.SVC_BROWSERS || 'chromium,firefox,webkit');
// Browsers whose failures fail the run (default: all); the others' failures are shown only.
const required = list(process.env.SVC_REQUIRED_BROWSERS || 'chromium,firefox,webkit');

await check('ensure browsers', 'node', ['scripts/ensure-browsers.mjs']);
await check('type check', 'npx', ['tsc', '-p', '.']);
await check('lint', 'npm', ['run', '--silent', 'lint']);
await check('size budgets', 'npx', ['size-limit']);
await check('locales', 'node', ['scripts/check-locales.mjs']); // every locale has every message, none unused
await check('docs current', 'node', ['scripts/docs.mjs', '--check']); // docs/elements/ match the source's JSDoc // .size-limit.mjs: elements ≤ 25 kB, transport ≤ 6 kB (gzip, lazy chunks excluded)
/** One Node test stage over `files`: spec output to the log, TAP to `tap` for the counts; beside a browser stage. */
const nodeStage = (label, files, tap, env) =>
  suite(
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
    browsers.length > 0,
  );
// The engine's data tests again on the other executor (Node's default is native DuckDB when @duckdb/node-api loads):
// DuckDB-wasm's blocking build, so both answer the same (SVC_EXECUTOR, src/engine/data/executor-runtime.ts). The
// files whose answers depend on the executor; the timing tests (CPU after an abandoned query) run on the default only.
const PARITY_FILES = [
  'test/engine/data/executor.node.test.ts',
  'test/engine/data/duckdb-node.node.test.ts',
  'test/engine/data/own-data.node.test.ts',
  'test/engine/data/stored-file.node.test.ts',
  'test/engine/data/cube-semantics.node.test.ts',
  'test/engine/data/sql-mix.node.test.ts',
  'test/engine/http/cube-query.node.test.ts',
];
// Node tests run beside the last browser stage (the browser's output streams, Node's is printed when it ends).
const nodeTests = () => nodeStage('node tests', nodeTestFiles('test'), 'test-results/node.tap');
const parityTests = () =>
  nodeStage('node tests: wasm', PARITY_FILES, 'test-results/node-wasm.tap', { SVC_EXECUTOR: 'wasm' });
const pending = [];
for (const [i, browser] of browsers.entries()) {
  if (i === browsers.length - 1) pending.push(nodeTests().then(parityTests));
  await suite(
    `browser: ${browser}`,
    'npx',
    ['web-test-runner'],
    `test-results/browser-${browser}.json`,
    (t) => JSON.parse(t),
    { SVC_BROWSERS: browser, SVC_RESULTS_SUFFIX: `-${browser}` },
    required.includes(browser),
  );
}
if (browsers.length === 0) pending.push(nodeTests().then(parityTests));
await Promise.all(pending);

console.log(`\n━━ summary\n${rows.join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
