// Streaming markdown, safely: the text is lexed in blocks; a block is rendered once, when it is finished, and cached —
// only the open tail is rendered again on each delta, so a long answer costs O(length), not O(length²). Everything is
// untrusted, and the HTML is safe by construction (safe-renderer.ts): raw HTML shows as text, links are http(s)/mailto
// only and opened with rel="noopener noreferrer", no images (nothing loads from the network). No sanitiser parses the
// result again: a fragment's HTML holds only the renderer's own tags and attributes around escaped text.

import { Lexer, Parser, type MarkedOptions, type Token } from 'marked';
import { SafeRenderer } from './safe-renderer.js';

const OPTIONS: MarkedOptions = { gfm: true, renderer: new SafeRenderer() };

/** Markdown (GFM) to safe HTML. */
export function renderMarkdown(markdown: string): string {
  return Parser.parse(Lexer.lex(markdown, OPTIONS), OPTIONS);
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
  return tokens.length === 0 ? '' : Parser.parse(tokens, OPTIONS);
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
    const tokens = Lexer.lex(this.text.slice(this.settled), OPTIONS);
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
