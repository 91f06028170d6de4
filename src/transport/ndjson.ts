// Streaming NDJSON reader: correct across arbitrary chunk boundaries (also inside multi-byte UTF-8), CRLF, a
// leading BOM and blank lines; a malformed line becomes an error item and the stream goes on. Memory is bounded
// by the longest line: only the unfinished tail of the input is kept.

/** One line of the stream: its parsed value, or why it could not be parsed. */
export type NdjsonItem<T = unknown> =
  { ok: true; value: T; line: number } | { ok: false; error: SyntaxError; text: string; line: number };

export interface NdjsonOptions {
  /** Lines longer than this (in UTF-16 code units) are reported as errors and skipped. Default: unlimited. */
  maxLineLength?: number;
  /** Stops reading (and cancels the stream) when aborted. */
  signal?: AbortSignal;
}

const NEWLINE = 10; // '\n'
/** Chunks larger than this are decoded in slices of it (about 1 ms of lines each). */
const SLICE_BYTES = 64 * 1024;

/**
 * Incremental decoder: feed byte chunks with push(), then call end(). Synchronous, so a caller can parse a whole
 * chunk's lines without an await per line.
 */
export class NdjsonDecoder<T = unknown> {
  private readonly decoder = new TextDecoder('utf-8'); // strips a leading BOM (ignoreBOM: false)
  private readonly maxLineLength: number;
  /** Pieces of the unfinished last line; joined only when its newline arrives, so a long line costs O(length). */
  private tail: string[] = [];
  private tailLength = 0;
  private overlong = false;
  private lineNumber = 0;

  constructor(options: Pick<NdjsonOptions, 'maxLineLength'> = {}) {
    this.maxLineLength = options.maxLineLength ?? Infinity;
  }

  /** Decodes a chunk and returns the items of every line it completes. */
  push(chunk: Uint8Array | string): NdjsonItem<T>[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    return this.consume(text, false);
  }

  /** Flushes the decoder and returns the item of a last line that had no trailing newline. */
  end(): NdjsonItem<T>[] {
    return this.consume(this.decoder.decode(), true);
  }

  private consume(text: string, final: boolean): NdjsonItem<T>[] {
    const out: NdjsonItem<T>[] = [];
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      this.finishLine(this.takeLine(text.slice(start, nl)), out);
      start = nl + 1;
    }
    if (start < text.length) this.keepTail(text.slice(start));
    if (final && (this.tail.length > 0 || this.overlong)) this.finishLine(this.takeLine(''), out);
    return out;
  }

  /** The whole line that `piece` ends: the held tail (if any) plus the piece. */
  private takeLine(piece: string): string {
    if (this.tail.length === 0) return piece;
    this.tail.push(piece);
    const line = this.tail.join('');
    this.tail = [];
    this.tailLength = 0;
    return line;
  }

  private keepTail(piece: string): void {
    if (this.overlong) return;
    this.tailLength += piece.length;
    if (this.tailLength > this.maxLineLength) {
      // Drop what we hold; the line is reported as too long when it ends.
      this.overlong = true;
      this.tail = [];
      this.tailLength = 0;
      return;
    }
    this.tail.push(piece);
  }

  private finishLine(raw: string, out: NdjsonItem<T>[]): void {
    const line = ++this.lineNumber;
    if (this.overlong || raw.length > this.maxLineLength) {
      this.overlong = false;
      out.push({
        ok: false,
        error: new SyntaxError(`Line ${line} is longer than ${this.maxLineLength} characters`),
        text: raw.slice(0, 200),
        line,
      });
      return;
    }
    const text = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw; // CRLF
    if (isBlank(text)) return;
    try {
      out.push({ ok: true, value: JSON.parse(text) as T, line });
    } catch (error) {
      out.push({ ok: false, error: error as SyntaxError, text, line });
    }
  }
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== NEWLINE) return false;
  }
  return true;
}

/**
 * Reads an NDJSON byte stream item by item. Cancels the underlying stream when the consumer stops early or the
 * signal aborts. A hand-written iterator over each chunk's batch: no async-generator machinery per line.
 */
export function readNdjson<T = unknown>(
  stream: ReadableStream<Uint8Array>,
  options: NdjsonOptions = {},
): AsyncIterableIterator<NdjsonItem<T>> {
  const batches = readNdjsonBatches<T>(stream, options);
  let batch: NdjsonItem<T>[] = [];
  let index = 0;
  const iterator: AsyncIterableIterator<NdjsonItem<T>> = {
    next() {
      if (index < batch.length) return Promise.resolve({ done: false, value: batch[index++] });
      return batches.next().then((r) => {
        if (r.done) return { done: true, value: undefined };
        batch = r.value;
        index = 1;
        return { done: false, value: batch[0] };
      });
    },
    async return() {
      batch = [];
      await batches.return();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/** Reads an NDJSON byte stream one chunk's worth of items at a time (never an empty batch). */
export async function* readNdjsonBatches<T = unknown>(
  stream: ReadableStream<Uint8Array>,
  options: NdjsonOptions = {},
): AsyncGenerator<NdjsonItem<T>[], void, undefined> {
  const { signal } = options;
  signal?.throwIfAborted();
  const decoder = new NdjsonDecoder<T>(options);
  const reader = stream.getReader();
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      // A large chunk (a whole answer at once) is decoded a slice at a time, as its items are asked for: a consumer
      // that gives the thread back between items never holds it for the whole chunk.
      for (let at = 0; at < value.length; at += SLICE_BYTES) {
        const items = decoder.push(value.length > SLICE_BYTES ? value.subarray(at, at + SLICE_BYTES) : value);
        if (items.length > 0) yield items;
      }
    }
    finished = true;
    const rest = decoder.end();
    if (rest.length > 0) yield rest;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
