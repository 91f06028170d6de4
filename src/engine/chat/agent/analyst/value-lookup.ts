// The values of the string dimensions a user may see, looked up once through the SQL API as that user (the agent's
// own look-up, no tool card) and cached for a while: the most frequent first, at most VALUES_PER_DIMENSION per
// dimension, in a stable order (the same question finds the same values every time). values.ts matches them.

import type { AgentContext } from '../types.js';
import type { Field, SourceInfo } from './catalog.js';
import { quoteIdent } from '../../../data/sql-quote.js';
import { quoteText } from './sql.js';
import { readSameRows, sameRowsSql } from './same-rows.js';

/** Values per field name (`source.member`). */
export type ValueIndex = Map<string, string[]>;

/** Distinct values read per dimension: enough for categories, regions, statuses; not for free text. */
const VALUES_PER_DIMENSION = 500;
/** How long looked-up values are reused for the same user (engine clock). */
const VALUES_TTL_MS = 5 * 60 * 1000;
/** Columns whose values are identifiers or free text, never named in a question as a category. */
const NOT_CATEGORICAL = /(^|_)(id|uuid|email|e_mail|url|phone|note|notes|comment|comments|description|address)$/;

export function categorical(source: SourceInfo): Field[] {
  return source.dimensions.filter((f) => f.type === 'string' && !NOT_CATEGORICAL.test(f.column));
}

/** Separator of the values in one aggregated cell (ASCII unit separator). */
const SEPARATOR = '\u001f';
/** Rows the chat's SQL tool returns (one per dimension here). */
const ROWS_PER_LOOKUP = 100;

/** One sub-select per categorical dimension of `source`: its member name and its values in one cell. */
function sourceParts(s: SourceInfo): string[] {
  return categorical(s).map((f) => {
    const col = quoteIdent(f.column);
    return `(SELECT ${quoteText(f.name)} AS member, STRING_AGG(v, CHR(31)) AS vals FROM (SELECT CAST(${col} AS VARCHAR) AS v FROM ${quoteIdent(s.name)} WHERE ${col} IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT ${VALUES_PER_DIMENSION}) AS t)`;
  });
}

const batches = (parts: string[]) => {
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += ROWS_PER_LOOKUP)
    out.push(parts.slice(i, i + ROWS_PER_LOOKUP).join('\nUNION ALL\n'));
  return out;
};

/** SQL queries for the values of every categorical dimension of `sources`: one row per dimension. */
export function valuesSql(sources: SourceInfo[]): string[] {
  return batches(sources.flatMap(sourceParts));
}

/** The values looked up, and the sources whose values could not be read (with the engine's reason). */
export interface LookedUp {
  values: ValueIndex;
  failed: { source: SourceInfo; error: string }[];
}

export function createValueCache() {
  const cache = new Map<string, { at: number; values: ValueIndex }>();
  return {
    /**
     * Values for `sources` as the user of `ctx`, from the cache or the agent's own look-up (no tool card: the user
     * never reads it as their query). A failed statement is tried again source by source, so one source that cannot
     * be read (its table dropped, a policy) costs only its own values; a failure is never cached.
     */
    async get(ctx: AgentContext, sources: SourceInfo[]): Promise<LookedUp> {
      const key = `${JSON.stringify(ctx.user)}|${sources.map((s) => `${s.name}:${s.fields.length}`).join(',')}`;
      const hit = cache.get(key);
      if (hit && ctx.now() - hit.at < VALUES_TTL_MS) return { values: hit.values, failed: [] };
      const values: ValueIndex = new Map();
      const failed: LookedUp['failed'] = [];
      const read = async (sqlQuery: string): Promise<string | undefined> => {
        const result = await ctx.tools.lookupSqlApi({ sqlQuery });
        if ('error' in result) return result.error;
        for (const [member, list] of result.data as [string, string | null][]) {
          if (list) values.set(member, list.split(SEPARATOR).filter(Boolean));
        }
        return undefined;
      };
      const retried = new Set<SourceInfo>();
      for (const sqlQuery of valuesSql(sources)) {
        if (ctx.signal.aborted) return { values, failed };
        if ((await read(sqlQuery)) === undefined) continue;
        const here = sources.filter((s) => categorical(s).some((f) => sqlQuery.includes(quoteText(f.name))));
        for (const source of here.filter((s) => !retried.has(s))) {
          retried.add(source);
          for (const one of batches(sourceParts(source))) {
            const error = await read(one);
            if (error !== undefined) failed.push({ source, error });
          }
        }
      }
      if (failed.length) return { values, failed };
      // Values two dimensions hold on the same rows (same-rows.ts): unread, the planner asks which is meant as before.
      for (const sqlQuery of sameRowsSql(sources, values, categorical)) {
        if (ctx.signal.aborted) return { values, failed };
        const result = await ctx.tools.lookupSqlApi({ sqlQuery });
        if (!('error' in result)) readSameRows(values, result.data as [string, string | null][]);
      }
      if (cache.size > 100) cache.clear();
      cache.set(key, { at: ctx.now(), values });
      return { values, failed };
    },
  };
}
