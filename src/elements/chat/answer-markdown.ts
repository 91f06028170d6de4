// The markdown of <svc-chat>'s answers: marked and its safe renderer load on first use, not with the elements entry
// (docs/architecture.md, "What loads when") — while the page is idle, so the first answer does not wait for them; they
// are warmed up when the viewer turns to the chat, so neither the page's start nor the first answer pays it — and
// each answer keeps one StreamingMarkdown, fed per render as much new text as RENDER_MS of markdown work takes.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatStreamMessage } from '../../api/types.js';
import { isFinalAnswer } from '../../transport/chat.js';
import type * as Markdown from '../shared/markdown.js';
import type { StreamingMarkdown } from '../shared/markdown.js';
import type { ChatTurn } from './chat-turns.js';

type MarkdownModule = typeof Markdown;
let markdownModule: Promise<MarkdownModule> | undefined;
const loadMarkdown = () => (markdownModule ??= import('../shared/markdown.js'));
/** The markdown path's warm-up, once the viewer first turned to a chat of the page. */
let warmed: Promise<void> | undefined;

const idle = (ms: number) =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: ms })
      : setTimeout(resolve, ms / 10),
  );

/** The most text of an answer one render adds. */
const RENDER_CHARS = 8000;
/** The least (a render always moves the answer on). */
const MIN_RENDER_CHARS = 400;
/** What one render's markdown may take (lexing, HTML): its new text is sized by the rate measured so far. */
const RENDER_MS = 16;

export class AnswerMarkdown implements ReactiveController {
  private md?: MarkdownModule;
  /** Markdown ms per character of new text, as measured on this page (a slow or busy machine takes fewer per render). */
  private msPerChar = 0.004;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    /** A render left text of an answer for the next one. */
    private readonly behind: () => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (!this.md) {
      void idle(2000)
        .then(loadMarkdown)
        .then((m) => (this.md ??= m));
    }
    if (warmed) return;
    // The first use of the lexer and the renderer compiles their code (a 30–140 ms task): run on the
    // kinds of block an answer has when the viewer turns to the chat (points at it, or focuses it), not in the
    // page's start, which has enough to do, nor in the first frames of the first answer.
    this.host.addEventListener('pointerenter', this.warmUp, { once: true });
    this.host.addEventListener('focusin', this.warmUp, { once: true });
  }

  /** Warms the markdown path up, once per page: a line per idle task. */
  private readonly warmUp = (): void => {
    warmed ??= idle(500)
      .then(loadMarkdown)
      .then((m) => m.StreamingMarkdown.warmUp(() => idle(500)));
  };

  /** Resolves once the markdown modules are there. */
  async ready(): Promise<void> {
    this.md ??= await loadMarkdown();
  }

  /** Markdown moved on by prepare() and not rendered since. */
  private readonly prepared = new WeakSet<StreamingMarkdown>();

  /** Moves the answers of the turn written last on to what arrived (within a render's budget), before the frame. */
  prepare(turn: ChatTurn | undefined): void {
    if (!turn || turn.history) return; // a loaded thread's answers render when near the view
    for (const message of turn.list) {
      if (!isFinalAnswer(message)) continue;
      const md = this.advance(turn, message);
      if (md) this.prepared.add(md);
    }
  }

  /** The markdown of an assistant message's content (undefined before the modules are there). */
  of(turn: ChatTurn, message: ChatStreamMessage): StreamingMarkdown | undefined {
    const md = turn.markdown.get(message.id);
    if (md && this.prepared.delete(md)) return md;
    return this.advance(turn, message);
  }

  /** The answer's markdown, moved on by what a render may add of the text that arrived. */
  private advance(turn: ChatTurn, message: ChatStreamMessage): StreamingMarkdown | undefined {
    if (!this.md) return undefined;
    let md = turn.markdown.get(message.id);
    if (!md) turn.markdown.set(message.id, (md = new this.md.StreamingMarkdown()));
    const content = message.content ?? '';
    const done = md.source.length;
    const left = content.length - done;
    // However much arrived since the last frame, a render adds only what its time allows (no long task).
    if (left > MIN_RENDER_CHARS && content.startsWith(md.source)) {
      const chars = Math.min(left, Math.max(MIN_RENDER_CHARS, Math.min(RENDER_CHARS, RENDER_MS / this.msPerChar)));
      const start = performance.now();
      md.append(content.slice(done, done + chars));
      // The rate this render measured, averaged with what came before.
      this.msPerChar = Math.min(0.05, Math.max(5e-4, (this.msPerChar + (performance.now() - start) / chars) / 2));
      if (chars < left) this.behind();
    } else md.set(content);
    return md;
  }
}
