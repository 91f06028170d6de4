// The fuzzer's valid requests: one template per endpoint family of the spec and its contracts, filled from the
// fixtures a run prepared (keys, tokens, a workbook, a published dashboard, a chat thread, tenant definitions).

import { DEMO } from '../../src/engine/index.js';
import type { Rng } from './rng.js';

/** What the templates need from the engine's state (see run.ts, which makes them). */
export interface Fixtures {
  keys: { admin: string; deployment: string; developer: string; analyst: string; viewer: string };
  /** A viewer's embed session token (also the chat service token). */
  token: string;
  expiredToken: string;
  revokedToken: string;
  /** Tokens a valid revoke may revoke (never `token`). */
  throwawayTokens: string[];
  /** Fresh sessionIds (single use: later draws find them used). */
  sessionIds: string[];
  expiredSessionId: string;
  workbookId: number;
  publicId: string;
  chatId: string;
  tenant: string;
  groupIds: number[];
  attributeIds: number[];
}

/** One request before mutation: the path as segments so a mutation can replace a parameter. */
export interface Draft {
  family: string;
  method: string;
  segments: string[];
  /** Indices of `segments` that are path parameters. */
  params: number[];
  query: [string, string][];
  headers: Record<string, string>;
  /** The JSON body as a value (undefined: none); `text`, when set, is sent instead (raw mutations). */
  body?: unknown;
  text?: string;
  /** Raw JSON fragments the body refers to by marker (see mutations.ts). */
  raws?: string[];
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const bearer = (credential: string) => ({ authorization: `Bearer ${credential}` });
const apiKey = (key: string) => ({ authorization: `Api-Key ${key}` });
const chatBase = ['api', 'v1', 'public', DEMO.accountName, 'agents', DEMO.agentId, 'chat'];

function draft(family: string, method: string, path: string, over: Partial<Draft> = {}): Draft {
  const segments = path.split('/').filter((s) => s !== '');
  const params = segments.flatMap((s, i) => (s.startsWith(':') ? [i] : []));
  return { family, method, segments, params, query: [], ...over, headers: { ...over.headers } };
}

/** Fills `:name` segments with `values` in order. */
function fill(d: Draft, ...values: (string | number)[]): Draft {
  d.params.forEach((index, i) => (d.segments[index] = String(values[i])));
  return d;
}

function dashboardConfig(r: Rng): Record<string, unknown> {
  return {
    title: r.pick(['Sales', 'Ops', 'Ünïcødé 📊']),
    layout: { cols: { lg: 12, md: 10 }, rowHeight: 150, margin: [10, 10] },
    widgets: [
      { id: 'w1', type: 'CHART', position: { x: 0, y: 0, w: 6, h: 2 }, config: { reportId: 1 } },
      { id: 'w2', type: 'TEXT', position: { x: 6, y: 0, w: 6, h: 2 }, config: { markdown: '# hi' } },
      {
        id: 'w3',
        type: 'FILTER',
        position: { x: 0, y: 2, w: 3, h: 1 },
        config: { member: 'sales.status' },
        responsiveLayouts: { sm: { x: 0, y: 0, w: 6, h: 1 }, xs: null },
      },
    ],
    settings: { showDashboardChat: r.chance(0.5) },
  };
}

const leaf = (r: Rng) => ({
  member: r.pick(['sales.status', 'sales.customers_region']),
  operator: r.pick(['equals', 'notEquals', 'contains', 'set']),
  values: [r.pick(['completed', 'EU', 'x'])],
});

function loadQuery(r: Rng): Record<string, unknown> {
  const measure = r.pick(['sales.count', 'sales.total_amount', 'sales.average_amount']);
  return {
    measures: [measure],
    dimensions: r.chance(0.5) ? ['sales.status'] : [],
    timeDimensions: [{ dimension: 'sales.created_at', granularity: 'month', dateRange: 'last 12 months' }],
    filters: [{ or: [leaf(r), { and: [leaf(r), leaf(r)] }] }],
    order: { [measure]: 'desc' },
    limit: r.int(1, 50),
  };
}

function generateSessionBody(r: Rng, f: Fixtures): Record<string, unknown> {
  const externalId = `fz-${r.int(0, 30)}`;
  switch (r.int(0, 2)) {
    case 0:
      return {
        deploymentId: 1,
        externalId,
        email: `${externalId}@example.com`,
        groups: [r.pick(['sales-eu', 'sales-us'])],
        userAttributes: [{ name: 'region', value: r.pick(['EU', 'US']) }],
        userProfile: { displayName: 'Fuzz', picture: 'https://example.com/a.png' },
        securityContext: { team: 'fuzz' },
        settings: { showDashboardChat: true },
      };
    case 1:
      return {
        deploymentId: 1,
        externalId,
        embedTenantName: f.tenant,
        creatorMode: true,
        groupDefinitions: [{ name: 'fz-group', description: 'fuzz' }],
        userAttributeDefinitions: [{ name: 'fz-attr', type: 'string', displayName: 'Fuzz' }],
        groups: ['fz-group'],
        userAttributes: [{ name: 'fz-attr', value: 'v' }],
      };
    default:
      return { deploymentId: 1, internalId: r.pick(['viewer', 'analyst@demo.local']) };
  }
}

type Template = (r: Rng, f: Fixtures) => Draft;

/** Every endpoint family, valid; the mutations make them malformed. */
export const TEMPLATES: Record<string, Template> = {
  'workbook upsert': (r, f) =>
    fill(
      draft('workbook upsert', 'PUT', '/api/v1/deployments/:d/workbooks/by-slug/:slug', {
        headers: { ...JSON_HEADERS, ...bearer(r.pick([f.keys.admin, f.keys.analyst, f.keys.deployment])) },
        body: { name: 'Fuzzed', meta: { note: 'n', dashboardDraft: dashboardConfig(r) }, folderId: r.pick([1, null]) },
      }),
      1,
      r.pick(['fuzz-a', 'Fuzz-B', 'fuzz-c']),
    ),
  'workbook read': (r, f) =>
    fill(
      draft('workbook read', 'GET', '/api/v1/deployments/:d/workbooks/:w', { headers: bearer(f.keys.admin) }),
      1,
      f.workbookId,
    ),
  'dashboard draft': (r, f) =>
    fill(
      draft('dashboard draft', 'PUT', '/api/v1/deployments/:d/workbooks/:w/dashboard', {
        headers: { ...JSON_HEADERS, ...bearer(f.keys.admin) },
        body: dashboardConfig(r),
      }),
      1,
      f.workbookId,
    ),
  publish: (r, f) =>
    fill(
      draft('publish', 'POST', '/api/v1/deployments/:d/workbooks/:w/publish', {
        headers: { ...JSON_HEADERS, ...bearer(f.keys.admin) },
        body: { allowEmbed: true, title: 'Published', description: null },
      }),
      1,
      f.workbookId,
    ),
  'embed dashboard': (r, f) =>
    fill(draft('embed dashboard', 'GET', '/api/v1/embed/dashboards/:p', { headers: bearer(f.token) }), f.publicId),
  'generate-session': (r, f) =>
    draft('generate-session', 'POST', '/api/v1/embed/generate-session', {
      headers: { ...JSON_HEADERS, ...apiKey(f.keys.admin) },
      body: generateSessionBody(r, f),
    }),
  'session token': (r, f) =>
    draft('session token', 'POST', '/api/v1/embed/session/token', {
      headers: JSON_HEADERS,
      body: { sessionId: r.pick([...f.sessionIds, f.expiredSessionId]) },
    }),
  'session revoke': (r, f) =>
    draft('session revoke', 'POST', '/api/v1/embed/session/revoke', {
      headers: JSON_HEADERS,
      body: { token: r.pick([...f.throwawayTokens, f.expiredToken, f.revokedToken]) },
    }),
  'tenant groups': (r, f) =>
    r.chance(0.5)
      ? fill(
          draft('tenant groups', 'GET', '/api/v1/embed-tenants/:t/groups', {
            headers: apiKey(f.keys.admin),
            query: [['first', String(r.int(1, 5))]],
          }),
          f.tenant,
        )
      : fill(
          draft('tenant groups', 'DELETE', '/api/v1/embed-tenants/:t/groups/:id', { headers: apiKey(f.keys.admin) }),
          f.tenant,
          r.pick(f.groupIds),
        ),
  'tenant attributes': (r, f) =>
    r.chance(0.5)
      ? fill(
          draft('tenant attributes', 'GET', '/api/v1/embed-tenants/:t/user-attributes', {
            headers: apiKey(f.keys.admin),
          }),
          f.tenant,
        )
      : fill(
          draft('tenant attributes', 'DELETE', '/api/v1/embed-tenants/:t/user-attributes/:id', {
            headers: apiKey(f.keys.admin),
          }),
          f.tenant,
          r.pick(f.attributeIds),
        ),
  directory: (r, f) =>
    r.chance(0.5)
      ? draft('directory', 'GET', '/api/v1/deployments', { headers: bearer(r.pick([f.keys.admin, f.token])) })
      : draft('directory', 'GET', '/api/scim/v2/Users', {
          headers: bearer(f.keys.admin),
          query: [
            ['count', '5'],
            ['startIndex', '1'],
          ],
        }),
  'data meta': (r, f) =>
    draft('data meta', 'GET', '/cubejs-api/v1/meta', { headers: bearer(r.pick([f.token, f.keys.developer])) }),
  'data load': (r, f) =>
    draft('data load', 'POST', '/cubejs-api/v1/load', {
      headers: { ...JSON_HEADERS, ...bearer(r.pick([f.token, f.keys.developer])) },
      body: { query: loadQuery(r), ...(r.chance(0.3) && { filters: [leaf(r)], timeGrain: 'week' }) },
    }),
  'data cubesql': (r, f) =>
    draft('data cubesql', 'POST', '/cubejs-api/v1/cubesql', {
      headers: { ...JSON_HEADERS, ...bearer(r.pick([f.token, f.keys.developer])) },
      body: {
        query: r.pick([
          'SELECT MEASURE(count) AS n FROM sales',
          'SELECT status, MEASURE(total_amount) FROM sales GROUP BY 1 ORDER BY 2 DESC LIMIT 5',
          "SELECT id FROM sales WHERE status = 'completed' LIMIT 3",
        ]),
      },
    }),
  'chat stream': (r, f) => {
    const withKey = r.chance(0.3);
    return draft('chat stream', 'POST', `/${chatBase.join('/')}/stream-chat-state`, {
      params: [3, 5],
      headers: {
        ...JSON_HEADERS,
        ...(withKey ? apiKey(f.keys.admin) : { 'x-service-auth-token': f.token }),
      },
      body: {
        ...(r.chance(0.7) && { input: r.pick(['Revenue by status', 'How many orders?']) }),
        ...(r.chance(0.5) && { chatId: f.chatId }),
        messageId: `${1_768_000_000_000 + r.int(0, 1e6)}-message`,
        ...(withKey && {
          sessionSettings: {
            externalId: `fz-chat-${r.int(0, 500)}`,
            groups: [r.pick(['sales-eu', 'sales-us'])],
            userAttributes: [{ name: 'region', value: r.pick(['EU', 'US']) }],
          },
        }),
      },
    });
  },
  'chat abort': (r, f) =>
    draft('chat abort', 'POST', `/${chatBase.join('/')}/abort`, {
      params: [3, 5],
      headers: { ...JSON_HEADERS, ...(r.chance(0.5) ? { 'x-service-auth-token': f.token } : apiKey(f.keys.admin)) },
      body: { chatId: f.chatId, sessionSettings: { externalId: `fz-abort-${r.int(0, 500)}` } },
    }),
};

export const FAMILIES = Object.keys(TEMPLATES);
