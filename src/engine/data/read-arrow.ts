// Arrow IPC (a file or a stream) → DuckDB: checked against the import's limits (row-limits.ts) and ingested as a
// stream.

import { tableFromIPC, tableToIPC } from 'apache-arrow';
import { readBlob } from './chunks.js';
import type { FormatRead } from './format-types.js';
import { checkArrow } from './row-limits.js';

/** Reads an Arrow IPC source into table `input.table`. */
export async function readArrow(input: FormatRead): Promise<void> {
  const { executor, table, blob, limits, checkpoint } = input;
  let arrow;
  try {
    arrow = tableFromIPC(blob instanceof Uint8Array ? blob : await readBlob(blob!));
  } catch (error) {
    throw new Error(`not a readable Arrow IPC file or stream: ${(error as Error).message}`);
  }
  if (limits) checkArrow(arrow, limits);
  checkpoint();
  await executor.loadTable(table, tableToIPC(arrow, 'stream'));
}
