// <svc-provider>: the context root. Elements inside it (at any depth, through shadow roots) take its transport,
// locale, time zone and colour scheme; several providers on one page stay independent.

import { provide } from '@lit/context';
import { css, html, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { Transport } from '../../transport/transport.js';
import { defineElement } from '../shared/define.js';
import { svcContext, type SvcContext } from '../shared/context.js';
import { SvcElement } from '../shared/svc-element.js';

/**
 * Gives the svc-elements inside it their transport, locale, time zone and colour scheme.
 *
 * @tagname svc-provider
 * @summary Context root: transport, session, locale, time zone and colour scheme for the elements inside.
 * @slot - The elements that use this provider.
 */
export class SvcProvider extends SvcElement {
  static override styles = [
    SvcElement.styles,
    css`
      :host {
        display: contents;
      }
    `,
  ];

  /** The transport the elements inside use (an HttpTransport over the network or over the local engine's fetch). */
  @property({ attribute: false }) transport?: Transport;
  /** IANA time zone for dates (e.g. `Europe/Berlin`); unset means the browser's. */
  @property() timezone?: string;

  @provide({ context: svcContext })
  protected provided: SvcContext = {};

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // A nested provider inherits what it does not set from the one around it.
    const outer = this.context ?? {};
    const next: SvcContext = {
      transport: this.transport ?? outer.transport,
      locale: this.locale ?? outer.locale,
      timezone: this.timezone ?? outer.timezone,
      colorScheme: this.colorScheme ?? outer.colorScheme,
    };
    const keys = Object.keys(next) as (keyof SvcContext)[];
    if (keys.some((k) => next[k] !== this.provided[k])) this.provided = next;
  }

  override render(): TemplateResult {
    return html`<slot></slot>`;
  }
}

defineElement('svc-provider', SvcProvider);

declare global {
  interface HTMLElementTagNameMap {
    'svc-provider': SvcProvider;
  }
}
