// Which dimension a US place name belongs to when several hold it (a state Texas and a county Texas; a city and a
// county Houston), as a careful analyst reads it when no word of the question names one of them ("Texas county",
// "New York state" are read by their naming words first, in plan-values.ts): a state's name is the state, not a county
// (counties are said with their word); a city written so comes before a state its name only stands for (New York, NY);
// a name written "Houston, TX" (a name, a comma, a state) is the city or town.

import type { Field } from './catalog.js';
import type { Question } from './question.js';
import type { ValueHit } from './values.js';

/** Words that name a dimension of cities or towns; of counties (whose names are said with the word: "X County"). */
const TOWN = /^(city|town|municipality|place)$/;
const COUNTY = /^(county|parish|borough)$/;

const named = (f: Field, words: RegExp) => f.keys.some((k) => k.length === 1 && words.test(k[0]));

/**
 * The fields `hs` (hits of one span, on the fields `fs`) may be read on, narrowed, or `fs` as it is. `all`: every hit of
 * the question, for a state written after a comma.
 */
export function placeFields(q: Question, hs: ValueHit[], fs: Field[], all: ValueHit[]): Field[] {
  const states = fs.filter((f) => hs.some((h) => h.field === f.name && h.state));
  const others = fs.filter((f) => !states.includes(f));
  if (states.length && others.length) {
    // "in texas": the state, not a county Texas (a county is said with its word).
    if (states.length === 1 && others.every((f) => named(f, COUNTY))) return states;
    // "in New York": a city written so comes before the state its name stands for (New York: NY), also with two of
    // each (an origin's and a destination's).
    const stands = (f: Field) => {
      const said = hs.find((h) => h.field === f.name)!;
      return (
        said.value.length === 2 && said.value !== q.text.slice(q.tokens[said.start].start, q.tokens[said.end - 1].end)
      );
    };
    if (states.every(stands)) fs = others;
  }
  const end = hs[0].end;
  const next = q.tokens[end];
  const comma = !!next && /^\s*,/.test(q.text.slice(q.tokens[end - 1].end, next.start));
  // "houston, tx": the city or town.
  const towns = fs.filter((f) => named(f, TOWN));
  if (fs.length > 1 && comma && all.some((h) => h.start === end && h.state) && towns.length === 1) return towns;
  return fs;
}
