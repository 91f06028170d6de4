// A table read from a file on this machine (DataTableRecord.path) put into a DuckDB again: the file is read where it
// is (native DuckDB) or through a Blob over it (DuckDB-wasm), as it was imported, unless it changed since.

import type { DataTableRecord } from '../store/schema.js';
import type { Executor } from './executor.js';
import type { TableFormat } from './import.js';
import { importLimits } from './import-limits.js';
import { stageTable } from './stage.js';
import { quoteIdent } from './sql-quote.js';

export async function loadPathTable(executor: Executor, table: DataTableRecord): Promise<void> {
  const { name } = table;
  const { path, format, options } = table.path!;
  const { fileChanged, localFile } = await import('./local-file.js');
  const changed = await fileChanged(path, table.source?.fingerprint);
  if (changed) throw new Error(`Table ${name}: ${changed}`);
  const file = await localFile(path);
  const staging = `__reload_${name}`;
  const read = {
    blob: file.blob,
    path,
    name: path,
    format: format as TableFormat,
    options,
    size: file.size,
    fingerprint: () => Promise.resolve(file.fingerprint),
  };
  try {
    await stageTable(executor, staging, read, importLimits());
    await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
    await executor.query(`ALTER TABLE ${quoteIdent(staging)} RENAME TO ${quoteIdent(name)}`);
  } finally {
    await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(staging)}`).catch(() => undefined);
  }
}
