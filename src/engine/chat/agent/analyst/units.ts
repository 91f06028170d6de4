// Durations in a question ("longer than 2 hours", "under 90 secs") and the unit a number column is kept in (read from
// its name, title or description: `wait_minutes`, "Delay (min)", "… in seconds"), so a condition written in one unit
// compares a column kept in another. A column whose unit cannot be read is never converted.

import { ownTable } from '../../../../util/own.js';
import type { Field } from './catalog.js';
import { fold, stem } from './text.js';

/** Seconds per unit, by the words a question writes the unit with. */
const SPOKEN = ownTable<number>({
  ms: 0.001,
  millisecond: 0.001,
  milliseconds: 0.001,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  day: 86400,
  days: 86400,
  week: 604800,
  weeks: 604800,
});

/** Seconds per unit of a duration word written after a number in a question, or undefined. */
export const durationWord = (norm: string): number | undefined => SPOKEN[norm];

/**
 * Words that name a column's unit in its name or title. Short forms that also mean something else in a name ("min"
 * of `temp_min`, "s", "h") count only in parentheses in a title ("Delay (min)").
 */
const NAMED = ownTable<number>({
  millis: 0.001,
  milliseconds: 0.001,
  ms: 0.001,
  seconds: 1,
  secs: 1,
  sec: 1,
  minutes: 60,
  mins: 60,
  hours: 3600,
  hrs: 3600,
  days: 86400,
  weeks: 604800,
});
const BRACKETED = ownTable<number>({ ...NAMED, s: 1, min: 60, h: 3600, hr: 3600, d: 86400 });
const DESCRIBED = new Map(Object.entries(NAMED).map(([w, s]) => [stem(w), s]));

/** Seconds per unit of the values of a number column, when its name, title or description says one (only one). */
export function columnUnit(field: Field): number | undefined {
  const found = new Set<number>();
  for (const w of fold(field.column).split(/[^a-z]+/)) if (NAMED[w]) found.add(NAMED[w]);
  const title = fold(field.title);
  for (const w of title.split(/[^a-z]+/)) if (NAMED[w]) found.add(NAMED[w]);
  for (const m of title.matchAll(/\(([a-z]+)\)/g)) if (BRACKETED[m[1]]) found.add(BRACKETED[m[1]]);
  if (found.size === 0) for (const w of field.described) if (DESCRIBED.has(w)) found.add(DESCRIBED.get(w)!);
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * The factor that brings a condition's bound into its column's unit ("2 hours" on minutes: 120); the unit word is
 * read (`use`) when the column's unit is known, else left for the planner to say it maps to nothing.
 */
export function unitScale(
  unit: { seconds: number; at: number } | undefined,
  column: Field,
  use: (ids: number[]) => void,
): number {
  const kept = unit && columnUnit(column);
  if (!unit || kept === undefined) return 1;
  use([unit.at]);
  return unit.seconds / kept;
}

/**
 * "40 bu/acre or more" on Yield: the words right after a bound (`near`: the question's free lemmas) that name a measure
 * of the same column (Average yield, its synonym "bu/acre") write the column's unit, read with it.
 */
export function unitOfColumn(source: { measures: Field[] }, column: Field, near: (string | undefined)[], end: number) {
  const over = source.measures.filter((m) => m.over === column.column);
  const out: number[] = [];
  for (let u = end; u < end + 2 && near[u] && over.some((m) => m.keys.some((k) => k.includes(near[u]!))); u++)
    out.push(u);
  return out;
}

/**
 * "80 pts or more" with no column named: the number column a measure named by the word right after the bound is of
 * (Average score, its synonym "pts": Score), when there is one.
 */
export function columnOfUnit(
  source: { measures: Field[] },
  numbers: Field[],
  near: (string | undefined)[],
  end: number,
) {
  const w = near[end];
  const columns = new Set(
    source.measures.filter((m) => w && m.over !== undefined && m.keys.some((k) => k.includes(w))).map((m) => m.over),
  );
  const found = columns.size === 1 ? numbers.filter((d) => columns.has(d.column)) : [];
  return found.length === 1 ? found[0] : undefined;
}
