// Markdown's HTML safe by construction: a marked renderer whose every output is either markup of its own or escaped
// text, so nothing an answer says can become a tag, an attribute or a script (docs/architecture.md, `shared/`).
// Raw HTML — blocks and inline tags alike — is shown as the text it is; links are emitted only for http(s) and mailto
// URLs, opened in a new tab without opener; images and task-list checkboxes are left out (nothing loads from the
// network, nothing is a form control). Text, code and code spans are escaped here; the rest is marked's own renderer,
// which writes only its own tags around what these write (headings, paragraphs, table rows, emphasis, quotes).

import { Renderer, type Tokens } from 'marked';

const REPLACEMENTS: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** An `&` that does not start a character reference (markdown text may hold `&amp;` or `&#39;`, kept as they are). */
const AMPERSAND = '&(?!(?:#\\d{1,7}|#[Xx][\\dA-Fa-f]{1,6}|\\w+);)';
/**
 * What must be escaped: in text, what starts markup (`<`; `>` too, as the DOM serialises text) and `&`; in a
 * double-quoted attribute value, quotes as well. Quotes stay as they are in text, so the HTML is as long as the DOM's
 * own serialisation of it (the chat groups finished blocks by their HTML's length).
 */
const ESCAPE = {
  text: { all: /[&<>]/g, keep: new RegExp(`[<>]|${AMPERSAND}`, 'g') },
  attribute: { all: /[&<>"']/g, keep: new RegExp(`[<>"']|${AMPERSAND}`, 'g') },
};

/** `text` as HTML text; `all`: every `&` too (the text shows as it was written, references included). */
export function escapeText(text: string, all = false): string {
  return text.replace(ESCAPE.text[all ? 'all' : 'keep'], (ch) => REPLACEMENTS[ch]);
}

/** `text` as a double-quoted attribute value; `all`: every `&` too. */
export function escapeAttribute(text: string, all = false): string {
  return text.replace(ESCAPE.attribute[all ? 'all' : 'keep'], (ch) => REPLACEMENTS[ch]);
}

/** The schemes a link may have: the rest (javascript:, data:, relative URLs…) are not links. */
const SAFE_SCHEME = /^(?:https?|mailto):/i;

/**
 * `href` as a link's attribute value (`all`: every `&` escaped, as in an autolink), or undefined when it is not a
 * http(s) or mailto URL. Percent-encoding comes first (whitespace and control characters cannot hide a scheme), then
 * the scheme is read from the literal start of what the attribute will hold: a character reference cannot make one
 * up, since none of a scheme's characters is `&`.
 */
export function safeHref(href: string, all = false): string | undefined {
  let url: string;
  try {
    url = encodeURI(href).replace(/%25/g, '%');
  } catch {
    return undefined; // a lone surrogate
  }
  return SAFE_SCHEME.test(url) ? escapeAttribute(url, all) : undefined;
}

export class SafeRenderer extends Renderer {
  override html({ text, block }: Tokens.HTML | Tokens.Tag): string {
    const shown = escapeText(text, true);
    return block ? `<p>${shown.trimEnd()}</p>\n` : shown;
  }

  override link({ href, title, text, tokens, autolink }: Tokens.Link): string {
    const body = autolink ? escapeText(text, true) : this.parser.parseInline(tokens);
    const url = safeHref(href, autolink);
    if (url === undefined) return body;
    const titled = title ? ` title="${escapeAttribute(title)}"` : '';
    return `<a href="${url}"${titled} target="_blank" rel="noopener noreferrer">${body}</a>`;
  }

  override code({ text, lang }: Tokens.Code): string {
    const language = /^\S*/.exec(lang ?? '')![0];
    const code = text ? `${text.replace(/\n$/, '')}\n` : '';
    const named = language ? ` class="language-${escapeAttribute(language)}"` : '';
    return `<pre><code${named}>${escapeText(code, true)}</code></pre>\n`;
  }

  override codespan({ text }: Tokens.Codespan): string {
    return `<code>${escapeText(text, true)}</code>`;
  }

  override image(): string {
    return '';
  }

  /** A task-list item's box is not drawn (no form control in an answer): the space after it stays, as before. */
  override checkbox(): string {
    return ' ';
  }

  /** A list without marked's `start` attribute, as the answers' lists were drawn before this renderer. */
  override list({ ordered, items }: Tokens.List): string {
    const tag = ordered ? 'ol' : 'ul';
    return `<${tag}>\n${items.map((item) => this.listitem(item)).join('')}</${tag}>\n`;
  }

  /** A cell without marked's `align` attribute (answers' tables are styled by the element, as before this renderer). */
  override tablecell({ tokens, header }: Tokens.TableCell): string {
    const tag = header ? 'th' : 'td';
    return `<${tag}>${this.parser.parseInline(tokens)}</${tag}>\n`;
  }

  override text(token: Tokens.Text | Tokens.Escape): string {
    if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
    // Text inside a raw HTML element comes unescaped from the lexer ("escaped"): it is escaped here, whole.
    return escapeText(token.text, 'escaped' in token && token.escaped === true);
  }
}
