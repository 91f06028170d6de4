// @lit/localize's runtime and the catalogues of the UI languages, one lazy chunk each: this module loads when an
// element first asks for a language other than English (./l10n.ts), so pages in English load none of it.

import { configureLocalization, type LocaleModule } from '@lit/localize';
import { sourceLocale, targetLocales } from '../l10n/locale-codes.js';

type TargetLocale = (typeof targetLocales)[number];

/** One chunk per language (explicit imports, so every bundler splits them the same way). */
const catalogues: Record<TargetLocale, () => Promise<LocaleModule>> = {
  ar: () => import('../l10n/locales/ar.js'),
  de: () => import('../l10n/locales/de.js'),
  es: () => import('../l10n/locales/es.js'),
  fr: () => import('../l10n/locales/fr.js'),
  it: () => import('../l10n/locales/it.js'),
  ja: () => import('../l10n/locales/ja.js'),
  ko: () => import('../l10n/locales/ko.js'),
  nl: () => import('../l10n/locales/nl.js'),
  pl: () => import('../l10n/locales/pl.js'),
  'pt-BR': () => import('../l10n/locales/pt-BR.js'),
  'zh-Hans': () => import('../l10n/locales/zh-Hans.js'),
};

let controls: ReturnType<typeof configureLocalization> | undefined;
try {
  controls = configureLocalization({
    sourceLocale,
    targetLocales,
    loadLocale: (locale) => catalogues[locale as TargetLocale](),
  });
} catch {
  // The page configured @lit/localize itself: its catalogues apply (ours fall back to English).
}

/** Shows `locale`'s catalogue (one of the UI languages); resolves once it is shown. */
export async function showLocale(locale: string): Promise<void> {
  await controls?.setLocale(locale);
}
