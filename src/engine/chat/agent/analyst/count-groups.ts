// "how many stations averaged more than 40 bushels per acre", "how many regions had over 100 visits in total": a count
// of the members of a breakdown whose measure, computed per member, passes a condition. It is the same question asked
// as "which stations averaged more than 40 …" (a breakdown kept by a HAVING on its measure), its groups counted.

import { distinctCount } from './catalog.js';
import type { Decline, Plan } from './plan.js';
import type { Question } from './question.js';
import { fold, lemma } from './text.js';

/**
 * The plan counting the groups of the "which …" reading of a "how many X <verb> <condition>" question, when that
 * reading breaks down by one dimension and keeps its groups by a condition on the measure (and nothing else: no share,
 * comparison or division); else undefined. `reread` reads a text as a question at the same instant.
 */
export function groupsCounted(
  q: Question,
  reread: (text: string) => Question,
  plan: (q: Question) => Plan | Decline,
): Plan | undefined {
  const at = q.tokens.findIndex((t, i) => t.norm === 'how' && q.tokens[i + 1]?.norm === 'many');
  if (at < 0 || !q.numeric.some((n) => n.start > at + 2) || q.compares || q.share) return undefined;
  const text = `${q.text.slice(0, q.tokens[at].start)}which${q.text.slice(q.tokens[at + 1].end)}`;
  const p = plan(reread(text));
  if ('decline' in p || p.groups.length !== 1 || !p.having.length || p.compare || p.share || p.per) return undefined;
  const group = p.groups[0];
  if (group.type === 'time') return undefined;
  // The noun counted is the breakdown's own, not a word of its title qualifying another ("days" of Hour of day).
  const title = fold(group.title)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const head = lemma(title.includes('of') ? title[0] : title[title.length - 1]);
  const nouns = q.tokens.slice(at + 2).filter((t) => group.keys.some((k) => k.includes(t.lemma)));
  if (nouns.length && !nouns.some((t) => t.lemma === head)) return undefined;
  const measure = { ...distinctCount(group), title: group.title };
  return { ...p, measure, groups: [], order: undefined, countOf: { measure: p.measure, groups: p.groups } };
}
