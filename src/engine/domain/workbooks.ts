// Workbooks as the spec states them: upsert by slug (decide, access-check the branch, apply with a re-check), the
// management reads, save-draft and publish, and the access rules (roles, creator, shares).

import { UPSERT_BRANCH_CHANGED } from '../../api/errors.js';
import { normalizeSlug, roleAtLeast } from '../../api/limits.js';
import type {
  CreateWorkbookInput,
  Dashboard,
  DashboardConfig,
  PublishDashboardInput,
  ReportSnapshot,
  Workbook,
  WorkspaceFolderPathEntry,
} from '../../api/types.js';
import type { AccessLevel, DashboardRecord, FolderRecord, WorkbookRecord } from '../store/schema.js';
import { abortQuietly, isoAt, jsonEqual, randomToken } from '../util.js';
import type { KeyPrincipal } from './auth.js';
import { withoutId, type EngineContext } from './context.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';

const LEVELS: Record<AccessLevel, number> = { view: 1, edit: 2, manage: 3 };
const atLeast = (level: AccessLevel | null, needed: AccessLevel) => level !== null && LEVELS[level] >= LEVELS[needed];
const best = (a: AccessLevel | null, b: AccessLevel | null) => (!a ? b : !b ? a : LEVELS[a] >= LEVELS[b] ? a : b);

/** The folder and its ancestors, nearest first (cycles stop). */
async function folderChain(ctx: EngineContext, folderId: number | null | undefined): Promise<FolderRecord[]> {
  const chain: FolderRecord[] = [];
  const seen = new Set<number>();
  for (let id = folderId ?? undefined; id !== undefined && !seen.has(id);) {
    seen.add(id);
    const folderId = id;
    const folder = await ctx.cache.get(`folder:${folderId}`, () => ctx.db.get('folders', folderId));
    if (!folder) break;
    chain.push(folder);
    id = folder.parentId;
  }
  return chain;
}

function sharedLevel(userId: number, chain: FolderRecord[]): AccessLevel | null {
  let level: AccessLevel | null = null;
  for (const folder of chain) for (const s of folder.shares) if (s.userId === userId) level = best(level, s.level);
  return level;
}

/** Access of a user to a folder: admins manage; otherwise shares on it or an ancestor. */
export async function folderAccess(ctx: EngineContext, p: KeyPrincipal, folderId: number): Promise<AccessLevel | null> {
  if (p.user.role === 'admin') return 'manage';
  return sharedLevel(p.user.id, await folderChain(ctx, folderId));
}

/** Access of a user to a workbook: admins and the creator manage; others through shares on it or its folders. */
export async function workbookAccess(
  ctx: EngineContext,
  p: KeyPrincipal,
  wb: WorkbookRecord,
): Promise<AccessLevel | null> {
  if (p.user.role === 'admin' || wb.createdBy === p.user.id) return 'manage';
  let level: AccessLevel | null = null;
  for (const s of wb.shares) if (s.userId === p.user.id) level = best(level, s.level);
  return best(level, sharedLevel(p.user.id, await folderChain(ctx, wb.folderId)));
}

async function requireWorkbookAccess(ctx: EngineContext, p: KeyPrincipal, wb: WorkbookRecord, needed: AccessLevel) {
  if (!atLeast(await workbookAccess(ctx, p, wb), needed)) {
    throw forbidden(`Requires ${needed} access to workbook ${wb.id}`);
  }
}

/** The destination folder must exist in the deployment and the user needs edit access to it. */
async function requireFolderEdit(ctx: EngineContext, p: KeyPrincipal, deploymentId: number, folderId: number) {
  const folder = (await folderChain(ctx, folderId))[0];
  if (!folder || folder.deploymentId !== deploymentId) {
    throw notFound(`Folder ${folderId} not found in deployment ${deploymentId}`);
  }
  if (!atLeast(await folderAccess(ctx, p, folderId), 'edit')) {
    throw forbidden(`Requires edit access to folder ${folderId}`);
  }
}

// ─── Upsert by slug ──────────────────────────────────────────────────────────────────────────────────────────

/** The record an upsert produces from `input` (only sent fields change; meta merged; dashboardDraft lifted out). */
function applyInput(base: WorkbookRecord, input: CreateWorkbookInput): WorkbookRecord {
  const next: WorkbookRecord = { ...base };
  if (input.name !== undefined && input.name !== null) next.name = input.name;
  if (input.folderId !== undefined) next.folderId = input.folderId;
  if (input.meta !== undefined && input.meta !== null) {
    const { dashboardDraft, ...rest } = input.meta;
    next.meta = { ...base.meta, ...rest };
    if (dashboardDraft !== undefined) next.dashboardDraft = dashboardDraft;
  }
  return next;
}

const branchChanged = (slug: string) =>
  conflict(`Another writer created or deleted the workbook with slug ${slug}; retry`, {
    clientCode: UPSERT_BRANCH_CHANGED,
  });

/**
 * PUT …/workbooks/by-slug/{slug}. Decides create or update in one transaction, checks access for that branch, then
 * applies in a second transaction that re-checks the slug holder and refuses (409) when it changed in between.
 */
export async function upsertWorkbookBySlug(
  ctx: EngineContext,
  p: KeyPrincipal,
  deploymentId: number,
  rawSlug: string,
  input: CreateWorkbookInput,
): Promise<Workbook> {
  const slug = normalizeSlug(rawSlug);
  if (slug === '') throw invalid('slug must not be empty');

  const holder = await ctx.db.getFromIndex('workbooks', 'deploymentSlug', [deploymentId, slug]);
  const decision = holder ? 'update' : 'create';
  if (holder) {
    await requireWorkbookAccess(ctx, p, holder, input.folderId !== undefined ? 'manage' : 'edit');
  } else if (!roleAtLeast(p.user.role, 'ai-bi-user')) {
    throw forbidden(`Creating a workbook requires role ai-bi-user or higher (user has ${p.user.role})`);
  }
  if (input.folderId !== undefined && input.folderId !== null) {
    await requireFolderEdit(ctx, p, deploymentId, input.folderId);
  }

  await ctx.hooks.beforeUpsertApply?.({ deploymentId, slug, decision });

  const now = isoAt(ctx.now());
  const tx = ctx.db.transaction(['workbooks', 'dashboards'], 'readwrite');
  const store = tx.objectStore('workbooks');
  let saved: WorkbookRecord;
  let published: DashboardRecord | undefined;
  try {
    const current = await store.index('deploymentSlug').get([deploymentId, slug]);
    if (decision === 'create' ? current !== undefined : current?.id !== holder?.id) throw branchChanged(slug);
    if (current) {
      const next = applyInput(current, input);
      saved = jsonEqual(next, current) ? current : { ...next, updatedAt: now };
      if (saved !== current) await store.put(saved);
    } else {
      const fresh = applyInput(
        withoutId<WorkbookRecord>({
          deploymentId,
          name: slug,
          slug,
          type: 'WORKBOOK',
          meta: {},
          calculatedFields: {},
          folderId: null,
          createdBy: p.user.id,
          shares: [],
          isFavorite: null,
          dashboardDraft: null,
          publishedDashboardId: null,
          createdAt: now,
          updatedAt: now,
        }),
        input,
      );
      saved = { ...fresh, id: await store.add(fresh) };
    }
    // Read for the response in the same transaction: one round trip less than a transaction of its own.
    if (saved.publishedDashboardId !== null)
      published = await tx.objectStore('dashboards').get(saved.publishedDashboardId);
    await tx.done;
  } catch (error) {
    abortQuietly(tx);
    // Two engines on one database: the unique slug index refuses the second create.
    if (error instanceof DOMException && error.name === 'ConstraintError') throw branchChanged(slug);
    throw error;
  }
  return toWorkbook(ctx, saved, published ?? null);
}

// ─── Reads, save-draft, publish ──────────────────────────────────────────────────────────────────────────────

const workbookNotFound = (deploymentId: number, workbookId: number) =>
  notFound(`Workbook ${workbookId} not found in deployment ${deploymentId}`);

async function loadWorkbook(ctx: EngineContext, deploymentId: number, workbookId: number): Promise<WorkbookRecord> {
  const wb = await ctx.db.get('workbooks', workbookId);
  if (!wb || wb.deploymentId !== deploymentId) {
    throw workbookNotFound(deploymentId, workbookId);
  }
  return wb;
}

export async function getWorkbook(ctx: EngineContext, p: KeyPrincipal, deploymentId: number, workbookId: number) {
  const wb = await loadWorkbook(ctx, deploymentId, workbookId);
  await requireWorkbookAccess(ctx, p, wb, 'view');
  return toWorkbook(ctx, wb);
}

/** PUT …/workbooks/{id}/dashboard: replaces the draft (edit access). */
export async function saveDashboardDraft(
  ctx: EngineContext,
  p: KeyPrincipal,
  deploymentId: number,
  workbookId: number,
  config: DashboardConfig,
): Promise<Workbook> {
  const wb = await loadWorkbook(ctx, deploymentId, workbookId);
  await requireWorkbookAccess(ctx, p, wb, 'edit');
  const tx = ctx.db.transaction('workbooks', 'readwrite');
  const current = await tx.store.get(workbookId);
  if (!current) {
    abortQuietly(tx);
    throw workbookNotFound(deploymentId, workbookId);
  }
  let saved = current;
  if (!jsonEqual(current.dashboardDraft, config)) {
    saved = { ...current, dashboardDraft: config, updatedAt: isoAt(ctx.now()) };
    await tx.store.put(saved);
  }
  await tx.done;
  return toWorkbook(ctx, saved);
}

/** Report snapshots of a publish: the workbook's `meta.reports` (ours: where reports live until they have a home). */
function snapshotReports(wb: WorkbookRecord, versionNumber: number): ReportSnapshot[] {
  const reports = Array.isArray(wb.meta.reports) ? (wb.meta.reports as Partial<ReportSnapshot>[]) : [];
  return reports
    .filter((r) => typeof r === 'object' && r !== null && Number.isInteger(r.reportId ?? r.id))
    .map((r, i) => ({ ...r, id: i + 1, reportId: (r.reportId ?? r.id) as number, versionNumber }));
}

/** POST …/workbooks/{id}/publish: the draft becomes the published dashboard's next version (edit access). */
export async function publishDashboard(
  ctx: EngineContext,
  p: KeyPrincipal,
  deploymentId: number,
  workbookId: number,
  input: PublishDashboardInput,
): Promise<Dashboard> {
  const wb = await loadWorkbook(ctx, deploymentId, workbookId);
  await requireWorkbookAccess(ctx, p, wb, 'edit');
  if (!wb.dashboardDraft) {
    throw invalid(`Workbook ${workbookId} has no dashboard draft to publish`);
  }
  const now = isoAt(ctx.now());
  const publicId = randomToken(12);
  const tx = ctx.db.transaction(['workbooks', 'dashboards', 'dashboardVersions'], 'readwrite');
  try {
    const current = await tx.objectStore('workbooks').get(workbookId);
    if (!current?.dashboardDraft) throw conflict(`Workbook ${workbookId} changed; retry`);
    const existing =
      current.publishedDashboardId !== null
        ? await tx.objectStore('dashboards').get(current.publishedDashboardId)
        : undefined;
    const versionNumber = (existing?.versionNumber ?? 0) + 1;
    const reportSnapshots = snapshotReports(current, versionNumber);
    const base = withoutId<DashboardRecord>({
      publicId: existing?.publicId ?? publicId,
      deploymentId,
      workbookId,
      status: 'published',
      allowEmbed: input.allowEmbed ?? existing?.allowEmbed ?? true,
      config: current.dashboardDraft,
      versionNumber,
      versionId: 0,
      reportSnapshots,
      createdBy: existing?.createdBy ?? p.user.id,
      title:
        input.title !== undefined ? input.title : (existing?.title ?? current.dashboardDraft.title ?? current.name),
      description:
        input.description !== undefined
          ? input.description
          : (existing?.description ?? current.dashboardDraft.description ?? null),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    });
    const dashboardId = existing?.id ?? (await tx.objectStore('dashboards').add(base));
    const versionId = await tx
      .objectStore('dashboardVersions')
      .add(withoutId({ dashboardId, versionNumber, config: base.config, reportSnapshots, createdAt: now }));
    const dashboard: DashboardRecord = { ...base, id: dashboardId, versionId };
    await tx.objectStore('dashboards').put(dashboard);
    await tx.objectStore('workbooks').put({ ...current, publishedDashboardId: dashboardId, updatedAt: now });
    await tx.done;
    return toDashboard(dashboard);
  } catch (error) {
    abortQuietly(tx);
    throw error;
  }
}

// ─── Response shapes ─────────────────────────────────────────────────────────────────────────────────────────

export function toDashboard(d: DashboardRecord): Dashboard {
  return {
    id: d.id,
    publicId: d.publicId,
    deploymentId: d.deploymentId,
    workbookId: d.workbookId,
    status: d.status,
    allowEmbed: d.allowEmbed,
    config: d.config,
    versionNumber: d.versionNumber,
    versionId: d.versionId,
    reportSnapshots: d.reportSnapshots,
    createdBy: d.createdBy,
    title: d.title,
    description: d.description,
    fromSharedWorkspace: null,
    restrictDataDownload: null,
    useBoardDashboards: null,
  };
}

/**
 * The full Workbook of the spec: folder path, owner, draft and published dashboard. `published` may be passed when
 * the caller already read it (null: none).
 */
export async function toWorkbook(
  ctx: EngineContext,
  wb: WorkbookRecord,
  published?: DashboardRecord | null,
): Promise<Workbook> {
  const chain = await folderChain(ctx, wb.folderId);
  const folderPath: WorkspaceFolderPathEntry[] = chain.reverse().map((f) => ({ id: f.id, name: f.name }));
  const owner = await ctx.cache.get(`user:${wb.createdBy}`, () => ctx.db.get('users', wb.createdBy));
  if (published === undefined && wb.publishedDashboardId !== null) {
    published = (await ctx.db.get('dashboards', wb.publishedDashboardId)) ?? null;
  }
  return {
    id: wb.id,
    deploymentId: wb.deploymentId,
    name: wb.name,
    meta: wb.meta,
    calculatedFields: wb.calculatedFields,
    type: wb.type,
    createdAt: wb.createdAt,
    updatedAt: wb.updatedAt,
    createdBy: wb.createdBy,
    slug: wb.slug ?? null,
    folderId: wb.folderId,
    folderPath,
    isFavorite: wb.isFavorite,
    dashboardDraft: wb.dashboardDraft,
    dashboardPublished: published?.config ?? null,
    publishedDashboard: published ? toDashboard(published) : null,
    user: owner ? { id: owner.id, email: owner.email, firstName: owner.firstName ?? null, picture: null } : null,
    userId: wb.createdBy,
  };
}
