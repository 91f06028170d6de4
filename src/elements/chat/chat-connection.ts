// What <svc-chat>'s requests carry and when a dropped one is sent again (chat-session.ts sends them).

import { ApiError } from '../../api/errors.js';

/** Waits before each resubscription after a dropped connection. */
export const RESUBSCRIBE_DELAYS_MS = [250, 1000, 3000];

/** The connection broke (not an answer from the service, not the user's abort). */
export function isDropped(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 && error.code === 'network_error';
  return error instanceof TypeError;
}

/** The `locale` option of a chat request: the viewer's language when it is a language tag. */
export function requestLocale(locale: string | undefined): { locale?: string } {
  try {
    return locale ? { locale: Intl.getCanonicalLocales(locale)[0] } : {};
  } catch {
    return {}; // not a language tag: the request names no language
  }
}
