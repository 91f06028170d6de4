// LazyModule: a module loaded once for every host, the host updated when it arrives; a load that fails updates the
// host with the error (no retry loop: that host asks again only after retry()), and a later host tries afresh.
import { expect, waitUntil } from '@open-wc/testing';
import { LitElement, html } from 'lit';
import { LazyModule } from '../../../src/elements/shared/lazy-module.js';

class LazyHost extends LitElement {
  renders = 0;
  lazy?: LazyModule<{ name: string }>;
  override render() {
    this.renders++;
    const module = this.lazy?.get();
    return html`${module ? module.name : this.lazy?.error !== undefined ? 'failed' : 'loading'}`;
  }
}
customElements.define('lazy-module-host', LazyHost);

/** A host that only reads the module (`current`) and has it loaded after its first frame. */
class AfterFirstFrameHost extends LitElement {
  lazy = new LazyModule<{ name: string }>(this, loadAfterFrame, { afterFirstFrame: true });
  /** Whether the loader had been called when each frame was drawn. */
  frames: boolean[] = [];
  override render() {
    this.frames.push(loadCalls > 0);
    return html`${this.lazy.current?.name ?? 'first frame'}`;
  }
  override updated() {
    this.frames.push(loadCalls > 0);
  }
  /** Complete once the module is there and drawn, as the library's elements do. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await this.lazy.settled();
    return super.getUpdateComplete();
  }
}
let loadCalls = 0;
const loadAfterFrame = async () => {
  loadCalls++;
  return { name: 'body' };
};
customElements.define('lazy-module-after-frame', AfterFirstFrameHost);

function mount(load: () => Promise<{ name: string }>): LazyHost {
  const el = document.createElement('lazy-module-host') as LazyHost;
  el.lazy = new LazyModule(el, load);
  document.body.append(el);
  return el;
}

describe('LazyModule', () => {
  afterEach(() => document.querySelectorAll('lazy-module-host, lazy-module-after-frame').forEach((el) => el.remove()));

  it('afterFirstFrame: the load starts after the first frame, not during it, and updateComplete waits for it', async () => {
    const el = document.createElement('lazy-module-after-frame') as AfterFirstFrameHost;
    document.body.append(el);
    await el.updateComplete; // waits for the load started after the first frame, and the frame with the body
    expect(el.shadowRoot!.textContent).to.equal('body');
    // The first frame and its updated() (Lit calls the controllers' hostUpdated before it): no load started yet.
    expect(el.frames.slice(0, 2)).to.deep.equal([false, false]);
    expect(loadCalls).to.equal(1);
  });

  it('loads once for every host and updates each when the module arrives', async () => {
    let calls = 0;
    const load = () => {
      calls++;
      return new Promise<{ name: string }>((resolve) => setTimeout(() => resolve({ name: 'loaded' }), 20));
    };
    const a = mount(load);
    const b = mount(load);
    await waitUntil(() => a.shadowRoot!.textContent === 'loaded' && b.shadowRoot!.textContent === 'loaded');
    expect(calls).to.equal(1);
    const c = mount(load);
    await c.updateComplete;
    expect(c.shadowRoot!.textContent).to.equal('loaded'); // there at once
    expect(calls).to.equal(1);
  });

  it('a failed load updates the host with its error, is not asked again until retry(), and a later host retries', async () => {
    let calls = 0;
    let fail = true;
    const load = async () => {
      calls++;
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return { name: 'second try' };
    };
    const el = mount(load);
    await waitUntil(() => el.shadowRoot!.textContent === 'failed', 'the error shown', { timeout: 20_000 });
    expect(el.lazy!.error).to.be.instanceOf(TypeError);
    // More updates do not load again (no loop of failing downloads).
    const renders = el.renders;
    for (let i = 0; i < 3; i++) {
      el.requestUpdate();
      await el.updateComplete;
    }
    expect(el.renders).to.equal(renders + 3);
    expect(calls).to.equal(1);
    // Another host tries afresh, and fails too while the chunk is unreachable.
    const other = mount(load);
    await waitUntil(() => other.shadowRoot!.textContent === 'failed');
    expect(calls).to.equal(2);
    // Reachable again: retry() asks once more.
    fail = false;
    el.lazy!.retry();
    el.requestUpdate();
    await waitUntil(() => el.shadowRoot!.textContent === 'second try', 'loaded on retry', { timeout: 20_000 });
    expect(el.lazy!.error).to.equal(undefined);
    expect(calls).to.equal(3);
  });
});
