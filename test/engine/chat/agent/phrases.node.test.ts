// The local analyst's phrase books: the nearest book for a tag, every book with exactly the English book's keys
// (TypeScript checks it too: each book `satisfies PhraseBook`), every key used by the analyst, every sentence
// translated, and numbers, percentages and dates formatted in the asked locale.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { PhraseBook } from '../../../../src/engine/chat/agent/analyst/phrase-book.js';
import { PHRASE_LOCALES, phraseLocaleOf, phrasesFor } from '../../../../src/engine/chat/agent/analyst/phrases.js';

const AGENT = join(import.meta.dirname, '../../../../src/engine/chat/agent');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'phrases'
        ? [] // the books themselves
        : sources(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [readFileSync(join(dir, e.name), 'utf8')]
        : [],
  );
}

/** A book's entries with sample arguments filled in, as text. */
function sample(book: PhraseBook): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(book)) {
    if (typeof value === 'string') out.set(key, value);
    else if (Array.isArray(value)) out.set(key, value.join('|'));
    else if (typeof value === 'function') {
      const fn = value as (...args: unknown[]) => string;
      const args: unknown[] = Array.from({ length: Math.max(fn.length, 1) }, (_, i) =>
        key === 'periods' && i === 1 ? 'other' : `ARG${i}`,
      );
      if (key === 'and' || key === 'or' || key === 'reading') args[0] = ['ARG0', 'ARG9'];
      if (key === 'queryTitle') args[1] = ['ARG1'];
      if (key === 'unmapped') args[1] = 2;
      if (key === 'noMeasure' || key === 'noAggOf') args[key === 'noMeasure' ? 2 : 0] = 'avg';
      out.set(key, fn(...args));
    } else for (const [sub, text] of Object.entries(value as Record<string, string>)) out.set(`${key}.${sub}`, text);
  }
  return out;
}

describe('local analyst phrase books', () => {
  it('picks the nearest book for a tag, else English', () => {
    const cases: [string | undefined, string][] = [
      ['de-AT', 'de'],
      ['de-CH', 'de'],
      ['pt', 'pt-BR'],
      ['pt-PT', 'pt-BR'],
      ['zh', 'zh-Hans'],
      ['zh-CN', 'zh-Hans'],
      ['zh-TW', 'en'],
      ['ja-JP', 'ja'],
      ['ar-EG', 'ar'],
      ['sv-SE', 'en'],
      ['en-GB', 'en'],
      ['not a tag', 'en'],
      [undefined, 'en'],
    ];
    for (const [tag, book] of cases) assert.equal(phraseLocaleOf(tag), book, String(tag));
  });

  it('every book has exactly the English keys, every sentence filled and translated', async () => {
    const english = sample((await phrasesFor('en')).book);
    // Entries whose form is the same in several languages (a title alone, "A (sum)", a comparison sign).
    const sameForm = new Set(['isTrue', 'compares', 'measureAgg', 'measureIn', 'comma', 'agg.min', 'agg.max']);
    for (const locale of PHRASE_LOCALES.filter((l) => l !== 'en')) {
      const phrases = await phrasesFor(locale);
      assert.equal(phrases.language, locale);
      const book = sample(phrases.book);
      assert.deepEqual([...book.keys()].sort(), [...english.keys()].sort(), locale);
      for (const [key, text] of book) {
        assert.ok(text.trim().length > 0, `${locale}.${key} is empty`);
        if (!sameForm.has(key) && !key.startsWith('per.'))
          assert.notEqual(text, english.get(key), `${locale}.${key} is English`);
        // Arguments are interpolated, never dropped (counts may be written out; the plural rule is no text).
        if (!['periods', 'unmapped', 'and', 'or'].includes(key))
          for (const arg of english.get(key)!.match(/ARG\d/g) ?? [])
            assert.ok(text.includes(arg), `${locale}.${key} drops ${arg}`);
      }
    }
  });

  it('every key of the book is used by the analyst (none unused)', async () => {
    const code = sources(AGENT).join('\n');
    const { book } = await phrasesFor('en');
    const unused = Object.keys(book).filter((key) => !new RegExp(`\\bbook\\.${key}\\b`).test(code));
    assert.deepEqual(unused, []);
  });

  it('formats numbers, percentages and dates in the asked locale; English keeps ISO days', async () => {
    const de = await phrasesFor('de-AT');
    assert.equal(de.language, 'de');
    assert.equal(de.locale, 'de-AT');
    assert.equal(
      de.format(1234567.891),
      new Intl.NumberFormat('de-AT', { maximumFractionDigits: 2 }).format(1234567.891),
    );
    assert.equal(
      de.percent(12.5),
      new Intl.NumberFormat('de-AT', { style: 'percent', maximumFractionDigits: 2 }).format(0.125),
    );
    assert.match(de.range({ from: '2024-02-01', to: '2024-02-29' }), /^vom .*2024 bis .*2024$/);
    assert.equal(de.book.and(['A', 'B', 'C']), 'A, B und C');
    const en = await phrasesFor(undefined);
    assert.equal(en.format(1234567.891), '1,234,567.89');
    assert.equal(en.percent(-3.25), '-3.25%');
    // A percentage rounds as its number does in the table beside it: 6.975 is 6.98, whatever 6.975 / 100 is in binary.
    assert.equal(en.percent(6.975), `${en.format(6.975)}%`);
    assert.equal(en.percent(1e21), '1,000,000,000,000,000,000,000%');
    assert.equal(en.range({ from: '2024-02-01', to: '2024-02-29' }), '2024-02-01 to 2024-02-29');
    assert.equal(en.range({ from: '2024-03-05', to: '2024-03-05' }), '2024-03-05');
    const pl = await phrasesFor('pl');
    assert.deepEqual(
      [1, 3, 5, 22].map((n) => pl.book.periods(String(n), pl.plural(n))),
      ['1 okres:', '3 okresy:', '5 okresów:', '22 okresy:'],
    );
  });
});
