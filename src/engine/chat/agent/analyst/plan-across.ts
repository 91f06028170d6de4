// A ratio of two sources' measures, when no one source answers a question with "per": "how many interviews do we run
// per hire" is Interviews (interview feedback) divided by Hires (the pipeline: a count its model filters). Only plain
// totals: no filter, no date, the groups found in both sources by their titles.

import { rank, wholly } from './catalog.js';
import { FUNCTION_WORDS } from './text.js';
import type { SourceInfo } from './catalog.js';
import type { Decline, Plan } from './plan.js';
import type { Question } from './question.js';

/** The words after a free "per" (up to two, to a function word), and the question without "per" and them. */
function perCut(q: Question): { rest: Question; words: number[] } | undefined {
  const at = q.tokens.findIndex((t, i) => t.norm === 'per' && !q.taken[i]);
  if (at < 0) return undefined;
  const words: number[] = [];
  for (let i = at + 1; i < q.tokens.length && words.length < 2; i++) {
    if (q.taken[i] || q.aggs.has(i) || FUNCTION_WORDS.has(q.tokens[i].lemma)) break;
    words.push(i);
  }
  if (!words.length) return undefined;
  const gone = new Set([at, ...words]);
  const groupPhrases = q.groupPhrases.filter((p) => !p.some((i) => gone.has(i)));
  const rest: Question = {
    ...q,
    taken: q.taken.map((x, i) => x || gone.has(i)),
    groupPhrases,
    withPhrases: new Set([...q.withPhrases].filter((p) => groupPhrases.includes(p))),
  };
  return { rest, words };
}

/** The plan dividing one source's total by another source's measure the words after "per" name whole. */
export function acrossPlan(
  q: Question,
  sources: SourceInfo[],
  plan: (q: Question) => Plan | Decline,
): Plan | undefined {
  const cut = perCut(q);
  if (!cut) return undefined;
  const first = plan(cut.rest);
  if ('decline' in first || first.per || first.filters.length || first.time || first.having.length) return undefined;
  if (first.compare || first.share || !['count', 'sum'].includes(first.measure.agg ?? '')) return undefined;
  const words = q.tokens.map((t, i) => (cut.words.includes(i) ? t.lemma : undefined));
  const found = sources
    .filter((s) => s !== first.source)
    .flatMap((s) =>
      rank(s.measures, words)
        .filter((m) => wholly(m.field, words) && m.used.length === cut.words.length)
        // An event counted ("hires": the rows a filter keeps), not the source's rows: "claims per policy" is per
        // policy claimed on, which only a distinct count of the first source can say.
        .filter((m) => ['count', 'sum'].includes(m.field.agg ?? '') && !!m.field.filtered)
        .map((m) => ({ source: s, field: m.field })),
    );
  if (found.length !== 1) return undefined;
  const { source, field } = found[0];
  const groups = first.groups.map((g) =>
    source.dimensions.find((d) => d.title.toLowerCase() === g.title.toLowerCase()),
  );
  if (groups.some((g) => !g)) return undefined;
  return { ...first, per: field, perFrom: { source, groups: groups.map((g) => g!) } };
}
