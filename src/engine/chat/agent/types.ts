// The Agent contract of ARCHITECTURE §5: the documented extension point hosts use to plug their own analyst in
// (`createLocalEngine({ agent })`). The engine streams every tool call and turns the events into chat messages.

import type {
  ChatStreamMessage,
  ServiceMetaResult,
  ServiceSqlApiInput,
  ServiceSqlApiResult,
  ToolErrorResult,
} from '../../../api/types.js';

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
  tools: {
    /** Metadata search over what the user may see. */
    serviceMeta(input: { searchQuery: string }): Promise<ServiceMetaResult>;
    /** Runs SQL-API SQL as the user; failures come back as `{error}`, not as throws. */
    serviceSqlApi(input: ServiceSqlApiInput): Promise<ServiceSqlApiResult | ToolErrorResult>;
    /**
     * Ours: runs SQL-API SQL as the user for the agent's own use (the values a question may name), streaming no tool
     * call: the user never reads it, or its failure, as the query that answered them. Failures come back as `{error}`.
     */
    lookupSqlApi(input: { sqlQuery: string }): Promise<ServiceSqlApiResult | ToolErrorResult>;
  };
}

/**
 * Each event is a delta: thinking and content stream into the assistant's working message; final streams into the
 * final answer (graphPath ['final', …]). Agents must stop promptly when ctx.signal aborts.
 */
export type AgentEvent = { thinking: string } | { content: string } | { final: string };

export interface Agent {
  answer(ctx: AgentContext): AsyncIterable<AgentEvent>;
}
