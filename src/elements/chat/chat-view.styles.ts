// Styles of <svc-chat>'s messages, tool cards and answers, adopted with its body (chat-view.ts) after the first frame.
import { css } from 'lit';

export const chatViewStyles = css`
  /* Off-screen messages skip style, layout and paint: a long thread costs what is visible. */
  .log > * {
    content-visibility: auto;
    contain-intrinsic-size: auto 3rem;
    margin-block: 0 0.75rem;
  }
  /* The newest messages, where content grows, always render at their real size (stick-to-bottom stays exact). */
  .log > :nth-last-child(-n + 3) {
    content-visibility: visible;
  }
  .notice {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .user {
    width: fit-content;
    margin-inline-start: auto;
    max-width: 80%;
    padding: 0.5rem 0.75rem;
    border-radius: var(--_radius);
    background: color-mix(in srgb, var(--_accent) 12%, var(--_bg));
    white-space: pre-wrap;
  }
  .answer {
    line-height: 1.5;
  }
  .answer,
  .user,
  .tool {
    overflow-wrap: anywhere;
  }
  /* Wide tables scroll inside their message instead of widening it. */
  .answer table,
  .rows {
    display: block;
    max-width: 100%;
    overflow-x: auto;
  }
  .answer table[hidden] {
    display: none;
  }
  .tool td,
  .tool th {
    overflow-wrap: normal;
    white-space: nowrap;
  }
  .tool .num {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .chart {
    min-width: 0;
    max-width: 100%;
  }
  .answer.pending {
    min-height: 8rem;
  }
  .answer > .chunk {
    display: flow-root;
    contain-intrinsic-size: auto 12rem; /* remembers each chunk's size from when it rendered */
  }
  /* Finished chunks skip rendering off screen; the last two and the tail, where the answer grows, always render at
     their real size (stick-to-bottom stays exact where a browser sizes content-visibility: auto late). */
  .answer > .chunk:not(:nth-last-child(-n + 3)) {
    content-visibility: auto;
  }
  /* A chunk far from view keeps its height (and, hidden until found, its text for find-in-page). */
  .answer > .chunk.away {
    content-visibility: hidden;
  }
  .answer table,
  .tool table {
    border-collapse: collapse;
  }
  .answer th,
  .answer td,
  .tool th,
  .tool td {
    border: 1px solid var(--_border);
    padding: 0.25rem 0.5rem;
    text-align: start;
  }
  .thinking,
  .tool {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.5rem 0.75rem;
    color: var(--_muted);
  }
  .tool {
    min-width: 0;
  }
  .tool header {
    font-weight: 600;
    color: var(--_fg);
  }
  pre {
    overflow-x: auto;
    background: color-mix(in srgb, var(--_fg) 6%, var(--_bg));
    padding: 0.5rem;
    border-radius: calc(var(--_radius) / 2);
  }
  .sql {
    position: relative;
  }
  .copy {
    position: absolute;
    inset-block-start: 0.25rem;
    inset-inline-end: 0.25rem;
    padding: 0.1rem 0.5rem;
    font-size: 0.85em;
    background: var(--_bg);
    color: var(--_accent);
  }
  .hljs-keyword,
  .hljs-built_in {
    color: var(--svc-color-code-keyword, light-dark(#6929c4, #d4bbff));
  }
  .hljs-string {
    color: var(--svc-color-code-string, light-dark(#0e6027, #6fdc8c));
  }
  .hljs-number,
  .hljs-literal {
    color: var(--svc-color-code-number, light-dark(#a2191f, #ffb3b8));
  }
  .hljs-comment {
    color: var(--_muted);
    font-style: italic;
  }
  .jump {
    align-self: center;
    background: var(--_bg);
    color: var(--_accent);
  }
`;
