// Styles of <svc-chat>'s first frame — the log's box, the empty state, the composer, an error — (the --_x token
// variables come from SvcElement's styles); what messages, cards and answers need comes with the body
// (chat-view.styles.ts).
import { css } from 'lit';

export const chatStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    gap: var(--svc-space-2, 0.5rem);
    background: var(--_bg);
  }
  .log {
    display: block;
    max-height: var(--svc-chat-max-height, 32rem);
    overflow-y: auto;
    padding: 0.5rem;
  }
  .empty .intro {
    margin-block: 0 0.5rem;
    color: var(--_muted);
  }
  .error {
    color: var(--svc-color-danger, light-dark(#b3261e, #f2b8b5));
  }
  .composer {
    display: flex;
    gap: 0.5rem;
  }
  textarea {
    flex: 1;
    font: inherit;
    color: inherit;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.5rem;
    resize: vertical;
  }
  button {
    font: inherit;
    border-radius: var(--_radius);
    border: 1px solid var(--_accent);
    background: var(--_accent);
    color: var(--_bg);
    padding: 0.4rem 0.9rem;
    cursor: pointer;
  }
  .starters {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    padding: 0;
  }
  .starters button {
    background: transparent;
    color: var(--_accent);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
