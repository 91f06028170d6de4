// Streams an answer's markdown into the DOM: finished blocks are appended once, only the open tail is replaced, so a
// long answer costs O(length), not O(length²).

import { ref } from 'lit/directives/ref.js';
import type { StreamingMarkdown } from '../shared/markdown.js';

/** Finished blocks are grouped in chunks of about this much HTML, each a containment boundary, in the DOM or not. */
const CHUNK_CHARS = 6000;
/**
 * A render shows at once the blocks within this much HTML of the answer's end (about two views of the log); the
 * blocks it appends before them, which a following log scrolls past at once, render only when they near the view.
 */
const SHOWN_CHARS = 3000;
/** Blocks that may skip rendering (`.far`, content-visibility: auto) without changing how they look: no block inside. */
const flat = (el: Element) =>
  /^(P|H[1-6]|PRE|TABLE)$/.test(el.tagName) ||
  (/^(UL|OL)$/.test(el.tagName) && !el.querySelector('p, blockquote, pre, table, h1, h2, h3, h4, h5, h6, hr'));

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
 * The blocks one render appends before the last SHOWN_CHARS of the answer (a following log scrolls past them at once)
 * are `.far`: each skips style and layout until it nears the view.
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
      // The first block of this render within SHOWN_CHARS of the end: those before it are far from the view.
      let near = md.blocks.length;
      for (let chars = md.tail.length; near > state.blocks && chars < SHOWN_CHARS;) chars += md.blocks[--near].length;
      let far = false;
      const flush = () => {
        if (!html) return;
        const from = open.lastElementChild;
        open.insertAdjacentHTML('beforeend', html); // safe by construction (shared/safe-renderer.ts)
        if (far) {
          for (let el = from ? from.nextElementSibling : open.firstElementChild; el; el = el.nextElementSibling) {
            if (flat(el)) el.classList.add('far');
          }
        }
        touched.add(open);
        html = '';
      };
      for (let i = state.blocks; i < md.blocks.length; i++) {
        if (far !== i < near) {
          flush();
          far = i < near;
        }
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
