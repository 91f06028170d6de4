import { expect } from '@open-wc/testing';
import { defineElement } from '../../../src/elements/shared/define.js';
import { SvcElement } from '../../../src/elements/shared/svc-element.js';
import { SvcErrorEvent } from '../../../src/elements/events.js';

describe('defineElement', () => {
  it('defines once; a second definition is a no-op, with a warning for another class', () => {
    class A extends HTMLElement {}
    class B extends HTMLElement {}
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args[0]);
    try {
      defineElement('svc-test-define', A);
      defineElement('svc-test-define', A);
      expect(warnings).to.have.length(0);
      defineElement('svc-test-define', B);
    } finally {
      console.warn = warn;
    }
    expect(customElements.get('svc-test-define')).to.equal(A);
    expect(String(warnings[0])).to.contain('<svc-test-define> is already defined');
  });
});

describe('SvcElement.emit', () => {
  it('dispatches typed, bubbling, composed events across shadow roots', () => {
    class Emitter extends SvcElement {}
    defineElement('svc-test-emitter', Emitter);
    const host = document.createElement('div');
    const shadow = host.attachShadow({ mode: 'open' });
    const el = document.createElement('svc-test-emitter') as Emitter;
    shadow.append(el);
    document.body.append(host);
    let received: SvcErrorEvent | undefined;
    document.body.addEventListener('svc-error', (e) => (received = e), { once: true });
    const sent = el.emit(new SvcErrorEvent(new Error('x')));
    host.remove();
    expect(received).to.equal(sent);
    expect((received!.error as Error).message).to.equal('x');
  });
});
