// The project's test files, found by their suffix under a folder (sorted): `*.node.test.ts` run in Node,
// every other `*.test.ts` in the browsers. One listing for scripts/test.mjs and web-test-runner.config.mjs (Node 20's
// `--test` takes no globs).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

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

// Folders whose Node test files run in one process per folder (subfolders included), where Node's runner gives each
// file a process of its own: each process loads tsx and the engine again, 2–3 s a file (the analyst's 66 class-test
// files took 161 s as 66 processes here, 12 s as one). Only folders whose files share nothing through the process: no
// hook outside a describe (in one process it would run around the other files' tests too), no process.env written,
// no signal, server or child left behind. The others (the CLI, the servers, the builds, the end-to-end tests, the
// data layer with its executors) keep a process per file; so do the chat's own tests and the analyst's corpus, which
// start engines: in one process with the chat folder the corpus ran 1,240 s in a CI run here, 295 s in its own.
const GROUPED = [
  'test/api/',
  'test/elements/',
  'test/engine/chat/agent/analyst/',
  'test/engine/model/',
  'test/generate/',
  'test/layout/',
  'test/transport/',
  'test/util/',
];
const GROUPS_DIR = 'test-results/node-groups';

/** `files` with each GROUPED folder's files replaced by one module (in GROUPS_DIR) that imports them, in order. */
export function groupedNodeFiles(files) {
  rmSync(GROUPS_DIR, { recursive: true, force: true });
  mkdirSync(GROUPS_DIR, { recursive: true });
  const alone = files.filter((f) => !GROUPED.some((dir) => f.startsWith(dir)));
  const groups = GROUPED.map((dir) => {
    const members = files.filter((f) => f.startsWith(dir));
    if (members.length === 0) return undefined;
    const entry = `${GROUPS_DIR}/${dir.replace(/^test\/|\/$/g, '').replaceAll('/', '-')}.node.test.mjs`;
    const imports = members.map((f) => `import ${JSON.stringify(pathToFileURL(resolve(f)).href)};`);
    writeFileSync(
      entry,
      `// The Node test files under ${dir}, in one process (scripts/test-files.mjs: GROUPED).\n${imports.join('\n')}\n`,
    );
    return entry;
  });
  return [...alone, ...groups.filter(Boolean)];
}
