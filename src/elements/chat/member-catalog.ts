// The data API's meta for <svc-chat>'s result tables (member titles, types, formats): asked once per transport and
// viewer (shared/meta-cache.ts), shared by every element on the page, and only when a result is shown. Without it tables still render, with
// the titles the chart spec gives or readable column names.

import type { ReactiveControllerHost } from 'lit';
import type { MetaResponse } from '../../api/types.js';
import type { Transport } from '../../transport/transport.js';
import { metaOf } from '../shared/meta-cache.js';

export class MemberCatalog {
  private key?: [Transport, string];
  private value?: MetaResponse;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly source: () => { transport: Transport | undefined; viewer: string | undefined },
  ) {}

  /** The meta, once loaded (asks for it on first use; the host renders again when it arrives). */
  get meta(): MetaResponse | undefined {
    const { transport, viewer = '' } = this.source();
    if (!transport) return undefined;
    if (this.key?.[0] !== transport || this.key[1] !== viewer) {
      const key: [Transport, string] = (this.key = [transport, viewer]);
      this.value = undefined;
      void metaOf(transport, viewer).then((meta) => {
        if (this.key !== key || !meta) return;
        this.value = meta;
        this.host.requestUpdate();
      });
    }
    return this.value;
  }
}
