// What `svc-elements serve` reads from disk: the model's files and the data folder's tables. Each file is looked at
// (stat) before it is read: a model file over the model loader's limits (model/limits.ts: maxFileBytes, maxModelBytes,
// maxFiles) is refused unread, and so is anything that is not a regular file (a FIFO would block the read for ever, a
// device such as /dev/zero never ends).

import type { Stats } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TableSource } from '../engine/index.js';
import { formatOfName } from '../engine/data/formats.js';
import { tableNameFor } from '../engine/data/table-names.js';
import { DEFAULT_MODEL_LIMITS, formatBytes, type ModelLimits } from '../engine/model/limits.js';

const MODEL_FILE = /\.(ya?ml|json)$/i;

/** Files refused before reading: each a `file:line: message` line for stderr. */
export class FileProblems extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

const NOT_REGULAR = 'not a regular file (a FIFO, a device, a socket or a folder): not read';

/** What a path is, following symbolic links (a link to a FIFO is a FIFO). */
async function kind(path: string): Promise<Stats> {
  try {
    return await stat(path);
  } catch (error) {
    throw new FileProblems([`${path}:1: ${(error as Error).message}`]);
  }
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(path)));
    else out.push(path);
  }
  return out;
}

/**
 * The model as `{ relative path: text }` and where its files are (to print their paths); FileProblems when a file is
 * not a regular one or the files are over `limits`, before any is read.
 */
export async function readModel(
  path: string,
  limits: ModelLimits = DEFAULT_MODEL_LIMITS,
): Promise<{ files: Record<string, string>; base: string }> {
  const top = await kind(path);
  if (!top.isFile() && !top.isDirectory())
    throw new FileProblems([`${path}:1: ${NOT_REGULAR.replace(' or a folder', '')}`]);
  const base = top.isFile() ? join(path, '..') : path;
  const found = top.isFile() ? [path] : (await walk(path)).filter((f) => MODEL_FILE.test(f)).sort();
  if (found.length > limits.maxFiles)
    throw new FileProblems([
      `${path}:0: The model has ${found.length} files; at most ${limits.maxFiles} are read (maxFiles)`,
    ]);
  const problems: string[] = [];
  let total = 0;
  for (const file of found) {
    const stats = top.isFile() ? top : await kind(file);
    if (!stats.isFile()) {
      problems.push(`${file}:1: ${NOT_REGULAR}`);
      continue;
    }
    // On disk the bytes are the UTF-8 the limits count.
    if (stats.size > limits.maxFileBytes) {
      problems.push(
        `${file}:1: The file is larger than ${formatBytes(limits.maxFileBytes)} (maxFileBytes): ${formatBytes(stats.size)}`,
      );
      continue;
    }
    if (total <= limits.maxModelBytes && total + stats.size > limits.maxModelBytes)
      problems.push(
        `${file}:1: The model's files together are larger than ${formatBytes(limits.maxModelBytes)} (maxModelBytes) from this file on`,
      );
    total += stats.size;
  }
  if (problems.length > 0) throw new FileProblems(problems);
  const entries = await Promise.all(found.map(async (f) => [relative(base, f), await readFile(f, 'utf8')] as const));
  return { files: Object.fromEntries(entries), base };
}

/**
 * The data folder's tables, named after their files (tableNameFor: `flights-3m.parquet` → `flights_3m`);
 * FileProblems for a file that is not a regular one, or two files that make one name.
 */
export async function readData(
  dir: string,
): Promise<{ tables: Record<string, TableSource>; paths: Map<string, string> }> {
  const tables: Record<string, TableSource> = {};
  const paths = new Map<string, string>();
  const problems: string[] = [];
  for (const entry of (await readdir(dir)).sort()) {
    if (formatOfName(entry) === undefined) continue; // not a table format (data/formats.ts)
    const path = join(dir, entry);
    if (!(await kind(path)).isFile()) {
      problems.push(`${path}:1: ${NOT_REGULAR}`);
      continue;
    }
    const name = tableNameFor(entry);
    if (paths.has(name)) problems.push(`${path}:1: table ${name} is also ${paths.get(name)}`);
    paths.set(name, path);
  }
  if (problems.length > 0) throw new FileProblems(problems);
  // As `file:` URLs: native DuckDB reads CSV, TSV and Parquet where they are; DuckDB-wasm through a Blob over each.
  for (const [name, path] of paths)
    tables[name] = { source: pathToFileURL(resolve(path)), format: extname(path).slice(1).toLowerCase() as never };
  return { tables, paths };
}
