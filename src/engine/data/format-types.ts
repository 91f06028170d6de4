// What a table format is made of (data/formats.ts lists them): the types only, so that each format's reader module
// and the registry can share them without importing one another.

import type { Executor, FileOptions } from './executor.js';
import type { ImportLimits } from './import-limits.js';

export type TableRow = Record<string, unknown>;

/** One read of a source into DuckDB: the reader creates table `table` from `blob` (or `rows`). */
export interface FormatRead {
  executor: Executor;
  /** The table to create (a staging name: the caller renames it into place, or drops it on failure). */
  table: string;
  /** The source's bytes; a Blob is not read into memory at once unless the reader must. */
  blob?: Blob | Uint8Array;
  /** Rows given as objects (`putTable(name, rows)`), for the formats that take rows. */
  rows?: TableRow[];
  /** The file's name or URL, for messages. */
  name?: string;
  options: FileOptions;
  size: number;
  /** The import's limits; none when a kept file is read again (it was checked when it was imported). */
  limits?: Required<ImportLimits>;
  /** Run between steps: throws when the import's deadline has passed. */
  checkpoint: () => void;
}

export interface FormatSpec {
  /** File name extensions, lower case, without the dot. */
  extensions: readonly string[];
  /** MIME types (a download's Content-Type, a File's type). */
  mime: readonly string[];
  /** Whether the first bytes (up to 4 KiB; `text` is them decoded, BOM and leading blanks gone) are this format. */
  sniff(bytes: Uint8Array, text: string): boolean;
  /**
   * What the engine keeps for the next start: `file`, the bytes as given (read again by `read`); `ipc`, DuckDB's
   * Arrow IPC export of the table (when that costs no more than the source, or the source is not a file).
   */
  keep: 'file' | 'ipc';
  /** Whether `read` applies `options.columns` itself (read_csv's types); else they are cast after reading. */
  typesByReader: boolean;
  read(input: FormatRead): Promise<void>;
}
