// Where a dashboard comes from: read through the transport by public id (published, embed) or as a workbook's draft
// by deployment and workbook id or slug; or given directly. Either way the element gets one LoadedDashboard.

import { html, type TemplateResult } from 'lit';
import type { DashboardConfig, ReportSnapshot } from '../../api/types.js';
import type { Transport } from '../../transport/transport.js';

export interface LoadedDashboard {
  config: DashboardConfig;
  reports: ReportSnapshot[];
  restrictDownload: boolean;
}

export interface DashboardSource {
  publicId?: string;
  deploymentId?: number;
  workbookId?: number;
  slug?: string;
}

/** Whether `source` names a dashboard to read. */
export const readable = (s: DashboardSource): boolean => !!(s.publicId || (s.deploymentId && (s.workbookId || s.slug)));

/** What the element shows before it has a dashboard: loading one, or what to set when nothing names one. */
export function unloaded(hasSource: boolean): TemplateResult {
  if (hasSource) return html`<p class="muted" role="status">Loading dashboard…</p>`;
  return html`<p class="muted" role="status">
    No dashboard to show yet: set <code>public-id</code> (a published dashboard), <code>deployment-id</code> with
    <code>workbook-id</code> or <code>slug</code> (a draft), or the <code>dashboard</code> or <code>config</code>
    property.
  </p>`;
}

/**
 * Reads the dashboard `source` names. The API reads a draft by slug only through its idempotent upsert, sent with an
 * empty body: it changes nothing on an existing workbook, but creates an empty one when none holds the slug.
 */
export async function readDashboard(transport: Transport, source: DashboardSource): Promise<LoadedDashboard> {
  if (source.publicId) {
    const { dashboard } = await transport.getEmbedDashboard(source.publicId);
    return {
      config: dashboard.config,
      reports: dashboard.reportSnapshots,
      restrictDownload: !!dashboard.restrictDataDownload,
    };
  }
  const workbook = source.workbookId
    ? await transport.getWorkbook(source.deploymentId!, source.workbookId)
    : await transport.upsertWorkbookBySlug(source.deploymentId!, source.slug!, {});
  if (!workbook.dashboardDraft) throw new Error(`Workbook ${workbook.id} has no dashboard`);
  const reports = Array.isArray(workbook.meta.reports) ? (workbook.meta.reports as ReportSnapshot[]) : [];
  return {
    config: workbook.dashboardDraft,
    reports: reports.map((r, i) => ({ ...r, id: r.id ?? i + 1, reportId: r.reportId ?? r.id, versionNumber: 0 })),
    restrictDownload: false,
  };
}
