// What <svc-dashboard> shows before its implementation or its dashboard is there (loaded with the element itself):
// loading one, what to set when nothing names one, or why its implementation could not be loaded (with Retry).

import { msg, str } from '@lit/localize';
import { html, type TemplateResult } from 'lit';
import type { DashboardSource } from './properties.js';

/** Whether `source` names a dashboard to read. */
export const readable = (s: DashboardSource): boolean => !!(s.publicId || (s.deploymentId && (s.workbookId || s.slug)));

/** What the element shows before it has a dashboard: loading one, or what to set when nothing names one. */
export function unloaded(hasSource: boolean): TemplateResult {
  if (hasSource) return html`<p class="muted" role="status">${msg('Loading dashboard…')}</p>`;
  return html`<p class="muted" role="status">
    ${msg(
      html`No dashboard to show yet: set <code>public-id</code> (a published dashboard), <code>deployment-id</code> with
        <code>workbook-id</code> or <code>slug</code> (a draft), or the <code>dashboard</code> or
        <code>config</code> property.`,
      // A message over several lines has a name: its generated id would change with the source's line breaks.
      { id: 'dashboard-unset' },
    )}
  </p>`;
}

/** A part of the element that could not be loaded (its chunk did not download): said, with Retry, not left loading. */
export function notLoaded(error: unknown, retry: () => void): TemplateResult {
  const button = html`<button type="button" @click=${retry}>${msg('Retry')}</button>`;
  return html`<p part="error" class="error" role="alert">${loadFailure(error)} ${button}</p>`;
}

/** The message for a module that could not be loaded. */
export const loadFailure = (error: unknown): string => {
  const reason = error instanceof Error ? error.message : String(error);
  return msg(str`Could not load the dashboard: ${reason}`);
};
