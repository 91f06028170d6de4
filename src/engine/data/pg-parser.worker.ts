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

self.addEventListener('message', (event: MessageEvent<ParserRequest>) => {
  const { id, op, arg } = event.data;
  void (async () => {
    try {
      const p = await parser;
      const result = op === 'parse' ? await p.parse(arg as string) : await p.deparse(arg as ParseResult);
      self.postMessage({ id, result } satisfies ParserResponse);
    } catch (error) {
      self.postMessage({
        id,
        error: errorMessage(error),
        syntax: error instanceof SqlSyntaxError,
      } satisfies ParserResponse);
    }
  })();
});
