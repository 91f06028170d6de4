// CSV and TSV → DuckDB: checked against the import's limits a slice at a time (csv-scan.ts), then read by DuckDB's
// own read_csv inside its worker, with the reader options given.

import { scanCsv } from './csv-scan.js';
import type { FormatRead } from './format-types.js';

/** Reads a CSV (or, with `tab`, a TSV) source into table `input.table`. */
export async function readDelimited(input: FormatRead, format: 'csv' | 'tsv'): Promise<void> {
  const { executor, table, blob, options, limits, checkpoint } = input;
  if (limits) {
    const file = blob instanceof Uint8Array ? new Blob([blob as Uint8Array<ArrayBuffer>]) : blob!;
    await scanCsv(file, limits, options.delimiter ?? (format === 'tsv' ? '\t' : undefined), checkpoint);
    checkpoint();
  }
  await executor.loadFile(table, blob!, format, options);
}
