// `npm test`: type check, lint, size budgets, browser tests (Chromium, Firefox, WebKit — one after another, each in its
// own runner process), Node tests, and the Node tests again on DuckDB-wasm (WASM_EXCLUDED: the few that are not, and
// why); every stage runs, then one summary line. One after another: beside a browser stage on two cores, the Node tests made the browsers' timing
// tests (a query's deadline, a dead DuckDB replaced) miss their bounds. Type check, lint and size budgets count
// as one test each, so a red check shows in the totals.
// SVC_BROWSERS=chromium,firefox,webkit chooses the browsers (default all three).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const total = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
const failures = []; // "stage: file › test: message", printed after the summary (CI keeps only the log's tail)

function run(label, cmd, args, env) {
  const shown = Object.entries(env ?? {}).map(([k, v]) => `${k}=${v} `);
  console.log(`\n━━ ${label}: ${shown.join('')}${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, ...env },
  });
  return { ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function check(label, cmd, args) {
  const { ok, seconds } = run(label, cmd, args);
  total[ok ? 'passed' : 'failed']++;
  rows.push(`${label.padEnd(16)} ${ok ? 'ok' : 'FAILED'} (${seconds}s)`);
}

function suite(label, cmd, args, resultFile, parse, env, required = true) {
  rmSync(resultFile, { force: true });
  const { ok, seconds } = run(label, cmd, args, env);
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
  for (const f of counts.failures ?? []) failures.push(`${label}: ${f}`);
  rows.push(`${label.padEnd(16)} ${line}`);
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

check('ensure browsers', 'node', ['scripts/ensure-browsers.mjs']);
check('type check', 'npx', ['tsc', '-p', '.']);
check('lint', 'npm', ['run', '--silent', 'lint']);
check('size budgets', 'npx', ['size-limit']);
check('locales', 'node', ['--import', 'tsx', 'scripts/check-locales.mjs']); // every locale has every message, none unused
check('docs current', 'node', ['scripts/docs.mjs', '--check']); // docs/elements/ match the source's JSDoc // .size-limit.mjs: elements ≤ 25 kB, transport ≤ 6 kB (gzip, lazy chunks excluded)
/** One Node test stage over `files`: spec output to the log, TAP to `tap` for the counts. */
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
  );
// The executor parity run: every Node test again on the other executor (Node's default is native DuckDB when
// @duckdb/node-api loads): DuckDB-wasm's blocking build (SVC_EXECUTOR=wasm, src/engine/data/executor-runtime.ts), so
// that both answer the same — every test file but those below, each with its reason. A new test file joins the run by
// itself; an entry here that names no file any more fails the run.
const WASM_EXCLUDED = {
  // Executor-independent work that the default run already does: packing and bundling the library, the demo in a
  // browser (DuckDB-wasm in the page either way), framework typings.
  'test/build.node.test.ts': 'packs the library and bundles host apps; its engine checks run in test/engine',
  'test/e2e/demo.node.test.ts': 'the demo in a browser: DuckDB-wasm in the page on either run',
  'test/frameworks/examples.node.test.ts': 'bundles the framework examples: no executor',
  'test/frameworks/framework-types.node.test.ts': 'type-checks framework typings: no executor',
  'test/frameworks/readme.node.test.ts': "builds the README's framework snippets: no executor",
  // Native DuckDB's alone, by design: a database file (createLocalEngine({ database }), serve --db) needs it.
  'test/engine/data/kept-tables.node.test.ts': 'a DuckDB database file is native DuckDB only (docs/serve.md)',
  // Browsers on pages of their own: DuckDB-wasm in the page (or its worker) on either run.
  'test/cdn.node.test.ts': 'the no-build module in three browsers: DuckDB-wasm in the page on either run',
  'test/e2e/demo-browsers.node.test.ts': 'the demo in Firefox and WebKit: DuckDB-wasm in the page on either run',
  'test/e2e/a11y.node.test.ts': 'the demo in a browser: DuckDB-wasm in the page on either run',
  'test/e2e/your-data.node.test.ts': 'the playground in a browser: DuckDB-wasm in the page on either run',
  'test/e2e/your-data-public.node.test.ts': 'the playground in a browser: DuckDB-wasm in the page on either run',
  'test/storybook.node.test.ts': 'the static Storybook in a browser: DuckDB-wasm in the page on either run',
};
const nodeTests = () => nodeStage('node tests', nodeTestFiles('test'), 'test-results/node.tap');
const parityTests = () => {
  const files = nodeTestFiles('test');
  const gone = Object.keys(WASM_EXCLUDED).filter((file) => !files.includes(file));
  if (gone.length > 0) {
    total.failed++;
    rows.push(`${'node tests: wasm'.padEnd(16)} FAILED: WASM_EXCLUDED names files that are gone: ${gone.join(', ')}`);
    return;
  }
  const included = files.filter((file) => !(file in WASM_EXCLUDED));
  nodeStage('node tests: wasm', included, 'test-results/node-wasm.tap', { SVC_EXECUTOR: 'wasm' });
};
for (const browser of browsers) {
  suite(
    `browser: ${browser}`,
    'npx',
    ['web-test-runner'],
    `test-results/browser-${browser}.json`,
    (t) => JSON.parse(t),
    { SVC_BROWSERS: browser, SVC_RESULTS_SUFFIX: `-${browser}` },
    required.includes(browser),
  );
}
nodeTests();
parityTests();

console.log(`\n━━ summary\n${rows.join('\n')}`);
if (failures.length > 0) console.log(`\n━━ failed\n${failures.map((f) => `✗ ${f}`).join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
