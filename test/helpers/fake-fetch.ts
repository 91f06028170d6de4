// A fake `fetch` that records every request (method, URL, headers, body) and answers from a handler. For testing
// the client's wire behaviour; the engine tests use the real engine instead.

export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  signal: AbortSignal;
}

export type Handler = (request: Request, index: number) => Response | Promise<Response>;

export interface FakeFetch {
  (request: Request): Promise<Response>;
  calls: Recorded[];
  readonly last: Recorded;
}

export function fakeFetch(handler: Handler = () => json({})): FakeFetch {
  const calls: Recorded[] = [];
  const fn = (async (request: Request) => {
    const text = await request.clone().text();
    calls.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text === '' ? undefined : JSON.parse(text),
      signal: request.signal,
    });
    return handler(request, calls.length - 1);
  }) as FakeFetch;
  fn.calls = calls;
  Object.defineProperty(fn, 'last', { get: () => calls[calls.length - 1] });
  return fn;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A response whose body streams `chunks` (strings, encoded as UTF-8), optionally waiting between them. */
export function streamed(chunks: (string | Uint8Array)[], init: { status?: number; delayMs?: number } = {}): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (i >= chunks.length) return controller.close();
      if (init.delayMs) await new Promise((r) => setTimeout(r, init.delayMs));
      const c = chunks[i++];
      controller.enqueue(typeof c === 'string' ? encoder.encode(c) : c);
    },
  });
  return new Response(body, { status: init.status ?? 200, headers: { 'Content-Type': 'application/x-ndjson' } });
}

/** NDJSON text of `values`, one per line. */
export function ndjson(values: unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join('\n') + '\n';
}

/** A body that never ends (until the request is aborted). */
export function hanging(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason as Error), { once: true });
  });
}
