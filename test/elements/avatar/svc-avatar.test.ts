// <svc-avatar>: pictures only from absolute http(s) URLs, initials on failure or without one, an accessible name.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/elements/avatar/svc-avatar.js';
import { initialsOf, safePictureUrl, type SvcAvatar } from '../../../src/elements/avatar/svc-avatar.js';

const img = (el: SvcAvatar) => el.shadowRoot!.querySelector('img');
const initials = (el: SvcAvatar) => el.shadowRoot!.querySelector('[part="initials"]')?.textContent?.trim();
const PNG = `${location.origin}/test/fixtures/avatar.png`;

describe('<svc-avatar>', () => {
  it('shows the picture from an absolute http(s) URL, with the name as its accessible name', async () => {
    const el = await fixture<SvcAvatar>(html`<svc-avatar display-name="Ada Lovelace" picture=${PNG}></svc-avatar>`);
    await waitUntil(() => img(el)?.complete && img(el)!.naturalWidth > 0, 'the picture loads', { timeout: 20_000 });
    expect(el.shadowRoot!.querySelector('[role="img"]')!.getAttribute('aria-label')).to.equal('Ada Lovelace');
    expect(img(el)!.getAttribute('alt')).to.equal('');
    await expect(el).to.be.accessible();
  });

  it('a broken picture falls back to initials, without an error', async () => {
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.error);
    window.addEventListener('error', onError);
    const el = await fixture<SvcAvatar>(
      html`<svc-avatar display-name="Ada Lovelace" picture=${`${location.origin}/missing.png`}></svc-avatar>`,
    );
    await waitUntil(() => initials(el) === 'AL', 'initials after the failure', { timeout: 20_000 });
    expect(img(el)).to.equal(null);
    window.removeEventListener('error', onError);
    expect(errors).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('never loads javascript:, data: or relative pictures', async () => {
    for (const picture of [
      'javascript:window.__avatarXss=1',
      'data:image/png;base64,AAAA',
      '/me.png',
      '//x.test/a.png',
    ]) {
      const el = await fixture<SvcAvatar>(
        html`<svc-avatar display-name="Grace Hopper" picture=${picture}></svc-avatar>`,
      );
      expect(img(el), picture).to.equal(null);
      expect(initials(el)).to.equal('GH');
    }
    expect((window as { __avatarXss?: number }).__avatarXss).to.equal(undefined);
  });

  it('initials and sizes', async () => {
    expect(initialsOf('  Ada   King Lovelace ')).to.equal('AL');
    expect(initialsOf('ørjan')).to.equal('Ø');
    expect(initialsOf('')).to.equal('');
    expect(safePictureUrl('HTTPS://example.com/a.png')).to.equal('https://example.com/a.png');
    const el = await fixture<SvcAvatar>(html`<svc-avatar size="48"></svc-avatar>`);
    const frame = el.shadowRoot!.querySelector<HTMLElement>('[part="avatar"]')!;
    expect(frame.getBoundingClientRect().width).to.equal(48);
    expect(frame.getAttribute('aria-label')).to.equal('User');
    await expect(el).to.be.accessible();
  });
});
