import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { StreamingMarkdown, renderMarkdown, sanitize, sanitizeAll } from '../../../src/elements/shared/markdown.js';

const SAMPLE = `# Revenue report

Revenue grew **12 %** in *EMEA*, led by [the web shop](https://example.com/shop).

## By region

| Region | Revenue | Orders |
| --- | ---: | ---: |
| EU | 2,978,239.42 | 4,035 |
| US | 2,794,064.13 | 3,762 |

- completed orders: 11,010
- shipped: 3,988
  - of which express: 402

1. first
2. second

> Note: figures exclude returns.

\`\`\`sql
SELECT customers_region, MEASURE(total_amount)
FROM sales
GROUP BY 1
\`\`\`

Final paragraph with \`inline code\` and a line
that continues here.
`;

function stream(text: string, cuts: number[]): StreamingMarkdown {
  const md = new StreamingMarkdown();
  let at = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)) {
    md.append(text.slice(at, cut));
    at = cut;
  }
  md.append(text.slice(at));
  return md;
}

describe('StreamingMarkdown', () => {
  it('any split into deltas renders exactly what the whole text renders', () => {
    const whole = renderMarkdown(SAMPLE);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 60 }), (cuts) => {
        expect(stream(SAMPLE, cuts).html()).to.equal(whole);
      }),
      { numRuns: 200 },
    );
  });

  it('5,000 deltas of a long answer render the same as the answer at once, caching finished blocks', () => {
    const long = Array.from({ length: 20 }, (_, i) => SAMPLE.replace('# Revenue report', `# Part ${i}`)).join('\n');
    const md = new StreamingMarkdown();
    const size = Math.ceil(long.length / 5000);
    for (let i = 0; i < long.length; i += size) md.append(long.slice(i, i + size));
    expect(md.html()).to.equal(renderMarkdown(long));
    expect(md.blocks.length).to.be.greaterThan(100);
  });

  it('set() with an extension appends; with other text restarts', () => {
    const md = new StreamingMarkdown();
    md.set('# A\n\nfirst\n\n');
    md.set('# A\n\nfirst\n\nsecond\n\nthird');
    expect(md.html()).to.equal(renderMarkdown('# A\n\nfirst\n\nsecond\n\nthird'));
    md.set('# B');
    expect(md.html()).to.equal(renderMarkdown('# B'));
  });

  it('links open in a new tab without opener; only http(s) and mailto', () => {
    const html = renderMarkdown(
      '[site](https://example.com) [mail](mailto:a@b.c) [bad](javascript:alert(1)) [rel](/x)',
    );
    const div = document.createElement('div');
    div.innerHTML = html;
    const links = [...div.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['https://example.com', 'mailto:a@b.c', null, null]);
    for (const a of links) expect([a.target, a.rel]).to.deep.equal(['_blank', 'noopener noreferrer']);
  });
});

describe('markdown XSS corpus', () => {
  const CORPUS = [
    '<script>window.__xss = 1</script>',
    '<img src=x onerror="window.__xss = 2">',
    '![x](x" onerror="window.__xss=3)',
    '[click](javascript:window.__xss=4)',
    '[click](JaVaScRiPt:window.__xss=5)',
    '[click](&#106;avascript:window.__xss=6)',
    '<a href="javascript:window.__xss=7">x</a>',
    '<svg onload="window.__xss=8"><circle r=1 /></svg>',
    '<svg><script>window.__xss=9</script></svg>',
    '<iframe srcdoc="<script>parent.__xss=10</script>"></iframe>',
    '<details open ontoggle="window.__xss=11">x</details>',
    '<a href="data:text/html,<script>alert(1)</script>">d</a>',
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=12">',
    '[x](<javascript:window.__xss=13>)',
    '<form action="javascript:window.__xss=14"><button>go</button></form>',
    '| a | b |\n|---|---|\n| <img src=x onerror="window.__xss=15"> | [y](javascript:window.__xss=16) |',
    '```\n</code><script>window.__xss=17</script>\n```',
    '<div style="background:url(javascript:window.__xss=18)">s</div>',
    // mutation XSS: markup that parses differently once serialised and parsed again in the page
    '<noscript><p title="</noscript><img src=x onerror=window.__xss=19>">',
    '<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.__xss=20>',
    '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=window.__xss=21 src=1>">',
    '<svg></p><style><a id="</style><img src=1 onerror=window.__xss=22>">',
    '<template><img src=x onerror="window.__xss=23"></template>',
    '<style><img src=x onerror="window.__xss=24"></style>',
    // fragments are sanitised in a batch, each in an element of its own: closing it must not escape it
    '</div></div></div><img src=x onerror="window.__xss=25"><div>',
    'a\n\n</div><script>window.__xss=26</script>\n\nb\n\nc',
    // handlers that fire without a click, and URLs that run script
    '<input autofocus onfocus="window.__xss=27">',
    '<select autofocus onfocus="window.__xss=28"></select>',
    '<video><source onerror="window.__xss=29"></video>',
    '<audio src=x onerror="window.__xss=30"></audio>',
    '<object data="javascript:window.__xss=31"></object>',
    '<embed src="javascript:window.__xss=32">',
    '<body onload="window.__xss=33">',
    '<a href="java&#09;script:window.__xss=34">tab</a>',
    '<a href=" javascript:window.__xss=35">space</a>',
    '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=36">',
    '<base href="javascript:window.__xss=37//">',
    '<marquee onstart="window.__xss=38">m</marquee>',
    '<p onmouseover="window.__xss=39" id="ownerDocument">clobbers</p><a name="attributes">x</a>',
  ];

  it('nothing executes, and nothing dangerous survives', async () => {
    expect(CORPUS.length).to.equal(39);
    delete (window as { __xss?: unknown }).__xss;
    const host = document.createElement('div');
    document.body.append(host);
    for (const payload of CORPUS) {
      const md = new StreamingMarkdown();
      for (const ch of payload) md.append(ch); // streamed one character at a time, too
      // …and after harmless blocks, so that its blocks are sanitised in one batch with theirs
      const batched = new StreamingMarkdown();
      batched.append(`first\n\n${payload}\n\nsecond\n\nthird\n\n`);
      for (const html of [renderMarkdown(payload), md.html(), batched.html(), sanitizeAll([payload, payload])[1]]) {
        host.innerHTML = html;
        expect(host.querySelector('script, iframe, img, svg, math, form, style'), payload).to.equal(null);
        for (const el of host.querySelectorAll('*')) {
          for (const attr of el.attributes) {
            expect(attr.name.startsWith('on'), `${payload}: ${attr.name}`).to.equal(false);
            expect(/^\s*(javascript|data|vbscript):/i.test(attr.value), `${payload}: ${attr.value}`).to.equal(false);
          }
        }
      }
    }
    await new Promise((r) => setTimeout(r, 50)); // let any event handler fire
    host.remove();
    expect((window as { __xss?: unknown }).__xss).to.equal(undefined);
  });
});

describe('sanitizeAll', () => {
  it('sanitises each fragment as on its own: a fragment cannot close its element or change its neighbours', () => {
    const fragments = [
      '<p>one <a href="https://example.com">link</a></p>',
      '</div></div><img src=x onerror="window.__xss=40"><p>two',
      '',
      'plain text > no markup',
      '<table><tr><td>three',
      '<p>four</p>\n',
    ];
    const all = sanitizeAll(fragments);
    expect(all).to.deep.equal(fragments.map((f) => sanitize(f)));
    expect(all[0]).to.equal(
      '<p>one <a href="https://example.com" target="_blank" rel="noopener noreferrer">link</a></p>',
    );
    expect(all[1]).to.equal('<p>two</p>');
    expect(all[2]).to.equal('');
    expect(all[3]).to.equal('plain text > no markup');
    expect(all[4]).to.equal('<table><tbody><tr><td>three</td></tr></tbody></table>');
    expect(all[5]).to.equal('<p>four</p>\n');
  });

  it('loads nothing while it sanitises (the parsing document has no browsing context)', async () => {
    const probe = `/__svc-probe-${Date.now()}`;
    sanitizeAll([
      `<img src="${probe}-img.png">`,
      `<video poster="${probe}-poster.png"></video>`,
      `<input type="image" src="${probe}-input.png">`,
      `<link rel="stylesheet" href="${probe}.css">`,
      `<object data="${probe}-object"></object>`,
      `<iframe src="${probe}-frame"></iframe>`,
      `<p style="background:url(${probe}-bg.png)">p</p>`,
    ]);
    await new Promise((r) => setTimeout(r, 200));
    const loaded = performance.getEntriesByType('resource').filter((e) => e.name.includes(probe));
    expect(loaded.map((e) => e.name)).to.deep.equal([]);
  });
});
