// The embed session of a <svc-provider>: where the token comes from (a token, a single-use sessionId to exchange,
// or the host's fetchSession callback), when it expires, and its renewal before then. Requests made while a token
// is being obtained wait for it, so nothing fails and no element loses its state across a renewal.

import type { EmbedTokenClaims } from '../../api/types.js';
import type { Credentials, Transport } from '../../transport/transport.js';

/** What the host's backend answers: a sessionId from generate-session (exchanged here), or a token. */
export type SessionSource = { sessionId: string } | { token: string } | string;

export interface SessionInfo {
  token: string;
  /** The token's claims, read without verification (the service verifies); undefined when it is not a JWT. */
  claims?: EmbedTokenClaims;
  /** Epoch ms, from `exp`. */
  expiresAt?: number;
}

export interface SessionCallbacks {
  /** Called `ms` before expiry; return false to skip the renewal. */
  expiring(expiresAt: number): boolean;
  expired(): void;
  changed(session: SessionInfo | undefined): void;
  error(error: unknown): void;
}

/** The payload of a JWT, or undefined. */
export function readClaims(token: string): EmbedTokenClaims | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims = JSON.parse(json) as EmbedTokenClaims;
    return typeof claims === 'object' && claims !== null ? claims : undefined;
  } catch {
    return undefined;
  }
}

/** The error requests give when no session could be started: what the exchange or the host's callback said. */
function sessionFailure(error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`The session could not be started: ${reason}`, { cause: error });
}

/** setTimeout's longest delay (about 24.8 days); longer waits are scheduled in steps. */
const MAX_DELAY = 2 ** 31 - 1;

export class ProviderSession {
  private current?: SessionInfo;
  private pending?: Promise<SessionInfo | undefined>;
  private timer?: ReturnType<typeof setTimeout>;
  /** The expiry `expiring` was said for (once per token). */
  private announced?: number;
  private generation = 0;
  private renewFailed = false;
  /** Why no session could be obtained (none before it either): requests say it instead of lacking credentials. */
  private failure?: Error;
  /** Renew this long before expiry (ms). */
  renewBeforeMs = 60_000;
  /** The host's callback for a new session (initially without token or sessionId, and for renewals). */
  fetchSession?: () => Promise<SessionSource>;

  constructor(
    private readonly transport: () => Transport | undefined,
    private readonly on: SessionCallbacks,
  ) {}

  get info(): SessionInfo | undefined {
    return this.current;
  }

  /** Credentials for the transport: the session token, once there is one (waits while one is being obtained). */
  readonly credentials = async (): Promise<Credentials> => {
    const session = this.current ?? (await this.pending);
    if (!session && this.failure) throw this.failure;
    return session ? { bearerToken: session.token, serviceToken: session.token } : {};
  };

  /**
   * Starts from `source` (or the host's callback when undefined); replaces whatever was there. A renewal keeps the
   * current token in use until the new one arrives; a new session does not (it may be another viewer's): requests
   * wait for it.
   */
  start(source: SessionSource | undefined, renewal = false): Promise<SessionInfo | undefined> {
    const generation = ++this.generation;
    clearTimeout(this.timer);
    this.failure = undefined;
    if (!renewal && this.current) {
      this.current = undefined;
      this.on.changed(undefined);
    }
    const obtain = async (): Promise<SessionInfo | undefined> => {
      const from = source ?? (this.fetchSession ? await this.fetchSession() : undefined);
      if (from === undefined) return undefined;
      const token = await this.tokenFrom(from);
      return { token, ...this.timing(token) };
    };
    const pending = obtain().then(
      (session) => {
        if (generation !== this.generation) return this.current;
        this.set(session);
        return session;
      },
      (error: unknown) => {
        if (generation === this.generation) {
          this.pending = undefined;
          if (!this.current) this.failure = sessionFailure(error);
          this.on.error(error);
          // A failed renewal keeps the current token until it expires (and says so then).
          this.renewFailed = true;
          this.schedule();
        }
        return this.current;
      },
    );
    this.pending = pending;
    return pending;
  }

  /** After stop(): keeps the current session and its renewal going again. */
  resume(): void {
    this.generation++;
    this.schedule();
  }

  stop(): void {
    this.generation++;
    clearTimeout(this.timer);
    this.pending = undefined;
  }

  private async tokenFrom(source: SessionSource): Promise<string> {
    if (typeof source === 'string') return source;
    if ('token' in source) return source.token;
    const transport = this.transport();
    if (!transport)
      throw new Error('<svc-provider>: no transport to exchange the session with (set base-url or fetch)');
    return (await transport.exchangeSessionToken(source.sessionId)).token;
  }

  private timing(token: string): Omit<SessionInfo, 'token'> {
    const claims = readClaims(token);
    return {
      ...(claims && { claims }),
      ...(typeof claims?.exp === 'number' && { expiresAt: claims.exp * 1000 }),
    };
  }

  private set(session: SessionInfo | undefined): void {
    this.current = session;
    this.renewFailed = false;
    this.pending = undefined;
    this.on.changed(session);
    this.schedule();
  }

  /** Waits until `renewBeforeMs` before expiry to renew, and until expiry to say it has expired. */
  private schedule(): void {
    clearTimeout(this.timer);
    const expiresAt = this.current?.expiresAt;
    if (expiresAt === undefined) return;
    const generation = this.generation;
    const renewAt = expiresAt - this.renewBeforeMs;
    const tick = () => {
      if (generation !== this.generation) return;
      const now = Date.now();
      if (now >= expiresAt) {
        this.on.expired();
        return;
      }
      if (now >= renewAt && !this.pending && !this.renewFailed) {
        // Said once per token: a timer firing a little early (Firefox) or a schedule again (resume) waits on.
        const said = this.announced === expiresAt;
        this.announced = expiresAt;
        if (!said && this.on.expiring(expiresAt) && this.fetchSession) {
          void this.start(undefined, true);
          return;
        }
        this.timer = setTimeout(tick, Math.min(MAX_DELAY, Math.max(1, expiresAt - now)));
        return;
      }
      this.timer = setTimeout(tick, Math.min(MAX_DELAY, renewAt - now));
    };
    tick();
  }
}
