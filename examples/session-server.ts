// An example host backend (Node `http`, no framework): it holds the API key and mints embed sessions for viewers,
// so the key never reaches a browser. The page's <svc-provider> calls it from `fetchSession`.
//
//   SVC_BASE_URL=https://acme.example.com SVC_API_KEY=… node --import tsx examples/session-server.ts
//
// A real backend decides who the viewer is from its own login; this example reads it from the request body so the
// demo can switch viewers. Never let a browser choose its own groups or attributes in production.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { ApiError, createServerClient, type GenerateSessionRequest } from '../src/server/index.js';

export interface SessionServerOptions {
  /** Base address of the API. */
  baseUrl: string;
  /** An admin API key. */
  apiKey: string;
  deploymentId: number;
  /** The page origin allowed to call (CORS), e.g. http://127.0.0.1:5173. */
  allowOrigin?: string;
  fetch?: (request: Request) => Promise<Response>;
}

async function readJson(request: IncomingMessage, limit = 16_384): Promise<unknown> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > limit) throw new ApiError({ status: 413, message: 'Request body too large' });
  }
  try {
    return body ? JSON.parse(body) : {};
  } catch {
    throw new ApiError({ status: 400, message: 'Request body must be JSON' });
  }
}

/** The viewer a request asks for; only these fields are passed on. */
function viewerRequest(body: unknown, deploymentId: number): GenerateSessionRequest {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof b.externalId !== 'string' || !b.externalId.trim()) {
    throw new ApiError({ status: 400, message: 'externalId: must be a non-empty string' });
  }
  return {
    deploymentId,
    externalId: b.externalId,
    groups: Array.isArray(b.groups) ? b.groups.filter((g): g is string => typeof g === 'string') : [],
    ...(Array.isArray(b.userAttributes) && {
      userAttributes: b.userAttributes as GenerateSessionRequest['userAttributes'],
    }),
    ...(typeof b.userProfile === 'object' && b.userProfile !== null && { userProfile: b.userProfile }),
  };
}

/** `POST /session` → `{sessionId}`; errors as `{error}` with the service's status. */
export function createSessionServer(options: SessionServerOptions): Server {
  const client = createServerClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, fetch: options.fetch });
  return createServer((request, response) => {
    const send = (status: number, body?: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        ...(options.allowOrigin && {
          'access-control-allow-origin': options.allowOrigin,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
          vary: 'Origin',
        }),
      });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (request.method === 'OPTIONS') return send(204);
    if (request.method !== 'POST' || request.url !== '/session') return send(404, { error: 'Not found' });
    readJson(request)
      .then((body) => client.generateSession(viewerRequest(body, options.deploymentId)))
      .then((sessionId) => send(200, { sessionId }))
      .catch((error: unknown) =>
        error instanceof ApiError
          ? send(error.status >= 400 ? error.status : 502, { error: error.message })
          : send(500, { error: 'Internal error' }),
      );
  });
}

// Run directly: serve on PORT (default 8788).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { SVC_BASE_URL, SVC_API_KEY, SVC_DEPLOYMENT_ID = '1', PORT = '8788', ALLOW_ORIGIN } = process.env;
  if (!SVC_BASE_URL || !SVC_API_KEY) {
    console.error('Set SVC_BASE_URL and SVC_API_KEY (an admin API key).');
    process.exit(1);
  }
  createSessionServer({
    baseUrl: SVC_BASE_URL,
    apiKey: SVC_API_KEY,
    deploymentId: Number(SVC_DEPLOYMENT_ID),
    ...(ALLOW_ORIGIN && { allowOrigin: ALLOW_ORIGIN }),
  }).listen(Number(PORT), '127.0.0.1', () => console.log(`Session server on http://127.0.0.1:${PORT}/session`));
}
