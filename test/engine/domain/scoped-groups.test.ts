// Issue 21, finding 6: a creator-mode embed tenant's own groups and attributes live in the tenant's scoped catalog;
// one named like a tenant-wide policy group or attribute must never satisfy that policy — on the data API, nor in
// chat. Tested on a model and data written for it (a ledger) and on the demo's.
import { expect } from '@open-wc/testing';
import type { EngineSeed } from '../../../src/engine/index.js';
import { demoSeed } from '../../../src/engine/index.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { collect, probeAgent, probeAnswer } from '../chat/probe.js';
import { DEMO, testEngine, type TestEngine } from '../helpers.js';

const KEY = 'ledger-admin-key';
const TENANT = 'tenant-one';

/** A ledger: `auditors` (tenant-wide) see every entry; everyone else only the entries of their `site` attribute. */
const ledgerSeed: EngineSeed = {
  account: { name: 'ledger', plan: 'enterprise', useCreatorMode: true },
  deployments: [{ id: 1, name: 'Ledger', apiSecret: 'ledger-secret-0123456789-0123456789', serviceTokenAuth: true }],
  users: [{ email: 'root@ledger.test', role: 'admin' }],
  apiKeys: [{ key: KEY, userEmail: 'root@ledger.test' }],
  groups: [{ name: 'auditors' }],
  userAttributes: [{ name: 'site', type: 'string' }],
  embedTenants: [{ name: TENANT, useCreatorMode: true }],
  agents: [{ id: 'probe', deploymentId: 1 }],
  dataModel: {
    cubes: [
      {
        name: 'entries',
        sql_table: 'entries',
        measures: [
          { name: 'count', type: 'count' },
          { name: 'total', type: 'sum', sql: '{CUBE}.amount' },
        ],
        dimensions: [
          { name: 'id', type: 'number', sql: '{CUBE}.id', primary_key: true },
          { name: 'site', type: 'string', sql: '{CUBE}.site' },
        ],
        access_policy: [
          { group: 'auditors' },
          { row_level: { filters: [{ member: 'site', operator: 'equals', values: ['{ userAttributes.site }'] }] } },
        ],
      },
    ],
  },
  tables: {
    entries: [
      { id: 1, site: 'north', amount: 10 },
      { id: 2, site: 'north', amount: 20 },
      { id: 3, site: 'south', amount: 300 },
      { id: 4, site: 'south', amount: 400 },
      { id: 5, site: 'west', amount: 5000 },
    ],
  },
};

describe('engine: scoped groups and attributes never satisfy tenant-wide policies (issue 21, finding 6)', function () {
  this.timeout(120_000);
  let t: TestEngine;
  afterEach(() => t.dispose());

  /** The token of a session minted with the admin key `key`. */
  async function token(key: string, request: Record<string, unknown>): Promise<string> {
    const admin = t.as({ apiKey: key });
    const { sessionId } = await admin.generateSession({ deploymentId: 1, ...request });
    return (await admin.exchangeSessionToken(sessionId)).token;
  }
  const dataAs = (serviceToken: string) => t.as({ serviceToken });
  const chatAs = (serviceToken: string, accountName: string, agentId: string) =>
    new HttpTransport({
      baseUrl: 'https://local.svc',
      fetch: t.engine.fetch,
      auth: { serviceToken },
      accountName,
      agentId,
    });

  it('a ledger: the tenant-wide auditor sees all; a tenant defining its own auditors group and site attribute does not', async () => {
    t = await testEngine({ seed: ledgerSeed, engine: { agent: probeAgent } });
    const count = async (serviceToken: string) =>
      (await dataAs(serviceToken).load({ query: { measures: ['entries.count'] } })).data[0]['entries.count'];
    const auditor = await token(KEY, { externalId: 'auditor', groups: ['auditors'] });
    const southSite = await token(KEY, { externalId: 'clerk', userAttributes: [{ name: 'site', value: 'south' }] });
    expect(await count(auditor)).to.equal(5);
    expect(await count(southSite)).to.equal(2);
    // The tenant's own `auditors` and `site`, chosen by the tenant: they name nothing tenant-wide.
    const creator = await token(KEY, {
      externalId: 'insider',
      creatorMode: true,
      embedTenantName: TENANT,
      groupDefinitions: [{ name: 'auditors' }],
      userAttributeDefinitions: [{ name: 'site', type: 'string' }],
      groups: ['auditors'],
      userAttributes: [{ name: 'site', value: 'west' }],
    });
    expect(await count(creator)).to.equal(0);
    const sql = 'SELECT MEASURE(count) AS n, MEASURE(total) AS t FROM entries';
    expect((await dataAs(creator).cubeSql({ query: sql })).data).to.deep.equal([[0, null]]);
    // Chat with the same token runs the same identity.
    const answer = probeAnswer(
      await collect(await chatAs(creator, 'ledger', 'probe').streamChat({ input: `SQL ${sql}` })),
    );
    expect(answer.result!.data).to.deep.equal([[0, null]]);
    expect(answer.user).to.deep.include({ groups: ['auditors'], userAttributes: { site: 'west' } });
    // A creator-mode session without an embed tenant resolves in the tenant-wide catalog: those groups do count.
    const wide = await token(KEY, { externalId: 'wide', creatorMode: true, groups: ['auditors'] });
    expect(await count(wide)).to.equal(5);
  });

  it('the demo: acme-corp defining its own `executives` group reads no sales rows', async () => {
    t = await testEngine({ seed: { ...demoSeed, data: { rows: 2000 } } });
    const salesCount = async (serviceToken: string) =>
      (await dataAs(serviceToken).load({ query: { measures: ['sales.count'] } })).data[0]?.['sales.count'] ?? 0;
    const executive = await token(DEMO.adminKey, { externalId: 'exec', groups: ['executives'] });
    expect(await salesCount(executive)).to.equal(2000);
    const tenantExec = await token(DEMO.adminKey, {
      externalId: 'exec',
      creatorMode: true,
      embedTenantName: DEMO.embedTenant,
      groupDefinitions: [{ name: 'executives' }, { name: 'sales-eu' }],
      userAttributeDefinitions: [{ name: 'region', type: 'string' }],
      groups: ['executives', 'sales-eu'],
      userAttributes: [{ name: 'region', value: 'EU' }],
    });
    const denied = await salesCount(tenantExec).catch((e: { status: number }) => e.status);
    expect(
      denied === 0 || denied === 403,
      `sales.count for the tenant's executives: ${JSON.stringify(denied)}`,
    ).to.equal(true);
    const meta = await dataAs(tenantExec).loadMeta();
    expect(meta.cubes.map((c) => c.name)).to.not.include('sales');
  });
});
