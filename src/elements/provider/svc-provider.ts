// <svc-provider>: the context root. Elements inside it (at any depth, through shadow roots) take its transport,
// session, locale, time zone and colour scheme; several providers on one page stay independent.

import { provide } from '@lit/context';
import { css, html, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { HttpTransport, type FetchLike } from '../../transport/http-transport.js';
import type { Transport } from '../../transport/transport.js';
import { SvcErrorEvent, SvcSessionExpiredEvent, SvcSessionExpiringEvent } from '../events.js';
import { defineElement } from '../shared/define.js';
import { attachContextRoot, svcContext, type SvcContext } from '../shared/context.js';
import { SvcElement } from '../shared/svc-element.js';
import { ProviderSession, type SessionInfo, type SessionSource } from './session.js';

/**
 * Gives the svc-elements inside it their transport, session, locale, time zone and colour scheme.
 *
 * The transport is the `transport` property, or one the provider builds from `base-url` (and `chat-url`,
 * `account-name`, `agent-id`, or a `fetch` such as a local engine's) that authenticates with the provider's session.
 * The session comes from `token`, from `session-id` (exchanged once for a token), or from the host's
 * `fetchSession` callback, which is also asked for a new session `renew-before` seconds before the token expires.
 *
 * @tagname svc-provider
 * @summary Context root: transport, session, locale, time zone and colour scheme for the elements inside.
 * @slot - The elements that use this provider.
 * @fires svc-session-expiring - The token expires soon (cancelable: skips the renewal).
 * @fires svc-session-expired - The token expired without a renewal.
 * @fires svc-error - Exchanging or renewing the session failed.
 */
export class SvcProvider extends SvcElement {
  /**
   * Only the token the elements inside read. The content the provider wraps is the host page's own and inherits from
   * the provider's host: no `color`, font or `color-scheme` here, which would restyle the page's headings and text.
   */
  static override styles = css`
    :host {
      display: contents;
    }
    :host([color-scheme='light']) {
      --svc-color-scheme: light;
    }
    :host([color-scheme='dark']) {
      --svc-color-scheme: dark;
    }
    :host([color-scheme='auto']) {
      --svc-color-scheme: light dark;
    }
    :host([hidden]) {
      display: none !important;
    }
  `;

  /** A ready transport, used as it is (give it `auth: provider.credentials` to use this provider's session). */
  @property({ attribute: false }) transport?: Transport;
  /** Base address of the API, for the transport the provider builds. */
  @property({ attribute: 'base-url' }) baseUrl?: string;
  /** The Chat API URL (full, or a base address); default: base-url. */
  @property({ attribute: 'chat-url' }) chatUrl?: string;
  @property({ attribute: 'account-name' }) accountName?: string;
  @property({ attribute: 'agent-id' }) agentId?: string;
  /** The fetch of the transport the provider builds (a local engine's `engine.fetch` runs everything in-page). */
  @property({ attribute: false }) fetch?: FetchLike;
  /** An embed session token. */
  @property() token?: string;
  /** A sessionId from generate-session, exchanged once for a token. */
  @property({ attribute: 'session-id' }) sessionId?: string;
  /** Asked for a session when there is no token or sessionId, and again before the token expires. */
  @property({ attribute: false }) fetchSession?: () => Promise<SessionSource>;
  /** Seconds before expiry to renew the token. */
  @property({ attribute: 'renew-before', type: Number }) renewBefore = 60;
  /** IANA time zone for dates (e.g. `Europe/Berlin`); unset means the browser's. */
  @property() timezone?: string;

  @provide({ context: svcContext })
  protected provided: SvcContext = {};

  /** `display: contents` with the page's own content inside: the direction is the page's (its elements set theirs). */
  protected override setsDirection = false;

  private built?: { key: string; transport: HttpTransport };
  private readonly session = new ProviderSession(() => this.activeTransport, {
    expiring: (expiresAt) => this.emit(new SvcSessionExpiringEvent(expiresAt)).defaultPrevented === false,
    expired: () => this.emit(new SvcSessionExpiredEvent()),
    changed: () => this.requestUpdate(),
    error: (error) => this.emit(new SvcErrorEvent(error)),
  });

  /**
   * Credentials from this provider's session, for a transport built by the host: `auth: provider.credentials`.
   * A request made right after the session's properties were set waits for the provider to start that session.
   */
  readonly credentials = async (): Promise<{ bearerToken?: string; serviceToken?: string }> => {
    if (this.isUpdatePending) await this.updateComplete;
    return this.session.credentials();
  };

  /** The current session (token, claims, expiry), once there is one. */
  get sessionInfo(): SessionInfo | undefined {
    return this.session.info;
  }

  /** The transport the elements use: the given one, the one built from base-url, else the outer provider's. */
  get activeTransport(): Transport | undefined {
    if (this.transport) return this.transport;
    if (!this.baseUrl) return this.context?.transport;
    const key = JSON.stringify([this.baseUrl, this.chatUrl, this.accountName, this.agentId]);
    if (this.built?.key !== key) {
      this.built = {
        key,
        transport: new HttpTransport({
          baseUrl: this.baseUrl,
          ...(this.chatUrl && { chatUrl: this.chatUrl }),
          ...(this.accountName && { accountName: this.accountName }),
          ...(this.agentId && { agentId: this.agentId }),
          // Looked up per request: setting `fetch` later (or switching it) reaches requests already under way.
          fetch: (request) => (this.fetch ?? globalThis.fetch)(request),
          auth: this.credentials,
        }),
      };
    }
    return this.built.transport;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) this.restartSession();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.session.stop();
  }

  /** The source the current session was started from (a sessionId is single-use: never exchanged twice). */
  private startedFrom?: string;

  private restartSession(): void {
    this.session.renewBeforeMs = Math.max(0, this.renewBefore) * 1000;
    this.session.fetchSession = this.fetchSession;
    const source = this.token ? { token: this.token } : this.sessionId ? { sessionId: this.sessionId } : undefined;
    const key = JSON.stringify(source ?? null);
    if (key === this.startedFrom && this.session.info) return this.session.resume();
    this.startedFrom = key;
    if (source || this.fetchSession) void this.session.start(source);
    else this.session.stop();
  }

  /**
   * Asks `fetchSession` for a new session now — when the host's viewer changed. Requests made meanwhile wait for its
   * token (the previous viewer's is not used again). Resolves with the new session, or undefined when obtaining it
   * failed (`svc-error` says why).
   */
  async newSession(): Promise<SessionInfo | undefined> {
    if (!this.fetchSession) throw new Error('<svc-provider>: newSession() needs a fetchSession callback');
    this.session.fetchSession = this.fetchSession;
    this.startedFrom = JSON.stringify(null);
    return this.session.start(undefined);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('renewBefore')) this.session.renewBeforeMs = Math.max(0, this.renewBefore) * 1000;
    if (changed.has('fetchSession')) this.session.fetchSession = this.fetchSession;
    if (changed.has('token') || changed.has('sessionId') || (changed.has('fetchSession') && !this.session.info)) {
      this.restartSession();
    }
    // A nested provider inherits what it does not set from the one around it.
    const outer = this.context ?? {};
    const next: SvcContext = {
      transport: this.activeTransport,
      locale: this.locale ?? outer.locale,
      timezone: this.timezone ?? outer.timezone,
      colorScheme: this.colorScheme ?? outer.colorScheme,
      session: this.session.info ?? (this.transport || this.baseUrl ? undefined : outer.session),
    };
    const keys = Object.keys(next) as (keyof SvcContext)[];
    if (keys.some((k) => next[k] !== this.provided[k])) this.provided = next;
  }

  override render(): TemplateResult {
    return html`<slot></slot>`;
  }
}

attachContextRoot();
defineElement('svc-provider', SvcProvider);

declare global {
  interface HTMLElementTagNameMap {
    'svc-provider': SvcProvider;
  }
}
