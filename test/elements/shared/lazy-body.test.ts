// LazyBody: the body an element loads after its first frame, in @lit/task's states — pending (the element's own first
// frame, and no load started by it), ready (the body built once, its first update handed every property the element
// declares as changed), error (Retry asks again, and a body that then loads is ready).
import { expect, waitUntil } from '@open-wc/testing';
import { LitElement, html, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { LazyBody, type Changed } from '../../../src/elements/shared/lazy-body.js';

interface Hive {
  label(): string;
  updates: string[][];
  willUpdate(changed: Changed): void;
}

interface HiveModule {
  Hive: new (host: ApiaryElement) => Hive;
}

let attempts = 0;
let failNext = 0;
let release!: () => void;
let gate = Promise.resolve();
/** A loader (module-level, as elements pass one) that fails `failNext` times, then gives a module that builds a body. */
const loaderOf = () => async (): Promise<HiveModule> => {
  attempts++;
  await gate;
  if (failNext > 0) {
    failNext--;
    throw new TypeError('Failed to fetch dynamically imported module: hive.js');
  }
  return {
    Hive: class implements Hive {
      updates: string[][] = [];
      constructor(private readonly host: ApiaryElement) {}
      label = () => `${this.host.apiary}: ${this.host.frames} frames`;
      willUpdate(changed: Changed) {
        this.updates.push(['apiary', 'frames', 'other'].filter((k) => changed.has(k)));
      }
    },
  };
};

abstract class ApiaryElement extends LitElement {
  @property() apiary = 'North';
  @property({ type: Number }) frames = 10;
  builds = 0;
  protected abstract load: () => Promise<HiveModule>;
  // Typed, not inferred: the body's type names this class, and an inferred one is circular (read as any by lint).
  readonly body: LazyBody<HiveModule, Hive> = new LazyBody(
    this,
    () => this.load(),
    (m) => {
      this.builds++;
      return new m.Hive(this);
    },
  );
  override willUpdate(changed: PropertyValues<this>) {
    const next = this.body.update(changed);
    next?.body.willUpdate(next.changed);
  }
  override render() {
    return this.body.render({
      pending: () => html`<p>first frame</p>`,
      ready: (hive) => html`<p>${hive.label()}</p>`,
      error: (error, retry) => html`<p role="alert">${String(error)}<button @click=${retry}>Retry</button></p>`,
    });
  }
}
const first = loaderOf();
customElements.define(
  'apiary-lazy-body',
  class extends ApiaryElement {
    protected load = first;
  },
);
const second = loaderOf();
customElements.define(
  'apiary-lazy-body-retry',
  class extends ApiaryElement {
    protected load = second;
  },
);

describe('LazyBody', () => {
  it('is pending on the first frame, then ready: built once, its first update given every declared property', async () => {
    gate = new Promise<void>((resolve) => (release = resolve));
    const el = document.createElement('apiary-lazy-body') as ApiaryElement;
    document.body.append(el);
    try {
      await el.updateComplete;
      expect(el.body.status).to.equal('pending');
      expect(el.shadowRoot!.textContent).to.equal('first frame');
      el.frames = 12; // changed before the body is there: it still sees every property on its first update
      release();
      await waitUntil(() => el.body.status === 'ready', 'the body', { timeout: 20_000 });
      await el.updateComplete;
      expect(el.shadowRoot!.textContent).to.equal('North: 12 frames');
      const hive = el.body.value!;
      expect(hive.updates[0]).to.deep.equal(['apiary', 'frames']);
      el.apiary = 'South';
      await el.updateComplete;
      expect(hive.updates.at(-1)).to.deep.equal(['apiary']);
      expect(el.builds).to.equal(1);
      expect(el.body.value).to.equal(hive);
    } finally {
      el.remove();
    }
  });

  it('shows why the body could not be loaded, and Retry loads it', async () => {
    gate = Promise.resolve();
    failNext = 1;
    const before = attempts;
    const el = document.createElement('apiary-lazy-body-retry') as ApiaryElement;
    document.body.append(el);
    try {
      await waitUntil(() => el.body.status === 'error', 'the failure', { timeout: 20_000 });
      await el.updateComplete;
      const alert = el.shadowRoot!.querySelector('[role="alert"]')!;
      expect(alert.textContent).to.contain('Failed to fetch dynamically imported module: hive.js');
      expect(el.body.error).to.be.instanceOf(TypeError);
      expect(attempts - before).to.equal(1); // no retry loop
      alert.querySelector('button')!.click();
      await waitUntil(() => el.body.status === 'ready', 'the body after Retry', { timeout: 20_000 });
      await el.updateComplete;
      expect(el.shadowRoot!.textContent).to.equal('North: 10 frames');
      expect(el.body.error).to.equal(undefined);
      expect(attempts - before).to.equal(2);
      expect(el.builds).to.equal(1);
    } finally {
      el.remove();
    }
  });
});
