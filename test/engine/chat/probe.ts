// A probe agent for chat authentication tests: its final answer is the user the engine resolved for the request and,
// for an input `SQL <query>`, the result of that query run through the chat's SQL tool as that user (policies apply).

import type { ChatStreamMessage, ServiceSqlApiResult } from '../../../src/api/types.js';
import type { Agent } from '../../../src/engine/index.js';
import { finalAnswer } from '../../../src/transport/chat.js';

export const probeAgent: Agent = {
  async *answer(ctx) {
    const sql = /^SQL (.*)$/s.exec(ctx.input)?.[1];
    const result = sql ? await ctx.tools.serviceSqlApi({ sqlQuery: sql, queryTitle: 'probe' }) : undefined;
    yield { final: JSON.stringify({ user: ctx.user, result }) };
  },
};

export interface ProbeAnswer {
  user: { externalId?: string; internalId?: string; groups: string[]; userAttributes: Record<string, unknown> };
  result?: ServiceSqlApiResult & { error?: string };
}

export async function collect(stream: AsyncIterable<ChatStreamMessage>): Promise<ChatStreamMessage[]> {
  const out: ChatStreamMessage[] = [];
  for await (const m of stream) out.push(m);
  return out;
}

/** The probe's answer in a finished stream. */
export function probeAnswer(messages: ChatStreamMessage[]): ProbeAnswer {
  const final = finalAnswer(messages);
  if (!final?.content) throw new Error(`no final answer in ${JSON.stringify(messages)}`);
  return JSON.parse(final.content) as ProbeAnswer;
}
