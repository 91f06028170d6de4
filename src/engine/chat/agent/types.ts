// The Agent contract: the documented extension point hosts use to plug their own analyst in
// (`createLocalEngine({ agent })`). The engine streams every tool call and turns the events into chat messages.

import type { ChatStreamMessage } from '../../../api/types.js';
import type { AgentTools } from '../tools/index.js';

export interface AgentContext {
  input: string;
  history: ChatStreamMessage[];
  signal: AbortSignal;
  now(): number;
  /**
   * The viewer's language (BCP 47, from the request's `Accept-Language`): answer in it where the agent can.
   * Undefined when the request names none.
   */
  locale?: string;
  user: { externalId?: string; internalId?: string; groups: string[]; userAttributes: Record<string, unknown> };
  /**
   * The tools (chat/tools/, one module each), run as the user: `serviceMeta` (a search of what the user may see),
   * `serviceSqlApi` (SQL-API SQL; failures come back as `{error}`, not as throws; streamed as the spec's tool calls),
   * `lookupSqlApi` (ours: SQL for the agent's own use, the values a question may name, streaming no tool call).
   */
  tools: AgentTools;
}

/**
 * Each event is a delta: thinking and content stream into the assistant's working message; final streams into the
 * final answer (graphPath ['final', …]). Agents must stop promptly when ctx.signal aborts.
 */
export type AgentEvent = { thinking: string } | { content: string } | { final: string };

export interface Agent {
  answer(ctx: AgentContext): AsyncIterable<AgentEvent>;
}
