// How a story's args reach an element: CSS custom properties (the theme tokens, the element's own) as its style,
// attributes the element observes as attributes, its other properties as properties. Controls come from
// custom-elements.json (setCustomElementsManifest in .storybook/preview.ts) with these names.
import type { Args } from '@storybook/web-components-vite';
import type { SvcProvider } from '../../src/index.js';
import type { FetchLike } from '../../src/transport/index.js';
import { storySession } from './engine.js';
import type { LocalEngine } from '../../src/engine/index.js';

/** Sets `args` on `element` (undefined and empty values are left out: the element's defaults apply). */
export function applyArgs<T extends HTMLElement>(element: T, args: Args): T {
  const observed =
    (customElements.get(element.localName) as { observedAttributes?: string[] } | undefined)?.observedAttributes ?? [];
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === '' || typeof value === 'function') continue;
    if (key.startsWith('--')) element.style.setProperty(key, String(value));
    else if (observed.includes(key)) {
      if (typeof value === 'boolean') element.toggleAttribute(key, value);
      else element.setAttribute(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    } else if (key in element) (element as unknown as Record<string, unknown>)[key] = value;
  }
  return element;
}

/** An element of `tag` with `args` (see applyArgs). */
export const element = <T extends HTMLElement>(tag: string, args: Args = {}): T =>
  applyArgs(document.createElement(tag) as T, args);

export interface ProviderOptions {
  /** The engine whose fetch the provider's transport uses. */
  engine: LocalEngine;
  /** The fetch instead of the engine's (a slow or failing one, see engine.ts). */
  fetch?: FetchLike;
  /** The viewer's external id and groups (one session per story). */
  viewer?: string;
  groups?: string[];
}

/**
 * A `<svc-provider>` on the story's engine around `children`: a session for the story's viewer, the provider's args
 * (color-scheme, locale, the theme tokens, …) set on it.
 */
export function provided(children: HTMLElement[], options: ProviderOptions, args: Args = {}): SvcProvider {
  const provider = element<SvcProvider>('svc-provider', {
    'base-url': 'https://local.svc',
    'account-name': 'demo',
    'agent-id': 'analyst',
    ...args,
  });
  provider.fetch = options.fetch ?? options.engine.fetch;
  provider.fetchSession = () => storySession(options.engine, options.viewer ?? 'storybook', options.groups);
  provider.append(...children);
  return provider;
}

/** `content` in a box `width` px wide (the elements size to their box, not to the window). */
export function framed(content: HTMLElement, width: number): HTMLElement {
  const box = document.createElement('div');
  box.style.width = `${width}px`;
  box.append(content);
  return box;
}
