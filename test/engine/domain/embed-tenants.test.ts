import { expect } from '@open-wc/testing';
import { decodeJwt } from 'jose';
import { DEMO, rejection, testEngine, type TestEngine } from '../helpers.js';

const creator = { deploymentId: 1, externalId: 'c', creatorMode: true, embedTenantName: DEMO.embedTenant };

describe('engine: embed-tenant admin', () => {
  let t: TestEngine;
  beforeEach(async () => {
    t = await testEngine();
    await t.admin.generateSession({
      ...creator,
      groupDefinitions: Array.from({ length: 5 }, (_, i) => ({ name: `g${i}`, description: `group ${i}` })),
      userAttributeDefinitions: [
        { name: 'tier', type: 'string', displayName: 'Tier' },
        { name: 'quota', type: 'number' },
      ],
      groups: ['g1', 'g2'],
      userAttributes: [{ name: 'tier', value: 'gold' }],
    });
  });
  afterEach(() => t.dispose());

  it('lists scoped groups with cursor pagination', async () => {
    const first = await t.admin.listEmbedTenantGroups(DEMO.embedTenant, { first: 2 });
    expect(first.items.map((g) => g.name)).to.deep.equal(['g0', 'g1']);
    expect(first.items[0]).to.include({ description: 'group 0' });
    expect(first.pageInfo.hasNextPage).to.equal(true);
    const second = await t.admin.listEmbedTenantGroups(DEMO.embedTenant, {
      first: 2,
      after: first.pageInfo.endCursor!,
    });
    expect(second.items.map((g) => g.name)).to.deep.equal(['g2', 'g3']);
    const last = await t.admin.listEmbedTenantGroups(DEMO.embedTenant, { first: 2, after: second.pageInfo.endCursor! });
    expect(last.items.map((g) => g.name)).to.deep.equal(['g4']);
    expect(last.pageInfo.hasNextPage).to.equal(false);
    const all = [];
    for await (const g of t.admin.iterateEmbedTenantGroups(DEMO.embedTenant, { pageSize: 2 })) all.push(g.name);
    expect(all).to.deep.equal(['g0', 'g1', 'g2', 'g3', 'g4']);
  });

  it('never lists tenant-wide definitions', async () => {
    const attrs = await t.admin.listEmbedTenantUserAttributes(DEMO.embedTenant);
    expect(attrs.items.map((a) => [a.name, a.type, a.displayName])).to.deep.equal([
      ['tier', 'string', 'Tier'],
      ['quota', 'number', null],
    ]);
    expect(attrs.pageInfo).to.deep.equal({ hasNextPage: false, endCursor: attrs.pageInfo.endCursor });
  });

  it('validates first and after; 404 for an unknown tenant', async () => {
    expect((await rejection(t.admin.listEmbedTenantGroups(DEMO.embedTenant, { first: 0 }))).message).to.equal(
      'Invalid query: first: must be at least 1',
    );
    expect((await rejection(t.admin.listEmbedTenantGroups(DEMO.embedTenant, { after: 'garbage!' }))).status).to.equal(
      400,
    );
    const e = await rejection(t.admin.listEmbedTenantGroups('no-such-tenant'));
    expect([e.status, e.message]).to.deep.equal([404, 'Embed tenant no-such-tenant not found']);
  });

  it('is admin-only with the Api-Key scheme', async () => {
    expect(
      (await rejection(t.as({ apiKey: DEMO.developerKey }).listEmbedTenantGroups(DEMO.embedTenant))).status,
    ).to.equal(403);
    expect((await rejection(t.as({}).listEmbedTenantGroups(DEMO.embedTenant))).status).to.equal(401);
  });

  it('deletes a group by id (404 when unknown) and drops it from memberships', async () => {
    const { items } = await t.admin.listEmbedTenantGroups(DEMO.embedTenant);
    const g1 = items.find((g) => g.name === 'g1')!;
    await t.admin.deleteEmbedTenantGroup(DEMO.embedTenant, g1.id);
    expect((await t.admin.listEmbedTenantGroups(DEMO.embedTenant)).items.map((g) => g.name)).to.not.include('g1');
    const e = await rejection(t.admin.deleteEmbedTenantGroup(DEMO.embedTenant, g1.id));
    expect(e.status).to.equal(404);
    // A tenant-wide group is not this tenant's to delete.
    expect((await rejection(t.admin.deleteEmbedTenantGroup(DEMO.embedTenant, 1))).status).to.equal(404);
    const { sessionId } = await t.admin.generateSession(creator);
    const { token } = await t.admin.exchangeSessionToken(sessionId);
    expect(decodeJwt(token).groups).to.deep.equal(['g2']);
  });

  it('deleting an attribute then recreating it with another type works', async () => {
    const e = await rejection(
      t.admin.generateSession({ ...creator, userAttributeDefinitions: [{ name: 'tier', type: 'number' }] }),
    );
    expect(e.message).to.contain('cannot change type');
    const tier = (await t.admin.listEmbedTenantUserAttributes(DEMO.embedTenant)).items.find((a) => a.name === 'tier')!;
    await t.admin.deleteEmbedTenantUserAttribute(DEMO.embedTenant, tier.id);
    await t.admin.generateSession({
      ...creator,
      userAttributeDefinitions: [{ name: 'tier', type: 'number' }],
      userAttributes: [{ name: 'tier', value: 3 }],
    });
    const recreated = (await t.admin.listEmbedTenantUserAttributes(DEMO.embedTenant)).items.find(
      (a) => a.name === 'tier',
    )!;
    expect(recreated.type).to.equal('number');
    expect(recreated.id).to.not.equal(tier.id);
  });
});
