// "days hotter than 30", "members older than 40", "parcels heavier than 20": an adjective of measure in the
// comparative, then "than" and a number, is a bound on the one number column named by the quantity that adjective
// measures (heat: temperature; age; weight). English adjectives of dimension, never a model's words; a column is
// found only by its own name or title, and with none, or several, the words stay unexplained and the question
// declines.

import type { Field, SourceInfo } from './catalog.js';
import type { Comparison } from './plan.js';
import type { NumericAsk, Question } from './question.js';
import { lemma } from './text.js';
import { MEASURE_UNIT } from './amounts.js';

/** Each comparative (both spellings where English has two), its direction, and the quantities it compares. */
const ADJECTIVES: [RegExp, Comparison, string[]][] = [
  [/^(hotter|warmer)$/, '>', ['temperature', 'temp', 'heat']],
  [/^(colder|cooler)$/, '<', ['temperature', 'temp']],
  [/^older$/, '>', ['age']],
  [/^younger$/, '<', ['age']],
  [/^heavier$/, '>', ['weight', 'mass']],
  [/^lighter$/, '<', ['weight', 'mass']],
  [/^taller$/, '>', ['height']],
  [/^(pricier|costlier)$/, '>', ['price', 'cost']],
  [/^cheaper$/, '<', ['price', 'cost']],
  [/^(faster|quicker)$/, '>', ['speed']],
  [/^slower$/, '<', ['speed']],
  [/^(farther|further)$/, '>', ['distance']],
  [/^(closer|nearer)$/, '<', ['distance']],
  [/^deeper$/, '>', ['depth']],
  [/^shallower$/, '<', ['depth']],
  [/^wider$/, '>', ['width']],
  [/^narrower$/, '<', ['width']],
  [/^(wetter|rainier)$/, '>', ['precipitation', 'rainfall', 'rain']],
  [/^windier$/, '>', ['wind']],
  [/^richer$/, '>', ['income', 'wealth']],
  [/^poorer$/, '<', ['income', 'wealth']],
];

/** A number, with a unit of measure written on it or none. */
const UNIT_NUMBER = new RegExp(`^(-?\\d[\\d,]*(?:\\.\\d+)?)(${MEASURE_UNIT})?$`);

const EXTREME_HIGH = new Set(['max', 'maximum', 'high', 'highest', 'peak'].map(lemma));
const EXTREME_LOW = new Set(['min', 'minimum', 'low', 'lowest'].map(lemma));

/** A bound read from a comparative, with the column it names. */
export type ComparativeAsk = NumericAsk & { field: Field };

/** The "X-er than N" bounds of `q` on a number column of `source`; marks their words taken. */
export function comparativeBounds(q: Question, source: SourceInfo, taken: boolean[]): ComparativeAsk[] {
  const numbers = source.dimensions.filter((d) => d.type === 'number' && !/(^|_)id$/.test(d.column));
  const out: ComparativeAsk[] = [];
  q.tokens.forEach((t, i) => {
    // "deeper than 100km": a unit of measure written on the number, which the column must be kept in.
    const number = UNIT_NUMBER.exec(q.tokens[i + 2]?.norm ?? '');
    if (taken[i] || q.tokens[i + 1]?.norm !== 'than' || !number) return;
    const adjective = ADJECTIVES.find(([re]) => re.test(t.norm));
    if (!adjective) return;
    const stems = new Set(adjective[2].map(lemma));
    let fields = numbers.filter((d) => d.keys.some((k) => k.some((w) => stems.has(w))));
    // A day's high and low: "hotter than 30" is the high over 30, "colder than 0" the low under 0 (the extreme that
    // goes the adjective's way).
    const extreme = adjective[1] === '>' ? EXTREME_HIGH : EXTREME_LOW;
    if (fields.length > 1) fields = fields.filter((d) => d.keys.some((k) => k.some((w) => extreme.has(w))));
    if (fields.length !== 1 || (number[2] && !fields[0].written.has(number[2]))) return;
    out.push({ op: adjective[1], value: Number(number[1].replace(/,/g, '')), start: i, end: i + 3, field: fields[0] });
    for (let k = i; k < i + 3; k++) taken[k] = true;
  });
  return out;
}
