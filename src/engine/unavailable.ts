/**
 * Thrown by createLocalEngine() where the local engine cannot run: no IndexedDB (some embedded webviews, storage
 * disabled by policy) or an IndexedDB that refuses to open (a private window in some browsers, storage blocked for
 * third-party frames, quota exhausted). The elements do not need the local engine: give them a transport to your
 * backend (HttpTransport or <svc-provider base-url>) there. `cause` holds the browser's own error, when there is one.
 */
export class LocalEngineUnavailableError extends Error {
  override readonly name = 'LocalEngineUnavailableError';
  constructor(reason: string, options?: { cause?: unknown }) {
    super(
      `The local engine cannot run here: ${reason}. The elements still work with a remote transport (HttpTransport or <svc-provider base-url>).`,
      options,
    );
  }
}

/** The browser's reason an IndexedDB open failed, in words. */
export function indexedDbOpenFailure(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  const message = (error as { message?: string } | null)?.message;
  if (name === 'SecurityError') return 'IndexedDB is blocked for this page (storage disabled or a third-party frame)';
  if (name === 'QuotaExceededError') return 'IndexedDB has no storage quota left for this site';
  if (name === 'InvalidStateError') return 'IndexedDB is not available in this window (a private window?)';
  return `IndexedDB failed to open${name ? ` (${name}${message ? `: ${message}` : ''})` : ''}`;
}
