import tseslint from 'typescript-eslint';
import { configs as litConfigs } from 'eslint-plugin-lit';
import { configs as wcConfigs } from 'eslint-plugin-wc';

/** The house rules of ARCHITECTURE §2: which layer may import which. */
const layer = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
});

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
  layer(['src/engine/**'], ['**/elements/*'], 'engine/ never imports elements/'),
  layer(['src/elements/**'], ['**/engine/*', '**/engine'], 'elements reach data only through a Transport'),
  layer(['src/layout/**'], ['../*', '!../api'], 'layout/ is pure: it imports only api/ types'),
);
