// What the chat benchmarks share: an answer recorded from the local engine as the NDJSON lines it streams, and a
// transport that replays recorded lines 10 per task — as fast as a network would deliver them, or paced like a model
// writing (a task every `paceMs`, scheduled against the clock so slow tasks do not stretch the stream).
import { DEMO, createLocalEngine, demoSeed } from '../src/engine/index.js';
import { HttpTransport } from '../src/transport/http-transport.js';

export const settings = { externalId: 'bench', groups: ['executives'] };
export const tick = () => new Promise<void>((r) => setTimeout(r, 0));
export const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(r));
};

export function transportOver(fetch: (request: Request) => Promise<Response>): HttpTransport {
  return new HttpTransport({
    baseUrl: 'https://bench.svc',
    fetch,
    auth: { apiKey: DEMO.adminKey },
    accountName: DEMO.accountName,
    agentId: DEMO.agentId,
  });
}

/** The NDJSON lines the local engine streams for an answer written as `deltas`. */
export async function record(deltas: string[]): Promise<string[]> {
  const name = `bench-chat-${Date.now()}`;
  const engine = await createLocalEngine({
    name,
    seed: { ...demoSeed, data: { rows: 1000 } },
    agent: {
      async *answer() {
        for (const d of deltas) yield { final: d };
      },
    },
  });
  let body = '';
  const transport = transportOver(async (request) => {
    const response = await engine.fetch(request);
    body = await response.clone().text();
    return response;
  });
  for await (const _ of await transport.streamChat({ input: 'the long report', sessionSettings: settings }));
  await engine.close();
  indexedDB.deleteDatabase(name);
  return body.split('\n').filter(Boolean);
}

/**
 * A transport whose chat requests are answered with recorded lines, 10 per task: `history` for a request without
 * input (loading a thread), `lines` otherwise; `progress(i)` runs after each task's lines (false stops the stream).
 * With `paceMs`, task k is due `k × paceMs` after the first.
 */
export function replay(
  lines: string[],
  progress: (linesSent: number) => Promise<boolean | void> = () => Promise.resolve(),
  history: string[] = [],
  paceMs = 0,
) {
  return transportOver(async (request) => {
    const loading = !((await request.json()) as { input?: string }).input;
    const source = loading ? history : lines;
    const encoder = new TextEncoder();
    let i = 0;
    let start = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (i >= source.length) return controller.close();
        start ||= performance.now();
        controller.enqueue(encoder.encode(`${source.slice(i, i + 10).join('\n')}\n`));
        i += 10;
        const due = start + (i / 10) * paceMs;
        if (paceMs) await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        else await tick();
        if (!loading && (await progress(i)) === false) controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
  });
}
