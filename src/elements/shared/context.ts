// The context <svc-provider> gives the elements under it (through shadow roots too): the transport, and the viewer's
// locale, time zone and colour scheme. The value is replaced, never mutated, so consumers re-render when it changes.

import { createContext } from '@lit/context';
import type { Transport } from '../../transport/transport.js';
import type { SessionInfo } from '../provider/session.js';

export type ColorScheme = 'light' | 'dark' | 'auto';

export interface SvcContext {
  /** Talks to the API (remote, or the local engine's fetch). */
  readonly transport?: Transport;
  /** BCP 47 locale for numbers and dates; undefined means the browser's. */
  readonly locale?: string;
  /** IANA time zone for dates; undefined means the browser's. */
  readonly timezone?: string;
  readonly colorScheme?: ColorScheme;
  /** The embed session (token and its claims: the viewer, groups, settings), when the provider has one. */
  readonly session?: SessionInfo;
}

export const svcContext = createContext<SvcContext | undefined>(Symbol.for('svc-elements/context'));
