// Workbooks and dashboards (management API, Bearer): the idempotent upsert by slug (retried on 409
// upsert_branch_changed), reads, draft and publish, the deployments list; and the embed read of a published
// dashboard that <svc-dashboard> renders.

import { ApiError, UPSERT_BRANCH_CHANGED } from '../api/errors.js';
import type {
  CreateWorkbookInput,
  Dashboard,
  DashboardConfig,
  Deployment,
  EmbedDashboardResponse,
  PublishDashboardInput,
  Workbook,
} from '../api/types.js';
import type { HttpContext } from './http-core.js';
import { callJson } from './operation.js';
import type { RequestOptions } from './transport.js';

export async function upsertWorkbookBySlug(
  http: HttpContext,
  deploymentId: number,
  slug: string,
  input?: CreateWorkbookInput,
  options?: RequestOptions,
): Promise<Workbook> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await callJson(http, 'upsertWorkbookBySlug', {
        params: { deploymentId, slug },
        body: input ?? {},
        options,
      });
    } catch (error) {
      const retriable = error instanceof ApiError && error.status === 409 && error.code === UPSERT_BRANCH_CHANGED;
      if (!retriable || attempt >= http.retry.tries) throw error;
      await sleep(backoff(http, attempt), options?.signal);
    }
  }
}

export function getWorkbook(
  http: HttpContext,
  deploymentId: number,
  workbookId: number,
  options?: RequestOptions,
): Promise<Workbook> {
  return callJson(http, 'getWorkbook', { params: { deploymentId, workbookId }, options });
}

export function saveDashboardDraft(
  http: HttpContext,
  deploymentId: number,
  workbookId: number,
  config: DashboardConfig,
  options?: RequestOptions,
): Promise<Workbook> {
  return callJson(http, 'saveDashboardDraft', { params: { deploymentId, workbookId }, body: config, options });
}

export function publishDashboard(
  http: HttpContext,
  deploymentId: number,
  workbookId: number,
  input?: PublishDashboardInput,
  options?: RequestOptions,
): Promise<Dashboard> {
  return callJson(http, 'publishDashboard', { params: { deploymentId, workbookId }, body: input ?? {}, options });
}

export function listDeployments(http: HttpContext, options?: RequestOptions): Promise<Deployment[]> {
  return callJson(http, 'listDeployments', { options });
}

/** A published dashboard with allowEmbed, for rendering (Bearer session token). */
export function getEmbedDashboard(
  http: HttpContext,
  publicId: string,
  options?: RequestOptions,
): Promise<EmbedDashboardResponse> {
  return callJson(http, 'getEmbedDashboard', { params: { publicId }, options });
}

function backoff(http: HttpContext, attempt: number): number {
  const ceiling = Math.min(http.retry.maxDelayMs, http.retry.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(http.retry.random() * ceiling);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
