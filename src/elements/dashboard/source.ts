// Where a dashboard comes from: read through the transport by public id (published, embed) or as a workbook's draft
// by deployment and workbook id or slug (./placeholder tells whether one is named); or given directly. Either way the
// element gets one LoadedDashboard.

import { msg, str } from '@lit/localize';
import type { DashboardConfig, ReportSnapshot } from '../../api/types.js';
import type { Transport } from '../../transport/transport.js';
import type { DashboardSource } from './properties.js';

export interface LoadedDashboard {
  config: DashboardConfig;
  reports: ReportSnapshot[];
  restrictDownload: boolean;
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
  const id = workbook.id;
  if (!workbook.dashboardDraft) throw new Error(msg(str`Workbook ${id} has no dashboard`));
  const reports = Array.isArray(workbook.meta.reports) ? (workbook.meta.reports as ReportSnapshot[]) : [];
  return {
    config: workbook.dashboardDraft,
    reports: reports.map((r, i) => ({ ...r, id: r.id ?? i + 1, reportId: r.reportId ?? r.id, versionNumber: 0 })),
    restrictDownload: false,
  };
}
