// The UI language of the elements, through @lit/localize in runtime mode. English is written in the source (msg());
// every other language is a module generated from its XLIFF file (src/elements/l10n, `npm run l10n`), loaded on
// first use with @lit/localize's runtime (./l10n-runtime.ts) — none of it loads with the entry. Each element asks for a language: its own `locale`, else its provider's,
// else the page's `lang`, else the browser's languages; the first one with a catalogue wins ("de-AT" → de, "pt" →
// pt-BR, "zh-CN" → zh-Hans; none → English). @lit/localize keeps one active catalogue per page, so a page shows one
// UI language at a time: the one most recently asked for by an element or provider with a `locale` set (else by any
// element). Numbers, dates and the text direction follow each element's own locale regardless.

import { LOCALE_STATUS_EVENT } from '@lit/localize';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { sourceLocale } from '../l10n/locale-codes.js';
import { LANGUAGES } from '../../util/languages.js';
import { nearestLocale } from '../../util/nearest-locale.js';
import type * as Runtime from './l10n-runtime.js';

/** The UI languages there are catalogues for (English first): the library's languages (util/languages.ts). */
export const uiLocales: readonly string[] = LANGUAGES;

/** The catalogue for a BCP 47 tag, if there is one: by language; Portuguese → pt-BR; Chinese in Han Simplified only. */
const catalogueFor = (tag: string | undefined): string | undefined => nearestLocale(tag, uiLocales);

/** The page's `lang` (on <html>), if it has one. */
export const pageLocale = (): string | undefined =>
  (typeof document === 'undefined' ? '' : document.documentElement.lang) || undefined;

/** The UI language for an element asking for `locale`: it, else the page's, else the browser's, else English. */
export function uiLocaleFor(locale: string | undefined): string {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of [locale, pageLocale(), ...browser]) {
    const found = catalogueFor(tag);
    if (found) return found;
  }
  return sourceLocale;
}

const RTL = /^(ar|arc|ckb|dv|fa|he|iw|ks|ps|sd|ug|ur|yi)(-|$)/i;

/** The text direction of a locale's script. */
export const directionOf = (locale: string | undefined): 'ltr' | 'rtl' => (locale && RTL.test(locale) ? 'rtl' : 'ltr');

/** The catalogue shown (English until another has loaded). */
let active: string = sourceLocale;

/** The active UI language of the page. */
export const activeUiLocale = (): string => active;

/** @lit/localize's runtime and the catalogues: loaded when a language other than English is first asked for. */
let runtime: Promise<typeof Runtime> | undefined;

/** What each connected element asks for, in the order asked (the latest last). */
const wishes = new Map<object, { locale: string; explicit: boolean }>();
let wanted: string = sourceLocale;

function settle(): void {
  let chosen: { locale: string; explicit: boolean } | undefined;
  for (const wish of wishes.values()) if (wish.explicit || !chosen?.explicit) chosen = wish;
  if (!chosen || chosen.locale === wanted) return;
  const locale = (wanted = chosen.locale);
  if (!runtime) {
    if (locale === sourceLocale) return; // English is in the source: nothing to load
    // The catalogue shown, as @lit/localize announces it (before the elements re-render for it).
    window.addEventListener(LOCALE_STATUS_EVENT, ({ detail }) => {
      if (detail.status === 'ready') active = detail.readyLocale;
    });
    runtime = import('./l10n-runtime.js');
  }
  // In the order asked; a catalogue that fails to load leaves the language as it was.
  void runtime.then((m) => m.showLocale(locale)).catch(() => undefined);
}

/** Connected elements, told when the page's `lang` changes. */
const hosts = new Set<ReactiveControllerHost>();
let langObserver: MutationObserver | undefined;

/**
 * Keeps an element's UI language and `dir` in step with its locale: asks for the catalogue on each update and sets
 * `dir` (unless the page set it on the element); re-renders when the page's `lang` changes.
 */
export class LanguageController implements ReactiveController {
  /** The `dir` this controller last set (a different value was set by the page: left alone). */
  private dir?: string;

  /**
   * `requested`: the locale the element itself or its provider sets (undefined: none set). `setsDirection`: whether
   * the element sets `dir` on itself (not the provider: `display: contents`, with the page's own content inside).
   */
  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly requested: () => string | undefined,
    private readonly setsDirection: () => boolean,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    hosts.add(this.host);
    if (!langObserver && typeof MutationObserver === 'function') {
      langObserver = new MutationObserver(() => hosts.forEach((h) => h.requestUpdate()));
      langObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    }
  }

  hostDisconnected(): void {
    hosts.delete(this.host);
    wishes.delete(this.host);
  }

  hostUpdate(): void {
    const requested = this.requested();
    const locale = uiLocaleFor(requested);
    const wish = wishes.get(this.host);
    if (wish?.locale !== locale || wish.explicit !== (requested !== undefined)) {
      wishes.delete(this.host);
      wishes.set(this.host, { locale, explicit: requested !== undefined });
      settle();
    }
    if (!this.setsDirection()) return;
    const dir = directionOf(requested ?? pageLocale() ?? locale);
    const current = this.host.getAttribute('dir');
    if (current !== dir && (current === null || current === this.dir)) {
      this.host.setAttribute('dir', dir);
      this.dir = dir;
    }
  }
}
