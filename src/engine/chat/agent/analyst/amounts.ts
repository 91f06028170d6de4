// Numbers as a question writes them: words ("five"), digits with a unit on them ("100k"), scale words ("10 million"),
// and the words that bound one ("more than", "at least", "5 or more").

import { ownTable } from '../../../../util/own.js';
import { NUMBER_WORDS } from './text.js';

/** How a condition compares a column or a measure with its values. */
export type Comparison = '=' | '!=' | '>' | '>=' | '<' | '<=';

export const INLINE_UNITS: Record<string, number> = { k: 1e3, m: 1e6, bn: 1e9 };
/** Units of measure written on a number ("5000g", "100km"): the column compared must be kept in the same one. */
export const MEASURE_UNIT = 'g|kg|mg|lbs?|oz|mm|cm|km|ml';
/** "10 million", "2 billion": the scale word written after a number. */
export const SCALE_WORDS = ownTable<number>({ k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, bn: 1e9, billion: 1e9 });
/** A number as written: a word ("five"), digits, a unit on it ("100k"). */
export const toNumber = (s: string) => {
  const unit = /(k|m|bn)$/.exec(s)?.[1];
  return NUMBER_WORDS[s] ?? Number(s.replace(/,|%$|(k|m|bn)$/g, '')) * (unit ? INLINE_UNITS[unit] : 1);
};
/** Digits, with a unit on them ("100k", "2.5m") or a percent sign ("8%"). */
export const AMOUNT = /^\d[\d,]*(?:\.\d+)?(?:k|m|bn|%)?$/;

export const COMPARATORS: [RegExp, Comparison][] = [
  // "north of 40 degrees latitude", "west of -100": on a map, north and east are the greater numbers.
  [/^(?:more|greater|higher|larger|bigger|longer) than$|^(?:over|above|exceeding)$|^(?:north|east) of$/, '>'],
  [/^at least$|^no less than$|^(?:minimum|min) of$/, '>='],
  [/^(?:less|fewer|lower|smaller|shorter) than$|^(?:under|below)$|^(?:south|west) of$/, '<'],
  [/^at most$|^no more than$|^up to$|^(?:maximum|max) of$/, '<='],
];

/** "5 or more", "3 or fewer": the bound the words after "or" set. */
export const OR_BOUND: Record<string, Comparison> = ownTable<Comparison>({
  more: '>=',
  greater: '>=',
  higher: '>=',
  above: '>=',
  over: '>=',
  less: '<=',
  fewer: '<=',
  lower: '<=',
  below: '<=',
  under: '<=',
});
