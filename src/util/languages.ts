// The languages of the library, in one list. Each is a UI catalogue of the elements (lit-localize.json's source and
// target locales, their XLIFF files and generated modules under src/elements/l10n) and a phrase book of the local
// analyst (engine/chat/agent/analyst/phrases/); test/util/languages.node.test.ts checks that every language has both
// and nothing else is there. To add one: docs/architecture.md, "How to add a language".

/** The language the elements' messages and the analyst's English book are written in. */
export const SOURCE_LANGUAGE = 'en';

/** Every language there is a UI catalogue and a phrase book for, the source language first. */
export const LANGUAGES = [
  SOURCE_LANGUAGE,
  'de',
  'fr',
  'es',
  'it',
  'pt-BR',
  'nl',
  'pl',
  'ja',
  'zh-Hans',
  'ko',
  'ar',
] as const;

export type Language = (typeof LANGUAGES)[number];
