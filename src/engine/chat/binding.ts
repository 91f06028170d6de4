// Which deployment a chat token is for (issue 30, finding 3). A token names a deployment by its `deploymentId` claim
// (an integer, as the engine's own embed session tokens carry), by an `aud` entry `deployment:<id>`, or by an `iss`
// of that form. It is bound to deployment D when it names D and no other deployment; a token naming another
// deployment is refused. A JWT's `aud`, when present, must include `deployment:<D>` (RFC 7519 §4.1.3: a recipient
// that does not find itself in `aud` rejects the token). A token naming no deployment is decided by its key, in
// token.ts: accepted only when no other deployment trusts the key that signed it.
//
// These rules read claims only: they are pure, and hold for claims from the checkChatToken hook as well (there a
// foreign `aud` is the hook's business: only one naming another deployment is refused).

/** The audience that names deployment `id` in a chat token's `aud` (and the form `iss` names it by). */
export function deploymentAudience(id: number): string {
  return `deployment:${id}`;
}

/** `deployment:<digits>`: what names a deployment in `aud` and `iss` (up to 15 digits: a safe integer). */
const NAMES_DEPLOYMENT = /^deployment:(\d{1,15})$/;

export type Binding =
  /** Names this deployment, and no other. */
  | { kind: 'bound' }
  /** Names no deployment: the key decides. */
  | { kind: 'unbound' }
  | { kind: 'refused'; message: string };

export interface BindingClaims {
  deploymentId?: unknown;
  aud?: unknown;
  iss?: unknown;
}

/**
 * The binding of a token's claims to deployment `id`. `foreignAudience`: `refuse` for JWTs (an `aud` without this
 * deployment's audience is not for it), `ignore` for the checkChatToken hook's claims.
 */
export function tokenBinding(
  claims: BindingClaims,
  id: number,
  { foreignAudience }: { foreignAudience: 'refuse' | 'ignore' },
): Binding {
  const refused = (message: string): Binding => ({ kind: 'refused', message });
  const other = (how: string, named: number) =>
    refused(`Token ${how} names deployment ${named}, not this deployment (${id})`);
  let bound = false;

  const { deploymentId } = claims;
  if (deploymentId !== undefined) {
    if (typeof deploymentId !== 'number' || !Number.isSafeInteger(deploymentId)) {
      return refused('Token deploymentId claim must be an integer');
    }
    if (deploymentId !== id) return other('deploymentId', deploymentId);
    bound = true;
  }

  const { aud } = claims;
  if (aud !== undefined) {
    const audiences = typeof aud === 'string' ? [aud] : aud;
    if (!Array.isArray(audiences) || !audiences.every((a) => typeof a === 'string')) {
      return refused('Token aud claim must be a string or an array of strings');
    }
    let ours = false;
    for (const audience of audiences) {
      const named = namedDeployment(audience);
      if (named === undefined) continue;
      if (named !== id) return other('audience', named);
      ours = true;
    }
    if (!ours && foreignAudience === 'refuse') {
      return refused(`Token audience does not include ${JSON.stringify(deploymentAudience(id))}`);
    }
    bound ||= ours;
  }

  const named = typeof claims.iss === 'string' ? namedDeployment(claims.iss) : undefined;
  if (named !== undefined) {
    if (named !== id) return other('issuer', named);
    bound = true;
  }
  return { kind: bound ? 'bound' : 'unbound' };
}

/** The deployment id a `deployment:<id>` string names, else undefined. */
function namedDeployment(value: string): number | undefined {
  const match = NAMES_DEPLOYMENT.exec(value);
  return match ? Number(match[1]) : undefined;
}
