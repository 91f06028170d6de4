// The context <svc-provider> gives the elements under it (through shadow roots too): the transport, and the viewer's
// locale, time zone and colour scheme. The value is replaced, never mutated, so consumers re-render when it changes.

import { ContextRoot, createContext } from '@lit/context';
import type { Transport } from '../../transport/transport.js';
import type { SessionInfo } from '../provider/session.js';

export type ColorScheme = 'light' | 'dark' | 'auto';

export interface SvcContext {
  /** Talks to the API (remote, or the local engine's fetch). */
  readonly transport?: Transport;
  /** BCP 47 locale of the words, numbers and dates; undefined means the page's `lang`, else the browser's. */
  readonly locale?: string;
  /** IANA time zone for dates; undefined means the browser's. */
  readonly timezone?: string;
  readonly colorScheme?: ColorScheme;
  /** The embed session (token and its claims: the viewer, groups, settings), when the provider has one. */
  readonly session?: SessionInfo;
}

export const svcContext = createContext<SvcContext | undefined>(Symbol.for('svc-elements/context'));

/** The viewer a session stands for (its subject within its deployment), to notice that another one took over. */
export function viewerOf(claims: { sub?: string; deploymentId?: number } | undefined): string | undefined {
  return claims?.sub === undefined ? undefined : `${claims.deploymentId ?? ''}/${claims.sub}`;
}

let rootAttached = false;

/**
 * Elements defined before <svc-provider> ask for its context before any provider can answer; a ContextRoot on the
 * document keeps those requests and replays them when a provider appears. Attached once, by the first provider.
 */
export function attachContextRoot(): void {
  if (rootAttached || typeof document === 'undefined') return;
  rootAttached = true;
  new ContextRoot().attach(document.documentElement);
}
