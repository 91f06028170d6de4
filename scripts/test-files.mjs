// The project's test files, found by their suffix under a folder (sorted): `*.node.test.ts` run in Node,
// every other `*.test.ts` in the browsers. One listing for scripts/test.mjs and web-test-runner.config.mjs (Node 20's
// `--test` takes no globs).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` (recursively) whose name `wanted` accepts, as `dir/…/name`. */
const under = (dir, wanted) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? under(join(dir, e.name), wanted) : wanted(e.name) ? [join(dir, e.name)] : [],
  );

/** Node's test files under `dir`. */
export const nodeTestFiles = (dir) => under(dir, (name) => name.endsWith('.node.test.ts')).sort();

/** The browsers' test files under `dir`. */
export const browserTestFiles = (dir) =>
  under(dir, (name) => name.endsWith('.test.ts') && !name.endsWith('.node.test.ts')).sort();
