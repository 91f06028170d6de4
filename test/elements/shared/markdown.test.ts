import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { Lexer, Parser } from 'marked';
import { StreamingMarkdown, renderMarkdown } from '../../../src/elements/shared/markdown.js';
import { sanitize } from '../../../src/elements/shared/sanitize.js';
import { longMarkdownAnswer } from '../../fixtures/long-answer.js';

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

  it('links open in a new tab without opener; only http(s) and mailto, the rest is text', () => {
    const html = renderMarkdown(
      '[site](https://example.com) [mail](mailto:a@b.c) [bad](javascript:alert(1)) [rel](/x) <https://auto.example/a?b=1&c=2>',
    );
    const div = document.createElement('div');
    div.innerHTML = html;
    const links = [...div.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      'https://example.com',
      'mailto:a@b.c',
      'https://auto.example/a?b=1&c=2',
    ]);
    for (const a of links) expect([a.target, a.rel]).to.deep.equal(['_blank', 'noopener noreferrer']);
    expect(div.textContent).to.equal('site mail bad rel https://auto.example/a?b=1&c=2\n');
  });

  it('shows raw HTML as the text it is: no tag of an answer becomes an element', () => {
    const div = document.createElement('div');
    div.innerHTML = renderMarkdown('<div class="x">block</div>\n\nsome <b>bold</b> and <kbd>K</kbd> text');
    expect(div.querySelectorAll('div, b, kbd').length).to.equal(0);
    expect(div.textContent).to.equal('<div class="x">block</div>\nsome <b>bold</b> and <kbd>K</kbd> text\n');
  });

  it('renders markdown as the sanitised default renderer did (same DOM), without raw HTML, images or checkboxes', () => {
    const safe = [
      SAMPLE,
      longMarkdownAnswer(20_000),
      'Links: [t](https://example.com/a_b?q=1&amp;r=2 "A \\"title\\" & more") <mailto:x@y.z> https://www.example.com/x www.example.org',
      'Entities: &amp; &lt;tag&gt; &#60;b&#62; &copy; AT&T a < b > c "quoted" \'single\' \\<escaped\\>',
      '- [x] done\n- [ ] open\n\n~~gone~~ and `code <b>` and ***both***\n\n---\n\n3. three\n4. four\n\n> quote\n> > nested',
      '```js "weird lang"\nconst a = "<b>";\n```\n\n    indented <i>code</i>\n\n[ref][r]\n\n[r]: https://example.com/ref "Ref"',
      '| a | b |\n| :-- | :-: |\n| `x|y` | **z** |\n| [l](https://l.example) | &amp; |',
    ];
    const dom = (html: string) => Object.assign(document.createElement('template'), { innerHTML: html }).content;
    for (const markdown of safe) {
      const before = sanitize(Parser.parse(Lexer.lex(markdown, { gfm: true }), { gfm: true }));
      const ours = renderMarkdown(markdown);
      expect(dom(ours).isEqualNode(dom(before)), markdown).to.equal(true);
      // As long as the DOM's serialisation of it, quotes in code included: the chat's chunks of finished blocks
      // (grouped by their HTML's length) are the same as before.
      if (!markdown.includes('&')) expect(ours.length, markdown).to.equal(before.length);
    }
  });

  it('runs no sanitiser: no HTML is parsed to render an answer', () => {
    // A sanitiser parses HTML to walk it (DOMPurify: DOMParser, or a range's fragment): count both.
    const counted = <T extends object>(proto: T, name: keyof T & string) => {
      const original = Reflect.get(proto, name) as (...args: unknown[]) => unknown;
      Reflect.set(proto, name, function (this: unknown, ...args: unknown[]) {
        parsed++;
        return Reflect.apply(original, this, args);
      });
      return () => Reflect.set(proto, name, original);
    };
    let parsed = 0;
    const restore = [
      counted(DOMParser.prototype, 'parseFromString'),
      counted(Range.prototype, 'createContextualFragment'),
    ];
    try {
      const text = longMarkdownAnswer(30_000) + '\n\n<b>raw</b> [x](javascript:void 0)\n';
      const md = new StreamingMarkdown();
      for (let i = 0; i < text.length; i += 97) md.append(text.slice(i, i + 97));
      expect(renderMarkdown(text)).to.equal(md.html());
      expect(parsed).to.equal(0);
    } finally {
      for (const undo of restore) undo();
    }
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
    // links whose scheme hides behind references, whitespace or a reference definition; autolinks; titles
    '[x](java&#x09;script:window.__xss=40)',
    '[x](&#x6A;&#x61;vascript:window.__xss=41)',
    '[x](javascript&colon;window.__xss=42)',
    '[x](<java script:window.__xss=43>)',
    '[x](%20javascript:window.__xss=44)',
    '[x][r]\n\n[r]: javascript:window.__xss=45',
    '[x][r]\n\n[r]: https://a.example "t\\" onmouseover=\\"window.__xss=46"',
    '[x](https://a.example "t\\" onmouseover=\\"window.__xss=47")',
    '<javascript:window.__xss=48>',
    '<https://a.example/"onmouseover="window.__xss=49>',
    '[x](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9NTA8L3NjcmlwdD4=)',
    '[x](vbscript:window.__xss=51)',
    '[<img src=x onerror="window.__xss=52">](https://a.example)',
    // markup in code spans, fenced code's language, raw text elements, table cells, numeric references
    '`<img src=x onerror="window.__xss=53">`',
    '```"><img src=x onerror="window.__xss=54">\ncode\n```',
    'a <pre> <script>window.__xss=55 < 1</script> </pre> b',
    '<textarea><img src=x onerror="window.__xss=56"></textarea>',
    '| <b onmouseover="window.__xss=57">a</b> | `<i>` |\n|---|---|\n| <a href="javascript:window.__xss=58">c</a> | d |',
    '&#60;img src=x onerror="window.__xss=59"&#62;',
    '<!-- --><img src=x onerror="window.__xss=60"> <![CDATA[<img src=x onerror="window.__xss=61">]]>',
    '<div>\n\n*md* <img src=x onerror="window.__xss=62">\n\n</div>',
  ];

  it('nothing executes, and nothing dangerous survives', async () => {
    expect(CORPUS.length).to.equal(60);
    delete (window as { __xss?: unknown }).__xss;
    const host = document.createElement('div');
    document.body.append(host);
    for (const payload of CORPUS) {
      const md = new StreamingMarkdown();
      for (const ch of payload) md.append(ch); // streamed one character at a time, too
      // …and after harmless blocks, so that its blocks are sanitised in one batch with theirs
      const batched = new StreamingMarkdown();
      batched.append(`first\n\n${payload}\n\nsecond\n\nthird\n\n`);
      for (const html of [renderMarkdown(payload), md.html(), batched.html(), sanitize(payload)]) {
        host.innerHTML = html;
        expect(host.querySelector('script, iframe, img, svg, math, form, style'), payload).to.equal(null);
        for (const a of host.querySelectorAll('a[href]'))
          expect(/^(https?|mailto):/i.test(a.getAttribute('href')!), `${payload}: ${a.getAttribute('href')}`).to.equal(
            true,
          );
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
