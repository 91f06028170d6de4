// The local analyst's words in the viewer's language: the phrase book nearest to the asked locale ("de-AT" → de,
// "pt" → pt-BR, "zh-CN" → zh-Hans; none → English), with numbers and dates formatted by Intl in the asked locale
// itself. English comes with the agent; every other book is its own module, loaded on first use. Only the fixed
// sentences change: the analyst reads questions in English whatever the locale.

import type { PhraseBook } from './phrase-book.js';
import { markdownText } from '../../../../util/markdown-text.js';
import { LANGUAGES, type Language, type SOURCE_LANGUAGE } from '../../../../util/languages.js';
import { nearestLocale } from '../../../../util/nearest-locale.js';
import english from './phrases/en.js';
import type { DayRange } from './time-range.js';

/** The languages there is a book for: the library's languages (util/languages.ts), the elements' UI languages. */
export const PHRASE_LOCALES = LANGUAGES;
export type PhraseLocale = Language;

type Loader = () => Promise<{ default: PhraseBook }>;
/** Every book but English's, loaded on first use: a language of the list without one here does not compile. */
const LOADERS: Record<Exclude<Language, typeof SOURCE_LANGUAGE>, Loader> = {
  de: () => import('./phrases/de.js'),
  fr: () => import('./phrases/fr.js'),
  es: () => import('./phrases/es.js'),
  it: () => import('./phrases/it.js'),
  'pt-BR': () => import('./phrases/pt-BR.js'),
  nl: () => import('./phrases/nl.js'),
  pl: () => import('./phrases/pl.js'),
  ja: () => import('./phrases/ja.js'),
  'zh-Hans': () => import('./phrases/zh-Hans.js'),
  ko: () => import('./phrases/ko.js'),
  ar: () => import('./phrases/ar.js'),
};

/** The book for a BCP 47 tag: by language; Portuguese → pt-BR; Chinese in Han Simplified only; else English. */
export function phraseLocaleOf(tag: string | undefined): PhraseLocale {
  return (nearestLocale(tag, PHRASE_LOCALES) as PhraseLocale | undefined) ?? 'en';
}

/** A phrase book with the formatting of one locale. */
export class Phrases {
  private readonly numbers: Intl.NumberFormat;
  private readonly fractions: Intl.NumberFormat;
  private readonly dates?: Intl.DateTimeFormat;
  private readonly percents: Intl.NumberFormat;
  private readonly plurals: Intl.PluralRules;

  constructor(
    readonly book: PhraseBook,
    /** The phrase book's language. */
    readonly language: PhraseLocale,
    /** The locale numbers and dates are formatted in (the one asked for, when Intl knows it). */
    readonly locale: string,
    /**
     * Whether the sentences are markdown (an answer, a decline): text from outside — data values, members' titles,
     * words of the question, the engine's messages — is then escaped, so that only the book's own markup is markup.
     * False for plain text (the thinking line, a query card's description), which shows text as it is.
     */
    readonly markdown = true,
  ) {
    this.numbers = new Intl.NumberFormat(locale);
    this.fractions = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    this.percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    this.plurals = new Intl.PluralRules(locale);
    // English keeps ISO dates (2024-02-01), the form its questions take; other languages get their own.
    if (language !== 'en') this.dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  }

  /** These phrases writing plain text: outside text as it is. */
  get plain(): Phrases {
    return this.markdown ? new Phrases(this.book, this.language, this.locale, false) : this;
  }

  /** Text from outside (a value, a title, words of the question, a message) as it is to be written: see `markdown`. */
  text(s: string): string {
    return this.markdown ? markdownText(s) : s;
  }

  /** A result cell or a number in a sentence (a string cell is text from outside). */
  format(v: unknown): string {
    if (typeof v === 'number') return (Number.isInteger(v) ? this.numbers : this.fractions).format(v);
    if (typeof v === 'bigint') return this.numbers.format(v);
    if (v === null || v === undefined) return '—';
    return this.text(typeof v === 'string' ? v : JSON.stringify(v));
  }

  /** A percentage given in percent (12.5 → "12.5%"). */
  percent(v: unknown): string {
    const n = typeof v === 'bigint' || (typeof v === 'string' && v.trim() !== '') ? Number(v) : v;
    if (typeof n !== 'number' || Number.isNaN(n)) return `${this.format(v)}%`;
    // As a decimal string, so it rounds as the number itself does in the table (6.975 / 100 is 0.069749… in binary).
    const exact = Number.isFinite(n) && !/e/i.test(String(n));
    return this.percents.format(exact ? (`${n}e-2` as unknown as number) : n / 100);
  }

  plural(n: number): Intl.LDMLPluralRule {
    return this.plurals.select(n);
  }

  /** An ISO day (YYYY-MM-DD) in the locale's words. */
  date(day: string): string {
    if (!this.dates) return day;
    const ms = Date.parse(`${day}T00:00:00Z`);
    return Number.isNaN(ms) ? day : this.dates.format(ms);
  }

  /** A range of whole days: one day, both ends, or an open end. */
  range(r: DayRange): string {
    if (r.from && r.to)
      return r.from === r.to ? this.date(r.from) : this.book.rangeDays(this.date(r.from), this.date(r.to));
    if (r.from) return this.book.rangeFrom(this.date(r.from));
    return this.book.rangeUpTo(this.date(r.to ?? ''));
  }

  /** Member titles in bold, side by side. */
  names(fields: { title: string }[]): string {
    return fields.map((f) => `**${this.text(f.title)}**`).join(this.book.comma);
  }
}

const loaded = new Map<PhraseLocale, Promise<PhraseBook>>([['en', Promise.resolve(english)]]);

/** The viewer's phrases: the nearest book (loaded once), formatting in `tag` (English, en-US, without one). */
export async function phrasesFor(tag: string | undefined): Promise<Phrases> {
  const language = phraseLocaleOf(tag);
  let book = loaded.get(language);
  if (!book) {
    book = LOADERS[language as Exclude<PhraseLocale, 'en'>]().then((m) => m.default);
    loaded.set(language, book);
    book.catch(() => loaded.delete(language)); // a failed download is tried again next time
  }
  let locale = 'en-US';
  try {
    if (tag) locale = Intl.getCanonicalLocales(tag)[0] ?? locale;
  } catch {
    // not a language tag: the book is English, formatted as before
  }
  try {
    return new Phrases(await book, language, locale);
  } catch {
    return new Phrases(english, 'en', locale); // the book could not load: English rather than no answer
  }
}
