// The table formats: one entry each (extensions, MIME types, how its first bytes look, its reader, what is kept for
// the next start). Import (import.ts), staging (stage.ts), storing (tables.ts) and reading a kept file again
// (stored-file.ts) all go through this list, and so does the CLI's `--data` folder: adding a format is one entry here
// and its reader module (docs/architecture.md, "How to add a table format").

import type { FormatSpec } from './format-types.js';
import { readArrow } from './read-arrow.js';
import { readDelimited } from './read-delimited.js';
import { readRows } from './read-rows.js';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const firstLine = (text: string) => text.split('\n')[0];

/** Every format, in the order content is sniffed (binary magic first, then JSON, then delimited text). */
export const FORMATS = {
  parquet: {
    extensions: ['parquet', 'pq'],
    mime: ['application/vnd.apache.parquet', 'application/x-parquet'],
    sniff: (bytes) => ascii(bytes, 0, 4) === 'PAR1',
    keep: 'file',
    typesByReader: false,
    // Its reader loads parquet-wasm: a module of its own, loaded with the first Parquet file.
    read: async (input) => (await import('./read-parquet.js')).readParquet(input),
  },
  arrow: {
    extensions: ['arrow', 'arrows', 'ipc', 'feather'],
    mime: ['application/vnd.apache.arrow.file', 'application/vnd.apache.arrow.stream'],
    sniff: (bytes) =>
      ascii(bytes, 0, 6) === 'ARROW1' ||
      (bytes[0] === 0xff && bytes[1] === 0xff && bytes[2] === 0xff && bytes[3] === 0xff),
    keep: 'ipc',
    typesByReader: false,
    read: readArrow,
  },
  json: {
    extensions: ['json'],
    mime: ['application/json'],
    sniff: (_, text) => text.startsWith('['),
    keep: 'ipc',
    typesByReader: true,
    read: (input) => readRows(input, 'json'),
  },
  ndjson: {
    extensions: ['ndjson', 'jsonl'],
    mime: ['application/x-ndjson', 'application/jsonl'],
    sniff: (_, text) => text.startsWith('{'),
    keep: 'ipc',
    typesByReader: true,
    read: (input) => readRows(input, 'ndjson'),
  },
  tsv: {
    extensions: ['tsv', 'tab'],
    mime: ['text/tab-separated-values'],
    sniff: (_, text) => firstLine(text).includes('\t') && !firstLine(text).includes(','),
    keep: 'file',
    typesByReader: true,
    read: (input) => readDelimited(input, 'tsv'),
  },
  csv: {
    extensions: ['csv'],
    mime: ['text/csv'],
    sniff: (_, text) => firstLine(text).includes(',') || firstLine(text).includes(';'),
    keep: 'file',
    typesByReader: true,
    read: (input) => readDelimited(input, 'csv'),
  },
} satisfies Record<string, FormatSpec>;

export type TableFormat = keyof typeof FORMATS;

const entries = Object.entries(FORMATS) as [TableFormat, FormatSpec][];

/** The formats' names. */
export const FORMAT_NAMES: readonly TableFormat[] = entries.map(([name]) => name);

/** Every file name extension a table format has (the CLI's `--data` folder takes these files). */
export const TABLE_EXTENSIONS: readonly string[] = entries.flatMap(([, spec]) => spec.extensions);

export const isTableFormat = (name: unknown): name is TableFormat =>
  typeof name === 'string' && Object.hasOwn(FORMATS, name);

/** A format's entry. */
export const formatSpec = (format: TableFormat): FormatSpec => FORMATS[format];

/** The format a file name's or URL's extension names (query and fragment ignored), if any. */
export function formatOfName(name: string): TableFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(name.split(/[?#]/)[0])?.[1]?.toLowerCase();
  return extension ? entries.find(([, spec]) => spec.extensions.includes(extension))?.[0] : undefined;
}

/** The format a MIME type (parameters ignored) names, if any. */
export function formatOfMime(mime: string): TableFormat | undefined {
  const type = mime.split(';')[0].trim().toLowerCase();
  return entries.find(([, spec]) => spec.mime.includes(type))?.[0];
}

/** The format the first bytes (up to 4 KiB) look like, if any. */
export function sniffFormat(bytes: Uint8Array): TableFormat | undefined {
  if (bytes.length < 4) return undefined;
  const text = new TextDecoder()
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return entries.find(([, spec]) => spec.sniff(bytes, text))?.[0];
}
