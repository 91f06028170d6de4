// The demo seed's names and keys on their own, without its data model and dataset: what a page needs at once (the
// no-build module exports it beside a lazily loaded engine).

/** Credentials of the demo seed, for the demo page, docs and tests. Local only: never use them anywhere else. */
export const DEMO = {
  accountName: 'demo',
  deploymentId: 1,
  agentId: 'analyst',
  adminKey: 'demo-admin-key',
  deploymentKey: 'demo-deployment-1-key',
  developerKey: 'demo-developer-key',
  analystKey: 'demo-analyst-key',
  viewerKey: 'demo-viewer-key',
  apiSecret: 'demo-deployment-1-secret-change-me-0123456789',
  embedTenant: 'acme-corp',
} as const;
