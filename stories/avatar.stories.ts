// <svc-avatar>: initials on a hue from the name, a picture, a picture that fails (initials instead), a refused
// picture URL, no name, the sizes.
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import type { SvcAvatar } from '../src/index.js';
// Not inlined (Vite would make a file this small a data: URL, which the avatar refuses: http(s) only).
import pictureFile from './support/picture.svg?no-inline';
import { until } from './support/wait.js';
import { element } from './support/render.js';

/** The picture as the absolute http(s) URL the element takes (a relative one is ignored). */
const absolute = (path: string) => new URL(path, location.href).href;

/** A play function's wait: the avatar shows its `part` (`image` once the picture loaded, else `initials`). */
const shows = (canvas: HTMLElement, part: 'image' | 'initials') =>
  until(`the avatar's ${part}`, () => {
    const shown = canvas.querySelector('svc-avatar')?.shadowRoot?.querySelector(`[part~="${part}"]`);
    return !!shown && (!(shown instanceof HTMLImageElement) || (shown.complete && shown.naturalWidth > 0));
  });

const meta: Meta = {
  title: 'Elements/svc-avatar',
  component: 'svc-avatar',
  args: { 'display-name': 'Ada Lovelace', size: 48 },
  render: (args) => element<SvcAvatar>('svc-avatar', args),
};
export default meta;
type Story = StoryObj;

export const Initials: Story = {};

export const Picture: Story = {
  render: (args) => element('svc-avatar', { ...args, picture: absolute(pictureFile) }),
  play: ({ canvasElement }) => shows(canvasElement, 'image'),
};

/** A picture that does not load as an image: the initials stay. */
export const PictureThatFails: Story = {
  args: { 'display-name': 'Grace Hopper' },
  render: (args) => element('svc-avatar', { ...args, picture: absolute('./index.json') }),
  play: ({ canvasElement }) => shows(canvasElement, 'initials'),
};

/** A picture URL that is not http(s) is refused: the initials show. */
export const RefusedPicture: Story = { args: { 'display-name': 'Blocked Picture', picture: 'javascript:alert(1)' } };

export const NoName: Story = { args: { 'display-name': undefined } };

export const Sizes: Story = {
  render: (args) => {
    const row = document.createElement('div');
    row.style.cssText = 'display: flex; gap: 12px; align-items: center';
    row.append(...[24, 32, 48, 72].map((size) => element('svc-avatar', { ...args, size })));
    return row;
  },
};

export const Dark: Story = {
  args: { 'color-scheme': 'dark', '--svc-avatar-color': '#1d1f23', '--svc-avatar-background': '#8ab4f8' },
  globals: { backgrounds: { value: 'dark' } },
};
