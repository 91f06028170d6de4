// What the body of <svc-chat> (chat-view.ts) needs from the element that loads it: its properties, and access to
// what the element holds (the transport, the provider's context).

import type { Transport } from '../../transport/transport.js';
import type { ChatProperties } from './properties.js';

/** The element the body serves (SvcChat): its properties (declared once, ./properties.ts) and what it has of its own. */
export type ChatHost = ChatProperties;

export interface ChatHostAccess {
  transport(): Transport | undefined;
  requireTransport(): Transport;
  /** Inside a provider: a transport may come later (a question waits for it). */
  inProvider(): boolean;
  locale(): string | undefined;
  /** Who the thread belongs to (the session's subject). */
  viewer(): string | undefined;
  /** The provider's session (a new one is a new object). */
  session(): unknown;
}
