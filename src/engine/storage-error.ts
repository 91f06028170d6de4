// The reason a write to the browser's storage failed, in words: IndexedDB reports a full quota as a DOMException named
// QuotaExceededError whose message may be empty (Chromium's), and other failures by name and message.

/** What a QuotaExceededError says. */
export const QUOTA_FULL = "the browser's storage quota for this site is full";

const named = (value: unknown): value is { name: string; message?: unknown; cause?: unknown } =>
  typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';

/**
 * Why `error` happened, on one line: QUOTA_FULL when it is (or was caused by) a QuotaExceededError, else its message's
 * first line, else its cause's reason, else its name (a DOMException without a message).
 */
export function storageReason(error: unknown, depth = 0): string {
  for (let e: unknown = error, d = 0; named(e) && d < 5; e = e.cause, d++) {
    if (e.name === 'QuotaExceededError') return QUOTA_FULL;
  }
  if (!named(error)) return String(error);
  const first = (typeof error.message === 'string' ? error.message : '').split('\n')[0].trim();
  if (first) return first;
  if (error.cause !== undefined && depth < 4) return storageReason(error.cause, depth + 1);
  return error.name;
}
