// defineElement where there is no DOM and no shim of it (plain Node, the source imported directly): no registry, so
// nothing is defined and nothing throws; the package's own server-side import (with Lit's shim) is in
// test/frameworks/examples.node.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineElement } from '../../../src/elements/shared/define.js';

describe('defineElement without a custom element registry', () => {
  it('defines nothing and does not throw', () => {
    assert.equal(typeof (globalThis as { customElements?: unknown }).customElements, 'undefined');
    assert.doesNotThrow(() => defineElement('svc-nowhere', class {} as unknown as CustomElementConstructor));
    assert.equal(typeof (globalThis as { customElements?: unknown }).customElements, 'undefined');
  });
});
