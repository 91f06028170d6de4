// A question's wording made plain before it is read (question.ts): business acronyms as their words, "24/7" as a
// model titles it, the lines at 0 longitude and latitude, the compass extremes, a currency sign standing for an amount,
// a period's possessive without its apostrophe, a fixed-date holiday as its date (holidays.ts).

import { ACRONYMS } from './text.js';
import { holidayDates } from './holidays.js';

/** `asked` with the wordings below written as the analyst reads them. */
export function plainWording(asked: string): string {
  // "aov by channel": a business acronym is read as its words (a member titled "AOV" is named by them too).
  // ("24/7" and "round the clock" say "24-hour", as a model titles it.)
  return (
    holidayDates(asked)
      .replace(/\p{L}+/gu, (w) => ACRONYMS[w.toLowerCase()] ?? w)
      .replace(/\b24\s*\/\s*7\b|\b(?:a)?round[- ]the[- ]clock\b/gi, '24-hour')
      // "east of the greenwich meridian", "south of the equator": the line at 0.
      .replace(
        /\b((?:east|west) of) (?:the )?(?:greenwich|prime) meridian\b|\b((?:north|south) of) the equator\b/gi,
        '$1$2 0',
      )
      // "furthest north", "most southerly": the one word a model titles the extreme with (Northernmost latitude).
      .replace(/\b(?:furthest|farthest|most) (north|south|east|west)(?:erly|ern)?\b/gi, '$1ernmost')
      // "last years donations", "this months sales": a period's possessive written without its apostrophe (not "the
      // last years of the war", "in the last years").
      .replace(
        /\b(last|this|next|previous|prior|current) (year|month|week|quarter)s(?= (?!(?:of|and|or|ago|before|after|since|in|on|at|to|for|with|by|from|until|than|that|which|were|was|are|is|have|has|had)\b)\p{L})/giu,
        "$1 $2's",
      )
      // "refunds this year ($)", "spend in €": a currency sign standing for no number asks for the amount.
      .replace(/\(\s*(?:in\s+)?[$€£]\s*\)|(?<![\p{L}\p{N}$€£])[$€£](?![\s]*[\d.])/gu, ' amount ')
  );
}
