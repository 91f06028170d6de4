// The composer of <svc-chat>: the message box and one button that is Send, then Stop while an answer is written
// (one element, so focus stays on it through the switch). Enter sends, Shift+Enter adds a line, Escape stops.

import { msg } from '@lit/localize';
import { html, type TemplateResult } from 'lit';

export interface ComposerOptions {
  streaming: boolean;
  placeholder: string;
  send: (text: string) => void;
  stop: () => void;
}

export function composer({ streaming, placeholder, send, stop }: ComposerOptions): TemplateResult {
  const submit = (event: Event) => {
    event.preventDefault();
    if (streaming) return stop();
    const input = (event.currentTarget as HTMLElement).closest('form')?.querySelector('textarea');
    const text = input?.value ?? '';
    if (!text.trim()) return;
    if (input) input.value = '';
    send(text);
  };
  const keydown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      if (!streaming) submit(event);
    } else if (event.key === 'Escape' && streaming) {
      event.preventDefault();
      stop();
    }
  };
  return html`<form part="composer" class="composer" @submit=${submit}>
    <textarea
      part="input"
      rows="2"
      aria-label=${msg('Message')}
      placeholder=${placeholder}
      @keydown=${keydown}
    ></textarea>
    <button part=${streaming ? 'stop' : 'send'} type="submit">${streaming ? msg('Stop') : msg('Send')}</button>
  </form>`;
}
