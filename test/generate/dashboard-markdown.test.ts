// generateDashboard writes model text as text (issue 30, finding 8): the herbarium's cube title and description are
// hostile markdown (a link, an image, HTML, an autolink, bare URLs, a heading and a list item after line breaks, a
// table, a code span, emphasis). Its meta, as a viewer reads it from the engine, gives TEXT widgets whose markdown,
// rendered by the renderer the TEXT widget uses, is a heading and a paragraph with exactly the model's text in them.
import { expect } from '@open-wc/testing';
import type { MetaResponse } from '../../src/api/types.js';
import { renderMarkdown } from '../../src/elements/shared/markdown.js';
import { createLocalEngine, type LocalEngine } from '../../src/engine/index.js';
import { generateDashboard } from '../../src/generate/index.js';
import { HttpTransport } from '../../src/transport/http-transport.js';
import { CUBE_DESCRIPTION, CUBE_TITLE, HERBARIUM, herbariumSeed } from '../fixtures/herbarium.js';

function render(markdown: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = renderMarkdown(markdown);
  return div;
}
const tags = (root: Element) => [...root.querySelectorAll('*')].map((e) => e.tagName.toLowerCase());

/** The TEXT widgets' markdown, rendered. */
const texts = (meta: MetaResponse, options?: Parameters<typeof generateDashboard>[1]) =>
  (generateDashboard(meta, options).config.widgets ?? [])
    .filter((w) => w.type === 'TEXT')
    .map((w) => render((w.config as { markdown: string }).markdown));

describe('generateDashboard: model text is text', function () {
  this.timeout(120_000);
  const name = `generate-markdown-${Date.now()}`;
  let engine: LocalEngine;
  let meta: MetaResponse;

  before(async () => {
    engine = await createLocalEngine({ seed: herbariumSeed, name });
    const transport = (auth: ConstructorParameters<typeof HttpTransport>[0]['auth']) =>
      new HttpTransport({ baseUrl: 'https://local.svc', fetch: engine.fetch, auth });
    const admin = transport({ apiKey: HERBARIUM.adminKey });
    const { sessionId } = await admin.generateSession({ deploymentId: 1, externalId: 'visitor', groups: [] });
    const viewer = transport({ serviceToken: (await admin.exchangeSessionToken(sessionId)).token });
    meta = await viewer.loadMeta();
  });
  after(async () => {
    await engine.close();
    indexedDB.deleteDatabase(name);
  });

  it('the title widget: a heading and a paragraph holding the cube title and description as written', () => {
    const cube = meta.cubes.find((c) => c.name === 'specimens')!;
    expect(cube.description).to.equal(CUBE_DESCRIPTION);
    const [title] = texts(meta);
    expect(tags(title)).to.deep.equal(['h2', 'p']);
    expect(title.querySelector('h2')!.textContent).to.equal(CUBE_TITLE);
    expect(title.querySelector('p')!.textContent).to.equal(CUBE_DESCRIPTION);
  });

  it('a title given by the host, a subject of several and an empty model: headings as written', () => {
    const hostile = 'Plants <img src=x> [home](https://evil.example)\n# more';
    const [given] = texts(meta, { title: hostile });
    expect(tags(given)).to.deep.equal(['h2', 'p']);
    expect(given.querySelector('h2')!.textContent).to.equal(hostile);

    const specimens = meta.cubes.find((c) => c.name === 'specimens')!;
    const copy = { ...specimens, name: 'seeds', title: '![seed](https://evil.example/s.png) Seeds', description: '' };
    const both = texts({ ...meta, cubes: [specimens, copy] });
    expect(both.map((r) => r.querySelector('h2')!.textContent)).to.deep.equal([CUBE_TITLE, copy.title]);
    expect(both.flatMap(tags)).to.deep.equal(['h2', 'p', 'h2']);

    const [empty] = texts({ ...meta, cubes: [] }, { title: hostile });
    expect(tags(empty)).to.deep.equal(['h2', 'p']);
    expect(empty.querySelector('h2')!.textContent).to.equal(hostile);
  });
});
