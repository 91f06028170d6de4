// Checks the UI's translations (lit-localize.json): every msg() in the elements' source has a translation in every
// locale's XLIFF file (none missing), every translation belongs to a message of the source (none unused), each keeps
// its message's placeholders, and the generated runtime modules (src/elements/l10n/locales) are what
// `npm run l10n` builds from the XLIFF files now, and that its locales are the library's languages (src/util/languages.ts,
// which the analyst's phrase books follow too). Exits 1 with the list of problems; `npm test` runs it.
//   node --import tsx scripts/check-locales.mjs
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfigFileAndWriteSchema } from '@lit/localize-tools/lib/config.js';
import { RuntimeLitLocalizer } from '@lit/localize-tools/lib/modes/runtime.js';
import * as prettier from 'prettier';
import { LANGUAGES, SOURCE_LANGUAGE } from '../src/util/languages.ts';

const config = readConfigFileAndWriteSchema('lit-localize.json');
const problems = [];

// lit-localize.json's locales are the library's languages, no more and no fewer.
if (config.sourceLocale !== SOURCE_LANGUAGE)
  problems.push(`lit-localize.json: sourceLocale ${config.sourceLocale}, the languages' source is ${SOURCE_LANGUAGE}`);
const configured = new Set([config.sourceLocale, ...config.targetLocales]);
for (const language of LANGUAGES)
  if (!configured.has(language))
    problems.push(`lit-localize.json: no target locale ${language} (src/util/languages.ts)`);
for (const locale of configured)
  if (!LANGUAGES.includes(locale)) problems.push(`lit-localize.json: ${locale} is not in src/util/languages.ts`);

const localizer = new RuntimeLitLocalizer(config);
const { messages, errors } = localizer.extractSourceMessages();
for (const e of errors)
  problems.push(`source: ${typeof e.messageText === 'string' ? e.messageText : e.messageText.messageText}`);
const source = new Set(messages.map((m) => m.name));
const { translations } = localizer.readTranslationsSync();

for (const locale of config.targetLocales) {
  const translated = new Set((translations.get(locale) ?? []).map((m) => m.name));
  for (const id of source) {
    if (!translated.has(id)) {
      const text = messages
        .find((m) => m.name === id)
        .contents.map((c) => (typeof c === 'string' ? c : '…'))
        .join('');
      problems.push(`${locale}: missing ${id} "${text.replace(/\s+/g, ' ').trim()}"`);
    }
  }
  for (const id of translated) if (!source.has(id)) problems.push(`${locale}: unused ${id} (no msg() in the source)`);
}
problems.push(...localizer.validateTranslations().errors);

// The runtime modules: built afresh into a scratch directory, formatted as the repository's, compared.
const outputDir = config.resolve(config.output.outputDir);
const scratch = mkdtempSync(join(tmpdir(), 'svc-locales-'));
try {
  const fresh = new RuntimeLitLocalizer({
    ...config,
    output: { ...config.output, outputDir: scratch, localeCodesModule: join(scratch, 'locale-codes.ts') },
  });
  await fresh.build();
  const options = (await prettier.resolveConfig(join(outputDir, 'x.ts'))) ?? {};
  const format = (text, file) => prettier.format(text, { ...options, filepath: file });
  const committed = new Set(readdirSync(outputDir));
  for (const file of readdirSync(scratch).filter((f) => f !== 'locale-codes.ts')) {
    committed.delete(file);
    let current = '';
    try {
      current = readFileSync(join(outputDir, file), 'utf8');
    } catch {
      problems.push(`${file}: not generated (run npm run l10n)`);
      continue;
    }
    if ((await format(readFileSync(join(scratch, file), 'utf8'), join(outputDir, file))) !== current) {
      problems.push(`${file}: out of date with its XLIFF file (run npm run l10n)`);
    }
  }
  for (const file of committed) problems.push(`${file}: a locale module without a locale in lit-localize.json`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (problems.length) {
  console.error(`Translations: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `Translations: ${source.size} messages in ${config.targetLocales.length + 1} locales ` +
    `(${config.sourceLocale}, ${config.targetLocales.join(', ')}): none missing, none unused, all current.`,
);
