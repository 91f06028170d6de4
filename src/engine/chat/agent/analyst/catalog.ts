// What the user may see, as the planner reads it: every view and public cube serviceMeta returns, each member with
// the lemmas of its name, title, synonyms (`meta.synonyms` when the engine passes them) and description, and the
// scoring of a member against the words of a question.

import type { ServiceMetaCube, ServiceMetaMember, ServiceMetaResult } from '../../../../api/types.js';
import { AGG_STEMS, FUNCTION_WORDS, lemmas, type Aggregation } from './text.js';

export interface Field {
  /** `source.member`. */
  name: string;
  /** The member's name inside its source (the SQL column). */
  column: string;
  source: string;
  title: string;
  type: string;
  /** A measure's aggregation (count, sum, avg, min, max, count_distinct, number). */
  agg?: string;
  isMeasure: boolean;
  /** Lemma lists that name the member: its name, title and synonyms. */
  keys: string[][];
  /** Lemmas of its description: weak evidence. */
  described: Set<string>;
}

export interface SourceInfo {
  name: string;
  type: string;
  title: string;
  /** Lemmas of the source's name and title ("shipments" names the source's count). */
  named: Set<string>;
  fields: Field[];
  measures: Field[];
  dimensions: Field[];
}

/** Lemmas with aggregation words made canonical (`agg:avg`) and function words dropped. */
export function keyOf(text: string): string[] {
  return lemmas(text)
    .map((l) => (AGG_STEMS[l] ? `agg:${AGG_STEMS[l]}` : l))
    .filter((l) => !FUNCTION_WORDS.has(l));
}

function field(cube: ServiceMetaCube, m: ServiceMetaMember): Field {
  const column = m.name.slice(m.name.indexOf('.') + 1);
  const synonyms = ((m as { meta?: { synonyms?: unknown } }).meta?.synonyms ?? []) as unknown[];
  const keys = [keyOf(column), keyOf(m.title), ...synonyms.filter((s) => typeof s === 'string').map(keyOf)].filter(
    (k) => k.length > 0,
  );
  const isMeasure = m.aggType !== undefined;
  return {
    name: m.name,
    column,
    source: cube.name,
    title: m.title,
    type: m.type,
    ...(isMeasure && { agg: m.aggType }),
    isMeasure,
    keys,
    described: new Set(keyOf(m.description ?? '')),
  };
}

export function buildCatalog(meta: ServiceMetaResult): SourceInfo[] {
  return meta.cubes.map((cube) => {
    const fields = cube.members.map((m) => field(cube, m));
    // A source's only count is what its name counts ("how many employees" → Headcount of `employees`).
    const counts = fields.filter((f) => f.agg === 'count');
    if (counts.length === 1 && cube.type !== 'view') counts[0].keys.push(keyOf(cube.name), keyOf(cube.title));
    return {
      name: cube.name,
      type: cube.type,
      title: cube.title,
      named: new Set([...keyOf(cube.name), ...keyOf(cube.title)]),
      fields,
      measures: fields.filter((f) => f.isMeasure),
      dimensions: fields.filter((f) => !f.isMeasure),
    };
  });
}

export interface Match {
  field: Field;
  score: number;
  /** Indexes of the question tokens the match used. */
  used: number[];
}

/**
 * How well `words` (question lemmas by token index; undefined = taken) name `f`: distinct key lemmas found, plus the
 * best share of one key found (so "Completed orders" beats "Orders" when both words are there), plus a little for
 * description words. Matches that only share an aggregation word score 0: "average" alone names no measure.
 */
export function scoreField(f: Field, words: (string | undefined)[]): Match {
  const used = new Set<number>();
  let coverage = 0;
  let content = 0;
  for (const key of f.keys) {
    let found = 0;
    for (const k of key) {
      const i = words.indexOf(k);
      if (i >= 0) {
        found++;
        if (!used.has(i)) {
          used.add(i);
          if (!k.startsWith('agg:')) content++;
        }
      }
    }
    coverage = Math.max(coverage, found / key.length);
  }
  let described = 0;
  words.forEach((w, i) => {
    if (w && !used.has(i) && f.described.has(w) && !w.startsWith('agg:') && described < 1) {
      described += 0.5;
      used.add(i);
      content++;
    }
  });
  if (content === 0) {
    // Only an aggregation word matched: enough for a measure named just that ("Count"), barely.
    const plain = f.isMeasure && used.size > 0 && f.keys.some((k) => k.every((w) => w.startsWith('agg:')));
    return { field: f, score: plain ? 0.5 : 0, used: plain ? [...used] : [] };
  }
  return { field: f, score: used.size - described * 2 + described + coverage, used: [...used] };
}

/** The best matches among `fields`, best first (score > 0). */
export function rank(fields: Field[], words: (string | undefined)[]): Match[] {
  return fields
    .map((f) => scoreField(f, words))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score);
}

/** Whether a measure computes `agg` (a `number` measure is a formula: it says what it is by its name). */
export function computes(f: Field, agg: Aggregation): boolean {
  if (f.agg === agg) return true;
  if (agg === 'count' && f.agg === 'count_distinct') return true;
  return f.keys.some((k) => k.includes(`agg:${agg}`));
}

export const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
