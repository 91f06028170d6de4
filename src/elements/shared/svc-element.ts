// The base class of every svc-elements element: shared host styles (tokens follow the colour scheme), the context of
// the nearest <svc-provider>, and a typed emit().

import { consume } from '@lit/context';
import { msg, str, updateWhenLocaleChanges } from '@lit/localize';
import { LitElement, css, type CSSResultGroup } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Transport } from '../../transport/transport.js';
import { svcContext, type ColorScheme, type SvcContext } from './context.js';
import { LanguageController, pageLocale } from './l10n.js';

export class SvcElement extends LitElement {
  static override styles: CSSResultGroup = css`
    :host {
      box-sizing: border-box;
      font-family: var(--svc-font-family, system-ui, sans-serif);
      /* The public --svc-* tokens with light and dark defaults, as private --_x variables for the styles inside. */
      --_bg: var(--svc-color-surface, light-dark(#ffffff, #1d1f23));
      --_fg: var(--svc-color-text, light-dark(#1c1e21, #e8eaed));
      --_muted: var(--svc-color-muted, light-dark(#5f6368, #9aa0a6));
      --_accent: var(--svc-color-accent, light-dark(#1a56db, #8ab4f8));
      --_border: var(--svc-color-border, light-dark(#dadce0, #3c4043));
      --_radius: var(--svc-radius, 8px);
      color: var(--_fg);
      /* light-dark() tokens follow the OS unless a provider, the page or the attribute picks a scheme */
      color-scheme: var(--svc-color-scheme, light dark);
    }
    :host([color-scheme='light']) {
      --svc-color-scheme: light;
      color-scheme: light;
    }
    :host([color-scheme='dark']) {
      --svc-color-scheme: dark;
      color-scheme: dark;
    }
    :host([color-scheme='auto']) {
      --svc-color-scheme: light dark;
      color-scheme: light dark;
    }
    :host([hidden]) {
      display: none !important;
    }
    *,
    *::before,
    *::after {
      box-sizing: inherit;
    }
  `;

  /** `light`, `dark` or `auto` (the OS setting); unset follows the provider, then the OS. */
  @property({ attribute: 'color-scheme', reflect: true }) colorScheme?: ColorScheme;
  /**
   * BCP 47 locale of the words, numbers and dates (and the text direction); unset follows the provider, then the
   * page's `lang`, then the browser. The page shows one UI language at a time (see README, Languages).
   */
  @property() locale?: string;

  /** What the nearest <svc-provider> gives (undefined outside one). */
  @consume({ context: svcContext, subscribe: true })
  @state()
  protected context?: SvcContext;

  /** Whether the element sets its `dir` from its locale (not the provider: the page's own content is inside it). */
  protected setsDirection = true;

  constructor() {
    super();
    updateWhenLocaleChanges(this);
    new LanguageController(
      this,
      () => this.requestedLocale,
      () => this.setsDirection,
    );
  }

  /** The locale the element or its provider sets (undefined: none). */
  protected get requestedLocale(): string | undefined {
    return this.locale ?? this.context?.locale;
  }

  /** The locale to format with: the element's own, else the provider's, else the page's, else the browser's. */
  protected get activeLocale(): string | undefined {
    return this.requestedLocale ?? pageLocale();
  }

  /** Dispatches `event` from this element and returns it, so callers can check `defaultPrevented`. */
  emit<E extends Event>(event: E): E {
    this.dispatchEvent(event);
    return event;
  }
}

/** What an element without a transport of its own, and outside any provider, says. */
export const noTransport = (tag: string): string =>
  msg(str`No transport: give <${tag}> a transport or place it inside <svc-provider>.`);

/** An element that talks to the API: through its own `transport`, else the nearest provider's. */
export class SvcConnectedElement extends SvcElement {
  /** The transport to use instead of the provider's (an HttpTransport over the network or the local engine). */
  @property({ attribute: false }) transport?: Transport;

  /** The transport in use: the element's own, else the provider's. */
  protected get activeTransport(): Transport | undefined {
    return this.transport ?? this.context?.transport;
  }

  /** The transport in use; throws the element's "no transport" error when there is none. */
  protected requireTransport(): Transport {
    const transport = this.activeTransport;
    if (!transport) throw new Error(noTransport(this.localName));
    return transport;
  }
}
