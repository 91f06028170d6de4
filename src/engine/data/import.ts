// Table sources (`createLocalEngine({ data })`, `engine.putTable`): what a source is, its format (data/formats.ts:
// given, else by extension, MIME type or content) and its bytes, ready for its format's reader.

import { SLICE, fingerprintBlob, sha256Hex, toBlob } from './chunks.js';
import type { FileOptions } from './executor.js';
import type { TableRow } from './format-types.js';
import { FORMAT_NAMES, formatOfMime, formatOfName, isTableFormat, sniffFormat, type TableFormat } from './formats.js';

export type { TableFormat } from './formats.js';
export type { TableRow } from './format-types.js';

/** A URL, a Blob or File, bytes, rows, or any of those with an explicit format and reader options. */
export type TableSource =
  | string
  | URL
  | Blob
  | ArrayBuffer
  | Uint8Array
  | TableRow[]
  | {
      source: string | URL | Blob | ArrayBuffer | Uint8Array | TableRow[];
      format?: TableFormat;
      options?: FileOptions;
    };

/**
 * A source made ready to read: its bytes as a Blob (not read into memory: DuckDB's worker reads CSV and TSV from it
 * itself) or its rows, its format, and what tells whether it changed (a URL, else a hash, computed once when asked).
 */
export interface ReadSource {
  blob?: Blob;
  rows?: TableRow[];
  /** The URL it was downloaded from. */
  url?: string;
  /** A file on this machine (a `file:` URL, in Node): read where it is where the executor can (data/local-file.ts). */
  path?: string;
  /** The file's name or the URL, for messages (none for bytes and rows). */
  name?: string;
  format: TableFormat;
  options: FileOptions;
  size: number;
  fingerprint(): Promise<string>;
}

/** The format: given, else the file name's or URL's extension, else the MIME type, else the content. */
export function detectFormat(given: string | undefined, name: string, mime: string, bytes?: Uint8Array): TableFormat {
  if (given !== undefined) {
    if (!isTableFormat(given)) throw new Error(`format ${given} is not one of ${FORMAT_NAMES.join(', ')}`);
    return given;
  }
  const format = formatOfName(name) ?? formatOfMime(mime) ?? (bytes && sniffFormat(bytes));
  if (format) return format;
  throw new Error(`cannot tell its format: give format (${FORMAT_NAMES.join(', ')}) or a file extension`);
}

/** A URL's bytes as a Blob, reporting how many have arrived (gathered a slice at a time, never copied at once). */
async function fetchBlob(
  url: string,
  onBytes: (bytes: number, total?: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
  const total = Number(response.headers.get('content-length')) || undefined;
  const type = response.headers.get('content-type') ?? '';
  let blob = new Blob([], { type });
  let pending: Uint8Array<ArrayBuffer>[] = [];
  let pendingBytes = 0;
  let received = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (!done) {
      pending.push(value);
      pendingBytes += value.length;
      received += value.length;
      onBytes(received, total);
    }
    if (done || pendingBytes >= SLICE) {
      blob = new Blob([blob, ...pending], { type });
      pending = [];
      pendingBytes = 0;
    }
    if (done) return blob;
  }
}

/** A copy of bytes as a Blob: in one go in a worker (the engine's default), a slice per task on other threads. */
const blobOf = (bytes: Uint8Array): Promise<Blob> =>
  (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== undefined
    ? Promise.resolve(new Blob([bytes as Uint8Array<ArrayBuffer>]))
    : toBlob(bytes);

const isRows = (value: unknown): value is TableRow[] => Array.isArray(value);
const isWrapped = (value: unknown): value is Extract<TableSource, { source: unknown }> =>
  typeof value === 'object' && value !== null && 'source' in value && !(value instanceof URL) && !Array.isArray(value);

/** A URL source's key: the URL itself (it is not fetched again while it stays the same). */
export function urlOf(source: TableSource): string | undefined {
  const inner = isWrapped(source) ? source.source : source;
  if (inner instanceof URL) return inner.href;
  if (typeof inner === 'string') return new URL(inner, globalThis.location?.href ?? 'file:///').href;
  return undefined;
}

/**
 * Makes a source ready to read (a URL is downloaded, until `signal` aborts it; `onBytes` follows the download). Bytes
 * given are copied.
 */
export async function readSource(
  source: TableSource,
  onBytes: (bytes: number, total?: number) => void = () => {},
  signal?: AbortSignal,
): Promise<ReadSource> {
  const {
    source: inner,
    format: given,
    options = {},
  } = isWrapped(source) ? source : { source, format: undefined, options: undefined };
  if (isRows(inner)) {
    if (!inner.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r)))
      throw new Error('rows must be objects');
    const json = new TextEncoder().encode(JSON.stringify(inner));
    const fingerprint = `rows:${(await sha256Hex(json)).slice('sha256:'.length)}`;
    return { rows: inner, format: 'json', options, fingerprint: () => Promise.resolve(fingerprint), size: json.length };
  }
  let blob: Blob;
  let name = '';
  let url: string | undefined;
  if (typeof inner === 'string' || inner instanceof URL) {
    url = name = urlOf(inner)!;
    if (url.startsWith('file:')) {
      const file = await (await import('./local-file.js')).localFile(url);
      const head = new Uint8Array(await file.blob.slice(0, 4096).arrayBuffer());
      const format = detectFormat(given, file.path, '', head);
      const fingerprint = () => Promise.resolve(file.fingerprint);
      return { blob: file.blob, path: file.path, name: file.path, format, options, fingerprint, size: file.size };
    }
    blob = await fetchBlob(url, onBytes, signal);
  } else if (typeof Blob !== 'undefined' && inner instanceof Blob) {
    blob = inner;
    name = (inner as File).name ?? '';
  } else if (inner instanceof ArrayBuffer) blob = await blobOf(new Uint8Array(inner));
  else if (inner instanceof Uint8Array) blob = await blobOf(inner);
  else throw new Error('a table source is a URL, a Blob or File, an ArrayBuffer or Uint8Array, or an array of rows');
  const format = detectFormat(given, name, blob.type, new Uint8Array(await blob.slice(0, 4096).arrayBuffer()));
  let hashed: Promise<string> | undefined;
  const fingerprint = () => (hashed ??= url ? Promise.resolve(`url:${url}`) : fingerprintBlob(blob));
  return { blob, url, ...(name && { name }), format, options, fingerprint, size: blob.size };
}
