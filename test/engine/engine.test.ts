import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { LocalEngineUnavailableError, createLocalEngine } from '../../src/engine/index.js';
import { HttpTransport } from '../../src/transport/http-transport.js';
import { DEMO, deleteDatabase, dumpDatabase, testEngine } from './helpers.js';

describe('createLocalEngine', () => {
  it('says clearly that it cannot run where IndexedDB refuses to open, with the browser error as cause', async () => {
    const name = `svc-unavailable-${Date.now()}`;
    // A database from a newer version: the open fails with the browser's VersionError, like a blocked IndexedDB.
    await new Promise<void>((resolve, reject) => {
      const r = indexedDB.open(name, 10_000);
      r.onsuccess = () => (r.result.close(), resolve());
      r.onerror = () => reject(r.error ?? new Error('open failed'));
    });
    try {
      const error = await createLocalEngine({ name, seed: 'demo' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(LocalEngineUnavailableError);
      expect((error as Error).message).to.match(/local engine cannot run here: IndexedDB .*remote transport/);
      expect(((error as Error).cause as DOMException).name).to.equal('VersionError');
    } finally {
      await deleteDatabase(name);
    }
  });

  it('keeps data across close() and a new engine on the same database; the seed is applied once', async () => {
    const t = await testEngine();
    const wb = await t.admin.upsertWorkbookBySlug(1, 'kept', { name: 'Kept' });
    await t.engine.close();
    const closed = await t.engine.fetch(new Request('https://l.svc/api/v1/deployments'));
    expect(closed.status).to.equal(503);
    const again = await createLocalEngine({ name: t.name, seed: 'demo' });
    const admin = new HttpTransport({ baseUrl: 'https://l.svc', fetch: again.fetch, auth: { apiKey: DEMO.adminKey } });
    expect((await admin.getWorkbook(1, wb.id)).name).to.equal('Kept');
    const users = (await dumpDatabase(t.name)).users;
    expect(users).to.have.length(4);
    await again.close();
    await deleteDatabase(t.name);
  });

  it('reset() empties the database and applies the seed again', async () => {
    const t = await testEngine();
    await t.admin.upsertWorkbookBySlug(1, 'temp');
    await t.engine.reset();
    const db = await dumpDatabase(t.name);
    expect(db.workbooks).to.deep.equal([]);
    expect(db.users).to.have.length(4);
    expect((await t.admin.listDeployments()).map((d) => d.id)).to.deep.equal([1]);
    await t.dispose();
  });

  it('stores API keys hashed, never in clear', async () => {
    const t = await testEngine();
    const text = JSON.stringify(await dumpDatabase(t.name));
    expect(text).to.not.contain(DEMO.adminKey);
    await t.dispose();
  });
});

describe('engine idempotency (property)', () => {
  const slug = fc.constantFrom('a', 'B', ' c ', 'shared-one');
  const upsert = fc.record(
    {
      name: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
      meta: fc.option(fc.dictionary(fc.constantFrom('x', 'y', 'z'), fc.jsonValue({ maxDepth: 1 })), { nil: undefined }),
      folderId: fc.option(fc.constantFrom(1, 2, null), { nil: undefined }),
    },
    { requiredKeys: [] },
  );
  const session = fc.record(
    {
      externalId: fc.constantFrom('u1', 'U1 ', 'u2'),
      groups: fc.option(fc.subarray(['sales-eu', 'sales-us', 'executives']), { nil: undefined }),
      userAttributes: fc.option(
        fc.subarray(
          [
            { name: 'region', value: 'EU' },
            { name: 'max_discount', value: 0.1 },
            { name: 'region2', value: null },
          ].slice(0, 2),
        ),
        { nil: undefined },
      ),
      email: fc.option(fc.constantFrom('a@x.io', 'b@x.io'), { nil: undefined }),
    },
    { requiredKeys: ['externalId'] },
  );
  const request = fc.oneof(
    fc.record({ kind: fc.constant('upsert' as const), slug, body: upsert }),
    fc.record({ kind: fc.constant('session' as const), body: session }),
  );

  it('any request applied twice leaves the same database as applied once (sessions aside)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 4 }), async (requests) => {
        const t = await testEngine();
        try {
          const apply = async (r: (typeof requests)[number]) =>
            r.kind === 'upsert'
              ? t.admin.upsertWorkbookBySlug(1, r.slug, r.body)
              : t.admin.generateSession({ deploymentId: 1, ...r.body });
          for (const r of requests.slice(0, -1)) await apply(r);
          const last = requests[requests.length - 1];
          await apply(last);
          const { sessions: _a, ...once } = await dumpDatabase(t.name);
          t.clock.advance(1000);
          await apply(last);
          const { sessions: _b, ...twice } = await dumpDatabase(t.name);
          expect(twice).to.deep.equal(once);
        } finally {
          await t.dispose();
        }
      }),
      { numRuns: 25 },
    );
  });
});
