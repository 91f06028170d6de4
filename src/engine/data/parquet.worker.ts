// parquet-wasm's worker (parquet-decode.ts): opens one Parquet Blob and hands its rows back a batch at a time, each
// asked for. A file that makes the reader trap ends this worker with an error event (its client reports the file as
// unreadable); whatever the reader held goes when the worker ends.

import { openParquet, type ParquetDecoder } from './parquet-decode.js';

export type ParquetRequest = { op: 'open'; blob: Blob; batchRows: number } | { op: 'next' };
export type ParquetResponse = { schema: Uint8Array; rows: number } | { ipc?: Uint8Array } | { error: string };

type Peer = { postMessage(message: ParquetResponse, transfer?: Transferable[]): void };
let decoder: ParquetDecoder | undefined;

function serve(request: ParquetRequest, peer: Peer): void {
  void (async () => {
    try {
      if (request.op === 'open') {
        decoder = await openParquet(request.blob, request.batchRows);
        peer.postMessage({ schema: decoder.schema, rows: decoder.rows });
      } else {
        const ipc = await decoder!.next();
        peer.postMessage({ ipc }, ipc ? [ipc.buffer] : []);
      }
    } catch (error) {
      peer.postMessage({ error: String((error as Error)?.message ?? error) });
    }
  })();
}

// Made by the page for the engine's worker (helper-workers.ts), the first message brings the port to it.
self.addEventListener('message', (event: MessageEvent<ParquetRequest | { port: MessagePort }>) => {
  const data = event.data;
  if ('port' in data) data.port.onmessage = (request: MessageEvent<ParquetRequest>) => serve(request.data, data.port);
  else serve(data, self as unknown as Peer);
});
