// What the engine answers when its state is kept on disk (the `stateDir` option, `svc-elements serve --state`): an
// answer is given only once every write committed before it is on disk, so a client never sees an acknowledgement of
// something a crash can take back. A stream (a chat answer, NDJSON) flows as it is made, each chunk once what was
// committed before it is on disk (a client acts on a chat's `__state__` line: the turn it reports is kept), and ends
// likewise. A store that could not write answers 503 with its reason. No Node module here: the engine's
// in-page module imports this file in every runtime (the store itself, node/durable-store.ts, is loaded in Node only).

export interface DurableStore {
  /** The IndexedDB factory whose databases are kept on disk. */
  readonly factory: IDBFactory;
  /** The store's file. */
  readonly path: string;
  /** Resolves when every transaction committed so far is on disk; rejects once a write has failed. */
  flushed(): Promise<void>;
  /** Writes what is pending, then closes the file. */
  close(): Promise<void>;
}

const STREAMS = /^(application\/(x-)?ndjson|text\/event-stream)\b/i;

const unsaved = (error: unknown) =>
  Response.json({ error: `The engine's state could not be saved: ${(error as Error).message}` }, { status: 503 });

/** `response`, once what was committed before it is on disk (a stream: each chunk, and its end, likewise). */
export async function durableResponse(response: Response, store: DurableStore): Promise<Response> {
  if (response.body && STREAMS.test(response.headers.get('content-type') ?? '')) {
    const ends = new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        try {
          await store.flushed();
          controller.enqueue(chunk);
        } catch (error) {
          controller.error(error);
        }
      },
      async flush(controller) {
        try {
          await store.flushed();
        } catch (error) {
          controller.error(error);
        }
      },
    });
    return new Response(response.body.pipeThrough(ends), response);
  }
  try {
    await store.flushed();
  } catch (error) {
    await response.body?.cancel().catch(() => undefined);
    return unsaved(error);
  }
  return response;
}
