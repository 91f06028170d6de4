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
    padding: 0.5rem 0.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--svc-dashboard-widget-background, var(--_bg));
  }
  .widget .widget {
    border-style: dashed;
  }
  .title {
    margin: 0 0 0.25rem;
    font-size: 0.95rem;
  }
  .body {
    flex: 1;
    min-height: 0;
    position: relative;
  }
  .chart {
    width: 100%;
    height: 100%;
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
  }
  .downloads {
    display: flex;
    gap: 0.25rem;
    justify-content: flex-end;
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
  .ai {
    height: 100%;
    --svc-chat-max-height: 100%;
  }
  .text {
    overflow: auto;
  }

  .chat-dock {
    position: sticky;
    bottom: 0;
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    gap: 0.5rem;
    padding: 0.5rem;
    pointer-events: none;
  }
  .chat-dock > * {
    pointer-events: auto;
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
    width: min(28rem, 100%);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    padding: 0.5rem;
  }
`;
