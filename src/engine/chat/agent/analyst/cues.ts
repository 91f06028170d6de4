// Small readings of a question against one source: a count before a number dimension's word ("five-star hotels",
// "3-night stays" → stars = 5, nights = 3), the noun a count asks for ("how many bookings did guests make"
// counts bookings, whatever other measure the other words name), and the direction words that choose between two
// dimensions holding the same value ("from Chicago" → the origin's city, "to Boston" → the destination's).

import type { Field, Match, SourceInfo } from './catalog.js';
import { entityWord } from './joined.js';
import type { Filter } from './plan.js';
import type { Question } from './question.js';
import { FILLER, FUNCTION_WORDS, NUMBER_WORDS } from './text.js';
import type { ValueIndex } from './values.js';
import { endNamedBy, endOf, type End } from './ends.js';
import { numberedCodes } from './numbered-code.js';

const countOf = (w: string) => (/^\d+$/.test(w) ? Number(w) : NUMBER_WORDS[w]);

/** Whether a value is the code written ("B7"), or that number after "No." ("variety 457" of No. 457). */
const codeIs = (value: string, code: string) =>
  value.toLowerCase() === code || /^(?:no\.?|nr\.?|#|number)\s*(\d+)$/i.exec(value.trim())?.[1] === code;

/** "five-star", "4 star", "3-night": a whole count right before a word that alone names a number dimension. */
export function numberedValues(
  q: Question,
  source: SourceInfo,
  taken: boolean[],
  values: ValueIndex = new Map(),
): { filters: Filter[]; used: number[] } {
  // "county fips 06037": a code kept as a number (numbered-code.ts).
  const { filters, used } = numberedCodes(q, source, taken);
  taken = taken.map((x, i) => x || used.includes(i));
  const numbers = source.dimensions.filter((d) => d.type === 'number' && !/(^|_)id$/.test(d.column));
  const texts = source.dimensions.filter((d) => d.type === 'string');
  q.tokens.forEach((t, i) => {
    const next = q.tokens[i + 1];
    // "route 42", "gate B7": a word naming text members, then a code one of them holds as a value.
    const coded =
      next && !taken[i] && !taken[i + 1] && /\d/.test(next.norm)
        ? texts.filter(
            (d) =>
              d.keys.some((k) => k.includes(t.lemma)) && (values.get(d.name) ?? []).some((v) => codeIs(v, next.norm)),
          )
        : [];
    if (coded.length === 1) {
      const value = values.get(coded[0].name)!.find((v) => codeIs(v, next.norm))!;
      filters.push({ field: coded[0], op: '=', values: [value] });
      used.push(i, i + 1);
      return;
    }
    const n = countOf(t.norm);
    if (n === undefined || !next || taken[i] || taken[i + 1]) return;
    // "3 bedrooms", "2 bed" (a word cut short: the start of the one title it can be).
    // (A joined entity's column by its own name: "stars" of hotels_stars, beside hotels_city.)
    const own = (k: string[], d: Field) =>
      k.length === 2 && k[0] === entityWord(d, source, source.dimensions) ? k.slice(1) : k;
    const names = (k: string[], cut: boolean) =>
      k.length === 1 && (k[0] === next.lemma || (cut && next.norm.length >= 3 && k[0].startsWith(next.norm)));
    let fields = numbers.filter((d) => d.keys.some((k) => names(own(k, d), false)));
    if (!fields.length) fields = numbers.filter((d) => d.keys.some((k) => names(own(k, d), true)));
    // "rated 5 stars": a unit no member is named by that one number column's description gives ("1 to 5 stars").
    const unit = !fields.length && !source.fields.some((f) => f.keys.some((k) => k.includes(next.lemma)));
    if (unit) fields = numbers.filter((d) => d.described.has(next.lemma));
    if (fields.length !== 1) return;
    // "4+ bedrooms": that many or more; so is "a 20 point game", "a 30-minute day" (one period or event reaching it).
    const more = q.text[t.end] === '+' || reached(q, i);
    filters.push({ field: fields[0], op: more ? '>=' : '=', values: [n] });
    used.push(i, i + 1);
    // "rated 5 stars": the word before that names the column is read with it.
    const prev = q.tokens[i - 1];
    if (unit && prev && !taken[i - 1] && fields[0].keys.some((k) => k.includes(prev.lemma))) used.push(i - 1);
  });
  return { filters, used };
}

/** Periods and events a number of a unit is reached in ("a 20 point game", "a 100k month"). */
const OCCASIONS =
  /^(games?|matche?s?|races?|rounds?|innings|days?|nights?|weeks?|months?|quarters?|years?|seasons?|shifts?|sessions?|runs?)$/;

/** "had a 20 point game": after "a", a number and its unit, then a period or event: that number or more. */
const reached = (q: Question, i: number) =>
  /^an?$/.test(q.tokens[i - 1]?.norm ?? '') && OCCASIONS.test(q.tokens[i + 2]?.norm ?? '');

/** Token indexes of what "how many" / "number of" asks to count (skipping values and words already read). */
export function countedWords(q: Question, taken: boolean[]): number[] {
  const at = [...q.aggs].find(([, a]) => a === 'count')?.[0];
  if (at === undefined) return [];
  const out: number[] = [];
  for (let j = at + 1; j < q.tokens.length && out.length < 2; j++) {
    // "how many different servers": what is counted follows "different".
    if (q.aggs.get(j) === 'count_distinct' && !out.length) continue;
    if (q.aggs.has(j)) break;
    if (taken[j]) {
      if (out.length) break;
      continue;
    }
    if (FUNCTION_WORDS.has(q.tokens[j].lemma)) {
      if (out.length) break;
      continue;
    }
    out.push(j);
  }
  return out;
}

/** Among ranked measures, those a count names by its own noun, when there are such (best first). */
export function preferCounted(
  measures: Match[],
  counted: number[],
  rank: (fs: Field[], w: (string | undefined)[]) => Match[],
  words: (string | undefined)[],
): Match[] {
  if (!counted.length) return measures;
  const countable = measures.filter((m) => m.field.agg === 'count' || m.field.agg === 'count_distinct');
  const only = words.map((w, i) => (counted.includes(i) ? w : undefined));
  const named = rank(
    countable.map((m) => m.field),
    only,
  );
  if (!named.length) return measures;
  const top = named[0].score;
  const keep = new Set(named.filter((m) => m.score >= top - 1e-9).map((m) => m.field));
  return measures.filter((m) => keep.has(m.field));
}

const FROM_CUE =
  /^(from|leaving|left|departing|departed|ex|via|starting|started|began|beginning|originating|originated|picked|boarded|boarding)$/;
const TO_CUE =
  /^(to|into|towards?|arrive|arrives|arriving|arrived|land|lands|landing|landed|reaching|reached|bound|destined|ending|ended|finishing|finished|terminating|terminated|dropped)$/;
/** Verbs of moving something that "from" or "to" after them completes ("shipped to", "coming from"). */
const MOTION =
  /^(go|going|gone|went|goes|head|heads|headed|heading|ship|ships|shipped|shipping|sent|sending|travels?|travell?ing|travell?ed|fly|flies|flying|flown|flew|leave|leaves|depart|departs|sail|sails|sailed|sailing|moving|moved|coming|came|exported|imported|delivered|routed|transferred|returning|returned)$/;

/**
 * The end a value is named at by the words before it ("out of Chicago", "flights to Boston", "arriving in Denver",
 * "rides starting at Pier 9", "trips that ended at the Mall"), with the index of the word that says it.
 */
export function directionAt(q: Question, start: number): { end: 'from' | 'to'; at: number } | undefined {
  const word = (i: number) => q.tokens[i]?.norm ?? '';
  // "arriving in Denver", "rides picked up at Pier 9": past a preposition, and a verb's particle.
  const at = ['in', 'at', 'for', 'on'].includes(word(start - 1)) ? [start - 1, start - 2] : [start - 1];
  if (at.length > 1 && /^(up|off|out)$/.test(word(start - 2))) at.push(start - 3);
  // "departing from Oslo", "heading to Lima": the verb before "from" or "to" says the end too (it is read with it).
  const verb = (i: number, end: End) =>
    endNamedBy(word(i - 1)) === end || (MOTION.test(word(i - 1)) && /^(from|to|into|towards?)$/.test(word(i)))
      ? i - 1
      : i;
  for (const i of at) {
    if (FROM_CUE.test(word(i)) || (word(i) === 'of' && word(i - 1) === 'out'))
      return { end: 'from', at: verb(i, 'from') };
    if (TO_CUE.test(word(i))) return { end: 'to', at: verb(i, 'to') };
  }
  // "departing LAX vs SFO": a value listed after another is named at the same end.
  if (/^(vs|versus|or|and)$/.test(word(start - 1)))
    for (let j = start - 2; j >= Math.max(0, start - 5); j--) {
      const listed = directionAt(q, j);
      if (listed) return listed;
    }
  // "orders with destination Germany": an end's noun right before the value.
  const noun = endNamedBy(word(start - 1));
  return noun && { end: noun, at: start - 1 };
}

/**
 * The end a value is named at by the words after it, where none before says one: "LAX to SFO" (the value before "to"
 * and another value is the origin), "SFO vs LAX departures" (an end's noun after the values listed says it for each).
 * `starts`: where the question's values start, with where they end.
 */
export function directionAfter(
  q: Question,
  end: number,
  starts: Map<number, number>,
): { end: 'from' | 'to'; at: number } | undefined {
  const word = (i: number) => q.tokens[i]?.norm ?? '';
  if (word(end) === 'to' && starts.has(end + 1)) return { end: 'from', at: end };
  let next = end;
  while (/^(vs|versus|or|and)$/.test(word(next)) && starts.has(next + 1)) next = starts.get(next + 1)!;
  const noun = endNamedBy(word(next));
  return noun && { end: noun, at: next };
}

/**
 * Among fields holding the same value, the one whose name or title (else description) says the end the question
 * names, if one does.
 */
export function byDirection<F extends Field>(fields: F[], end: End): F | undefined {
  const fit = fields.filter((f) => endOf(f) === end);
  return fit.length === 1 ? fit[0] : undefined;
}

/** Whether a lemma is a word of one of the field's names. */
const namedBy = (f: Field, l: string) => f.keys.some((k) => k.includes(l));

/**
 * "to new york state": of the dimensions holding a value, those the word right after it (or right before it) names,
 * when it names some of them but not all (the states, not the cities); none otherwise.
 */
export function namedKind<F extends Field>(q: Question, start: number, end: number, fields: F[]): F[] {
  for (const i of [end, start - 1]) {
    const l = q.tokens[i]?.lemma;
    if (!l || FUNCTION_WORDS.has(l)) continue;
    const fit = fields.filter((f) => namedBy(f, l));
    if (fit.length && fit.length < fields.length) return fit;
  }
  return [];
}

/**
 * Among fields holding the same value, the one the question's other words name: a word right before or after the
 * value ("the oncology ward" → Ward, not Specialty), else a word only one of them is named by, elsewhere in the
 * question, when the question does not name that field whole ("flights by origin code in TX" → the origin's state:
 * "origin" qualifies it; "by state" would name the breakdown itself).
 */
export function byNamingWords<F extends Field>(q: Question, start: number, end: number, fields: F[]): F | undefined {
  const lemma = (i: number) => q.tokens[i]?.lemma ?? '';
  let before = start - 1;
  while (/^(the|a|an)$/.test(q.tokens[before]?.norm ?? '')) before--;
  for (const i of [end, before]) {
    const l = lemma(i);
    if (!l || FUNCTION_WORDS.has(l)) continue;
    const fit = fields.filter((f) => namedBy(f, l));
    if (fit.length === 1) return fit[0];
  }
  const others = q.tokens
    .map((t, i) => (i >= start && i < end ? '' : t.lemma))
    .filter((l) => l && !FUNCTION_WORDS.has(l));
  const own = (f: F) => others.filter((l) => namedBy(f, l) && !fields.some((g) => g !== f && namedBy(g, l)));
  const whole = (f: F) => f.keys.some((k) => k.every((l) => others.includes(l)));
  const fit = fields.filter((f) => own(f).length > 0 && !whole(f));
  return fit.length === 1 ? fit[0] : undefined;
}

/**
 * A verb's past participle ("borrowed", "sold"): alone it names no measure it is only a part of ("which book was
 * borrowed the most" counts loans, not Titles borrowed, nor an Average time to repair for "repaired").
 */
export const participle = (q: Question, i: number) =>
  /^(?:\w+ed|sold|paid|spent|bought|made|sent|built|won|lost|held|taken|given|seen|done|grown|shown)$/.test(
    q.tokens[i].norm,
  );

/**
 * "how many shafts did we make": a count of a value's items (the words right after "how many" are a value, and no
 * noun follows it) is the source's one plain quantity measure (Units, Quantity sold), when it has one — not its rows
 * (orders).
 */
export function itemsCounted(
  q: Question,
  source: SourceInfo,
  howMany: number,
  valueStarts: number[],
  /** The measures the words name: none but by "how many" itself or a verb ("sold"). */
  named: Match[],
): Field | undefined {
  if (named.some((m) => m.used.some((u) => !q.aggs.has(u) && !FILLER.has(q.tokens[u].lemma)))) return undefined;
  let first = howMany + 1; // past "many", "of"
  while (first < q.tokens.length && (q.taken[first] || FUNCTION_WORDS.has(q.tokens[first].lemma))) first++;
  if (!valueStarts.includes(first)) return undefined;
  // The words up to the next function word ("did", "were") name no rows of the source ("thai orders" are orders).
  for (let j = first; j < q.tokens.length && !FUNCTION_WORDS.has(q.tokens[j].lemma); j++) {
    const l = q.tokens[j].lemma;
    if (j > first + 3 || source.named.has(l) || source.measures.some((m) => m.keys.some((k) => k.includes(l))))
      return undefined;
  }
  // The plain quantity: Units, Quantity sold, Units produced (not Planned units, Defective units).
  const plain = (k: string[]) => k.includes('quantity') && k.every((w) => w === 'quantity' || FILLER.has(w));
  // Or a sum of the source's plain quantity column (Items sold: a sum of Quantity), when serviceMeta tells the column.
  const column = (m: Field) => source.dimensions.find((d) => d.column === m.over)?.keys.some(plain) === true;
  const quantities = source.measures.filter((m) => m.agg === 'sum' && (m.keys.some(plain) || column(m)));
  return quantities.length === 1 ? quantities[0] : undefined;
}

/**
 * "how many different people listened": persons counted apart are the one distinct count titled by the agent noun of
 * a verb of the question (Unique listeners: listen-er), whatever else the verb's stem names.
 */
export function distinctDoers(q: Question, source: SourceInfo, measures: Match[], counted: number[]): Match[] {
  if (![...q.aggs.values()].includes('count_distinct')) return measures;
  const people = counted.filter((i) => /^(people|persons|individuals)$/.test(q.tokens[i].norm));
  if (!people.length) return measures;
  const verbs = new Set(q.tokens.map((t) => t.lemma));
  const doers = source.measures.filter(
    (m) =>
      m.agg === 'count_distinct' &&
      m.keys.some((k) =>
        k.some((w) => /(er|or)$/.test(w) && [w.slice(0, -2), w.slice(0, -1)].some((v) => verbs.has(v))),
      ),
  );
  return doers.length === 1 ? [{ field: doers[0], score: 1 + people.length, used: people }] : measures;
}
