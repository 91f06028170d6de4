// Node adapter: serves a fetch handler (the local engine's) over node:http, streaming response bodies, so curl or
// any HTTP client can prototype against the engine. Not part of the browser entry.
//
// No request can end the process: every request runs inside one guard (a malformed Host or target, a handler that
// throws or rejects, a body that errors midway, a client that goes away), and only Hosts naming this server are
// answered (DNS rebinding: see host.ts).

import { STATUS_CODES, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, type Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { HostAllowList, HostError, boundNames } from './host.js';
import { IN_FLIGHT, InFlight } from './in-flight.js';

export interface ServeOptions {
  port?: number;
  /** Default 127.0.0.1: the engine is a local prototype, not a public server. */
  host?: string;
  /** A page origin allowed to call from a browser (CORS), e.g. http://127.0.0.1:5173 for the demo in remote mode. */
  allowOrigin?: string;
  /**
   * Host header values answered besides the bound address's own (`host` with the listening port; `localhost` too on
   * a loopback address; this machine's addresses on 0.0.0.0 or ::): `name` for any port, or `name:port`. Any other
   * Host is answered 421 (DNS rebinding), a malformed one 400.
   */
  allowedHosts?: readonly string[];
  /**
   * Told about a request that failed by the handler's fault: it threw or rejected (answered 500), its response
   * could not be sent, or its body errored midway (the connection is cut). Not about a client that went away.
   * Default: a line on console.error.
   */
  onError?: (error: unknown, request: { method: string; url: string }) => void;
}

/** Methods a fetch Request cannot carry (and the engine has no use for). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** CORS for one allowed origin: preflights answered here, every response marked. */
function cors(allowOrigin: string, req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = { vary: 'Origin' };
  if (req.headers.origin !== allowOrigin) return headers;
  return {
    ...headers,
    'access-control-allow-origin': allowOrigin,
    'access-control-allow-methods': 'GET, PUT, POST, PATCH, DELETE',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'authorization, content-type',
    'access-control-max-age': '600',
  };
}

/**
 * The request's URL: origin-form (`/path?query`) under the checked Host, or absolute-form (`http://host/path`, whose
 * authority is checked in place of the Host header, RFC 9112 §3.2.2).
 */
function requestUrl(req: IncomingMessage, hosts: HostAllowList): URL {
  const target = req.url ?? '/';
  if (target.startsWith('/')) {
    const host = hosts.check(req.headers.host);
    return new URL(`http://${host.name}${host.port === undefined ? '' : `:${host.port}`}${target}`);
  }
  if (/^https?:\/\//i.test(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new RequestError(400, `Bad request target ${JSON.stringify(target.slice(0, 100))}`);
    }
    if (url.username || url.password) throw new RequestError(400, 'A request target may not carry credentials');
    hosts.check(url.host);
    return url;
  }
  throw new RequestError(400, `Bad request target ${JSON.stringify(target.slice(0, 100))}: expected a path`);
}

function toRequest(req: IncomingMessage, url: URL, signal: AbortSignal): Request {
  const method = req.method ?? 'GET';
  if (FORBIDDEN_METHODS.has(method.toUpperCase()))
    throw new RequestError(405, `Method ${method} is not allowed`, { allow: ALLOWED_METHODS });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    signal,
    // @ts-expect-error -- Node's fetch needs this for streamed request bodies
    duplex: hasBody ? 'half' : undefined,
  });
}

function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.statusCode = status;
  if (!req.complete) res.setHeader('connection', 'close'); // as in send()
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

/** Writes the response; resolves when it is sent, rejects when its body errors or the client goes away. */
async function send(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  extra: Record<string, string>,
): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  // Answered before its body was all read (e.g. 401 to a large upload): the rest of the body is still on the way,
  // so this connection cannot carry another request; say so, rather than reset the client's next one.
  if (!req.complete) res.setHeader('connection', 'close');
  if (!response.body) {
    res.end();
    return;
  }
  // pipeline destroys both ends on an error either side: a client gone stops the body, a failing body cuts the reply.
  await pipeline(Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>), res);
}

/** Errors that only say the connection ended early (the client went away), not that anything failed. */
const DISCONNECT_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_DESTROYED']);
const isDisconnect = (error: unknown) =>
  (error instanceof Error && error.name === 'AbortError') ||
  DISCONNECT_CODES.has((error as { code?: string } | null)?.code ?? '');

/**
 * What Node's HTTP parser refuses before any handler runs (a Host with a control character, headers over 16 kB, a
 * broken chunk): Node's own answer has no body; this one says what was wrong, as JSON like every other error.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (!socket.writable || inFlight?.headersSent || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timeout: the request was not received in time']
        : [400, `Malformed HTTP request (${error.code ?? error.message})`];
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** One request being answered: what aborts when its client goes away, and the Request that follows it. */
interface Exchange {
  clientGone: AbortController;
  /**
   * The Request given to the handler, held until the response closes. A Request follows the signal it was made with
   * only while the Request itself is reachable (Node's fetch links the two weakly): a handler that keeps only the
   * signal, or nothing, while it works would let a garbage collection take the Request and the link with it, and a
   * client that leaves would then stop nothing.
   */
  request?: Request;
}

const reportToConsole = (error: unknown, request: { method: string; url: string }) =>
  console.error(`svc-elements serve: ${request.method} ${request.url.slice(0, 200)}:`, error);

/** Starts an HTTP server answering with `handler`; resolves once it listens. */
export function serveFetch(
  handler: (request: Request) => Promise<Response>,
  options: ServeOptions = {},
): Promise<Server> {
  const host = options.host ?? '127.0.0.1';
  const onError = options.onError ?? reportToConsole;
  try {
    new HostAllowList([], 0, options.allowedHosts); // a malformed allowed host is the caller's error, found now
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  let hosts: HostAllowList | undefined;

  async function answer(req: IncomingMessage, res: ServerResponse, exchange: Exchange): Promise<void> {
    const url = requestUrl(req, hosts!);
    const extra = options.allowOrigin ? cors(options.allowOrigin, req) : {};
    if (options.allowOrigin && req.method === 'OPTIONS') {
      await send(req, res, new Response(null, { status: 204 }), extra);
      return;
    }
    exchange.request = toRequest(req, url, exchange.clientGone.signal);
    const response = await inFlight.track('answering', handler(exchange.request));
    await inFlight.track('sending', send(req, res, response, extra));
  }

  const inFlight = new InFlight();

  const server = createServer((req, res) => {
    const exchange: Exchange = { clientGone: new AbortController() };
    const { clientGone } = exchange;
    req.on('error', () => {}); // an upload cut short: the body's reader sees it, nothing else needs to
    res.on('close', () => {
      if (!res.writableFinished) exchange.clientGone.abort(); // `exchange` (its Request too) lives as long as `res`
    });
    const request = { method: req.method ?? 'GET', url: req.url ?? '/' };
    if (inFlight.draining) {
      // A request on a connection kept alive from before the shutdown (shutdown.ts): no new work.
      sendJson(req, res, 503, { error: 'The server is shutting down' }, { connection: 'close' });
      return;
    }
    answer(req, res, exchange).catch((error: unknown) => {
      try {
        if (error instanceof HostError || error instanceof RequestError) {
          const headers = error instanceof RequestError ? error.headers : {};
          if (!res.headersSent) sendJson(req, res, error.status, { error: error.message }, headers);
          return;
        }
        if (clientGone.signal.aborted && isDisconnect(error)) return; // the client went away: nobody to tell
        onError(error, request);
        if (res.headersSent) res.destroy();
        else sendJson(req, res, 500, { error: 'Internal server error' });
      } catch (failure) {
        res.destroy();
        try {
          onError(failure, request);
        } catch {
          // an onError that throws must not end the process either
        }
      }
    });
  });
  server.on('clientError', answerClientError);
  IN_FLIGHT.set(server, inFlight);
  // Errors of the listening socket after start (e.g. out of file descriptors) are the operator's to see, not fatal.
  const onServerError = (error: Error) => onError(error, { method: '-', url: '-' });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => {
      server.off('error', reject);
      server.on('error', onServerError);
      const { address, port } = server.address() as AddressInfo;
      hosts = new HostAllowList(boundNames(host, address), port, options.allowedHosts);
      resolve(server);
    });
  });
}
