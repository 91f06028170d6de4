// Which viewer a dashboard's data were loaded for. Another viewer (other claims) sees other rows: every widget's data
// and the filter options load again (the host's filters stay). A new session of the same viewer (a renewal) loads
// again only what failed or was on its way under the one before.

import type { SvcContext } from '../shared/context.js';

/** Everything of a session's claims but when it was issued and expires: what decides which rows a viewer sees. */
export function viewerKey(context: SvcContext | undefined): string | undefined {
  const claims = context?.session?.claims;
  if (!claims) return undefined;
  const { iat: _iat, exp: _exp, jti: _jti, ...viewer } = claims as typeof claims & { nbf?: number };
  return JSON.stringify(viewer);
}

export class SessionFollower {
  /** The session the data were last loaded under, and its viewer. */
  private session?: unknown;
  private viewer?: string;

  constructor(private readonly on: { otherViewer(): void; renewed(): void }) {}

  /** Called on each update with the provider's context: tells the dashboard when the session changed, and how. */
  follow(context: SvcContext | undefined): void {
    const session = context?.session;
    if (session === this.session || session === undefined) return; // unchanged, or a new one on its way
    const viewer = viewerKey(context);
    if (this.session !== undefined && viewer !== this.viewer) this.on.otherViewer();
    else this.on.renewed();
    this.session = session;
    this.viewer = viewer;
  }
}
