// The engine's own errors: what a rule refused, as a code and a message a client reads. Code under src/engine speaks
// no HTTP: it throws a DomainError, and http/errors.ts gives each code its status (docs/architecture.md#the-engine).
// A leaf: it imports nothing, so every layer of the engine (store included) may throw one.

/** What went wrong, in the engine's words; every code has exactly one status in http/errors.ts. */
export const DOMAIN_ERROR_CODES = [
  'invalid',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_media',
  'failed',
  'unavailable',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export interface DomainErrorOptions {
  /** The machine-readable `code` of the REST error body a client acts on (e.g. `upsert_branch_changed`). */
  clientCode?: string;
  cause?: unknown;
}

/** A refusal of the engine's rules: `code` says what kind, `message` is the client's text, byte for byte. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: DomainErrorCode;
  readonly clientCode?: string;

  constructor(code: DomainErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.clientCode !== undefined) this.clientCode = options.clientCode;
  }
}

/** The request is not valid: a bad value, an unknown member, a query that cannot run. */
export const invalid = (message: string) => new DomainError('invalid', message);
/** The caller is not who they say (no credential, a bad or expired one). */
export const unauthorized = (message: string) => new DomainError('unauthorized', message);
/** The caller may not do this. */
export const forbidden = (message: string) => new DomainError('forbidden', message);
/** What was asked for does not exist (or the caller may not know it does). */
export const notFound = (message: string) => new DomainError('not_found', message);
/** Another writer changed what this one read; retry. */
export const conflict = (message: string, options?: DomainErrorOptions) =>
  new DomainError('conflict', message, options);
/** The engine failed where the caller did nothing wrong (a broken model, a failing query run). */
export const failed = (message: string) => new DomainError('failed', message);
/** The engine cannot answer now (closed, its worker stopped). */
export const unavailable = (message: string, options?: DomainErrorOptions) =>
  new DomainError('unavailable', message, options);
