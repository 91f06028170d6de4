// Seasons written as two years ("2024-25", "2023/2024"): a dimension whose every value is one names a season that
// spans the turn of a year (a sports season, a school or fiscal year). "the 2024-25 season", "2025-26 games" name its
// value; "this season" is the value going on today, "last season" the one before. Read so, the years are no period
// of a date and no words mapping to nothing, and "season" is no breakdown by Season.

import type { Field, SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { fold, type Token } from './text.js';
import { categorical, type ValueIndex } from './value-lookup.js';

/** A value of two years, the second the next: "2024-25", "2024/2025", "2024–25". */
export const SEASON_VALUE = /^((?:19|20)\d\d) ?[-/–] ?(\d\d|(?:19|20)\d\d)$/;

/** The first year of a two-year season value, when it is one (the second year following the first). */
export function seasonStart(value: string): number | undefined {
  const m = SEASON_VALUE.exec(value.trim());
  if (!m) return undefined;
  const first = Number(m[1]);
  const second = m[2].length === 2 ? Math.floor(first / 100) * 100 + Number(m[2]) : Number(m[2]);
  return second === first + 1 || (m[2].length === 2 && second === first - 99) ? first : undefined;
}

interface SeasonField {
  field: Field;
  /** Its values by first year, earliest first. */
  seasons: [number, string][];
}

/** Per value index and source: the one dimension of two-year seasons, read once. */
const seasonOf = new WeakMap<ValueIndex, WeakMap<SourceInfo, SeasonField | null>>();
function seasonField(source: SourceInfo, values: ValueIndex): SeasonField | undefined {
  let bySource = seasonOf.get(values);
  if (!bySource) seasonOf.set(values, (bySource = new WeakMap<SourceInfo, SeasonField | null>()));
  let out = bySource.get(source);
  if (out === undefined) {
    const found = categorical(source).flatMap((field) => {
      const vs = values.get(field.name) ?? [];
      const seasons = vs.map((v): [number | undefined, string] => [seasonStart(v), v]);
      return vs.length && seasons.every(([y]) => y !== undefined)
        ? [{ field, seasons: (seasons as [number, string][]).sort((a, b) => a[0] - b[0]) }]
        : [];
    });
    out = found.length === 1 ? found[0] : null;
    bySource.set(source, out);
  }
  return out ?? undefined;
}

/**
 * The season going on at `now`: the one spanning today's year (of two, the one ending in it in the first half of the
 * year, else the one starting in it), else the latest begun; with no clock, the latest.
 */
function current(seasons: [number, string][], now: number | undefined): number {
  if (now === undefined) return seasons.length - 1;
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const start = date.getUTCMonth() < 6 ? year - 1 : year;
  const at = seasons.findIndex(([y]) => y === start);
  if (at >= 0) return at;
  const begun = seasons.filter(([y]) => y <= year).length - 1;
  return begun >= 0 ? begun : seasons.length - 1;
}

const RELATIVE = /^(this|current|latest|last|past|previous|prior)$/;
const SEASON_WORD = /^seasons?(?:'s)?$/;

/** The value's words as the value look-up keys them ("2024-25": "2024 25"). */
const keyed = (value: string) =>
  fold(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');

/**
 * `q` with a season it names ("the 2024-25 season", "this season") written as the one token of the season's value,
 * the words of the season taken; its years read as a period dropped. Otherwise `q` itself.
 */
export function seasonValue(q: Question, source: SourceInfo, values: ValueIndex): Question {
  if (!/\b(?:19|20)\d\d ?[-/–] ?\d\d|\b(?:this|current|latest|last|past|previous|prior) /.test(q.folded)) return q;
  const season = seasonField(source, values);
  if (!season) return q;
  const { tokens } = q;
  const titleWords = fold(season.field.title).split(/\s+/);
  const named = (i: number) =>
    SEASON_WORD.test(tokens[i]?.norm ?? '') ||
    (titleWords.length > 0 && titleWords.every((w, k) => tokens[i + k]?.norm === w));
  // Each season named, as [first token, end token) and its value ("this season vs last season" names two).
  const found: [number, number, string][] = [];
  for (let i = 0; i < tokens.length; i++) {
    const next = tokens[i + 1];
    if (next && /^(?:19|20)\d\d$/.test(tokens[i].norm) && /^\d\d(?:\d\d)?$/.test(next.norm)) {
      const between = q.text.slice(tokens[i].end, next.start);
      const start = /^ ?[-/–] ?$/.test(between) ? seasonStart(`${tokens[i].norm}-${next.norm}`) : undefined;
      const hit = season.seasons.find(([y]) => y === start);
      if (hit) found.push([i, i + 2, hit[1]]);
    } else if (RELATIVE.test(tokens[i].norm) && named(i + 1)) {
      const now = current(season.seasons, q.now);
      const at = /^(this|current|latest)$/.test(tokens[i].norm) ? now : now - 1;
      const width = SEASON_WORD.test(tokens[i + 1].norm) ? 1 : titleWords.length;
      // Before the first season recorded: named so, it maps to no value and the question is declined, not grouped.
      const y = season.seasons[0][0] - 1;
      const label = at >= 0 ? season.seasons[at][1] : `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
      found.push([i, i + 1 + width, label]);
    }
    if (found.at(-1)?.[0] === i) i = found.at(-1)![1] - 1;
  }
  if (!found.length) return q;
  const out: Token[] = [...tokens];
  const taken = [...q.taken];
  const covered: [number, number][] = [];
  for (const [from, to, value] of found) {
    // "the 2024-25 season", "season 2024-25": the word "season" beside the value is the value's.
    const words = new Set<number>();
    for (let i = from; i < to; i++) words.add(i);
    if (SEASON_WORD.test(tokens[to]?.norm ?? '')) words.add(to);
    if (SEASON_WORD.test(tokens[from - 1]?.norm ?? '')) words.add(from - 1);
    const norm = keyed(value);
    out[from] = { ...tokens[from], text: value, norm, lemma: norm, end: tokens[to - 1].end };
    for (const i of words) taken[i] = i !== from;
    covered.push([tokens[Math.min(...words)].start, tokens[Math.max(...words)].end]);
  }
  const overlaps = ([s, e]: [number, number]) => covered.some(([a, b]) => s < b && a < e);
  if (!q.time.spans.some(overlaps)) return { ...q, tokens: out, taken };
  // "this season's" read no period; a year of the value read as one ("2024") is the season's.
  const spans = q.time.spans.filter((s) => !overlaps(s));
  return { ...q, tokens: out, taken, time: { ...q.time, ranges: [], untilNow: undefined, season: undefined, spans } };
}
