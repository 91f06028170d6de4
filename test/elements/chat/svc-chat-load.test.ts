// <svc-chat> paints its first frame — the empty state and the composer — from the elements entry alone, and loads its
// body (sessions, the log, the styles of messages) after it; a body that cannot be downloaded shows an error with
// Retry instead of a chat that silently does nothing.
import { expect, waitUntil } from '@open-wc/testing';
import { SvcChat } from '../../../src/elements/chat/svc-chat.js';

const frame = () => new Promise((r) => requestAnimationFrame(r));

describe('<svc-chat> loading', function () {
  this.timeout(30_000);
  const original = SvcChat.loadView;
  afterEach(() => {
    SvcChat.loadView = original;
  });

  it('paints the empty state and the composer before its body is there', async () => {
    let arrive!: () => void;
    const body = new Promise<void>((resolve) => (arrive = resolve));
    SvcChat.loadView = () => body.then(original);
    const el = document.createElement('svc-chat');
    el.starterPrompts = ['Tonnage by harbour?'];
    document.body.append(el);
    try {
      for (let i = 0; i < 3; i++) await frame();
      const root = el.shadowRoot!;
      expect(root.querySelector('.starters button')!.textContent).to.equal('Tonnage by harbour?');
      expect(root.querySelector('textarea[part="input"]')).not.to.equal(null);
      expect(root.querySelector('[part="log"]')!.hasAttribute('aria-busy')).to.equal(false); // only the body sets it
      arrive();
      await el.updateComplete;
      expect(root.querySelector('[part="log"]')!.getAttribute('aria-busy')).to.equal('false');
      expect(root.querySelector('.starters button')!.textContent).to.equal('Tonnage by harbour?');
    } finally {
      el.remove();
    }
  });

  it('starts loading its body in a task after the one that drew its first frame', async () => {
    let asked = 0;
    SvcChat.loadView = () => {
      asked++;
      return original();
    };
    const el = document.createElement('svc-chat');
    document.body.append(el);
    try {
      // Microtasks only: still the task that appended it, in which Lit draws the first frame.
      for (let i = 0; i < 100 && !el.hasUpdated; i++) await Promise.resolve();
      expect(el.hasUpdated).to.equal(true);
      expect(el.shadowRoot!.querySelector('textarea[part="input"]')).not.to.equal(null);
      expect(asked, 'asked for the body in the first frame').to.equal(0);
      await el.updateComplete;
      expect(asked).to.equal(1);
      expect(el.shadowRoot!.querySelector('[part="log"]')!.getAttribute('aria-busy')).to.equal('false');
    } finally {
      el.remove();
    }
  });

  it('a body that cannot be downloaded shows the error, and Retry loads it', async () => {
    let fail = true;
    SvcChat.loadView = () =>
      fail ? Promise.reject(new TypeError('Failed to fetch dynamically imported module: chat-view.js')) : original();
    const el = document.createElement('svc-chat');
    el.starterPrompts = ['Tonnage by harbour?'];
    document.body.append(el);
    try {
      await el.updateComplete;
      const root = el.shadowRoot!;
      await waitUntil(() => root.querySelector('[role="alert"]'), 'the error is shown', { timeout: 20_000 });
      const alert = root.querySelector('[role="alert"]')!;
      expect(alert.textContent).to.contain('The chat could not load').and.contain('Failed to fetch');
      await el.send('Tonnage by harbour?'); // resolves: nothing to send with, the error stays
      expect(root.querySelector('[role="alert"]')).not.to.equal(null);

      fail = false;
      alert.querySelector('button')!.click();
      await waitUntil(() => !root.querySelector('[role="alert"]'), 'the body loads on Retry', { timeout: 20_000 });
      await el.updateComplete;
      expect(root.querySelector('[part="log"]')!.getAttribute('aria-busy')).to.equal('false');
      expect(root.querySelector('.starters button')!.textContent).to.equal('Tonnage by harbour?');
    } finally {
      el.remove();
    }
  });
});
