// The engine's HTTP face: a hono app whose fetch answers what the remote service answers. Every error becomes the
// REST error body, `{"error": "…", "code"?: "…"}` (api/errors.ts), at the status errors.ts gives its code.

import { Hono } from 'hono';
import { storageReason } from '../storage-error.js';
import type { EngineContext } from '../domain/context.js';
import type { ChatService } from '../chat/service.js';
import type { DataService } from '../data/service.js';
import { chatRoutes } from './chat.js';
import { dataRoutes, type DataRouteOptions } from './data.js';
import { embedRoutes } from './embed.js';
import { asApiError } from './errors.js';
import { managementRoutes } from './management.js';

export function createApp(
  ctx: EngineContext,
  data: DataService,
  chat: ChatService,
  options: DataRouteOptions = {},
): Hono {
  const app = new Hono();
  chatRoutes(app, ctx, chat);
  managementRoutes(app, ctx);
  embedRoutes(app, ctx);
  dataRoutes(app, ctx, data, options);
  app.notFound((c) => c.json({ error: `No route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  app.onError((error, c) => {
    // A refusal of the engine's rules (its code's status: errors.ts) or of the request's form.
    const refused = asApiError(error);
    if (refused) return c.json(refused.toBody(), refused.status as 400);
    // The client went away while its body was being read (a closed connection when served): nobody is listening, and
    // nothing went wrong in the engine, so no error is logged; the answer says what happened, for a proxy's logs.
    if (c.req.raw.signal.aborted) return c.json({ error: 'The request was aborted by its client' }, 400);
    console.error('svc-engine: unexpected error', error);
    // The browser's storage failed (a full quota, a disk error): the 500 says why.
    const storage = typeof DOMException !== 'undefined' && error instanceof DOMException;
    return c.json({ error: storage ? `Internal server error: ${storageReason(error)}` : 'Internal server error' }, 500);
  });
  return app;
}
