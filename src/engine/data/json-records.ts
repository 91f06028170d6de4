// A JSON array's elements or an NDJSON file's lines as separate texts, found without parsing the whole document: the
// rows of a JSON or NDJSON import are parsed a batch at a time (read-rows.ts), never all at once.

import { checkNdjsonLine } from './row-limits.js';

/** One record's text, and how a message names it. */
export interface RecordText {
  text: string;
  /** `NDJSON line 7`, or undefined for a JSON array's element. */
  where?: string;
}

const WS = /\s/;

/** A JSON array's elements (JSON.parse's own message when the text is not an array, or not JSON at all). */
function* arrayElements(text: string): Generator<RecordText> {
  let at = 0;
  while (at < text.length && WS.test(text[at])) at++;
  if (text[at] !== '[') {
    try {
      JSON.parse(text);
    } catch (error) {
      throw new Error(`not valid JSON: ${(error as Error).message}`);
    }
    throw new Error('JSON: expected an array of objects (one per row)');
  }
  let depth = 0;
  let inString = false;
  let start = at + 1;
  for (; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (inString) {
      if (c === 0x5c)
        at++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) {
      depth--;
      if (depth === 0) {
        const last = text.slice(start, at);
        // `[]` and `[ ]` hold no element; `[{}, ]` ends with an empty one, which JSON.parse refuses.
        if (last.trim() !== '' || start !== text.indexOf('[') + 1) yield { text: last };
        if (text.slice(at + 1).trim() !== '') throw new Error(`not valid JSON: unexpected text after the array`);
        return;
      }
    } else if (c === 0x2c && depth === 1) {
      yield { text: text.slice(start, at) };
      start = at + 1;
    }
  }
  throw new Error('not valid JSON: the array is not closed');
}

/** An NDJSON text's lines that hold something, each checked against `maxLineBytes`. */
function* ndjsonLines(text: string, maxLineBytes: number): Generator<RecordText> {
  for (let start = 0, number = 1; start <= text.length; number++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    checkNdjsonLine(line, number, maxLineBytes);
    if (line.trim()) yield { text: line, where: `NDJSON line ${number}` };
    start = end + 1;
  }
}

/** The records of a JSON (an array of objects) or NDJSON text. */
export const recordTexts = (text: string, format: 'json' | 'ndjson', maxLineBytes: number): Generator<RecordText> =>
  format === 'json' ? arrayElements(text) : ndjsonLines(text, maxLineBytes);
