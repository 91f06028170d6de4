// The analyst corpus runner: asks each question through the engine's chat endpoint (the real agent, engine and
// DuckDB) and judges the answer: right (the query it ran returns the expected rows, and every bold number of the
// answer is in the result), declined (no query; an answer that says it could not), or wrong.
import {
  createLocalEngine,
  type EngineSeed,
  type LocalEngine,
  type LocalEngineOptions,
} from '../../../../src/engine/index.js';
import type { ChatStreamMessage } from '../../../../src/api/types.js';
import { finalAnswer } from '../../../../src/transport/chat.js';
import { HttpTransport } from '../../../../src/transport/http-transport.js';

export type Expected = unknown[][] | 'decline';
export interface Case {
  q: string;
  want: Expected;
  /** Rows in this order (ranked or by time); otherwise compared as a set. */
  ordered?: boolean;
  /** The asking user's groups, when not the corpus default. */
  groups?: string[];
}

export interface Verdict {
  q: string;
  outcome: 'right' | 'declined' | 'wrong';
  expectedDecline: boolean;
  detail: string;
  sql?: string;
}

const NOW = Date.UTC(2026, 0, 15, 12);

const close = (a: unknown, b: unknown): boolean => {
  if (typeof b === 'number' || typeof a === 'number') {
    const x = Number(a);
    const y = Number(b);
    return Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(y));
  }
  if (typeof a === 'string' && typeof b === 'string' && /^\d{4}-\d\d-\d\d/.test(b))
    return a.slice(0, 10) === b.slice(0, 10);
  return a === b || (a === null && b === null);
};
const sameRow = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((v, i) => close(v, b[i]));

export function sameRows(got: unknown[][], want: unknown[][], ordered: boolean): boolean {
  // A share (part, whole, percent) answered by the model's own percent measure: the percent asked, the same number.
  const [part, whole, percent] = want.length === 1 && want[0].length === 3 ? want[0].map(Number) : [];
  const share = got.length === 1 && got[0].length === 1 && close(percent, (100 * part) / whole);
  if (share && close(got[0][0], want[0][2])) return true;
  if (got.length !== want.length) return false;
  // In order: the same measures row by row (rows tied on the measure may come in either order), and the same rows.
  if (ordered && !got.every((r, i) => close(r[r.length - 1], want[i][want[i].length - 1]))) return false;
  const left = [...got];
  return want.every((w) => {
    const i = left.findIndex((g) => sameRow(g, w));
    return i >= 0 && left.splice(i, 1).length === 1;
  });
}

export interface CorpusEngine {
  engine: LocalEngine;
  ask(
    q: string,
    groups?: string[],
  ): Promise<{ answer: string; sql?: string; data?: unknown[][]; error?: string; calls: number }>;
}

export async function corpusEngine(
  seed: EngineSeed,
  auth: { apiKey: string; account: string; agent: string; groups?: string[] },
  /** Tables imported from files (the engine's `data` option), in place of the seed's rows. */
  data?: LocalEngineOptions['data'],
): Promise<CorpusEngine> {
  const engine = await createLocalEngine({
    seed,
    ...(data && { data }),
    name: `analyst-${seed.account.name}-${process.pid}-${Date.now()}`,
    now: () => NOW,
  });
  const chat = new HttpTransport({
    baseUrl: 'https://local.svc',
    fetch: engine.fetch,
    auth: { apiKey: auth.apiKey },
    accountName: auth.account,
    agentId: auth.agent,
  });
  return {
    engine,
    async ask(q, groups) {
      const messages: ChatStreamMessage[] = [];
      for await (const m of await chat.streamChat({
        input: q,
        sessionSettings: {
          externalId: `corpus-${(groups ?? auth.groups ?? []).join('-')}`,
          groups: groups ?? auth.groups ?? [],
        },
      }))
        messages.push(m);
      const calls = messages.filter((x) => x.toolCall?.name === 'serviceSqlApi' && x.toolCall.result !== undefined);
      const last = calls;
      const answer = finalAnswer(messages)?.content ?? '';
      const call = last[last.length - 1]?.toolCall;
      if (!call) return { answer, calls: 0 };
      const result = JSON.parse(call.result ?? '{}') as { data?: unknown[][]; error?: string };
      const sql = (JSON.parse(call.input) as { sqlQuery: string }).sqlQuery;
      return { answer, sql, data: result.data, error: result.error, calls: last.length };
    },
  };
}

/** Bold numbers of an answer that are not a cell of the result. */
function strayNumbers(answer: string, data: unknown[][]): string[] {
  // (A year is written as it is: 2023.)
  const cells = new Set(
    data
      .flat()
      .flatMap((v) =>
        typeof v === 'number' ? [v.toLocaleString('en-US', { maximumFractionDigits: 2 }), String(v)] : [String(v)],
      ),
  );
  return [...answer.matchAll(/\*\*([-\d.,]+)%?\*\*/g)].map((m) => m[1]).filter((n) => !cells.has(n));
}

export async function judge(ce: CorpusEngine, c: Case): Promise<Verdict> {
  const got = await ce.ask(c.q, c.groups);
  const expectedDecline = c.want === 'decline';
  const detail = `${got.answer.slice(0, 160).replace(/\n/g, ' ')}`;
  if (!got.sql) {
    const declined = /could not/i.test(got.answer);
    return { q: c.q, outcome: declined ? 'declined' : 'wrong', expectedDecline, detail };
  }
  if (expectedDecline)
    return { q: c.q, outcome: 'wrong', expectedDecline, detail: `answered: ${detail}`, sql: got.sql };
  const data = got.data ?? [];
  const ok =
    !got.error && sameRows(data, c.want as unknown[][], !!c.ordered) && strayNumbers(got.answer, data).length === 0;
  return {
    q: c.q,
    outcome: ok ? 'right' : 'wrong',
    expectedDecline,
    detail: ok
      ? ''
      : `${got.error ?? JSON.stringify(data.slice(0, 3))} vs ${JSON.stringify((c.want as unknown[][]).slice(0, 3))} | ${strayNumbers(got.answer, data).join(',')}`,
    sql: got.sql,
  };
}
