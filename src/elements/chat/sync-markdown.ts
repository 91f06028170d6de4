// Streams an answer's markdown into the DOM: finished blocks are appended once, only the open tail is replaced, so a
// long answer costs O(length), not O(length²).

import { ref } from 'lit/directives/ref.js';
import type { StreamingMarkdown } from '../shared/markdown.js';

/** Finished blocks are grouped in chunks of about this much HTML, each a containment boundary, in the DOM or not. */
const CHUNK_CHARS = 6000;

export interface SyncOptions {
  /** Renders the container only once this calls back (a loaded thread's answers, when they near the view). */
  defer?: (el: HTMLElement, render: () => void) => void;
  /** Watches each full chunk: it may leave the DOM when far from view; `fill` puts it back. */
  keepNear?: (chunk: HTMLElement, fill: (chunk: HTMLElement) => void) => void;
  /**
   * Adjusts what was inserted (a chunk's new blocks, the tail, a chunk put back) — and the whole container again
   * when `key` changes.
   */
  check?: { key: readonly unknown[]; apply(root: HTMLElement): void };
}

/** A chunk: the blocks [chunkStart, chunkEnd) of the answer, chunkChars of HTML. */
type Chunk = HTMLElement & { chunkStart: number; chunkEnd: number; chunkChars: number };

interface SyncState {
  blocks: number;
  tail: HTMLElement;
  chunks: Chunk[];
  check?: SyncOptions['check'];
}

const states = new WeakMap<HTMLElement, SyncState>();
const sameKey = (a?: readonly unknown[], b?: readonly unknown[]) =>
  a?.length === b?.length && (a ?? []).every((v, i) => v === b![i]);

/**
 * Keeps a container in step with a StreamingMarkdown: finished blocks appended once, the tail replaced. Finished
 * blocks sit in chunks with `content-visibility: auto`, so the browser's style and layout work per frame stays with
 * the open chunk and the tail, and a full chunk far from view leaves the DOM (`keepNear`), however long the answer.
 */
export function syncMarkdown(markdown: () => StreamingMarkdown | undefined, options: SyncOptions = {}) {
  return ref((el) => {
    if (!(el instanceof HTMLElement)) return;
    const render = () => {
      const md = markdown();
      if (!md) return;
      let state = states.get(el);
      if (!state || md.blocks.length < state.blocks) {
        state = { blocks: 0, tail: Object.assign(document.createElement('div'), { className: 'tail' }), chunks: [] };
        states.set(el, state);
        el.replaceChildren(state.tail);
      }
      const { chunks, tail } = state;
      const previous = state.check;
      state.check = options.check;
      const touched = new Set<HTMLElement>([tail]);
      let html = '';
      let open = chunks[chunks.length - 1];
      const flush = () => {
        if (!html) return;
        open.insertAdjacentHTML('beforeend', html); // safe by construction (shared/safe-renderer.ts)
        touched.add(open);
        html = '';
      };
      for (let i = state.blocks; i < md.blocks.length; i++) {
        if (!open || open.chunkChars >= CHUNK_CHARS) {
          flush();
          const full = open;
          open = Object.assign(document.createElement('div'), {
            className: 'chunk',
            chunkStart: i,
            chunkEnd: i,
            chunkChars: 0,
          });
          chunks.push(open);
          tail.before(open);
          if (full && options.keepNear) options.keepNear(full, fill(md, state, full));
        }
        html += md.blocks[i];
        open.chunkChars += md.blocks[i].length;
        open.chunkEnd = i + 1;
      }
      flush();
      state.blocks = md.blocks.length;
      tail.innerHTML = md.tail; // safe by construction
      if (!options.check) return;
      if (!sameKey(previous?.key, options.check.key)) options.check.apply(el);
      else for (const root of touched) options.check.apply(root);
    };
    if (states.has(el) || !options.defer) render();
    else options.defer(el, render);
  });
}

/** Puts a full chunk's blocks back. */
function fill(md: StreamingMarkdown, state: SyncState, { chunkStart, chunkEnd }: Chunk) {
  return (chunk: HTMLElement) => {
    chunk.innerHTML = md.blocks.slice(chunkStart, chunkEnd).join(''); // safe by construction
    state.check?.apply(chunk);
  };
}
