// The Postgres parser for the SQL API, loaded on first use: in browsers it runs in a module worker (the wasm never
// compiles in the page, so a strict Content-Security-Policy holds there); in Node, in-process.

import { helperWorker } from './helper-workers.js';
import { SqlSyntaxError, type ParseResult, type PgParser } from './pg-parser-core.js';
import type { ParserRequest, ParserResponse } from './pg-parser.worker.js';

export { SqlSyntaxError, type ParseResult, type PgNode, type PgParser } from './pg-parser-core.js';

function workerParser(): PgParser {
  const worker = helperWorker(
    { kind: 'parser' },
    () => new Worker(new URL('./pg-parser.worker.ts', import.meta.url), { type: 'module', name: 'svc-sql-parser' }),
  );
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  let broken: Error | undefined;
  worker.addEventListener('message', (event) => {
    const data = (event as MessageEvent<ParserResponse>).data;
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    if ('error' in data) call.reject(data.syntax ? new SqlSyntaxError(data.error) : new Error(data.error));
    else call.resolve(data.result);
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    broken = new Error(`The SQL parser's worker failed: ${event.message || 'it could not be loaded'}`);
    for (const call of pending.values()) call.reject(broken);
    pending.clear();
    parser = undefined; // the next query tries again
    worker.terminate();
  });
  const call = <T>(op: ParserRequest['op'], arg: ParserRequest['arg']) =>
    new Promise<T>((resolve, reject) => {
      if (broken) return reject(broken);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, arg } satisfies ParserRequest);
    });
  return {
    parse: (sql) => call<ParseResult>('parse', sql),
    deparse: (ast) => call<string>('deparse', ast),
  };
}

let parser: Promise<PgParser> | undefined;

export function loadParser(): Promise<PgParser> {
  // A page or the engine's own worker (which starts this one inside it); Node has no global Worker.
  const inBrowser = typeof Worker !== 'undefined' && !(typeof process !== 'undefined' && process.versions?.node);
  parser ??= inBrowser
    ? Promise.resolve(workerParser())
    : import('./pg-parser-local.js').then((core) => core.createInProcessParser());
  return parser;
}
