// `npm test`: type check, lint, size budgets, browser tests (Chromium), Node tests; every stage runs, then one
// summary line. Type check, lint and size budgets count as one test each, so a red check shows in the totals.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const total = { passed: 0, failed: 0, skipped: 0 };
const rows = [];

function run(label, cmd, args) {
  console.log(`\n━━ ${label}: ${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  return { ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function check(label, cmd, args) {
  const { ok, seconds } = run(label, cmd, args);
  total[ok ? 'passed' : 'failed']++;
  rows.push(`${label.padEnd(14)} ${ok ? 'ok' : 'FAILED'} (${seconds}s)`);
}

function suite(label, cmd, args, resultFile, parse) {
  rmSync(resultFile, { force: true });
  const { ok, seconds } = run(label, cmd, args);
  const counts = existsSync(resultFile) ? parse(readFileSync(resultFile, 'utf8')) : null;
  if (!counts) {
    total.failed++;
    rows.push(`${label.padEnd(14)} FAILED before reporting (${seconds}s)`);
    return;
  }
  if (!ok && counts.failed === 0) counts.failed = 1; // the runner failed for a reason it did not count
  for (const k of Object.keys(total)) total[k] += counts[k];
  rows.push(
    `${label.padEnd(14)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds}s)`,
  );
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

check('ensure chromium', 'node', ['scripts/ensure-chromium.mjs']);
check('type check', 'npx', ['tsc', '-p', '.']);
check('lint', 'npm', ['run', '--silent', 'lint']);
check('size budgets', 'npx', ['size-limit']);
check('docs current', 'node', ['scripts/docs.mjs', '--check']); // docs/elements/ match the source's JSDoc // .size-limit.json: elements ≤ 25 KB, transport ≤ 6 KB (gzip)
suite('browser tests', 'npx', ['web-test-runner'], 'test-results/browser.json', (t) => JSON.parse(t));
suite(
  'node tests',
  'node',
  [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    '--test-reporter-destination=test-results/node.tap',
    ...nodeTestFiles('test'),
  ],
  'test-results/node.tap',
  parseTap,
);

console.log(`\n━━ summary\n${rows.join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
