import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { StreamingMarkdown, renderMarkdown } from '../../../src/elements/shared/markdown.js';

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
  ];

  it('nothing executes, and nothing dangerous survives', async () => {
    delete (window as { __xss?: unknown }).__xss;
    const host = document.createElement('div');
    document.body.append(host);
    for (const payload of CORPUS) {
      const md = new StreamingMarkdown();
      for (const ch of payload) md.append(ch); // streamed one character at a time, too
      for (const html of [renderMarkdown(payload), md.html()]) {
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
