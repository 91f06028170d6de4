// <svc-dashboard>'s public properties, declared once: the element (./svc-dashboard.ts) extends this class, and its
// implementation (./core.ts), loaded after the first frame, reads them through it.

import { property } from 'lit/decorators.js';
import type { Dashboard, DashboardConfig, ReportSnapshot } from '../../api/types.js';
import { SvcConnectedElement } from '../shared/svc-element.js';

export class DashboardProperties extends SvcConnectedElement {
  /** Embed read: a published dashboard's public id. */
  @property({ attribute: 'public-id' }) publicId?: string;
  /** Management read (draft): deployment and workbook. */
  @property({ attribute: 'deployment-id', type: Number }) deploymentId?: number;
  @property({ attribute: 'workbook-id', type: Number }) workbookId?: number;
  /**
   * Management read by slug (the draft). The API reads by slug only through its idempotent upsert, sent with an
   * empty body: it changes nothing on an existing workbook, but creates an empty one when none holds the slug.
   */
  @property() slug?: string;
  /** A dashboard given directly (its config and report snapshots). */
  @property({ attribute: false }) dashboard?: Pick<Dashboard, 'config' | 'reportSnapshots'> &
    Partial<Pick<Dashboard, 'restrictDataDownload'>>;
  /** A configuration given directly (with `reports` for its CHART widgets). */
  @property({ attribute: false }) config?: DashboardConfig;
  @property({ attribute: false }) reports: ReportSnapshot[] = [];
}

/** Where a dashboard is read from: by public id (published, embed) or as a workbook's draft. */
export type DashboardSource = Pick<DashboardProperties, 'publicId' | 'deploymentId' | 'workbookId' | 'slug'>;
