// The local analyst's answers show data and model text as text (issue 30, finding 8). A herbarium whose plant
// families are hostile markdown (links, images, autolinks, bare URLs, e-mail addresses, HTML, headings and list items
// after line breaks, pipes, code spans) and whose cube and member titles are too: questions go through the engine's
// chat endpoint (real agent, real DuckDB), each answer is rendered by the renderer <svc-chat> uses, and nothing in it
// but the analyst's own bold and table is an element — every value and title reads exactly as written.
import { expect } from '@open-wc/testing';
import type { ChatStreamMessage } from '../../../../src/api/types.js';
import { renderMarkdown } from '../../../../src/elements/shared/markdown.js';
import { createLocalEngine, type LocalEngine } from '../../../../src/engine/index.js';
import { finalAnswer } from '../../../../src/transport/chat.js';
import { HttpTransport } from '../../../../src/transport/http-transport.js';
import {
  COLLECTORS,
  COLLECTOR_TITLE,
  CUBE_TITLE,
  FAMILIES,
  FAMILY_TITLE,
  HERBARIUM,
  WEIGHT_TITLE,
  herbariumSeed,
} from '../../../fixtures/herbarium.js';

/** The elements an answer may have: the analyst's own paragraphs, bold and table. */
const OWN = new Set(['p', 'strong', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);

function render(markdown: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = renderMarkdown(markdown);
  return div;
}

const foreign = (root: Element) =>
  [...root.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()).filter((t) => !OWN.has(t));
const cells = (root: Element, column: number) =>
  [...root.querySelectorAll('tbody tr')].map((tr) => tr.children[column].textContent);
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

describe('local analyst: data and model text are text in its answers', function () {
  this.timeout(120_000);
  const name = `analyst-markdown-${Date.now()}`;
  let engine: LocalEngine;
  let chat: HttpTransport;

  before(async () => {
    engine = await createLocalEngine({ seed: herbariumSeed, name, now: () => Date.UTC(2026, 0, 15, 12) });
    chat = new HttpTransport({
      baseUrl: 'https://local.svc',
      fetch: engine.fetch,
      auth: { apiKey: HERBARIUM.adminKey },
      accountName: HERBARIUM.account,
      agentId: HERBARIUM.agent,
    });
  });
  after(async () => {
    await engine.close();
    indexedDB.deleteDatabase(name);
  });

  async function ask(input: string): Promise<{ markdown: string; root: HTMLElement }> {
    const messages: ChatStreamMessage[] = [];
    for await (const m of await chat.streamChat({ input, sessionSettings: { externalId: 'botanist', groups: [] } }))
      messages.push(m);
    const markdown = finalAnswer(messages)?.content ?? '';
    expect(markdown, input).to.not.equal('');
    const root = render(markdown);
    expect(foreign(root), `${input}\n${markdown}`).to.deep.equal([]);
    return { markdown, root };
  }

  it('a breakdown by hostile values: a table of the values as written, no link, image, heading or HTML', async () => {
    const { root } = await ask('specimens by family');
    // Family i has i + 1 specimens: the table lists them most first, each exactly as stored.
    expect(cells(root, 0)).to.deep.equal([...FAMILIES].reverse());
    expect(cells(root, 1)).to.deep.equal(FAMILIES.map((_, i) => String(FAMILIES.length - i)));
    expect(root.querySelectorAll('tbody tr').length).to.equal(FAMILIES.length);
    // The lead names the top value in bold, as written; the reading names the titles as written.
    expect(root.querySelector('p strong')!.textContent).to.equal(FAMILIES[FAMILIES.length - 1]);
    const reading = root.querySelector('p')!.textContent;
    expect(reading).to.contain(lower(FAMILY_TITLE));
    expect(reading).to.contain(CUBE_TITLE);
  });

  it('ordinary names keep every character (O’Brien, C++, 50%, a_b_c, 1*2)', async () => {
    const { root } = await ask('specimens by collector');
    expect(new Set(cells(root, 0))).to.deep.equal(new Set(COLLECTORS));
    expect(root.querySelector('p')!.textContent).to.contain(lower(COLLECTOR_TITLE));
    const weight = await ask('dry weight by collector');
    expect(new Set(cells(weight.root, 0))).to.deep.equal(new Set(COLLECTORS));
    expect(weight.root.querySelector('p')!.textContent).to.contain(WEIGHT_TITLE);
  });

  it('a filter and a comparison name their values as written', async () => {
    const one = await ask("how many specimens for O'Brien");
    expect(one.root.textContent).to.contain(`${lower(COLLECTOR_TITLE)} O'Brien`);
    expect([...one.root.querySelectorAll('strong')].map((s) => s.textContent)).to.deep.equal(['14']);
    const two = await ask("compare specimens of O'Brien and C++ Lab");
    // In the question's order: O'Brien's 14 less C++ Lab's 15.
    expect([...two.root.querySelectorAll('strong')].map((s) => s.textContent)).to.deep.equal([
      "O'Brien",
      'C++ Lab',
      '-1',
    ]);
  });

  it('declines echo question words and member titles as text', async () => {
    // A word no member or value has (www.evil.example itself is a family, which the analyst now finds).
    const www = await ask('specimens by www.evil.example.org');
    expect(www.root.textContent).to.contain('"www.evil.example.org"');
    expect(www.root.textContent).to.contain(CUBE_TITLE);
    expect([...www.root.querySelectorAll('strong')].map((s) => s.textContent)).to.include(WEIGHT_TITLE);
    const emphasis = await ask('specimens by _shout_ and __loud__');
    expect(emphasis.root.textContent).to.contain('"_shout_", "__loud__"');
    const min = await ask('minimum dry weight');
    expect([...min.root.querySelectorAll('strong')].map((s) => s.textContent)).to.include(WEIGHT_TITLE);
  });
});
