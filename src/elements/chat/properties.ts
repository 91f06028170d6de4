// <svc-chat>'s public properties, declared once: the element (./svc-chat.ts) extends this class, and its body
// (./chat-view.ts), loaded after the first frame, reads and sets them through it (./chat-host.ts).

import { property } from 'lit/decorators.js';
import type { ChatSessionSettings } from '../../api/types.js';
import { SvcConnectedElement } from '../shared/svc-element.js';

export class ChatProperties extends SvcConnectedElement {
  @property({ attribute: 'account-name' }) accountName?: string;
  @property({ attribute: 'agent-id' }) agentId?: string;
  /** The thread shown: set it to load and continue a thread; it follows when a new thread starts. */
  @property({ attribute: 'chat-id' }) chatId?: string;
  /** Api-Key mode: who is asking (JSON in the attribute). */
  @property({ attribute: 'session-settings', type: Object }) sessionSettings?: ChatSessionSettings;
  /** Questions offered before the first one; without any, questions about the data model are suggested. */
  @property({ attribute: 'starter-prompts', type: Array }) starterPrompts: string[] = [];
  /** The message box's placeholder (default: "Ask a question about your data", in the UI language). */
  @property() placeholder?: string;
}
