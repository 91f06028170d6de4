import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../src/api/errors.js';
import {
  AbortChatRequestSchema,
  ChatRequestSchema,
  CreateWorkbookInputSchema,
  CubeSqlRequestSchema,
  DashboardConfigSchema,
  GenerateSessionRequestSchema,
  LoadRequestSchema,
  PageQuerySchema,
  ReportSnapshotSchema,
  RevokeSessionTokenRequestSchema,
  ScimListQuerySchema,
  SessionTokenRequestSchema,
  parseRequest,
} from '../../src/api/schemas.js';
import type { GenericSchema } from 'valibot';
import { MAX_FILTER_DEPTH } from '../../src/api/limits.js';
import { FILTER_OPERATORS } from '../../src/api/types.js';

function message(schema: GenericSchema, input: unknown): string {
  try {
    parseRequest(schema, input);
  } catch (e) {
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, 400);
    return e.message.replace(/^Invalid request body: /, '');
  }
  assert.fail('expected a 400');
}

const widget = (over: Record<string, unknown> = {}) => ({
  id: 'w1',
  type: 'CHART',
  position: { x: 0, y: 0, w: 6, h: 2 },
  ...over,
});

describe('DashboardConfig', () => {
  it('accepts a full config and keeps unknown fields', () => {
    const config = {
      kind: 'CLASSIC',
      title: 'Sales',
      layout: { breakpoints: { lg: 1200, md: null }, cols: { lg: 12 }, margin: [10, 10], rowHeight: 150 },
      widgets: [widget({ responsiveLayouts: { sm: { x: 0, y: 0, w: 6, h: 3 }, xs: null }, config: { reportId: 1 } })],
      app: { entry: 'index.html', files: { 'index.html': '<p>hi</p>' }, manifest: { version: 1, dependencies: null } },
      extra: { future: true },
    };
    assert.deepEqual(parseRequest(DashboardConfigSchema, config), config);
    assert.deepEqual(parseRequest(DashboardConfigSchema, {}), {});
  });

  it('names the bad field', () => {
    assert.equal(
      message(DashboardConfigSchema, { widgets: [widget({ type: 'PIE' })] }),
      'widgets[0].type: must be one of CHART, TEXT, FILTER, AI, TABS_CONTAINER, TIME_GRAIN',
    );
    assert.equal(
      message(DashboardConfigSchema, { widgets: [widget({ position: { x: 0.5, y: 0, w: 1, h: 1 } })] }),
      'widgets[0].position.x: must be an integer',
    );
    assert.equal(
      message(DashboardConfigSchema, { widgets: [widget({ position: { x: 0, y: 0, w: 1 } })] }),
      'widgets[0].position.h: is required',
    );
    assert.equal(
      message(DashboardConfigSchema, { widgets: [widget({ id: undefined })] }),
      'widgets[0].id: is required',
    );
    assert.equal(
      message(DashboardConfigSchema, { app: { entry: 'e'.repeat(256) } }),
      'app.entry: must be at most 255 characters',
    );
    assert.equal(message(DashboardConfigSchema, { kind: 'FANCY' }), 'kind: must be one of CLASSIC, APP');
    assert.equal(
      message(DashboardConfigSchema, { layout: { rowHeight: '150' } }),
      'layout.rowHeight: must be an integer',
    );
    assert.equal(
      message(DashboardConfigSchema, {
        widgets: [widget({ responsiveLayouts: { md: { x: 0, y: 0, w: 'a', h: 1 } } })],
      }),
      'widgets[0].responsiveLayouts.md.w: must be an integer',
    );
    assert.equal(
      message(DashboardConfigSchema, { widgets: [widget(), widget()] }),
      'widgets[1].id: duplicates widgets[0].id (w1)',
    );
    assert.equal(message(DashboardConfigSchema, []), 'must be an object');
  });

  it('accepts 255-character entries', () => {
    parseRequest(DashboardConfigSchema, { app: { entry: 'e'.repeat(255) } });
  });
});

describe('CreateWorkbookInput', () => {
  it('accepts every field optional and null', () => {
    for (const body of [
      {},
      { name: null, folderId: null, meta: null },
      { name: 'W', folderId: 3, meta: { a: { b: 1 } } },
    ])
      assert.deepEqual(parseRequest(CreateWorkbookInputSchema, body), body);
  });

  it('validates meta.dashboardDraft as a DashboardConfig', () => {
    assert.equal(
      message(CreateWorkbookInputSchema, { meta: { dashboardDraft: { widgets: [widget({ type: 'X' })] } } }).split(
        ':',
      )[0],
      'meta.dashboardDraft.widgets[0].type',
    );
    assert.equal(message(CreateWorkbookInputSchema, { folderId: 'x' }), 'folderId: must be an integer');
    assert.equal(message(CreateWorkbookInputSchema, 'body'), 'must be a JSON object');
  });
});

describe('ReportSnapshot', () => {
  it('validates fillMissingRows, periodComparisons and preferences', () => {
    const snap = {
      id: 1,
      reportId: 2,
      versionNumber: 3,
      kind: 'vega',
      spec: { mark: 'bar' },
      fillMissingRows: { member: 'sales.date', excludedDimensions: null },
      periodComparisons: [
        {
          measure: 'sales.count',
          timeDimension: 'sales.date',
          offset: { amount: 1, unit: 'year' },
          outputs: ['delta'],
        },
      ],
      preferences: { columnFormats: { 'sales.amount': { type: 'currency', decimalPlaces: 2 } } },
    };
    assert.deepEqual(parseRequest(ReportSnapshotSchema, snap), snap);
    assert.equal(
      message(ReportSnapshotSchema, { ...snap, preferences: { columnFormats: { a: { type: 'money' } } } }),
      'preferences.columnFormats.a.type: must be one of currency, percent, number',
    );
    assert.equal(
      message(ReportSnapshotSchema, {
        ...snap,
        periodComparisons: [{ measure: 'm', timeDimension: 't', offset: { amount: 1 } }],
      }),
      'periodComparisons[0].offset.unit: is required',
    );
    assert.equal(
      message(ReportSnapshotSchema, { ...snap, kind: 'pie' }),
      'kind: must be one of vega, table, kpi, html, map',
    );
  });
});

describe('generate-session body', () => {
  const base = { deploymentId: 1, externalId: 'user-1' };

  it('accepts a full creator-mode request', () => {
    const body = {
      ...base,
      email: 'u@x.io',
      userProfile: { displayName: 'U', picture: 'https://cdn.x.io/u.png' },
      embedTenantName: 'acme-eu',
      creatorMode: true,
      userAttributes: [
        { name: 'region', value: 'EU' },
        { name: 'ids', value: [1, 2] },
        { name: 'gone', value: null },
      ],
      groups: ['sales'],
      userAttributeDefinitions: [{ name: 'region', type: 'string', displayName: 'Region' }],
      groupDefinitions: [{ name: 'sales', description: 'Sales team' }],
      securityContext: { tenant: 7 },
      settings: { showDashboardChat: false },
    };
    assert.deepEqual(parseRequest(GenerateSessionRequestSchema, body), body);
  });

  it('requires exactly one of externalId and internalId', () => {
    assert.equal(
      message(GenerateSessionRequestSchema, { deploymentId: 1 }),
      'one of externalId or internalId is required',
    );
    assert.equal(
      message(GenerateSessionRequestSchema, { ...base, internalId: 'admin' }),
      'externalId and internalId are mutually exclusive',
    );
    assert.equal(
      message(GenerateSessionRequestSchema, { deploymentId: 1, externalId: '  ' }),
      'externalId: must not be empty',
    );
  });

  it('rule 1: rejects identity fields together with internalId', () => {
    for (const [field, value] of [
      ['groups', []],
      ['userAttributes', []],
      ['groupDefinitions', []],
      ['userAttributeDefinitions', []],
      ['securityContext', {}],
      ['userProfile', {}],
      ['email', 'a@b.c'],
    ] as const) {
      assert.equal(
        message(GenerateSessionRequestSchema, { deploymentId: 1, internalId: 'admin', [field]: value }),
        `${field} is not allowed with internalId`,
      );
    }
    parseRequest(GenerateSessionRequestSchema, { deploymentId: 1, internalId: 'admin', settings: {} });
  });

  it('definitions require creatorMode true and embedTenantName', () => {
    assert.equal(
      message(GenerateSessionRequestSchema, { ...base, groupDefinitions: [{ name: 'g' }] }),
      'groupDefinitions requires creatorMode: true',
    );
    assert.equal(
      message(GenerateSessionRequestSchema, {
        ...base,
        creatorMode: true,
        userAttributeDefinitions: [{ name: 'a', type: 'string' }],
      }),
      'userAttributeDefinitions requires embedTenantName',
    );
  });

  it('rule 10: rejects duplicate names', () => {
    const ok = { ...base, creatorMode: true, embedTenantName: 'acme-eu' };
    assert.equal(
      message(GenerateSessionRequestSchema, {
        ...ok,
        userAttributes: [
          { name: 'r', value: 'a' },
          { name: 'r', value: 'b' },
        ],
      }),
      'userAttributes: duplicate name r',
    );
    assert.equal(
      message(GenerateSessionRequestSchema, { ...ok, groupDefinitions: [{ name: 'g' }, { name: 'g' }] }),
      'groupDefinitions: duplicate name g',
    );
    assert.equal(
      message(GenerateSessionRequestSchema, {
        ...ok,
        userAttributeDefinitions: [
          { name: 'a', type: 'string' },
          { name: 'a', type: 'number' },
        ],
      }),
      'userAttributeDefinitions: duplicate name a',
    );
  });

  it('validates field shapes', () => {
    assert.match(
      message(GenerateSessionRequestSchema, { ...base, embedTenantName: 'ACME' }),
      /^embedTenantName: must be 5 to 36 characters/,
    );
    assert.equal(
      message(GenerateSessionRequestSchema, { ...base, userProfile: { picture: 'javascript:alert(1)' } }),
      'userProfile.picture: must be an absolute http:// or https:// URL',
    );
    assert.equal(
      message(GenerateSessionRequestSchema, { ...base, userAttributes: [{ name: 'a', value: { x: 1 } }] }),
      'userAttributes[0].value: must be a string, a number, an array of strings, an array of numbers, or null',
    );
    assert.equal(
      message(GenerateSessionRequestSchema, {
        ...base,
        userAttributeDefinitions: [{ name: 'a', type: 'date' }],
        creatorMode: true,
        embedTenantName: 'acme-eu',
      }),
      'userAttributeDefinitions[0].type: must be one of string, number, string_array, number_array',
    );
    assert.equal(
      message(GenerateSessionRequestSchema, { ...base, settings: { showDashboardChat: 'yes' } }),
      'settings.showDashboardChat: must be a boolean',
    );
    assert.equal(
      message(GenerateSessionRequestSchema, { ...base, deploymentId: '1' }),
      'deploymentId: must be an integer',
    );
  });
});

describe('chat bodies', () => {
  it('accepts a full request', () => {
    const body = {
      input: 'hi',
      chatId: 'c1',
      messageId: '1700000000000-message',
      sessionSettings: {
        externalId: 'u1',
        groups: ['g'],
        userAttributes: [{ name: 'r', value: 'EU' }],
        isEphemeral: false,
        ephemeralTtlSeconds: 60,
      },
      activeBranchName: 'dev',
      isDefaultBranch: false,
    };
    assert.deepEqual(parseRequest(ChatRequestSchema, body), body);
    assert.deepEqual(parseRequest(ChatRequestSchema, {}), {});
  });

  it('names what is wrong', () => {
    assert.equal(
      message(ChatRequestSchema, { messageId: '123-message' }),
      'messageId: must be 13 or more digits followed by -message',
    );
    assert.equal(message(ChatRequestSchema, { input: 5 }), 'input: must be a string');
    assert.equal(
      message(ChatRequestSchema, { sessionSettings: {} }),
      'sessionSettings: one of externalId or internalId is required',
    );
    assert.equal(
      message(ChatRequestSchema, { sessionSettings: { internalId: 'a@b.c', groups: ['g'] } }),
      'sessionSettings: groups is not allowed with internalId',
    );
    assert.equal(
      message(ChatRequestSchema, { sessionSettings: { externalId: 'has space' } }),
      'sessionSettings.externalId: must not contain spaces',
    );
    assert.equal(
      message(ChatRequestSchema, { sessionSettings: { externalId: 'u', ephemeralTtlSeconds: 0 } }),
      'sessionSettings.ephemeralTtlSeconds: must be greater than 0',
    );
    assert.equal(message(AbortChatRequestSchema, {}), 'chatId: is required');
  });
});

describe('session token and data API bodies', () => {
  it('validates token, load and cubesql bodies', () => {
    assert.equal(message(SessionTokenRequestSchema, {}), 'sessionId: is required');
    assert.equal(message(RevokeSessionTokenRequestSchema, { token: '' }), 'token: must not be empty');
    const load = {
      query: {
        measures: ['sales.count'],
        dimensions: ['sales.status'],
        timeDimensions: [{ dimension: 'sales.created_at', granularity: 'month', dateRange: 'last 6 months' }],
        filters: [{ or: [{ member: 'sales.status', operator: 'equals', values: ['a'] }, { and: [] }] }],
        order: { 'sales.count': 'desc' },
        limit: 10,
        offset: 0,
      },
      timeGrain: 'week',
    };
    assert.deepEqual(parseRequest(LoadRequestSchema, load), load);
    assert.equal(message(LoadRequestSchema, { query: { limit: -1 } }), 'query.limit: must be 0 or more');
    assert.equal(
      message(LoadRequestSchema, { query: { timeDimensions: [{ dimension: 'a.b', granularity: 'decade' }] } }),
      'query.timeDimensions[0].granularity: must be one of second, minute, hour, day, week, month, quarter, year',
    );
    assert.equal(message(CubeSqlRequestSchema, { query: '' }), 'query: must not be empty');
  });

  it('refuses filter trees deeper than MAX_FILTER_DEPTH, naming the first filter past it', () => {
    const leaf = { member: 'sales.status', operator: 'equals', values: ['a'] };
    const nest = (levels: number, key = 'and') => {
      let f: unknown = leaf;
      for (let i = 1; i < levels; i++) f = { [key]: [f] };
      return f;
    };
    const deepest = { query: { filters: [nest(MAX_FILTER_DEPTH)] } };
    assert.deepEqual(parseRequest(LoadRequestSchema, deepest), deepest);
    const path = `query.filters[0]${'.and[0]'.repeat(MAX_FILTER_DEPTH)}`;
    const tooDeep = `filters may nest and/or at most ${MAX_FILTER_DEPTH} levels deep (the top-level filter is level 1)`;
    assert.equal(
      message(LoadRequestSchema, { query: { filters: [nest(MAX_FILTER_DEPTH + 1)] } }),
      `${path}: ${tooDeep}`,
    );
    // 2,000 levels: refused at level 17, without walking (or overflowing the stack on) the rest.
    assert.equal(message(LoadRequestSchema, { query: { filters: [nest(2000)] } }), `${path}: ${tooDeep}`);
    assert.equal(
      message(CubeSqlRequestSchema, { query: 'SELECT 1', filters: [nest(2000, 'or')] }),
      `filters[0]${'.or[0]'.repeat(MAX_FILTER_DEPTH)}: ${tooDeep}`,
    );
  });

  it('names the bad field inside and/or filters', () => {
    const bad = { query: { filters: [{ or: [{ member: 'sales.status', operator: 'equals' }, { and: [{}] }] }] } };
    assert.equal(message(LoadRequestSchema, bad), 'query.filters[0].or[1].and[0].member: is required');
    assert.equal(
      message(LoadRequestSchema, { query: { filters: [{ and: [{ member: 'a.b', operator: 'like' }] }] } }),
      `query.filters[0].and[0].operator: must be one of ${FILTER_OPERATORS.join(', ')}`,
    );
    assert.equal(
      message(LoadRequestSchema, { query: { filters: [{ and: [], or: [] }] } }),
      'query.filters[0]: must have and or or, not both',
    );
    assert.equal(
      message(LoadRequestSchema, { query: { filters: [7] } }),
      'query.filters[0]: must be {member, operator, values} or {and: […]} or {or: […]}',
    );
  });

  it('parses pagination query strings', () => {
    assert.deepEqual(parseRequest(PageQuerySchema, { first: '20', after: 'c' }), { first: 20, after: 'c' });
    assert.equal(message(PageQuerySchema, { first: '0' }), 'first: must be at least 1');
    assert.equal(message(PageQuerySchema, { first: 'ten' }), 'first: must be a whole number');
    assert.deepEqual(parseRequest(ScimListQuerySchema, { startIndex: '1', count: '5' }), { startIndex: 1, count: 5 });
  });
});
