// Streaming markdown, safely (ARCHITECTURE §7): the text is lexed in blocks; a block is rendered and sanitised once,
// when it is finished, and cached — only the open tail is rendered again on each delta, so a long answer costs
// O(length), not O(length²). Everything is untrusted: DOMPurify with a strict profile, links http(s)/mailto only and
// opened with rel="noopener noreferrer", no images or embedded documents (nothing loads from the network).

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

function renderTokens(tokens: Token[]): string {
  if (tokens.length === 0) return '';
  const html = Parser.parse(tokens, { gfm: true });
  // Blank blocks (the space between two others) have nothing to sanitise: skip the sanitiser's document for them.
  return /^\s*$/.test(html) ? html : sanitize(html);
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
  readonly blocks: string[] = [];
  tail = '';

  /** The whole text so far. */
  get source(): string {
    return this.text;
  }

  /** Adds a delta; returns how many new finished blocks it produced. */
  append(delta: string): number {
    this.text += delta;
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
    for (const token of finished) {
      this.blocks.push(renderTokens([token]));
      this.settled += token.raw.length;
    }
    this.tail = renderTokens(tokens.slice(finished.length));
    return finished.length;
  }

  /** All of it as one HTML string (finished blocks, then the tail). */
  html(): string {
    return this.blocks.join('') + this.tail;
  }
}
