// Streams an answer's markdown into the DOM: finished blocks are appended once, only the open tail is replaced, so a
// long answer costs O(length), not O(length²) (ARCHITECTURE §7).

import { ref } from 'lit/directives/ref.js';
import type { StreamingMarkdown } from '../shared/markdown.js';

/** Finished blocks are grouped in chunks of this many, each a containment boundary. */
const BLOCKS_PER_CHUNK = 32;

/**
 * Keeps a container in step with a StreamingMarkdown: finished blocks appended once, the tail replaced. Finished
 * blocks sit in chunks with `content-visibility: auto`, so the browser's style and layout work per frame stays with
 * the open chunk and the tail, and off-screen chunks cost nothing, however long the answer grows. `rendered` runs
 * after each sync (to adjust what was inserted).
 */
export function syncMarkdown(
  markdown: () => StreamingMarkdown | undefined,
  defer?: (el: HTMLElement, render: () => void) => void,
  rendered?: (el: HTMLElement) => void,
) {
  return ref((el) => {
    if (!(el instanceof HTMLElement)) return;
    const state = el as HTMLElement & { __blocks?: number; __tail?: HTMLElement; __chunks?: HTMLElement[] };
    const render = () => {
      const md = markdown();
      if (!md) return;
      if (!state.__tail || md.blocks.length < state.__blocks!) {
        state.__tail ??= Object.assign(document.createElement('div'), { className: 'tail' });
        el.replaceChildren(state.__tail);
        state.__blocks = 0;
        state.__chunks = [];
      }
      const chunks = state.__chunks!;
      for (let i = state.__blocks!; i < md.blocks.length;) {
        const index = Math.floor(i / BLOCKS_PER_CHUNK);
        let chunk = chunks[index];
        if (!chunk) {
          chunk = chunks[index] = Object.assign(document.createElement('div'), { className: 'chunk' });
          state.__tail.before(chunk);
        }
        const end = Math.min(md.blocks.length, (index + 1) * BLOCKS_PER_CHUNK);
        chunk.insertAdjacentHTML('beforeend', md.blocks.slice(i, end).join('')); // sanitised
        i = end;
      }
      state.__blocks = md.blocks.length;
      state.__tail.innerHTML = md.tail; // sanitised
      rendered?.(el);
    };
    if (state.__tail || !defer) render();
    else defer(el, render);
  });
}
