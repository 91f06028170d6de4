// An answer's markdown as plain text for the screen-reader announcement: the words without markup (no `**`, no
// `| --- |`), links as their text, code as "code", and a table summarised ("Table: 4 rows, 2 columns: Region,
// Revenue.") rather than read cell by cell — the table itself stays in the log to be explored.

import { msg, str } from '@lit/localize';
import { Lexer, type Token, type Tokens } from 'marked';

function inline(tokens: Token[] | undefined, fallback: string): string {
  if (!tokens) return fallback;
  return tokens
    .map((t) => {
      switch (t.type) {
        case 'br':
          return ' ';
        case 'image':
          return (t as Tokens.Image).text;
        case 'html':
        case 'tag':
          return '';
        case 'codespan':
          return (t as Tokens.Codespan).text;
        default:
          return 'tokens' in t && t.tokens ? inline(t.tokens, '') : 'text' in t ? String(t.text) : '';
      }
    })
    .join('');
}

function block(token: Token): string {
  switch (token.type) {
    case 'space':
    case 'hr':
    case 'html':
      return '';
    case 'code':
      return msg('Code.');
    case 'table': {
      const table = token as Tokens.Table;
      const rows = table.rows.length;
      const headers = table.header.map((h) => inline(h.tokens, h.text).trim()).filter(Boolean);
      // Counts after labels: no plural forms to agree with.
      const columns = headers.length;
      return headers.length
        ? msg(str`Table (rows: ${rows}, columns: ${columns}): ${headers.join(', ')}.`)
        : msg(str`Table (rows: ${rows}, columns: ${columns}).`);
    }
    case 'list':
      return (token as Tokens.List).items.map((item) => item.tokens.map(block).filter(Boolean).join(' ')).join('; ');
    case 'blockquote':
      return (token as Tokens.Blockquote).tokens.map(block).filter(Boolean).join(' ');
    default:
      return 'tokens' in token && token.tokens ? inline(token.tokens, '') : 'text' in token ? String(token.text) : '';
  }
}

/** `markdown` as plain text (HTML entities decoded, whitespace collapsed). */
export function markdownToPlainText(markdown: string): string {
  const text = Lexer.lex(markdown, { gfm: true }).map(block).filter(Boolean).join(' ');
  const decoded = new DOMParser().parseFromString(`<p>${text.replace(/</g, '&lt;')}</p>`, 'text/html').body.textContent;
  return (decoded ?? text).replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, cut at a word, with an ellipsis when cut. */
export function truncateWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

/**
 * The start of `markdown` as plain text, at most `max` characters, read from as little of the markdown as that needs
 * (a prefix that ends between blocks, longer until it gives enough text): a long answer's announcement costs what it
 * says, not the whole answer's lexing.
 */
export function plainTextStart(markdown: string, max: number): string {
  for (let size = max * 4; ; size *= 4) {
    const end = markdown.length <= size ? -1 : markdown.indexOf('\n\n', size);
    const text = markdownToPlainText(end < 0 ? markdown : markdown.slice(0, end));
    if (end < 0 || text.length > max) return truncateWords(text, max);
  }
}
