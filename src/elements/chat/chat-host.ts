// What the body of <svc-chat> (chat-view.ts) needs from the element that loads it: its properties, and access to
// what the element holds (the transport, the provider's context).

import type { ReactiveControllerHost } from 'lit';
import type { ChatSessionSettings } from '../../api/types.js';
import type { Transport } from '../../transport/transport.js';

/** The element the body serves (SvcChat): its properties and what it gives the body of its own. */
export interface ChatHost extends HTMLElement, ReactiveControllerHost {
  accountName?: string;
  agentId?: string;
  chatId?: string;
  sessionSettings?: ChatSessionSettings;
  starterPrompts: string[];
  placeholder?: string;
  readonly renderRoot: HTMLElement | DocumentFragment;
  emit<E extends Event>(event: E): E;
}

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
