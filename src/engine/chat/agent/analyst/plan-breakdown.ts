// The breakdown a question's group phrases name ("by region", "by hire date", "which stock"), and the entity a
// "per" phrase divides the measure by ("revenue per guest"): the dimensions, the date broken down by day, the words
// they explain (marked in `taken`), or a decline when two members fit alike or a "per" names nothing.

import { freeWords } from './booleans.js';
import { byPrefixOnly, rank, tie, wholly, type Field, type SourceInfo } from './catalog.js';
import { namedIn } from './time-field.js';
import { FUNCTION_WORDS, plural } from './text.js';
import { narrowed } from './prefer.js';
import { entityLabel, labelOf, perEntity, perInTitle, sameWords, strictLabel } from './plan-words.js';
import { unmappedText } from './unmapped.js';
import { categorical } from './values.js';
import { qualifiedBy, rankedNoun } from './plan-qualifier.js';
import { byEndWord, endDimensions } from './ends.js';
import type { Question } from './question.js';
import type { Phrases } from './phrases.js';
import type { Scored } from './plan.js';

export interface Breakdown {
  groups: Field[];
  /** Dimensions named in a "with" phrase ("sites with a capacity over 500"), and their words. */
  fromWith: Field[];
  withWords: number[];
  byDate?: Field;
  per?: Field;
  /** `start` and the evidence of the breakdown. */
  score: number;
}

/**
 * The breakdown of `q` over `source`, its words marked in `taken`; `afterValue` are the words right after a value
 * that restate its dimension ("by Marisol hotels"). A decline is a Scored plan.
 */
export function breakdown(
  q: Question,
  source: SourceInfo,
  taken: boolean[],
  afterValue: Set<number>,
  say: Phrases,
  start: number,
): Breakdown | Scored {
  const { book } = say;
  const names = (fields: Field[]) => say.names(fields);
  const use = (ids: number[]) => ids.forEach((i) => (taken[i] = true));
  let score = start;
  const groups: Field[] = [];
  const fromWith: Field[] = [];
  const withWords: number[] = [];
  const groupable = source.dimensions.filter((d) => d.type !== 'time');
  const timeDims = source.dimensions.filter((d) => d.type === 'time');
  let byDate: Field | undefined;
  let per: Field | undefined;
  for (const phrase of q.groupPhrases) {
    // "miles per gallon by year": a "per" inside a member's own title is no breakdown.
    const before = q.tokens[phrase[0] - 1];
    if (before?.norm === 'per' && perInTitle(q, phrase[0] - 1, source)) continue;
    // "revenue per guest": a distinct count of the entity divides the measure (no breakdown by each guest).
    // "on average how many tonnes did each farm deliver": after an average asked, "each" (not "for each") is "per".
    const averaged = [...q.aggs].some(([i, a]) => a === 'avg' && i < phrase[0] - 1);
    const each = before?.norm === 'each' && averaged && !/^(for|of|in)$/.test(q.tokens[phrase[0] - 2]?.norm ?? '');
    // "number of full episodes per show": a count said with "number of" (no average) per a breakdown is by it.
    const listed = [...q.aggs].some(
      ([i, a]) => a === 'count' && i < phrase[0] - 1 && /^(number|count|of)$/.test(q.tokens[i].norm),
    );
    const perPhrase = (before?.norm === 'per' && !(listed && !averaged)) || each;
    const entity = perPhrase && !per ? perEntity(q, phrase, taken, source, book) : undefined;
    if (entity) {
      per = entity.field;
      use(entity.used);
      score += entity.score;
      continue;
    }
    const parts: number[][] = [[]];
    for (const i of phrase) {
      if (q.tokens[i].norm === 'and') parts.push([]);
      else parts[parts.length - 1].push(i);
    }
    for (const part of parts) {
      const all = freeWords(q, taken, true);
      const words = all.map((w, i) => (part.includes(i) ? w : undefined));
      const ends = endDimensions(q, part, groupable); // "by destination": the dimensions of that end
      const named = ends.length ? [] : rank(groupable, words);
      const dims = ends.length ? ends : named;
      // "debt owed by senate candidates": the rows a value qualifies (the member naming each row, by its title in the
      // plural) are those rows, no breakdown by each of them ("by republican candidate" is).
      const rows = dims[0]?.field === labelOf(source.dimensions) ? dims[0] : undefined;
      const byValue = part.some((i) => taken[i] && !q.taken[i]);
      const many = rows?.used.every((i) => plural(q.tokens[i].norm));
      if (rows && byValue && many && part.every((i) => taken[i] || rows.used.includes(i))) {
        use(part);
        continue;
      }
      const measures = rank(source.measures, words);
      // "revenue by booking date", "headcount by hire date": by day of the time dimension named (its event words too).
      // "monthly revenue by pick-up month": with a grain said, a period word after a date's words names that date.
      const period = (i: number) => q.time.grain !== undefined && q.tokens[i].norm.replace(/s$/, '') === q.time.grain;
      const periodNamed = part.some(period)
        ? rank(
            timeDims,
            q.tokens.map((t, i) => (part.includes(i) && !period(i) ? t.lemma : undefined)),
          )
        : [];
      const namedDates = tie(periodNamed.length ? periodNamed : namedIn(q, part, timeDims));
      const dated = q.time.grain ? [] : narrowed(q, source, namedDates, (i) => part.includes(i));
      // A date named whole ("by pick-up date") over dimensions named in part (Pickup city, Pickup branch); with a grain
      // said ("yoy … by pick-up date"), it says which date, no breakdown.
      const whole =
        namedDates.length === 1 &&
        part.every((i) => namedDates[0].used.includes(i) || period(i)) &&
        !dims.some((d) => wholly(d.field, words));
      if (whole && q.time.grain) {
        use(part.filter(period));
        continue;
      }
      if (dated.length > 1) return { plan: { decline: book.whichDate(names(dated.map((d) => d.field))) }, score: 10 };
      if (dated.length && (!dims.length || dated[0].score > dims[0].score || whole)) {
        [byDate, score] = [dated[0].field, score + dated[0].score];
        use(dated[0].used);
        continue;
      }
      // "which stock", "each car": the source's own noun names its rows, so its label (name, title) breaks down.
      const label = !dims.length ? entityLabel(q, part, words, source) : undefined;
      if (label) {
        if (!groups.includes(label)) groups.push(label);
        use(part);
        score += 1;
        continue;
      }
      // A measure named as well as a dimension wins: over a segment, even when named alike ("by loans" is by the
      // count Loans, not by the segment on_loan).
      // "top 5 adjusters by amount paid", "top 5 agents by csat": in a ranking, a number column a measure is named by
      // too (its title, its description) is what the measure ranks, no breakdown.
      // So too after the one text dimension named before "by" ("origins by horsepower": Average horsepower by origin).
      const ranksBy =
        (q.rank !== undefined || namedBeforeBy(q, part, source, taken)) &&
        dims[0]?.field.type === 'number' &&
        measures.length > 0;
      // "top 3 lanes by load count": the count of the rows a word names ranks them, no breakdown by Load #.
      const counted = [...part, part[part.length - 1] + 1].some((i) => q.aggs.get(i) === 'count');
      if (
        !dims.length ||
        ranksBy ||
        (counted && measures[0]?.field.agg === 'count') ||
        (measures[0] &&
          measures[0].score > dims[0].score - (dims[0].field.segment ? 1e-9 : 0) &&
          !rankedNoun(q, part) &&
          !dimensionOver(q, source, dims[0].field, measures[0].field, part, taken))
      )
        continue;
      let best = tie(dims);
      // "claims per policy": a word of Policy type after "per" names an entity, not that breakdown.
      if (perPhrase && !wholly(best[0].field, words)) continue;
      // "which book": every member of the book (title, author, genre) is named by it; the book is its title.
      if (best.length > 1 && best.every((b) => sameWords(b.used, best[0].used))) {
        const own = labelOf(best.map((b) => b.field));
        if (own) best = best.filter((b) => b.field === own);
      }
      // "by Marisol hotels": the word after a value restates the value's dimension; no breakdown.
      if (best[0].used.every((u) => afterValue.has(u))) continue;
      // "top 10 teams by away goals": of Home team and Away team, the one the ranked measure's word qualifies.
      const qualified = best.length > 1 ? qualifiedBy(q, best, part) : undefined;
      if (qualified) best = [qualified];
      // "by destination country": of Ship-to country and Seller country, the one of the end a word of the phrase says.
      const ended = byEndWord(q, part, best);
      if (ended) {
        best = ended.best;
        use(ended.used);
      }
      best = narrowed(q, source, best, (i) => part.includes(i));
      if (best.length > 1 && new Set(best.map((b) => b.field.name)).size > 1) {
        return {
          plan: {
            decline: book.whichBreakdown(names(best.map((b) => b.field))),
          },
          score: 10,
        };
      }
      // "per member" is no breakdown by Membership type: a word only the name of a view's joined cube matches
      // ("members_membership") names that cube's label, if it has one.
      if (named.length && byPrefixOnly(best[0], q.tokens)) {
        const label = strictLabel(source, best[0].field);
        if (!label) continue;
        if (label !== best[0].field) best = [{ ...best[0], field: label }];
      }
      if (q.withPhrases.has(phrase)) {
        fromWith.push(best[0].field);
        withWords.push(...best[0].used);
      }
      if (!groups.includes(best[0].field)) groups.push(best[0].field);
      use(best[0].used);
      score += best[0].score;
    }
    // "loans per member" with nothing that counts members and no member to break down by: not a total of loans.
    const left = phrase.filter((i) => !taken[i] && !FUNCTION_WORDS.has(q.tokens[i].lemma));
    if (perPhrase && left.length && left.length === phrase.length)
      return {
        plan: {
          decline: unmappedText(
            say,
            left.map((i) => q.tokens[i]),
            source,
          ),
        },
        score: score - 1,
      };
  }
  return { groups, fromWith, withWords, byDate, per, score };
}

/** Whether the words before the "by" right ahead of `part` name one text dimension whole ("origins by …"). */
function namedBeforeBy(q: Question, part: number[], source: SourceInfo, taken: boolean[]): boolean {
  const by = part[0] - 1;
  if (q.tokens[by]?.norm !== 'by') return false;
  const words = freeWords(q, taken, true).map((w, i) => (i < by ? w : undefined));
  return tie(rank(categorical(source), words)).filter((m) => wholly(m.field, words)).length === 1;
}

/**
 * "number of days by weather type", "avg wind for each kind of weather": a text dimension the words name whole is the
 * breakdown, over a measure they name too (Weather types seen), when the words before the breakdown name another
 * measure and no ranking is asked.
 */
function dimensionOver(q: Question, source: SourceInfo, dim: Field, measure: Field, part: number[], taken: boolean[]) {
  if (dim.segment || dim.type === 'number' || q.rank !== undefined) return false;
  const words = freeWords(q, taken, true).map((w, i) => (i < part[0] - 1 ? w : undefined));
  const before = tie(rank(source.measures, words));
  return before.length > 0 && !before.some((m) => m.field === measure);
}
