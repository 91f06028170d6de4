import { expect } from '@open-wc/testing';
import { createLocalEngine } from '../../../src/engine/index.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { DEMO, dumpDatabase, rejection, testEngine, withDatabase, type TestEngine } from '../helpers.js';

const widget = { id: 'w1', type: 'TEXT', position: { x: 0, y: 0, w: 4, h: 2 }, config: { markdown: '# Hi' } } as const;

const noRetry = (t: TestEngine) =>
  new HttpTransport({
    baseUrl: 'https://l.svc',
    fetch: t.engine.fetch,
    auth: { apiKey: DEMO.adminKey },
    retry: { tries: 1 },
  });

describe('engine: upsert workbook by slug', () => {
  let t: TestEngine;
  let onApply: ((info: { slug: string; decision: 'create' | 'update' }) => Promise<void>) | undefined;
  beforeEach(async () => {
    onApply = undefined;
    t = await testEngine({ hooks: { beforeUpsertApply: (info) => onApply?.(info) } });
  });
  afterEach(() => t.dispose());

  it('creates a workbook holding the trimmed, lowercased slug, with the full Workbook shape', async () => {
    const wb = await t.admin.upsertWorkbookBySlug(1, '  Sales-Q3  ', { name: 'Sales Q3', meta: { team: 'eu' } });
    expect(wb).to.include({ deploymentId: 1, name: 'Sales Q3', slug: 'sales-q3', type: 'WORKBOOK', folderId: null });
    expect(wb.meta).to.deep.equal({ team: 'eu' });
    expect(wb.calculatedFields).to.deep.equal({});
    expect(wb.folderPath).to.deep.equal([]);
    expect(wb.user).to.deep.equal({ id: 1, email: 'admin@demo.local', firstName: 'Ada', picture: null });
    expect(wb.userId).to.equal(1);
    expect(wb.createdBy).to.equal(1);
    expect([wb.dashboardDraft, wb.dashboardPublished, wb.publishedDashboard]).to.deep.equal([null, null, null]);
    expect(wb.createdAt).to.equal(new Date(t.clock.now()).toISOString());
    const again = await t.admin.upsertWorkbookBySlug(1, 'SALES-q3');
    expect(again.id).to.equal(wb.id);
  });

  it('defaults the name to the slug when none is sent', async () => {
    expect((await t.admin.upsertWorkbookBySlug(1, 'plain')).name).to.equal('plain');
  });

  it('updates only the sent fields and merges meta', async () => {
    const first = await t.admin.upsertWorkbookBySlug(1, 'wb', { name: 'One', meta: { a: 1, b: { x: 1 } } });
    t.clock.advance(1000);
    const second = await t.admin.upsertWorkbookBySlug(1, 'wb', { meta: { b: { y: 2 }, c: 3 } });
    expect(second.id).to.equal(first.id);
    expect(second.name).to.equal('One');
    expect(second.meta).to.deep.equal({ a: 1, b: { y: 2 }, c: 3 });
    expect(second.createdAt).to.equal(first.createdAt);
    expect(second.updatedAt).to.not.equal(first.updatedAt);
    const third = await t.admin.upsertWorkbookBySlug(1, 'wb', { name: 'Two' });
    expect(third.meta).to.deep.equal(second.meta);
    expect(third.name).to.equal('Two');
  });

  it('is idempotent: the same request again changes nothing, not even updatedAt', async () => {
    const body = { name: 'N', meta: { a: 1, dashboardDraft: { title: 'D', widgets: [widget] } } };
    const first = await t.admin.upsertWorkbookBySlug(1, 'idem', body);
    const before = await dumpDatabase(t.name);
    t.clock.advance(60_000);
    const second = await t.admin.upsertWorkbookBySlug(1, 'idem', body);
    expect(second).to.deep.equal(first);
    expect(await dumpDatabase(t.name)).to.deep.equal(before);
  });

  it('takes meta.dashboardDraft as the draft, validated as a DashboardConfig', async () => {
    const wb = await t.admin.upsertWorkbookBySlug(1, 'd', {
      meta: { dashboardDraft: { title: 'D', widgets: [widget] } },
    });
    expect(wb.dashboardDraft).to.deep.equal({ title: 'D', widgets: [widget] });
    for (const [draft, message] of [
      [
        { widgets: [{ ...widget, type: 'PIE' }] },
        'meta.dashboardDraft.widgets[0].type: must be one of CHART, TEXT, FILTER, AI, TABS_CONTAINER, TIME_GRAIN',
      ],
      [
        { widgets: [{ ...widget, position: { x: 0, y: 0.5, w: 1, h: 1 } }] },
        'meta.dashboardDraft.widgets[0].position.y: must be an integer',
      ],
      [{ app: { entry: 'x'.repeat(256) } }, 'meta.dashboardDraft.app.entry: must be at most 255 characters'],
    ] as const) {
      const before = await dumpDatabase(t.name);
      const e = await rejection(t.admin.upsertWorkbookBySlug(1, 'd', { meta: { dashboardDraft: draft as never } }));
      expect(e.status).to.equal(400);
      expect(e.message).to.equal(`Invalid request body: ${message}`);
      expect(await dumpDatabase(t.name)).to.deep.equal(before);
    }
  });

  it('400 for a body that is not JSON or not an object, with nothing written', async () => {
    const send = (body: string) =>
      t.engine.fetch(
        new Request('https://local.svc/api/v1/deployments/1/workbooks/by-slug/x', {
          method: 'PUT',
          headers: { Authorization: `Bearer ${DEMO.adminKey}`, 'Content-Type': 'application/json' },
          body,
        }),
      );
    const a = await send('{oops');
    expect(a.status).to.equal(400);
    expect(await a.json()).to.deep.equal({ error: 'Request body is not valid JSON' });
    const b = await send('[1]');
    expect(b.status).to.equal(400);
    expect(await b.json()).to.deep.equal({ error: 'Invalid request body: must be a JSON object' });
    const c = await send('');
    expect(c.status).to.equal(200); // the body is optional
  });

  it('404 for an unknown deployment; 403 when the key is scoped to another deployment', async () => {
    const e = await rejection(t.admin.upsertWorkbookBySlug(99, 'x'));
    expect([e.status, e.message]).to.deep.equal([404, 'Deployment 99 not found']);
    const scoped = t.as({ apiKey: DEMO.deploymentKey });
    const f = await rejection(scoped.upsertWorkbookBySlug(2, 'x'));
    expect(f.status).to.equal(403);
    expect((await scoped.upsertWorkbookBySlug(1, 'x')).deploymentId).to.equal(1);
  });

  it('create needs role ai-bi-user or higher', async () => {
    const e = await rejection(t.as({ apiKey: DEMO.viewerKey }).upsertWorkbookBySlug(1, 'v'));
    expect(e.status).to.equal(403);
    expect(e.message).to.contain('ai-bi-user');
    expect((await t.as({ apiKey: DEMO.analystKey }).upsertWorkbookBySlug(1, 'a')).user?.email).to.equal(
      'analyst@demo.local',
    );
  });

  it('update needs edit access to the workbook holding the slug', async () => {
    await t.admin.upsertWorkbookBySlug(1, 'admins', { name: 'A' });
    const e = await rejection(t.as({ apiKey: DEMO.analystKey }).upsertWorkbookBySlug(1, 'admins', { name: 'B' }));
    expect([e.status, e.message]).to.deep.equal([403, 'Requires edit access to workbook 1']);
    // The creator has manage; admins manage everything.
    await t.as({ apiKey: DEMO.analystKey }).upsertWorkbookBySlug(1, 'mine', { name: 'M' });
    expect((await t.as({ apiKey: DEMO.analystKey }).upsertWorkbookBySlug(1, 'mine', { name: 'M2' })).name).to.equal(
      'M2',
    );
    expect((await t.admin.upsertWorkbookBySlug(1, 'mine', { name: 'M3' })).name).to.equal('M3');
  });

  it('edit access through a folder share lets others update', async () => {
    await t.admin.upsertWorkbookBySlug(1, 'in-shared', { folderId: 1 });
    const dev = t.as({ apiKey: DEMO.developerKey });
    expect((await dev.upsertWorkbookBySlug(1, 'in-shared', { name: 'by dev' })).name).to.equal('by dev');
  });

  it('folderId needs manage access to the workbook and edit access to the destination folder', async () => {
    const dev = t.as({ apiKey: DEMO.developerKey });
    // Developer shares folder 1 with edit (inherited by folder 2): may move their own workbook there.
    const own = await dev.upsertWorkbookBySlug(1, 'devs', { folderId: 2 });
    expect(own.folderPath).to.deep.equal([
      { id: 1, name: 'Shared' },
      { id: 2, name: 'Finance' },
    ]);
    // Edit (not manage) on someone else's workbook: moving it is refused even to a folder they may edit.
    await t.admin.upsertWorkbookBySlug(1, 'admins-shared', { folderId: 1 });
    const e = await rejection(dev.upsertWorkbookBySlug(1, 'admins-shared', { folderId: 2 }));
    expect([e.status, e.message]).to.deep.equal([403, 'Requires manage access to workbook 2']);
    // Manage on the workbook but no edit access to the destination folder: refused.
    const analyst = t.as({ apiKey: DEMO.analystKey });
    await analyst.upsertWorkbookBySlug(1, 'ann');
    const f = await rejection(analyst.upsertWorkbookBySlug(1, 'ann', { folderId: 1 }));
    expect([f.status, f.message]).to.deep.equal([403, 'Requires edit access to folder 1']);
    const g = await rejection(t.admin.upsertWorkbookBySlug(1, 'ann', { folderId: 77 }));
    expect([g.status, g.message]).to.deep.equal([404, 'Folder 77 not found in deployment 1']);
    expect((await t.admin.upsertWorkbookBySlug(1, 'ann', { folderId: null })).folderId).to.equal(null);
  });

  it('409 upsert_branch_changed when another writer creates the slug between decision and apply; the client retries', async () => {
    onApply = async ({ slug, decision }) => {
      onApply = undefined;
      expect([slug, decision]).to.deep.equal(['race', 'create']);
      // Another writer (its own engine on the same database, as another tab would be) creates the slug now.
      const other = await createLocalEngine({ name: t.name });
      await new HttpTransport({
        baseUrl: 'https://x.svc',
        fetch: other.fetch,
        auth: { apiKey: DEMO.adminKey },
      }).upsertWorkbookBySlug(1, 'race', { name: 'other' });
      await other.close();
    };
    const e = await rejection(noRetry(t).upsertWorkbookBySlug(1, 'race', { name: 'mine' }));
    expect([e.status, e.code]).to.deep.equal([409, 'upsert_branch_changed']);
    const workbooks = (await dumpDatabase(t.name)).workbooks as { name: string }[];
    expect(workbooks.map((w) => w.name)).to.deep.equal(['other']);
    // A transient race is absorbed by the transport's retry: the holder vanishes under the next attempt (409),
    // the retry decides afresh and creates it.
    onApply = async () => {
      onApply = () => Promise.resolve();
      await withDatabase(t.name, async (db) => db.clear('workbooks'));
    };
    expect((await t.admin.upsertWorkbookBySlug(1, 'race', { name: 'mine' })).name).to.equal('mine');
  });

  it('409 when the slug holder is deleted between decision and apply; nothing is created', async () => {
    await t.admin.upsertWorkbookBySlug(1, 'gone', { name: 'old' });
    onApply = async ({ decision }) => {
      onApply = undefined;
      expect(decision).to.equal('update');
      await withDatabase(t.name, async (db) => db.clear('workbooks'));
    };
    const e = await rejection(noRetry(t).upsertWorkbookBySlug(1, 'gone', { name: 'new' }));
    expect([e.status, e.code]).to.deep.equal([409, 'upsert_branch_changed']);
    expect((await dumpDatabase(t.name)).workbooks).to.deep.equal([]);
  });

  it('two engines on one database racing upserts on one slug: exactly one workbook, every response 200 or 409', async () => {
    const second = await createLocalEngine({ name: t.name });
    const other = new HttpTransport({
      baseUrl: 'https://x.svc',
      fetch: second.fetch,
      auth: { apiKey: DEMO.adminKey },
      retry: { tries: 1 },
    });
    const mine = noRetry(t);
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? other : mine)
          .upsertWorkbookBySlug(1, 'contested', { name: `writer ${i}` })
          .then(() => 200)
          .catch((e: { status: number }) => e.status),
      ),
    );
    await second.close();
    expect(outcomes.every((s) => s === 200 || s === 409)).to.equal(true);
    expect(outcomes).to.include(200);
    const workbooks = (await dumpDatabase(t.name)).workbooks as { slug: string }[];
    expect(workbooks.filter((w) => w.slug === 'contested')).to.have.length(1);
  });
});

describe('engine: workbook reads, save-draft and publish', () => {
  let t: TestEngine;
  beforeEach(async () => (t = await testEngine()));
  afterEach(() => t.dispose());

  it('reads a workbook; 404 for one of another deployment or unknown; view access needed', async () => {
    const wb = await t.admin.upsertWorkbookBySlug(1, 'r', { name: 'R' });
    expect((await t.admin.getWorkbook(1, wb.id)).name).to.equal('R');
    expect((await rejection(t.admin.getWorkbook(1, 999))).status).to.equal(404);
    expect((await rejection(t.as({ apiKey: DEMO.viewerKey }).getWorkbook(1, wb.id))).status).to.equal(403);
  });

  it('saves a draft (validated), publishes it as versioned dashboards, and serves it to an embed session', async () => {
    const wb = await t.admin.upsertWorkbookBySlug(1, 'p', {
      name: 'P',
      meta: { reports: [{ reportId: 7, title: 'Orders', kind: 'table', sqlQuery: 'SELECT 1' }] },
    });
    const bad = await rejection(t.admin.saveDashboardDraft(1, wb.id, { widgets: [{ ...widget, id: '' }] }));
    expect([bad.status, bad.message]).to.deep.equal([400, 'Invalid request body: widgets[0].id: must not be empty']);
    const noDraft = await rejection(t.admin.publishDashboard(1, wb.id));
    expect(noDraft.status).to.equal(400);

    const saved = await t.admin.saveDashboardDraft(1, wb.id, { title: 'Sales', widgets: [widget] });
    expect(saved.dashboardDraft).to.deep.equal({ title: 'Sales', widgets: [widget] });
    const v1 = await t.admin.publishDashboard(1, wb.id, { allowEmbed: true });
    expect(v1).to.include({
      workbookId: wb.id,
      deploymentId: 1,
      status: 'published',
      allowEmbed: true,
      versionNumber: 1,
      title: 'Sales',
    });
    expect(v1.reportSnapshots).to.deep.equal([
      { id: 1, reportId: 7, versionNumber: 1, title: 'Orders', kind: 'table', sqlQuery: 'SELECT 1' },
    ]);
    await t.admin.saveDashboardDraft(1, wb.id, { title: 'Sales v2', widgets: [widget] });
    const v2 = await t.admin.publishDashboard(1, wb.id);
    expect([v2.id, v2.publicId, v2.versionNumber, v2.allowEmbed]).to.deep.equal([v1.id, v1.publicId, 2, true]);
    expect(v2.versionId).to.not.equal(v1.versionId);
    const after = await t.admin.getWorkbook(1, wb.id);
    expect(after.dashboardPublished).to.deep.equal({ title: 'Sales v2', widgets: [widget] });
    expect(after.publishedDashboard?.versionNumber).to.equal(2);

    const { sessionId } = await t.admin.generateSession({ deploymentId: 1, externalId: 'viewer' });
    const { token } = await t.admin.exchangeSessionToken(sessionId);
    const viewer = t.as({ serviceToken: token });
    const read = await viewer.getEmbedDashboard(v2.publicId);
    expect(read.workbook).to.deep.equal({ id: wb.id, name: 'P', slug: 'p' });
    expect(read.dashboard.config.title).to.equal('Sales v2');
    expect((await rejection(viewer.getEmbedDashboard('nope'))).status).to.equal(404);
    await t.admin.publishDashboard(1, wb.id, { allowEmbed: false });
    expect((await rejection(viewer.getEmbedDashboard(v2.publicId))).status).to.equal(404);
  });

  it('save-draft and publish need edit access', async () => {
    const wb = await t.admin.upsertWorkbookBySlug(1, 'locked');
    const analyst = t.as({ apiKey: DEMO.analystKey });
    expect((await rejection(analyst.saveDashboardDraft(1, wb.id, {}))).status).to.equal(403);
    expect((await rejection(analyst.publishDashboard(1, wb.id))).status).to.equal(403);
  });
});
