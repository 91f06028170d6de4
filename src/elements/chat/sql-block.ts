// The SQL of a query in <svc-chat>: highlighted once highlight.js has loaded (plain text until then), with a copy
// button that says when it copied, or selects the SQL for the keyboard when the clipboard is not allowed.

import { msg } from '@lit/localize';
import { html, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type * as Highlight from '../shared/highlight.js';

let highlighter: typeof Highlight | undefined;
let highlighterLoad: Promise<typeof Highlight> | undefined;

/** highlight.js loads with the first SQL shown; `onLoad` runs when it is there. */
function loadHighlighter(): Promise<typeof Highlight> {
  return (highlighterLoad ??= import('../shared/highlight.js').then((m) => (highlighter = m)));
}

/** Whether SQL renders highlighted yet (a render dependency: it changes once). */
export const highlighted = (): boolean => highlighter !== undefined;

/** Copies `sql`; without clipboard permission selects it in `code` so the user can copy it with the keyboard. */
export async function copySql(sql: string, code: HTMLElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(sql);
  } catch {
    if (code) getSelection()?.selectAllChildren(code);
  }
}

/** The SQL block. `onHighlighter` asks for a render once highlighting can start. */
export function sqlBlock(
  sql: string,
  copied: boolean,
  onCopy: (code: HTMLElement | null) => void,
  onHighlighter: () => void,
): TemplateResult {
  if (!highlighter) void loadHighlighter().then(onHighlighter);
  return html`<div class="sql">
    <pre
      part="sql"
      tabindex="0"
      aria-label="SQL"
    ><code>${highlighter ? unsafeHTML(highlighter.highlightSql(sql)) : sql}</code></pre>
    <button
      part="copy"
      class="copy"
      type="button"
      aria-label=${copied ? msg('SQL copied') : msg('Copy SQL')}
      @click=${(e: Event) => onCopy((e.currentTarget as HTMLElement).previousElementSibling as HTMLElement)}
    >
      ${copied ? msg('Copied') : msg('Copy')}
    </button>
  </div>`;
}
