// The SQL parser's worker. wasm compiles here rather than in the page, so a page whose Content-Security-Policy is
// `script-src 'self'` needs no 'wasm-unsafe-eval': a worker loaded from its own URL gets the policy of its own
// response, not the page's.

import { errorMessage } from '../../api/errors.js';
import { SqlSyntaxError, type ParseResult } from './pg-parser-core.js';
import { createInProcessParser } from './pg-parser-local.js';

export interface ParserRequest {
  id: number;
  op: 'parse' | 'deparse';
  arg: string | ParseResult;
}
export type ParserResponse = { id: number; result: unknown } | { id: number; error: string; syntax: boolean };

const parser = createInProcessParser();

/** Answers requests from `peer`: the page that made this worker, or the engine's worker through a port. */
function serve(event: MessageEvent<ParserRequest>, peer: { postMessage(message: ParserResponse): void }): void {
  const { id, op, arg } = event.data;
  void (async () => {
    try {
      const p = await parser;
      const result = op === 'parse' ? await p.parse(arg as string) : await p.deparse(arg as ParseResult);
      peer.postMessage({ id, result });
    } catch (error) {
      peer.postMessage({ id, error: errorMessage(error), syntax: error instanceof SqlSyntaxError });
    }
  })();
}

// Made by the page for the engine's worker (helper-workers.ts), the first message brings the port to it.
self.addEventListener('message', (event: MessageEvent<ParserRequest | { port: MessagePort }>) => {
  const data = event.data;
  if ('port' in data) data.port.onmessage = (request: MessageEvent<ParserRequest>) => serve(request, data.port);
  else serve(event as MessageEvent<ParserRequest>, self);
});
