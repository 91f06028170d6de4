// The nearest of a set of supported languages for a BCP 47 tag: the UI's message catalogues (elements/shared/l10n.ts)
// and the local analyst's phrase books (engine/chat/agent/analyst/phrases.ts) pick theirs the same way.

/**
 * `supported`'s entry for `tag`'s language (`de-AT` → `de`, `pt` → `pt-BR`, Simplified Chinese → `zh-Hans`);
 * undefined for no tag, a string that is no language tag, or a language not supported.
 */
export function nearestLocale(tag: string | undefined, supported: readonly string[]): string | undefined {
  if (!tag) return undefined;
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag);
  } catch {
    return undefined; // not a language tag
  }
  // Only Chinese (its script) and `und` need the likely subtags: loading them is a long first use on a page's start.
  if (locale.language === 'zh' || locale.language === 'und') locale = locale.maximize();
  if (locale.language === 'zh')
    return locale.script === 'Hans' && supported.includes('zh-Hans') ? 'zh-Hans' : undefined;
  if (locale.language === 'pt') return supported.includes('pt-BR') ? 'pt-BR' : undefined;
  return supported.includes(locale.language) ? locale.language : undefined;
}
