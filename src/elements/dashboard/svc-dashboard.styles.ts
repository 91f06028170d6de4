// Styles of <svc-dashboard>: the grid places widgets absolutely at the layout core's pixels.
import { css } from 'lit';

export const dashboardStyles = css`
  :host {
    display: block;
  }
  .grid {
    position: relative;
  }
  .widget {
    position: absolute;
    display: flex;
    flex-direction: column;
    overflow: hidden;
    /* 12px sideways: FRAME_PADDING_X (./frame.ts), which nested grids and charts subtract. */
    padding: 8px 12px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--svc-dashboard-widget-background, var(--_bg));
  }
  .widget .widget {
    border-style: dashed;
  }
  .head {
    display: flex;
    align-items: baseline;
    gap: 0.5rem;
    margin-block-end: 0.25rem;
  }
  .title {
    flex: 1;
    margin: 0;
    font-size: 0.95rem;
    overflow-wrap: anywhere;
  }
  .body {
    flex: 1;
    min-height: 0;
    position: relative;
  }
  .chart {
    position: absolute;
    inset: 0;
  }
  .widget {
    container-type: inline-size;
  }
  .kpi {
    margin: 0;
    font-size: clamp(1rem, 14cqi, 2.25rem);
    font-weight: 600;
  }
  .scroll {
    overflow: auto;
    max-height: 100%;
  }
  table {
    border-collapse: collapse;
    font-size: 0.9em;
  }
  th,
  td {
    border-bottom: 1px solid var(--_border);
    padding: 0.2rem 0.5rem;
    text-align: start;
  }
  .num {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .frame,
  .app {
    border: 0;
    width: 100%;
    height: 100%;
  }
  .app {
    min-height: 40rem;
  }
  .label {
    display: block;
    font-weight: 600;
    margin-block-end: 0.25rem;
  }
  select {
    font: inherit;
    color: inherit;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    padding: 0.25rem;
    max-width: 100%;
  }
  .tabs {
    display: flex;
    gap: 0.25rem;
    border-bottom: 1px solid var(--_border);
  }
  [role='tab'] {
    font: inherit;
    background: none;
    color: var(--_fg);
    border: 0;
    border-bottom: 2px solid transparent;
    padding: 0.3rem 0.75rem;
    cursor: pointer;
  }
  [role='tab'][aria-selected='true'] {
    border-bottom-color: var(--_accent);
    font-weight: 600;
  }
  .panel {
    position: relative;
    flex: 1;
    min-height: 0;
  }
  .downloads {
    display: flex;
    gap: 0.25rem;
    margin-inline-start: auto;
  }
  .downloads button {
    font: inherit;
    font-size: 0.8em;
    background: none;
    color: var(--_accent);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    cursor: pointer;
  }
  .muted {
    color: var(--_muted);
  }
  .error {
    color: var(--svc-color-danger, light-dark(#b3261e, #f2b8b5));
  }
  .fit {
    flex: none;
  }
  /* Text wraps inside its frame at any width (long words and links, code, a wide table's cells): nothing is clipped
     and nothing becomes a scroll box a keyboard cannot reach. */
  .text {
    overflow-wrap: anywhere;
  }
  .text pre {
    white-space: pre-wrap;
  }
  .text > :first-child {
    margin-block-start: 0;
  }
  .text > :last-child {
    margin-block-end: 0;
  }
  .ai {
    flex: 1;
    min-height: 0;
    --svc-chat-max-height: none;
  }
  /* The answers fill the card above the message box. */
  .ai::part(log) {
    flex: 1;
    min-height: 0;
  }
  .chat-bar {
    display: flex;
    justify-content: flex-end;
    padding: 10px 10px 0;
  }
  .launcher {
    font: inherit;
    border-radius: 999px;
    border: 1px solid var(--_accent);
    background: var(--_accent);
    color: var(--_bg);
    padding: 0.4rem 1rem;
    cursor: pointer;
  }
  .chat-panel {
    width: min(32rem, calc(100vw - 2rem));
    max-height: calc(100dvh - 2rem);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
    padding: 0.75rem;
    --svc-chat-max-height: calc(100dvh - 14rem);
  }
  .chat-panel::backdrop {
    background: rgb(0 0 0 / 0.4);
  }
  .chat-panel .title {
    font-size: 1rem;
  }
  .close {
    font: inherit;
    background: none;
    color: var(--_accent);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    cursor: pointer;
  }
`;
