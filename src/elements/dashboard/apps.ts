// The kind-APP dashboard's frame, sandboxed, asks for data by postMessage and gets results. Its message listeners live
// on window, so they are kept here and removed when the element disconnects.

import { errorMessage } from '../../api/errors.js';
import type { ReportSnapshot } from '../../api/types.js';
import type { Transport } from '../../transport/transport.js';
import { asRecord } from './values.js';

export class AppFrames {
  private readonly listeners: (() => void)[] = [];

  private readonly watched = new WeakSet<HTMLIFrameElement>();

  /**
   * An app gets `{type: 'svc-init', reports, filters}` on each load of its frame, and asks `{type: 'svc-load', id,
   * query}` and gets `{type: 'svc-result', id, data | error}`. Call as soon as the frame exists: its first script may
   * ask before the frame's load event (Firefox delivers that message first), so requests are answered from then on.
   */
  connectApp(
    frame: HTMLIFrameElement,
    init: () => { reports: ReportSnapshot[]; filters: Record<string, string[]> },
    transport: () => Transport | undefined,
  ): void {
    if (this.watched.has(frame)) return;
    this.watched.add(frame);
    const onLoad = () => frame.contentWindow?.postMessage({ type: 'svc-init', ...init() }, '*');
    const listener = (event: MessageEvent) => {
      const target = frame.contentWindow;
      if (!target || event.source !== target) return;
      const message = asRecord(event.data);
      if (message.type !== 'svc-load') return;
      const current = transport();
      if (!current) return;
      current
        .load({ query: asRecord(message.query) })
        .then((result) => target.postMessage({ type: 'svc-result', id: message.id, data: result.data }, '*'))
        .catch((error: unknown) =>
          target.postMessage({ type: 'svc-result', id: message.id, error: errorMessage(error) }, '*'),
        );
    };
    frame.addEventListener('load', onLoad);
    window.addEventListener('message', listener);
    this.listeners.push(() => {
      frame.removeEventListener('load', onLoad);
      window.removeEventListener('message', listener);
      this.watched.delete(frame);
    });
  }

  /** Stops answering every app (the element left the page). */
  disconnect(): void {
    for (const remove of this.listeners.splice(0)) remove();
  }
}
