// Reads of the records no endpoint changes (the account, deployments), through the request-spanning ReadCache: the
// rules in auth.ts and session-tokens.ts both need them.

import type { DeploymentRecord } from '../store/schema.js';
import type { EngineContext } from './context.js';

export function getDeployment(ctx: EngineContext, id: number): Promise<DeploymentRecord | undefined> {
  return ctx.cache.get(`deployment:${id}`, () => ctx.db.get('deployments', id));
}

export function getAccount(ctx: EngineContext) {
  return ctx.cache.get('account', () => ctx.db.get('meta', 'account'));
}
