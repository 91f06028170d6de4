// The stories' server: one local engine per Storybook page (its preview frame), on the demo seed, so every story runs
// offline. The states that need a slow or failing server get a fetch that routes to the engine's fetch with a delay or
// a failure on the paths named: a real Response either way, the elements unchanged.
import { DEMO, createLocalEngine, demoSeed, type LocalEngine } from '../../src/engine/index.js';
import { HttpTransport, type FetchLike } from '../../src/transport/index.js';

let started: Promise<LocalEngine> | undefined;

/** The page's engine, started by the first story that asks (5,000 sales rows: quick to seed, enough to chart). */
export const storyEngine = (): Promise<LocalEngine> =>
  (started ??= createLocalEngine({ name: 'svc-storybook', seed: { ...demoSeed, data: { rows: 5000 } } }));

/** A session for a viewer in `groups` (the demo's row-level security: executives see every region). */
export async function storySession(
  engine: LocalEngine,
  externalId: string,
  groups: string[] = ['executives'],
): Promise<{ sessionId: string }> {
  const admin = new HttpTransport({
    baseUrl: 'https://local.svc',
    fetch: engine.fetch,
    auth: { apiKey: DEMO.adminKey },
  });
  const { sessionId } = await admin.generateSession({ deploymentId: DEMO.deploymentId, externalId, groups });
  return { sessionId };
}

/** Which requests a wrapper acts on: the data queries, the chat, or all. */
export type Route = 'data' | 'chat' | 'all';
const DATA = /\/(load|sql|dry-run)$/;
const CHAT = /\/chat\//;
const matches = (route: Route, request: Request): boolean => {
  const path = new URL(request.url).pathname;
  return route === 'all' || (route === 'data' ? DATA.test(path) : CHAT.test(path));
};

const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
  });

/** The engine's fetch, answering the `route` requests `ms` later (a slow server: the loading states). */
export const slowFetch =
  (fetch: FetchLike, ms: number, route: Route = 'data'): FetchLike =>
  async (request) => {
    if (matches(route, request)) await sleep(ms, request.signal);
    return fetch(request);
  };

/**
 * The engine's fetch, answering the `route` requests with `status` and the API's error body instead (a failing
 * server: the error states). The request is not sent to the engine.
 */
export const failingFetch =
  (fetch: FetchLike, status: number, message: string, route: Route = 'data'): FetchLike =>
  (request) =>
    matches(route, request) ? Promise.resolve(Response.json({ error: message }, { status })) : fetch(request);

/**
 * The engine's fetch with the chat's stream paced: each chunk of a chat answer's body `ms` after the one before (an
 * answer being written, as from a remote model).
 */
export const pacedFetch =
  (fetch: FetchLike, ms: number): FetchLike =>
  async (request) => {
    const response = await fetch(request);
    if (!matches('chat', request) || !response.body) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        await sleep(ms);
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
