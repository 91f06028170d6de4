// <svc-avatar>: the viewer's picture, or their initials. The picture loads only from an absolute http(s) URL (the
// spec's rule for userProfile.picture); on failure, or without one, initials from the display name show instead.

import { msg } from '@lit/localize';
import { css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { defineElement } from '../shared/define.js';
import { SvcElement } from '../shared/svc-element.js';

/** `url` when it is an absolute http(s) URL, else undefined (javascript:, data:, relative… never load). */
export function safePictureUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** Up to two initials: the first letters of the first and last words ("Ada Lovelace" → "AL"). */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return '';
  const first = (w: string) => Array.from(w)[0].toLocaleUpperCase();
  return words.length === 1 ? first(words[0]) : first(words[0]) + first(words[words.length - 1]);
}

/** A stable hue per name, so people are told apart at a glance. */
function hueOf(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return h;
}

/**
 * The viewer's avatar.
 *
 * @tagname svc-avatar
 * @summary A picture from an absolute http(s) URL, or initials from the display name.
 * @csspart avatar - The round frame.
 * @csspart image - The picture, when it loads.
 * @csspart initials - The initials, otherwise.
 * @cssproperty [--svc-avatar-background] - Background behind the initials (default: a hue from the name).
 * @cssproperty [--svc-avatar-color=#fff] - Colour of the initials.
 */
export class SvcAvatar extends SvcElement {
  static override styles = [
    SvcElement.styles,
    css`
      :host {
        display: inline-block;
        vertical-align: middle;
      }
      .avatar {
        display: inline-flex;
        align-items: center;
        justify-content: center;
        overflow: hidden;
        border-radius: 50%;
        width: var(--_size);
        height: var(--_size);
        font-size: calc(var(--_size) * 0.4);
        font-weight: 600;
        line-height: 1;
        user-select: none;
        color: var(--svc-avatar-color, #fff);
        background: var(--svc-avatar-background, var(--_hue-bg));
      }
      img {
        width: 100%;
        height: 100%;
        object-fit: cover;
      }
    `,
  ];

  @property({ attribute: 'display-name' }) displayName?: string;
  /** An absolute http(s) URL; anything else is ignored. */
  @property() picture?: string;
  /** Diameter in px. */
  @property({ type: Number }) size = 32;

  /** The picture URL that failed to load (initials show instead). */
  @state() private failed?: string;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('picture')) this.failed = undefined;
  }

  override render(): TemplateResult {
    const name = this.displayName?.trim() ?? '';
    const url = safePictureUrl(this.picture);
    const showImage = url !== undefined && url !== this.failed;
    const size = Number.isFinite(this.size) && this.size > 0 ? this.size : 32;
    const initials = initialsOf(name);
    return html`<span
      part="avatar"
      class="avatar"
      role="img"
      aria-label=${name || msg('User')}
      style=${`--_size: ${size}px; --_hue-bg: hsl(${hueOf(name)} 45% 34%)`}
    >
      ${
        showImage
          ? html`<img
              part="image"
              src=${url}
              alt=""
              referrerpolicy="no-referrer"
              decoding="async"
              @error=${() => (this.failed = url)}
            />`
          : html`<span part="initials" aria-hidden="true">${initials || nothing}</span>`
      }
    </span>`;
  }
}

defineElement('svc-avatar', SvcAvatar);

declare global {
  interface HTMLElementTagNameMap {
    'svc-avatar': SvcAvatar;
  }
}
