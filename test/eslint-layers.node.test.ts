// The layer rules of eslint.config.js, run through ESLint's own API on small sources placed in each folder: the
// engine's inner layers import only downwards (http → domain → store), only http/ builds an ApiError, and files stay
// small (400 lines, an element's 300).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = join(import.meta.dirname, '..');

/** The rules a source placed at `path` (relative to the root) breaks, among the layer rules. */
async function broken(eslint: ESLint, path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result.messages
    .filter((m) => ['no-restricted-imports', 'no-restricted-syntax', 'max-lines'].includes(m.ruleId ?? '') || m.fatal)
    .map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

describe('the layer rules of eslint.config.js', () => {
  let eslint: ESLint;

  before(() => {
    // The sources are not files of the project: lint them without type information (the layer rules need none).
    eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });
  });

  const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

  it('refuses an import of http/ (or of the engine above it) below http/', async () => {
    for (const [path, from] of [
      ['src/engine/domain/fixture.ts', '../http/errors.js'],
      ['src/engine/data/fixture.ts', '../http/data.js'],
      ['src/engine/chat/agent/fixture.ts', '../../http/app.js'],
      ['src/engine/model/fixture.ts', '../worker/client.js'],
      ['src/engine/domain/fixture.ts', '../in-page.js'],
    ]) {
      const problems = await broken(eslint, path, importing(from));
      assert.equal(problems.length, 1, `${path} importing ${from}: ${problems.join('; ')}`);
      assert.match(problems[0], /^no-restricted-imports: .*domain code is below http\//);
    }
  });

  it('refuses an import of domain/ (or http/) in store/', async () => {
    for (const from of ['../domain/auth.js', '../chat/service.js', '../http/errors.js']) {
      const problems = await broken(eslint, 'src/engine/store/fixture.ts', importing(from));
      assert.equal(problems.length, 1, `store importing ${from}: ${problems.join('; ')}`);
      assert.match(problems[0], /^no-restricted-imports: /);
    }
  });

  it('keeps the rules of the folders around: no engine folder imports elements/', async () => {
    for (const path of ['src/engine/domain/fixture.ts', 'src/engine/store/fixture.ts', 'src/engine/fixture.ts']) {
      const problems = await broken(eslint, path, importing('../../elements/shared/format.js'));
      assert.equal(problems.length, 1, path);
      assert.match(problems[0], /^no-restricted-imports: .*engine\/ never imports elements\/$/, path);
    }
  });

  it('refuses new ApiError below http/, and allows it in http/', async () => {
    const code = `import { ApiError } from '../../api/errors.js';\nexport const e = new ApiError({ status: 400, message: 'x' });\n`;
    for (const path of ['src/engine/data/fixture.ts', 'src/engine/store/fixture.ts', 'src/engine/chat/fixture.ts']) {
      const problems = await broken(eslint, path, code);
      assert.equal(problems.length, 1, path);
      assert.match(problems[0], /^no-restricted-syntax: below http\/ throw a DomainError/);
    }
    assert.deepEqual(await broken(eslint, 'src/engine/http/fixture.ts', code), []);
  });

  it('allows what each layer may import: http/ the domain, the domain the store, the store its records', async () => {
    assert.deepEqual(await broken(eslint, 'src/engine/http/fixture.ts', importing('../domain/auth.js')), []);
    assert.deepEqual(await broken(eslint, 'src/engine/domain/fixture.ts', importing('../store/schema.js')), []);
    assert.deepEqual(await broken(eslint, 'src/engine/data/fixture.ts', importing('../errors.js')), []);
    assert.deepEqual(await broken(eslint, 'src/engine/store/fixture.ts', importing('../errors.js')), []);
  });

  it('refuses a source file over 400 lines, and an element file over 300 (not a generated catalogue)', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
    for (const [path, n, max] of [
      ['src/engine/data/fixture.ts', 401, 400],
      ['src/transport/fixture.ts', 401, 400],
      ['src/elements/chat/fixture.ts', 301, 300],
    ] as const) {
      const problems = await broken(eslint, path, lines(n));
      assert.equal(problems.length, 1, `${path}: ${problems.join('; ')}`);
      assert.match(
        problems[0],
        new RegExp(`^max-lines: File has too many lines \\(${n}\\)\\. Maximum allowed is ${max}\\.$`),
      );
    }
    assert.deepEqual(await broken(eslint, 'src/engine/data/fixture.ts', lines(400)), []);
    assert.deepEqual(await broken(eslint, 'src/elements/chat/fixture.ts', lines(300)), []);
    assert.deepEqual(await broken(eslint, 'src/elements/l10n/locales/fixture.ts', lines(350)), []);
  });
});
