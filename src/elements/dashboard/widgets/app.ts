// A kind-APP dashboard: its html (or entry file) in a frame sandboxed without same-origin, fed by postMessage.

import { msg } from '@lit/localize';
import { html, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import type { DashboardConfig } from '../../../api/types.js';
import type { WidgetHost } from './host.js';

export function renderApp(host: WidgetHost, config: DashboardConfig): TemplateResult {
  const app = config.app;
  const source = app?.html ?? (app?.entry && app.files ? app.files[app.entry] : undefined) ?? '';
  return html`<iframe
    part="app"
    class="app"
    title=${config.title ?? msg('Dashboard')}
    sandbox="allow-scripts"
    srcdoc=${source}
    ${ref((frame) => {
      if (!(frame instanceof HTMLIFrameElement)) return;
      host.apps.connectApp(
        frame,
        () => ({ reports: host.dashboard.reports, filters: host.filters.snapshot() }),
        () => host.transport(),
      );
    })}
  ></iframe>`;
}
