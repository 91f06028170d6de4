// The library's one list of languages (src/util/languages.ts) and what it feeds agree: every language has its UI
// catalogue (in lit-localize.json, an XLIFF file, a generated module, lit-localize's locale codes) and its phrase book
// of the local analyst (a module with the English book's keys, loaded for the language's own tag and for a regional
// one), and no catalogue or book exists for a language that is not in the list.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { LANGUAGES, SOURCE_LANGUAGE } from '../../src/util/languages.js';
import { PHRASE_LOCALES, phrasesFor } from '../../src/engine/chat/agent/analyst/phrases.js';
import { allLocales, sourceLocale } from '../../src/elements/l10n/locale-codes.js';

const ROOT = resolve(import.meta.dirname, '../..');
const sorted = (list: readonly string[]) => [...list].sort();
/** The languages of the files of a folder named `<language>.<extension>`. */
const filesIn = (dir: string, extension: string) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith(extension))
    .map((f) => f.slice(0, -extension.length));

describe('languages', () => {
  it('lit-localize.json translates the source language into every other language of the list', () => {
    const config = JSON.parse(readFileSync(join(ROOT, 'lit-localize.json'), 'utf8')) as {
      sourceLocale: string;
      targetLocales: string[];
    };
    assert.equal(config.sourceLocale, SOURCE_LANGUAGE);
    assert.deepEqual(sorted(config.targetLocales), sorted(LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE)));
    assert.equal(new Set(config.targetLocales).size, config.targetLocales.length, 'a target locale twice');
  });

  it('every language has its UI catalogue: XLIFF file, generated module, locale code', () => {
    const targets = sorted(LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE));
    assert.deepEqual(sorted(filesIn('src/elements/l10n/xliff', '.xlf')), targets);
    assert.deepEqual(sorted(filesIn('src/elements/l10n/locales', '.ts')), targets);
    assert.equal(sourceLocale, SOURCE_LANGUAGE);
    assert.deepEqual(sorted(allLocales), sorted(LANGUAGES));
  });

  it('every language has its phrase book, with the English keys, and nothing else has one', async () => {
    const books = filesIn('src/engine/chat/agent/analyst/phrases', '.ts').filter((f) => f !== 'lists');
    assert.deepEqual(sorted(books), sorted(LANGUAGES));
    assert.deepEqual(sorted(PHRASE_LOCALES), sorted(LANGUAGES));
    const english = Object.keys((await phrasesFor(SOURCE_LANGUAGE)).book).sort();
    for (const language of LANGUAGES) {
      const phrases = await phrasesFor(language);
      assert.equal(phrases.language, language, `${language}: the book of ${phrases.language}`);
      assert.deepEqual(Object.keys(phrases.book).sort(), english, `${language}: keys`);
      // A regional tag of the language finds the same book.
      const regional = { 'pt-BR': 'pt-PT', 'zh-Hans': 'zh-CN' }[language as string] ?? `${language}-CH`;
      assert.equal((await phrasesFor(regional)).language, language, regional);
    }
  });
});
