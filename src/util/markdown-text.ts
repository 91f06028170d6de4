// Text that goes into markdown as text: a data value, a member's title or description, words of a question echoed
// back, an engine's message. Only the writer's own markup is markup: whatever the text holds (a link, an image, an
// autolink `<https://…>`, a bare URL or e-mail address that GFM links by itself, HTML, emphasis, a code span, a table
// pipe, a line break that would start a heading or a list), it renders as exactly its characters, inside a
// paragraph, a table cell, a list item or bold. No imports: the engine's analyst and the dashboard generator both use
// it.

/** ASCII punctuation that is markup anywhere in a line (CommonMark + GFM as `marked` reads it). */
const INLINE = /[\\`*_~[\]<>&|#]/g;
/** What GFM turns into a link without any markup: `scheme://…`, `www.…` and e-mail addresses. */
const AUTOLINK = /:|@|(?<=w{3})\./gi;
/** Markup only at the start of a line: a list item, a setext underline, an ordered list's number. */
const LINE_START = /^(?:[+=-]|\d{1,9}(?=[.)]))/;
/**
 * Characters markdown reads as layout — line ends, tabs, other controls, and U+2028/U+2029, which end a line for the
 * parser's regular expressions — written as character references.
 */
const CONTROL = /[\u0001-\u001f\u007f\u2028\u2029]/g;
/**
 * A character of U+F800–U+FBFF before one of U+FC00–U+FFFF (a compatibility ideograph or a presentation form before a
 * fullwidth form or a variation selector): WebKit's compiled regular expressions read the two as one character, as if
 * they were a surrogate pair, and the parser then misplaces emphasis around them. The first one is written as a
 * character reference, which the parser reads as ASCII.
 */
const FALSE_PAIR = /[\uf800-\ufbff](?=[\ufc00-\uffff])/g;
/** White space at the ends, which a paragraph, a heading or a table cell would trim. */
const EDGES = /^\s+|\s+$/gu;

const reference = (c: string) => `&#${c.codePointAt(0)!};`;

/**
 * `text` as markdown that renders as exactly `text`: every character that could be markup backslash-escaped; line
 * ends, tabs, other control characters, white space at either end and the first of a pair WebKit misreads written as
 * character references. Line ends are kept as line feeds (`\r\n` and `\r` become `\n`, as in HTML); NUL becomes
 * U+FFFD (as CommonMark and HTML do).
 */
export function markdownText(text: string): string {
  let out = text.replace(/\r\n?/g, '\n').replace(/\0/g, '\ufffd').replace(INLINE, '\\$&').replace(AUTOLINK, '\\$&');
  // A line starts with it where the writer puts it first (after a line end of its own): an ordered list's number
  // keeps its digits and escapes the `.` or `)` after them.
  out = out.replace(LINE_START, (m) => (/\d/.test(m) ? `${m}\\` : `\\${m}`));
  return out
    .replace(EDGES, (space) => [...space].map(reference).join(''))
    .replace(CONTROL, reference)
    .replace(FALSE_PAIR, reference);
}
