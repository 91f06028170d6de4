// What the buttons of <svc-chat>'s tool cards do: copy a query's SQL (its button says so for a moment) and load
// every row of a result through the data API.

import type { ReactiveControllerHost } from 'lit';
import type { Transport } from '../../transport/transport.js';
import { SvcErrorEvent } from '../events.js';

export class ToolActions {
  /** The message whose SQL was just copied. */
  copied?: string;
  /** Full results loaded through the data API, by tool message id. */
  private readonly rows = new Map<string, unknown[][]>();

  constructor(
    private readonly host: ReactiveControllerHost & { emit<E extends Event>(event: E): E },
    private readonly transport: () => Transport,
  ) {}

  /** The full result loaded for a tool message, if it was. */
  loadedRows(id: string): unknown[][] | undefined {
    return this.rows.get(id);
  }

  async loadAll(id: string, sqlQuery: string): Promise<void> {
    try {
      const result = await this.transport().cubeSql({ query: sqlQuery });
      this.rows.set(id, result.data);
      this.host.requestUpdate();
    } catch (error) {
      this.host.emit(new SvcErrorEvent(error));
    }
  }

  /** Marks `id` as copied for two seconds, once `copy` is done. */
  async copy(id: string, copy: Promise<void> | undefined): Promise<void> {
    await copy;
    this.copied = id;
    this.host.requestUpdate();
    setTimeout(() => {
      if (this.copied !== id) return;
      this.copied = undefined;
      this.host.requestUpdate();
    }, 2000);
  }
}
