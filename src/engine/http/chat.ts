// Chat routes (operations of api/operations.ts): stream-chat-state and abort. Authentication failures are HTTP 200
// with one JSON-RPC error line; other failures are REST errors.

import type { Context, Hono } from 'hono';
import { JSON_RPC_AUTH_ERROR } from '../../api/errors.js';
import { AbortChatRequestSchema, ChatRequestSchema } from '../../api/schemas.js';
import type { AbortChatRequest, ChatRequest, ChatSessionSettings } from '../../api/types.js';
import { ChatAuthFailure, authenticateChat, resolveAgent, type ChatPrincipal } from '../chat/auth.js';
import type { ChatService } from '../chat/service.js';
import type { EngineContext } from '../domain/context.js';
import { requirePaidPlan } from '../domain/embed-sessions.js';
import { jsonBody } from './request.js';
import { route } from './route.js';

function rpcError(message: string): Response {
  const body = { jsonrpc: '2.0', error: { code: JSON_RPC_AUTH_ERROR, message }, id: null };
  return new Response(`${JSON.stringify(body)}\n`, {
    status: 200,
    headers: { 'Content-Type': 'application/x-ndjson' },
  });
}

export function chatRoutes(app: Hono, ctx: EngineContext, chat: ChatService): void {
  /** The caller of a chat request (nothing written yet); a ChatAuthFailure becomes the JSON-RPC answer. */
  async function caller(
    c: Context,
    sessionSettings: ChatSessionSettings | undefined,
  ): Promise<ChatPrincipal | Response> {
    const deployment = await resolveAgent(ctx, c.req.param('accountName')!, c.req.param('agentId')!);
    try {
      const who = await authenticateChat(
        ctx,
        { authorization: c.req.header('authorization'), token: c.req.header('x-service-auth-token') },
        deployment,
        sessionSettings,
      );
      await requirePaidPlan(ctx, 'Chat');
      return who;
    } catch (error) {
      if (error instanceof ChatAuthFailure) return rpcError(error.message);
      throw error;
    }
  }

  route(app, 'streamChat', async (c, { accountName, agentId }) => {
    await resolveAgent(ctx, accountName, agentId);
    const request: ChatRequest = await jsonBody(c, ChatRequestSchema);
    const who = await caller(c, request.sessionSettings);
    if (who instanceof Response) return who;
    return chat.stream(accountName, agentId, who, request, c.req.header('accept-language'));
  });

  route(app, 'abortChat', async (c, { accountName, agentId }) => {
    await resolveAgent(ctx, accountName, agentId);
    const request: AbortChatRequest = await jsonBody(c, AbortChatRequestSchema);
    const settings =
      request.sessionSettings?.externalId !== undefined
        ? { externalId: request.sessionSettings.externalId }
        : undefined;
    const who = await caller(c, settings);
    if (who instanceof Response) return who;
    await chat.abort(agentId, who, request);
  });
}
