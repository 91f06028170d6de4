// shutdown() of a server serveFetch started (the stop of `svc-elements serve`): a request being answered finishes, a
// new one on a connection kept from before is answered 503 with Connection: close, streams still open are ended by
// endStreams after the answers, and the bound cuts what remains. Real node:http server on loopback, raw sockets.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { serveFetch } from '../../../src/engine/node/serve.js';
import { shutdown } from '../../../src/engine/node/shutdown.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `bytes` on one connection (and `later.bytes` once `later.when` settles); resolves with all it read until
 * it closed. */
function exchange(port: number, bytes: string, later?: { bytes: string; when: Promise<unknown> }): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(bytes);
      if (later) void later.when.then(() => socket.write(later.bytes));
    });
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

const get = (port: number, path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;

describe('shutdown(server)', () => {
  it('finishes the answer in flight, refuses a pipelined request 503, then ends the streams', async () => {
    const order: string[] = [];
    let endStream: (() => void) | undefined;
    // The steps are ordered by events, not by timers: on a loaded machine a timer can fire 150 ms late, and /late
    // written after /slow's connection was closed is answered by a reset, not a 503.
    let slowStarted!: () => void;
    const slowStart = new Promise<void>((resolve) => (slowStarted = resolve));
    let stopBegun!: () => void;
    const stopBegins = new Promise<void>((resolve) => (stopBegun = resolve));
    let lateArrived!: () => void;
    const lateArrives = new Promise<void>((resolve) => (lateArrived = resolve));
    const server = await serveFetch(
      async (request) => {
        const path = new URL(request.url).pathname;
        order.push(`start ${path}`);
        if (path === '/late') return new Response('late');
        if (path === '/slow') {
          slowStarted();
          await lateArrives; // /slow is answered once /late, pipelined behind it, has been read
          order.push('slow answered');
          return Response.json({ tides: 2 });
        }
        // A stream that goes on until endStreams ends it, as a chat stream until the engine closes.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"gauge":"open"}\n'));
            endStream = () => {
              controller.enqueue(new TextEncoder().encode('{"gauge":"final"}\n'));
              controller.close();
            };
          },
        });
        return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
      },
      { port: 0 },
    );
    server.on('request', (request: { url?: string }) => {
      if (request.url === '/late') lateArrived();
    });
    const { port } = server.address() as { port: number };
    const streamed = exchange(port, get(port, '/stream'));
    // /late arrives on /slow's connection once the stop has begun (pipelined while /slow is being answered).
    const pipelined = exchange(port, get(port, '/slow'), { bytes: get(port, '/late'), when: stopBegins });
    await slowStart;
    const stopping = shutdown(server, {
      graceMs: 5000,
      endStreams: async () => {
        order.push('endStreams');
        endStream?.();
      },
    });
    stopBegun();
    const result = await stopping;
    assert.equal(result.cut, 0);
    const [slowAndLate, stream] = await Promise.all([pipelined, streamed]);
    assert.match(slowAndLate, /^HTTP\/1\.1 200 OK[\s\S]*\{"tides":2\}\r\n0\r\n\r\nHTTP\/1\.1 503 /);
    assert.match(slowAndLate, /connection: close[\s\S]*\{"error":"The server is shutting down"\}$/i);
    assert.match(stream, /\{"gauge":"open"\}\n[\s\S]*\{"gauge":"final"\}\n/);
    assert.deepEqual(
      order.filter((step) => step !== 'start /stream'),
      ['start /slow', 'slow answered', 'endStreams'],
      'the answer finished before the streams were ended, and /late never reached the handler',
    );
    await assert.rejects(exchange(port, get(port, '/after')).then((text) => assert.equal(text, 'x')));
  });

  it('cuts what is still open at graceMs', async () => {
    const server = await serveFetch(() => new Promise<Response>(() => undefined), { port: 0 });
    const { port } = server.address() as { port: number };
    const hanging = exchange(port, get(port, '/never'));
    await sleep(100);
    const result = await shutdown(server, { graceMs: 300 });
    assert.equal(result.cut, 1);
    assert.ok(result.ms >= 290 && result.ms < 2000, `${result.ms} ms`);
    assert.equal(await hanging, '', 'the connection is closed without an answer');
  });
});
