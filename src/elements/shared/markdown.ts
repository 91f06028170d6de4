// Streaming markdown, safely: the text is lexed in blocks; a block is rendered and sanitised once,
// when it is finished, and cached — only the open tail is rendered again on each delta, so a long answer costs
// O(length), not O(length²). Everything is untrusted: DOMPurify with a strict profile, links http(s)/mailto only and
// opened with rel="noopener noreferrer", no images or embedded documents (nothing loads from the network).
// Each fragment is sanitised on its own, by DOMPurify's string mode (its most used and reviewed path): parsed into a
// document of its own without a browsing context (nothing in it runs or loads), walked, serialised. Sanitising an
// update's fragments together in place (DOMPurify's IN_PLACE, one inert document) was measured as no cheaper: the
// walk, ~1 µs per character, is the cost, not the document.

import DOMPurify from 'dompurify';
import { Lexer, Parser, type Token } from 'marked';

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | undefined;

/** A DOMPurify instance of our own (hooks are per instance, so the host page's DOMPurify is left alone). */
function sanitizer(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  p.setConfig(SANITIZE);
  purifier = p;
  return p;
}

const SANITIZE = {
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  FORBID_TAGS: [
    'img',
    'svg',
    'math',
    'style',
    'iframe',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'video',
    'audio',
    'source',
    'picture',
    'link',
    'meta',
    'base',
    'noscript',
    'template',
  ],
  FORBID_ATTR: ['style', 'srcset', 'background', 'poster', 'formaction'],
};

/** Markdown (GFM) to sanitised HTML. */
export function renderMarkdown(markdown: string): string {
  return sanitize(Parser.parse(Lexer.lex(markdown, { gfm: true }), { gfm: true }));
}

/** `html` without anything unsafe (the configuration is set once, not parsed again on every call). */
export function sanitize(html: string): string {
  return sanitizer().sanitize(html);
}

/** Each of `fragments` without anything unsafe, each sanitised on its own (one cannot change how another parses). */
export function sanitizeAll(fragments: readonly string[]): string[] {
  // Without a `<` there is no markup to sanitise (blank space between blocks, plain text): kept as it is.
  return fragments.map((html) => (html.includes('<') ? sanitize(html) : html));
}

const WARM_UP = `## Heading

Text with **bold**, *emphasis*, \`code\` and [a link](https://example.com).

| Region | Revenue |
| --- | ---: |
| EU | 1,234.50 |

- one
- two
  - three

1. first

> quote

\`\`\`sql
SELECT 1
\`\`\`
`;

function renderTokens(tokens: Token[]): string {
  return tokens.length === 0 ? '' : Parser.parse(tokens, { gfm: true });
}

/**
 * Markdown that grows by deltas. `blocks` are finished blocks' HTML (append-only), `tail` the HTML of the part still
 * being written. A block counts as finished once another non-blank block follows it and that one has something after
 * it too: from then on no later text can change how the block lexes.
 */
export class StreamingMarkdown {
  private text = '';
  /** Offset in `text` where the unfinished part starts. */
  private settled = 0;
  /** The tail is rendered from the text as it is. */
  private rendered = false;
  readonly blocks: string[] = [];
  tail = '';

  /**
   * Runs a sample with the kinds of block an answer has through the whole path, line by line (a warm-up), awaiting
   * `between` after each line so that a caller can give each line a task of its own (a page's cold start then sees
   * a few small tasks, not one of the whole sample's first compilation).
   */
  static async warmUp(between: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    const md = new StreamingMarkdown();
    for (const line of WARM_UP.split(/(?<=\n)/)) {
      md.append(line);
      await between();
    }
  }

  /** The whole text so far. */
  get source(): string {
    return this.text;
  }

  /** Adds a delta; returns how many new finished blocks it produced. */
  append(delta: string): number {
    if (!delta && this.rendered) return 0;
    this.text += delta;
    this.rendered = true;
    return this.update();
  }

  /** Replaces the text (a non-delta message); restarts when it does not extend what was there. */
  set(text: string): number {
    if (text.startsWith(this.text)) return this.append(text.slice(this.text.length));
    this.text = text;
    this.settled = 0;
    this.blocks.length = 0;
    return this.update();
  }

  private update(): number {
    const tokens = Lexer.lex(this.text.slice(this.settled), { gfm: true });
    // Keep the last two non-space blocks open (and whatever blank tokens follow the last finished one).
    let open = tokens.length;
    let seen = 0;
    for (let i = tokens.length - 1; i >= 0; i--) {
      if (tokens[i].type === 'space') continue;
      seen++;
      open = i;
      if (seen === 2) break;
    }
    const finished = seen < 2 ? [] : tokens.slice(0, open);
    // The new finished blocks and the tail, sanitised in one pass.
    const html = sanitizeAll([
      ...finished.map((token) => renderTokens([token])),
      renderTokens(tokens.slice(finished.length)),
    ]);
    this.tail = html.pop()!;
    for (const [i, token] of finished.entries()) {
      this.blocks.push(html[i]);
      this.settled += token.raw.length;
    }
    return finished.length;
  }

  /** All of it as one HTML string (finished blocks, then the tail). */
  html(): string {
    return this.blocks.join('') + this.tail;
  }
}
