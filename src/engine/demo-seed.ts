// The `demo` seed: account `demo` on enterprise with creator mode, deployment 1 with service-token
// auth, one user per role, an admin key and a key scoped to deployment 1, agent `analyst`, groups and attributes
// that drive access policies, and a deterministic e-commerce dataset (generated on first data use) with a view `sales`.

import { demoDataModel } from './data/demo-dataset.js';
import type { EngineSeed } from './options.js';
import { DEMO } from './demo-keys.js';

export { DEMO };

export const demoSeed: EngineSeed = {
  account: { name: DEMO.accountName, plan: 'enterprise', useCreatorMode: true },
  deployments: [{ id: DEMO.deploymentId, name: 'Demo', apiSecret: DEMO.apiSecret, serviceTokenAuth: true }],
  users: [
    { email: 'admin@demo.local', username: 'admin', role: 'admin', firstName: 'Ada' },
    { email: 'developer@demo.local', username: 'developer', role: 'developer', firstName: 'Dev' },
    { email: 'analyst@demo.local', username: 'analyst', role: 'ai-bi-user', firstName: 'Ann' },
    { email: 'viewer@demo.local', username: 'viewer', role: 'viewer', firstName: 'Vic' },
  ],
  apiKeys: [
    { key: DEMO.adminKey, userEmail: 'admin@demo.local', scim: true },
    { key: DEMO.deploymentKey, userEmail: 'admin@demo.local', deploymentIds: [DEMO.deploymentId] },
    { key: DEMO.developerKey, userEmail: 'developer@demo.local' },
    { key: DEMO.analystKey, userEmail: 'analyst@demo.local' },
    { key: DEMO.viewerKey, userEmail: 'viewer@demo.local' },
  ],
  groups: [
    { name: 'sales-eu', description: 'Sales, Europe' },
    { name: 'sales-us', description: 'Sales, United States' },
    { name: 'executives', description: 'Sees every region' },
  ],
  userAttributes: [
    { name: 'region', type: 'string', displayName: 'Region' },
    { name: 'allowed_categories', type: 'string_array', displayName: 'Allowed categories' },
    { name: 'max_discount', type: 'number', displayName: 'Maximum discount' },
  ],
  embedTenants: [{ name: DEMO.embedTenant, useCreatorMode: true }],
  agents: [{ id: DEMO.agentId, deploymentId: DEMO.deploymentId, name: 'Analyst' }],
  dataModel: demoDataModel,
  data: { rows: 200_000 },
  folders: [
    {
      id: 1,
      deploymentId: DEMO.deploymentId,
      name: 'Shared',
      shares: [{ userEmail: 'developer@demo.local', level: 'edit' }],
    },
    { id: 2, deploymentId: DEMO.deploymentId, name: 'Finance', parentId: 1 },
  ],
};

/**
 * The demo seed with keys of your own: its account, users, deployment (with `apiSecret`), agent, model and data, one
 * API key (`adminKey`, the admin's, SCIM included) and none of the demo's public keys. `svc-elements serve` runs on it
 * unless given `--demo`.
 */
export function demoSeedWith(keys: { adminKey: string; apiSecret: string }): EngineSeed {
  return {
    ...demoSeed,
    deployments: demoSeed.deployments.map((d) => ({ ...d, apiSecret: keys.apiSecret })),
    apiKeys: [{ key: keys.adminKey, userEmail: 'admin@demo.local', scim: true }],
  };
}
