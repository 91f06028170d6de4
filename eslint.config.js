import tseslint from 'typescript-eslint';
import { configs as litConfigs } from 'eslint-plugin-lit';
import { configs as wcConfigs } from 'eslint-plugin-wc';

/** Which layer may import which (docs/architecture.md): `files` may import nothing `patterns` match. */
const layer = (files, patterns, message) => layers(files, [{ group: patterns, message }]);

/**
 * The same with several groups: a file's `no-restricted-imports` is the last setting whose `files` match it, so a
 * folder with rules of its own repeats those of the folders around it.
 */
const layers = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

/** The engine's inner layers, http → domain → store: each imports only those after it. */
const NO_ELEMENTS = { group: ['**/elements/*'], message: 'engine/ never imports elements/' };
const BELOW_HTTP = {
  group: ['**/http/*', '**/node/*', '**/worker/*', '**/in-page.js'],
  message: 'domain code is below http/: it throws a DomainError (src/engine/errors.ts), http/ answers it',
};
const BELOW_DOMAIN = {
  group: ['**/domain/*', '**/chat/*', '**/model/*'],
  message: 'store/ is below domain/: it holds records, not rules',
};

export default tseslint.config(
  // examples/react and examples/vue are apps of their own, checked by their own toolchains against the packed library
  // (test/frameworks/examples.node.test.ts).
  {
    ignores: [
      'dist/**',
      'dist-demo/**',
      'node_modules/**',
      'test-results/**',
      'custom-elements.json',
      'examples/react/**',
      'examples/vue/**',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  litConfigs['flat/recommended'],
  wcConfigs['flat/recommended'],
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // node:test's describe/it return promises that the runner tracks itself.
    files: ['test/**/*.node.test.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['describe', 'it', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
    },
  },
  {
    // @open-wc/semantic-dom-diff types chai's `equal` as returning a Promise (its DOM diff overload), which makes
    // every plain `expect(x).to.equal(y)` look floating; browser tests rely on mocha failing instead.
    files: ['test/**/*.test.ts'],
    ignores: ['test/**/*.node.test.ts'],
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
  {
    // Fakes in tests implement async interfaces (an Agent is an async generator) without needing to await.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Written by `lit-localize build`: its disable comments are the tool's, whether or not a rule would fire.
    files: ['src/elements/l10n/locales/**'],
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  layer(['src/api/*.ts'], ['../*'], 'api/ imports nothing of ours'),
  layer(['src/api/*/**'], ['../../*'], 'api/ imports nothing of ours'),
  layer(
    ['src/transport/**'],
    ['../elements/*', '../engine/*', '../server/*', '../layout/*'],
    'transport/ imports only api/',
  ),
  layers(['src/engine/**'], [NO_ELEMENTS]),
  layers(
    ['src/engine/domain/**', 'src/engine/data/**', 'src/engine/chat/**', 'src/engine/model/**'],
    [NO_ELEMENTS, BELOW_HTTP],
  ),
  layers(['src/engine/store/**'], [NO_ELEMENTS, BELOW_HTTP, BELOW_DOMAIN]),
  {
    // Only http/ turns the engine's errors into statuses (http/errors.ts); code below it throws a DomainError.
    files: ['src/engine/**'],
    ignores: ['src/engine/http/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='ApiError']",
          message: 'below http/ throw a DomainError (src/engine/errors.ts); http/errors.ts gives its code a status',
        },
      ],
    },
  },
  // Small files with one job: 400 lines at most, and 300 for the elements' (the generated catalogues aside).
  { files: ['src/**/*.ts'], rules: { 'max-lines': ['error', { max: 400 }] } },
  {
    files: ['src/elements/**/*.ts'],
    ignores: ['src/elements/l10n/locales/**'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  layer(['src/elements/**'], ['**/engine/*', '**/engine'], 'elements reach data only through a Transport'),
  layer(['src/layout/**'], ['../*', '!../api'], 'layout/ is pure: it imports only api/ types'),
);
