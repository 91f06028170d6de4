// The sanitiser of HTML that a library of ours writes (highlighted SQL): DOMPurify's strict profile.
import { expect } from '@open-wc/testing';
import { sanitize } from '../../../src/elements/shared/sanitize.js';

describe('sanitize', () => {
  it('keeps safe markup, links opened without opener; drops what is unsafe and what does not close', () => {
    expect(sanitize('<p>one <a href="https://example.com">link</a></p>')).to.equal(
      '<p>one <a href="https://example.com" target="_blank" rel="noopener noreferrer">link</a></p>',
    );
    expect(sanitize('</div></div><img src=x onerror="window.__xss=40"><p>two')).to.equal('<p>two</p>');
    expect(sanitize('<span class="hljs-keyword">SELECT</span> 1')).to.equal(
      '<span class="hljs-keyword">SELECT</span> 1',
    );
    expect(sanitize('<table><tr><td>three')).to.equal('<table><tbody><tr><td>three</td></tr></tbody></table>');
    expect(sanitize('<a href="javascript:window.__xss=41">x</a>')).to.equal(
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('loads nothing while it sanitises (the parsing document has no browsing context)', async () => {
    const probe = `/__svc-probe-${Date.now()}`;
    for (const html of [
      `<img src="${probe}-img.png">`,
      `<video poster="${probe}-poster.png"></video>`,
      `<input type="image" src="${probe}-input.png">`,
      `<link rel="stylesheet" href="${probe}.css">`,
      `<object data="${probe}-object"></object>`,
      `<iframe src="${probe}-frame"></iframe>`,
      `<p style="background:url(${probe}-bg.png)">p</p>`,
    ])
      sanitize(html);
    await new Promise((r) => setTimeout(r, 200));
    const loaded = performance.getEntriesByType('resource').filter((e) => e.name.includes(probe));
    expect(loaded.map((e) => e.name)).to.deep.equal([]);
  });
});
