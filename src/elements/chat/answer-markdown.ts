// The markdown of <svc-chat>'s answers: marked and DOMPurify load on first use, not with the elements entry
// (docs/architecture.md, "What loads when") — while the page is idle, so the first answer neither waits for them nor pays their start — and
// each answer keeps one StreamingMarkdown, fed at most RENDER_CHARS of new text per render.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatStreamMessage } from '../../api/types.js';
import type * as Markdown from '../shared/markdown.js';
import type { StreamingMarkdown } from '../shared/markdown.js';
import type { ChatTurn } from './chat-turns.js';

type MarkdownModule = typeof Markdown;
let markdownModule: Promise<MarkdownModule> | undefined;
const loadMarkdown = () => (markdownModule ??= import('../shared/markdown.js'));

/** The most text of an answer one render adds. */
const RENDER_CHARS = 4000;

export class AnswerMarkdown implements ReactiveController {
  private md?: MarkdownModule;

  constructor(
    host: ReactiveControllerHost,
    /** A render left text of an answer for the next one. */
    private readonly behind: () => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (this.md) return;
    const idle = (ms: number) =>
      new Promise<void>((resolve) =>
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(() => resolve(), { timeout: ms })
          : setTimeout(resolve, ms / 10),
      );
    void idle(2000)
      .then(loadMarkdown)
      .then(async (m) => {
        this.md ??= m;
        // First use sets up the lexer, the parser and the sanitiser, and compiles their code: do it now, on the
        // kinds of block an answer has, rather than in the first frames of the first answer; a line per idle task,
        // after the one that evaluated the modules (together they were a 150 ms task of a loaded cold start).
        await idle(500);
        await m.StreamingMarkdown.warmUp(() => idle(500));
      });
  }

  /** Resolves once the markdown modules are there. */
  async ready(): Promise<void> {
    this.md ??= await loadMarkdown();
  }

  /** The markdown of an assistant message's content (undefined before the modules are there). */
  of(turn: ChatTurn, message: ChatStreamMessage): StreamingMarkdown | undefined {
    if (!this.md) return undefined;
    let md = turn.markdown.get(message.id);
    if (!md) turn.markdown.set(message.id, (md = new this.md.StreamingMarkdown()));
    const content = message.content ?? '';
    const done = md.source.length;
    // However much arrived since the last frame, a render adds at most RENDER_CHARS of it (no long task).
    if (content.length - done > RENDER_CHARS && content.startsWith(md.source)) {
      md.append(content.slice(done, done + RENDER_CHARS));
      this.behind();
    } else md.set(content);
    return md;
  }
}
