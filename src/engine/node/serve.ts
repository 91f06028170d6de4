// Node adapter: serves a fetch handler (the local engine's) over node:http, streaming response bodies, so curl or
// any HTTP client can prototype against the engine. Not part of the browser entry.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

export interface ServeOptions {
  port?: number;
  /** Default 127.0.0.1: the engine is a local prototype, not a public server. */
  host?: string;
  /** A page origin allowed to call from a browser (CORS), e.g. http://127.0.0.1:5173 for the demo in remote mode. */
  allowOrigin?: string;
}

/** CORS for one allowed origin: preflights answered here, every response marked. */
function cors(allowOrigin: string, req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = { vary: 'Origin' };
  if (req.headers.origin !== allowOrigin) return headers;
  return {
    ...headers,
    'access-control-allow-origin': allowOrigin,
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'authorization, content-type',
    'access-control-max-age': '600',
  };
}

function toRequest(req: IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const controller = new AbortController();
  req.on('close', () => {
    if (!req.complete) controller.abort();
  });
  return new Request(new URL(req.url ?? '/', base), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    signal: controller.signal,
    // @ts-expect-error -- Node's fetch needs this for streamed request bodies
    duplex: hasBody ? 'half' : undefined,
  });
}

function send(res: ServerResponse, response: Response, extra: Record<string, string>): void {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
  res.on('close', () => body.destroy()); // the client went away: stop producing
  body.pipe(res);
}

/** Starts an HTTP server answering with `handler`; resolves once it listens. */
export function serveFetch(
  handler: (request: Request) => Promise<Response>,
  options: ServeOptions = {},
): Promise<Server> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    const base = `http://${req.headers.host ?? `${host}:${options.port ?? 0}`}`;
    const extra = options.allowOrigin ? cors(options.allowOrigin, req) : {};
    if (options.allowOrigin && req.method === 'OPTIONS') return send(res, new Response(null, { status: 204 }), extra);
    handler(toRequest(req, base))
      .then((response) => send(res, response, extra))
      .catch((error: unknown) => {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ error: error instanceof Error ? error.message : 'Internal server error' }));
      });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => resolve(server));
  });
}
