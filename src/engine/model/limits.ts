// Limits on what a model's files may cost to read: bytes per file and in all, files, nesting depth, and the values
// YAML aliases and merge keys may copy. A hostile or broken model is refused (ModelError with its file and line)
// before it can keep the engine busy: a 529-byte alias bomb used to take 11–17 s, a 290 KB mapping 13 s.

import type { ModelProblem } from './problems.js';

export interface ModelLimits {
  /** UTF-8 bytes of one model file. Default 1 MiB. */
  maxFileBytes: number;
  /** UTF-8 bytes of all the model's files together. Default 8 MiB. */
  maxModelBytes: number;
  /** Model files in a folder. Default 10,000. */
  maxFiles: number;
  /** Nesting of mappings and sequences, the file's own mapping being 1, aliases' copies included. Default 64. */
  maxDepth: number;
  /** Values (scalars, mappings, sequences) YAML aliases and `<<` merge keys copy, per file. Default 10,000. */
  maxAliasValues: number;
}

export const DEFAULT_MODEL_LIMITS: Readonly<ModelLimits> = Object.freeze({
  maxFileBytes: 1024 * 1024,
  maxModelBytes: 8 * 1024 * 1024,
  maxFiles: 10_000,
  maxDepth: 64,
  maxAliasValues: 10_000,
});

/** The defaults with `given` over them; a limit that is not a positive whole number is a TypeError. */
export function modelLimits(given: Partial<ModelLimits> = {}): ModelLimits {
  const limits = { ...DEFAULT_MODEL_LIMITS };
  for (const [name, value] of Object.entries(given) as [keyof ModelLimits, unknown][]) {
    if (!Object.hasOwn(DEFAULT_MODEL_LIMITS, name)) throw new TypeError(`Unknown model limit ${name}`);
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
      throw new TypeError(
        `Model limit ${name} must be a positive whole number (got ${JSON.stringify(value) ?? typeof value})`,
      );
    limits[name] = value;
  }
  return limits;
}

/** `1 MiB`, `300 KiB`, `12 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

const encoder = new TextEncoder();

/** The 1-based line of `text` holding its byte `offset` (UTF-8). */
function lineAtByte(text: string, offset: number): number {
  let line = 1;
  let bytes = 0;
  for (let i = 0; i < text.length && bytes < offset; i++) {
    const unit = text.charCodeAt(i);
    bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : unit >= 0xd800 && unit < 0xdc00 ? (i++, 4) : 3;
    if (unit === 10) line++;
  }
  return line;
}

/**
 * Checks the model's files' sizes in order, before any is parsed; returns the problems (empty when all are within
 * the limits). A file over maxFileBytes is named at the line where it passes the limit; the file that takes the
 * model over maxModelBytes likewise.
 */
export function sizeProblems(files: [string, string][], limits: ModelLimits): ModelProblem[] {
  if (files.length > limits.maxFiles)
    return [
      {
        file: '<model>',
        line: 0,
        message: `The model has ${files.length} files; at most ${limits.maxFiles} are read (maxFiles)`,
      },
    ];
  const problems: ModelProblem[] = [];
  let total = 0;
  for (const [file, text] of files) {
    if (typeof text !== 'string') continue;
    // A UTF-16 code unit is at least one UTF-8 byte: a text longer than the limit is over it without encoding it.
    const bytes = text.length > limits.maxFileBytes ? text.length : encoder.encode(text).byteLength;
    if (bytes > limits.maxFileBytes) {
      problems.push({
        file,
        line: lineAtByte(text, limits.maxFileBytes),
        message: `The file is larger than ${formatBytes(limits.maxFileBytes)} (maxFileBytes): ${text.length > limits.maxFileBytes ? 'at least ' : ''}${formatBytes(bytes)}`,
      });
      continue;
    }
    if (total <= limits.maxModelBytes && total + bytes > limits.maxModelBytes)
      problems.push({
        file,
        line: lineAtByte(text, limits.maxModelBytes - total),
        message: `The model's files together are larger than ${formatBytes(limits.maxModelBytes)} (maxModelBytes) from this file on`,
      });
    total += bytes;
  }
  return problems;
}
