import { expect } from '@open-wc/testing';
import { decodeJwt } from 'jose';
import type { EmbedTokenClaims, GenerateSessionRequest } from '../../../src/api/types.js';
import { demoSeed } from '../../../src/engine/index.js';
import { DEMO, addExternalUsers, dumpDatabase, rejection, testEngine, type TestEngine } from '../helpers.js';

interface ExternalUser {
  externalId: string;
  tenant: string;
  email: string | null;
  profile: Record<string, string>;
  attributes: Record<string, unknown>;
  groups: string[];
}

const creator = { deploymentId: 1, externalId: 'creator-1', creatorMode: true, embedTenantName: 'acme-corp' };

describe('engine: generate-session', () => {
  let t: TestEngine;
  beforeEach(async () => (t = await testEngine()));
  afterEach(() => t.dispose());

  /** The claims a session grants, read through the real exchange. */
  async function claimsOf(request: GenerateSessionRequest): Promise<EmbedTokenClaims> {
    const { sessionId } = await t.admin.generateSession(request);
    return decodeJwt((await t.admin.exchangeSessionToken(sessionId)).token) as unknown as EmbedTokenClaims;
  }

  async function externalUsers(): Promise<ExternalUser[]> {
    return (await dumpDatabase(t.name)).externalUsers as ExternalUser[];
  }

  it('mints a sessionId for an external user; externalId is trimmed and lowercased', async () => {
    const { sessionId } = await t.admin.generateSession({
      deploymentId: 1,
      externalId: '  Viewer@Example.COM ',
      email: 'v@example.com',
    });
    expect(sessionId).to.match(/^[\w-]{40,}$/);
    const [user] = await externalUsers();
    expect(user).to.include({ externalId: 'viewer@example.com', tenant: '', email: 'v@example.com' });
  });

  it('needs an admin API key with the Api-Key scheme', async () => {
    const body = { deploymentId: 1, externalId: 'x' };
    expect((await rejection(t.as({ apiKey: DEMO.developerKey }).generateSession(body))).status).to.equal(403);
    const bearer = await t.engine.fetch(
      new Request('https://l.svc/api/v1/embed/generate-session', {
        method: 'POST',
        headers: { Authorization: `Bearer ${DEMO.adminKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    expect(bearer.status).to.equal(401);
    expect((await rejection(t.as({ apiKey: 'nope' }).generateSession(body))).status).to.equal(401);
  });

  it('403 for a deploymentId outside the key scope; 404 for an unknown deployment', async () => {
    const scoped = t.as({ apiKey: DEMO.deploymentKey });
    const e = await rejection(scoped.generateSession({ deploymentId: 2, externalId: 'x' }));
    expect(e.status).to.equal(403);
    expect((await rejection(t.admin.generateSession({ deploymentId: 2, externalId: 'x' }))).status).to.equal(404);
    expect((await scoped.generateSession({ deploymentId: 1, externalId: 'x' })).sessionId).to.be.a('string');
  });

  it('rule 1: internalId must name an existing user and rejects identity fields; their permissions apply', async () => {
    const claims = await claimsOf({ deploymentId: 1, internalId: 'analyst' });
    expect(claims).to.include({ internalId: 'analyst', email: 'analyst@demo.local' });
    expect(claims.groups).to.deep.equal([]);
    const e = await rejection(t.admin.generateSession({ deploymentId: 1, internalId: 'ghost' }));
    expect([e.status, e.message]).to.deep.equal([400, 'Internal user ghost not found']);
    const f = await rejection(
      t.admin.generateSession({ deploymentId: 1, internalId: 'analyst', groups: ['sales-eu'] }),
    );
    expect([f.status, f.message]).to.deep.equal([400, 'Invalid request body: groups is not allowed with internalId']);
    const g = await rejection(t.admin.generateSession({ deploymentId: 1, internalId: 'analyst', externalId: 'x' }));
    expect(g.status).to.equal(400);
    expect(await externalUsers()).to.deep.equal([]);
  });

  it('rules 2, 3: definitions land in the embed tenant scope only, before values and groups resolve against them', async () => {
    const claims = await claimsOf({
      ...creator,
      userAttributeDefinitions: [{ name: 'plan_tier', type: 'string', displayName: 'Tier' }],
      groupDefinitions: [{ name: 'partners', description: 'Partner orgs' }],
      userAttributes: [{ name: 'plan_tier', value: 'gold' }],
      groups: ['partners'],
    });
    expect(claims.userAttributes).to.deep.equal({ plan_tier: 'gold' });
    expect(claims.groups).to.deep.equal(['partners']);
    const db = await dumpDatabase(t.name);
    const groups = db.groups as { scope: string; name: string }[];
    expect(groups.filter((g) => g.scope === '').map((g) => g.name)).to.deep.equal([
      'sales-eu',
      'sales-us',
      'executives',
    ]);
    expect(groups.filter((g) => g.scope === 'acme-corp').map((g) => g.name)).to.deep.equal(['partners']);
    const attrs = db.attributes as { scope: string; name: string }[];
    expect(attrs.filter((a) => a.scope === '').map((a) => a.name)).to.not.include('plan_tier');
  });

  it('rule 3: repeating a request yields the same end state (sessions aside)', async () => {
    const request: GenerateSessionRequest = {
      ...creator,
      userAttributeDefinitions: [{ name: 'tier', type: 'string', description: 'd' }],
      groupDefinitions: [{ name: 'g1' }],
      userAttributes: [{ name: 'tier', value: 'a' }],
      groups: ['g1'],
      userProfile: { displayName: 'C', picture: 'https://cdn.example.com/c.png' },
    };
    await t.admin.generateSession(request);
    const { sessions: _a, ...once } = await dumpDatabase(t.name);
    t.clock.advance(5000);
    await t.admin.generateSession(request);
    const { sessions: _b, ...twice } = await dumpDatabase(t.name);
    expect(twice).to.deep.equal(once);
  });

  it('definition fields update only when supplied and different, never cleared', async () => {
    await t.admin.generateSession({
      ...creator,
      userAttributeDefinitions: [{ name: 'tier', type: 'string', displayName: 'Tier', description: 'x' }],
      groupDefinitions: [{ name: 'g', description: 'first' }],
    });
    await t.admin.generateSession({
      ...creator,
      userAttributeDefinitions: [{ name: 'tier', type: 'string', defaultValue: 'bronze' }],
      groupDefinitions: [{ name: 'g' }],
    });
    const db = await dumpDatabase(t.name);
    const attr = (db.attributes as { name: string }[]).find((a) => a.name === 'tier');
    expect(attr).to.include({ displayName: 'Tier', description: 'x', defaultValue: 'bronze', type: 'string' });
    expect((db.groups as { name: string; description: string }[]).find((g) => g.name === 'g')?.description).to.equal(
      'first',
    );
  });

  it('rule 9: a type change fails with cannot change type and nothing is upserted (atomic)', async () => {
    await t.admin.generateSession({ ...creator, userAttributeDefinitions: [{ name: 'tier', type: 'string' }] });
    const before = await dumpDatabase(t.name);
    const e = await rejection(
      t.admin.generateSession({
        ...creator,
        externalId: 'someone-new',
        groupDefinitions: [{ name: 'fresh-group' }],
        userAttributeDefinitions: [
          { name: 'brand_new', type: 'number' },
          { name: 'another', type: 'string_array' },
          { name: 'tier', type: 'number' }, // the last definition fails
        ],
        groups: ['fresh-group'],
      }),
    );
    expect(e.status).to.equal(400);
    expect(e.message).to.contain('cannot change type');
    expect(await dumpDatabase(t.name)).to.deep.equal(before); // byte-for-byte unchanged
  });

  it('definitions need creatorMode and embedTenantName; creatorMode needs the tenant flag useCreatorMode', async () => {
    const a = await rejection(
      t.admin.generateSession({ deploymentId: 1, externalId: 'x', groupDefinitions: [{ name: 'g' }] }),
    );
    expect(a.message).to.equal('Invalid request body: groupDefinitions requires creatorMode: true');
    await t.dispose();
    t = await testEngine({ seed: { ...demoSeed, embedTenants: [{ name: 'no-creator', useCreatorMode: false }] } });
    const b = await rejection(t.admin.generateSession({ ...creator, embedTenantName: 'no-creator' }));
    expect([b.status, b.message]).to.deep.equal([
      400,
      'creatorMode requires the useCreatorMode flag on embed tenant no-creator',
    ]);
  });

  it('rules 4, 5: names resolve in the tenant-wide catalog without creatorMode, in the tenant scope with it', async () => {
    await t.admin.generateSession({
      ...creator,
      userAttributeDefinitions: [{ name: 'scoped_attr', type: 'string' }],
      groupDefinitions: [{ name: 'scoped-group' }],
    });
    // Tenant-wide names are unknown to a creator-mode session, and scoped names to a plain one.
    const a = await rejection(
      t.admin.generateSession({ ...creator, userAttributes: [{ name: 'region', value: 'EU' }] }),
    );
    expect([a.status, a.message]).to.deep.equal([400, 'User attributes not found: region']);
    const b = await rejection(t.admin.generateSession({ ...creator, groups: ['sales-eu'] }));
    expect([b.status, b.message]).to.deep.equal([400, 'Groups with names sales-eu not found']);
    const c = await rejection(
      t.admin.generateSession({
        deploymentId: 1,
        externalId: 'x',
        userAttributes: [{ name: 'scoped_attr', value: 'v' }],
      }),
    );
    expect(c.message).to.equal('User attributes not found: scoped_attr');
    const d = await rejection(
      t.admin.generateSession({ deploymentId: 1, externalId: 'x', groups: ['scoped-group', 'nope', 'sales-eu'] }),
    );
    expect(d.message).to.equal('Groups with names scoped-group, nope not found');
    const claims = await claimsOf({
      deploymentId: 1,
      externalId: 'x',
      groups: ['sales-eu'],
      userAttributes: [{ name: 'region', value: 'EU' }],
    });
    expect([claims.groups, claims.userAttributes]).to.deep.equal([['sales-eu'], { region: 'EU' }]);
  });

  it('values are type-checked against the definition; null clears', async () => {
    const e = await rejection(
      t.admin.generateSession({ deploymentId: 1, externalId: 'x', userAttributes: [{ name: 'region', value: 5 }] }),
    );
    expect([e.status, e.message]).to.deep.equal([400, 'User attribute region expects a value of type string']);
    const f = await rejection(
      t.admin.generateSession({
        deploymentId: 1,
        externalId: 'x',
        userAttributes: [{ name: 'allowed_categories', value: [1] }],
      }),
    );
    expect(f.message).to.equal('User attribute allowed_categories expects a value of type string_array');
    await t.admin.generateSession({
      deploymentId: 1,
      externalId: 'x',
      userAttributes: [
        { name: 'region', value: 'EU' },
        { name: 'max_discount', value: 0.2 },
        { name: 'allowed_categories', value: ['a', 'b'] },
      ],
    });
    // Rule 7: later calls overwrite the values of the supplied names only.
    const claims = await claimsOf({
      deploymentId: 1,
      externalId: 'x',
      userAttributes: [
        { name: 'region', value: null },
        { name: 'max_discount', value: 0.3 },
      ],
    });
    expect(claims.userAttributes).to.deep.equal({ max_discount: 0.3, allowed_categories: ['a', 'b'] });
  });

  it('rule 6: groups omitted keeps memberships, [] clears, a list replaces', async () => {
    await t.admin.generateSession({ deploymentId: 1, externalId: 'g', groups: ['sales-eu', 'executives'] });
    expect((await claimsOf({ deploymentId: 1, externalId: 'g' })).groups).to.deep.equal(['executives', 'sales-eu']);
    expect((await claimsOf({ deploymentId: 1, externalId: 'g', groups: ['sales-us'] })).groups).to.deep.equal([
      'sales-us',
    ]);
    expect((await claimsOf({ deploymentId: 1, externalId: 'g', groups: [] })).groups).to.deep.equal([]);
  });

  it('rule 8: userProfile values overwrite saved ones; omitted keys keep them; picture must be absolute http(s)', async () => {
    await t.admin.generateSession({
      deploymentId: 1,
      externalId: 'p',
      userProfile: { displayName: 'Pat', picture: 'https://cdn.example.com/p.png' },
    });
    expect(
      (await claimsOf({ deploymentId: 1, externalId: 'p', userProfile: { displayName: 'Patricia' } })).userProfile,
    ).to.deep.equal({
      displayName: 'Patricia',
      picture: 'https://cdn.example.com/p.png',
    });
    expect((await claimsOf({ deploymentId: 1, externalId: 'p' })).userProfile?.displayName).to.equal('Patricia');
    const e = await rejection(
      t.admin.generateSession({ deploymentId: 1, externalId: 'p', userProfile: { picture: 'javascript:alert(1)' } }),
    );
    expect(e.message).to.equal(
      'Invalid request body: userProfile.picture: must be an absolute http:// or https:// URL',
    );
  });

  it('rule 10: duplicate names are rejected with 400', async () => {
    const e = await rejection(
      t.admin.generateSession({
        deploymentId: 1,
        externalId: 'x',
        userAttributes: [
          { name: 'region', value: 'a' },
          { name: 'region', value: 'b' },
        ],
      }),
    );
    expect([e.status, e.message]).to.deep.equal([400, 'Invalid request body: userAttributes: duplicate name region']);
    const f = await rejection(
      t.admin.generateSession({ ...creator, groupDefinitions: [{ name: 'g' }, { name: 'g' }] }),
    );
    expect(f.status).to.equal(400);
  });

  it('carries securityContext and settings into the session', async () => {
    const claims = await claimsOf({
      deploymentId: 1,
      externalId: 's',
      securityContext: { tenantId: 7 },
      settings: { showDashboardChat: false },
    });
    expect(claims.securityContext).to.deep.equal({ tenantId: 7 });
    expect(claims.settings).to.deep.equal({ showDashboardChat: false });
    expect(claims.scope).to.deep.equal(['chat']);
    expect(claims.deploymentId).to.equal(1);
  });

  it('plan gate: free accounts get 403', async () => {
    await t.dispose();
    t = await testEngine({ seed: { ...demoSeed, account: { name: 'free-co', plan: 'free' } } });
    const e = await rejection(t.admin.generateSession({ deploymentId: 1, externalId: 'x' }));
    expect([e.status, e.message]).to.deep.equal([
      403,
      'Embed sessions is available on premium and enterprise plans only',
    ]);
  });

  it('10,000 external users per account: a new one is refused, existing ones still get sessions', async () => {
    await addExternalUsers(t.name, 10_000);
    const e = await rejection(t.admin.generateSession({ deploymentId: 1, externalId: 'one-too-many' }));
    expect(e.status).to.equal(403);
    expect(e.message).to.contain('10000');
    expect((await t.admin.generateSession({ deploymentId: 1, externalId: 'bulk-42' })).sessionId).to.be.a('string');
  });
});

describe('engine: session exchange and revoke', () => {
  let t: TestEngine;
  beforeEach(async () => (t = await testEngine()));
  afterEach(() => t.dispose());

  it('a sessionId is single-use', async () => {
    const { sessionId } = await t.admin.generateSession({ deploymentId: 1, externalId: 'x' });
    const { token } = await t.as({}).exchangeSessionToken(sessionId);
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).to.equal(24 * 3600);
    expect(claims.sub).to.equal('x');
    const e = await rejection(t.as({}).exchangeSessionToken(sessionId));
    expect([e.status, e.message]).to.deep.equal([401, 'Session already used']);
    expect((await rejection(t.as({}).exchangeSessionToken('unknown'))).status).to.equal(401);
  });

  it('a sessionId expires after 5 minutes', async () => {
    const { sessionId } = await t.admin.generateSession({ deploymentId: 1, externalId: 'x' });
    t.clock.advance(5 * 60 * 1000);
    const e = await rejection(t.as({}).exchangeSessionToken(sessionId));
    expect([e.status, e.message]).to.deep.equal([401, 'Session expired']);
  });

  it('the token authenticates reads for 24 hours, then 401', async () => {
    const { sessionId } = await t.admin.generateSession({ deploymentId: 1, externalId: 'x' });
    const { token } = await t.as({}).exchangeSessionToken(sessionId);
    const viewer = t.as({ serviceToken: token });
    expect((await viewer.listDeployments()).map((d) => d.id)).to.deep.equal([1]);
    t.clock.advance(24 * 3600 * 1000 + 1000);
    const e = await rejection(viewer.listDeployments());
    expect([e.status, e.message]).to.deep.equal([401, 'Session token expired']);
  });

  it('revoke is 204 and idempotent; a revoked token is refused', async () => {
    const { sessionId } = await t.admin.generateSession({ deploymentId: 1, externalId: 'x' });
    const { token } = await t.as({}).exchangeSessionToken(sessionId);
    await t.as({}).revokeSessionToken(token);
    const once = await dumpDatabase(t.name);
    await t.as({}).revokeSessionToken(token);
    expect(await dumpDatabase(t.name)).to.deep.equal(once);
    const e = await rejection(t.as({ serviceToken: token }).listDeployments());
    expect([e.status, e.message]).to.deep.equal([401, 'Session token revoked']);
    expect((await rejection(t.as({}).revokeSessionToken('not.a.token'))).status).to.equal(401);
  });

  it('a token signed with another secret is refused', async () => {
    const { sessionId } = await t.admin.generateSession({ deploymentId: 1, externalId: 'x' });
    const { token } = await t.as({}).exchangeSessionToken(sessionId);
    const [h, p, s] = token.split('.');
    const forged = [h, p, s.slice(0, -2) + (s.endsWith('AA') ? 'BB' : 'AA')].join('.');
    const e = await rejection(t.as({ serviceToken: forged }).listDeployments());
    expect([e.status, e.message]).to.deep.equal([401, 'Invalid session token']);
  });
});
