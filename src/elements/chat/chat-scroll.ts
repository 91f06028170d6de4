// Scrolling of <svc-chat>: the log sticks to the bottom while content grows, until the user scrolls up ("Jump to
// latest" offers the way back); and the composer stays where the user left it — when the log grows (an answer, a
// chart) and would push the focused message box below the viewport, the page scrolls just enough to keep it in view.

import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class ChatScroll implements ReactiveController {
  /** The view follows new content until the user scrolls up. */
  following = true;
  /** Where the last automatic scroll put the view: scrolling above it is the user's doing. */
  private autoScrollTop = 0;
  private resize?: ResizeObserver;
  /** The composer's bottom was in the viewport at the last check (only then is it kept there). */
  private composerShown = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    /** `empty`: no message yet, so nothing to follow or to keep the composer above. */
    private readonly parts: () => { log?: HTMLElement; composer?: HTMLElement; empty?: boolean },
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.resize = new ResizeObserver(() => this.keepComposer());
    this.resize.observe(this.host);
    this.host.addEventListener('focusin', this.noteComposer);
  }

  hostDisconnected(): void {
    this.resize?.disconnect();
    this.host.removeEventListener('focusin', this.noteComposer);
  }

  hostUpdated(): void {
    const { log, empty } = this.parts();
    // An empty conversation has nothing to follow: no layout is read (a page's first render is not made to lay out
    // early by the chat beside it).
    if (empty) return;
    if (this.following && log) {
      log.scrollTop = log.scrollHeight;
      this.autoScrollTop = log.scrollTop;
    }
    this.keepComposer();
  }

  /** The log's scroll listener. */
  readonly scrolled = (): void => {
    const { log } = this.parts();
    if (!log) return;
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    // Content growing under a following view is not the user scrolling away.
    const following = atBottom || (this.following && log.scrollTop >= this.autoScrollTop - 2);
    if (following !== this.following) {
      this.following = following;
      this.host.requestUpdate();
    }
    if (following && !atBottom) {
      log.scrollTop = log.scrollHeight;
      this.autoScrollTop = log.scrollTop;
    }
  };

  jumpToLatest(): void {
    const { log } = this.parts();
    this.following = true;
    this.host.requestUpdate();
    if (log) log.scrollTop = log.scrollHeight;
    log?.focus();
  }

  private composerInView(composer: HTMLElement): boolean {
    const rect = composer.getBoundingClientRect();
    return rect.bottom <= (window.visualViewport?.height ?? innerHeight) && rect.top >= 0;
  }

  private readonly noteComposer = (): void => {
    const { composer } = this.parts();
    if (composer) this.composerShown = this.composerInView(composer);
  };

  /** Keeps the focused composer in view when the chat grows under it, and notes where it is. */
  private keepComposer(): void {
    const { composer } = this.parts();
    if (!composer) return;
    const focused = composer.contains(this.host.shadowRoot?.activeElement ?? null);
    // Unfocused, where it is matters to no one (focusing it notes that): no layout is read.
    if (!focused) return;
    const shown = this.composerInView(composer);
    if (this.composerShown && !shown) composer.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    else this.composerShown = shown;
  }
}
