// One build per source tree for the Node tests that build the project (the demo for the e2e tests, the packed library
// for the build and framework tests): a build is kept under test-results/cache/, named by a hash of every file the
// build reads, and reused by the next test that asks for the same kind while nothing changed. A change to any source
// file makes a new key, so a test never sees a stale build; runs side by side each build into their own scratch
// directory and the first to finish wins the rename (the other's identical build is dropped).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const CACHE = join(root, 'test-results', 'cache');
/** Not inputs of a build: the tests and benchmarks themselves, and the manifest the pack writes from the source. */
const NOT_INPUTS = /^(test|bench|test-results|dist|dist-demo)\/|^custom-elements\.json$/;

let memo: string | undefined;

/** A file, not a directory: a worktree's node_modules may be an untracked symlink to one. */
const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** A hash of the content of every file git would track (committed or not, minus the ignored) that a build can read. */
export function sourceKey(): string {
  if (memo) return memo;
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !NOT_INPUTS.test(f) && isFile(join(root, f)))
    .sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  memo = hash.digest('hex').slice(0, 16);
  return memo;
}

/**
 * The directory of the `kind` build of the current sources: made by `make(dir)` into a fresh directory the first
 * time, reused afterwards. Builds of the same kind from other source trees older than an hour are removed.
 */
export async function cachedBuild(kind: string, make: (dir: string) => Promise<void> | void): Promise<string> {
  const dir = join(CACHE, `${kind}-${sourceKey()}`);
  if (existsSync(join(dir, '.complete'))) return dir;
  mkdirSync(CACHE, { recursive: true });
  for (const old of readdirSync(CACHE)) {
    const path = join(CACHE, old);
    if (old.startsWith(`${kind}-`) && path !== dir && Date.now() - statSync(path).mtimeMs > 3_600_000) {
      rmSync(path, { recursive: true, force: true });
    }
  }
  const scratch = mkdtempSync(join(CACHE, `${kind}.building-`));
  try {
    await make(scratch);
    writeFileSync(join(scratch, '.complete'), '');
    renameSync(scratch, dir);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(join(dir, '.complete'))) throw error; // else a run beside us finished the same build first
  }
  return dir;
}
