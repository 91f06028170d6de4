// Storybook for the elements: the stories in stories/, built by Vite with the demo's page config
// (.storybook/vite.config.ts). `npm run storybook` serves it on port 6006, `npm run build-storybook` writes the static
// build to storybook-static/. See docs/storybook.md.
import { realpathSync } from 'node:fs';
import type { StorybookConfig } from '@storybook/web-components-vite';
import { mergeConfig, searchForWorkspaceRoot } from 'vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.ts'],
  framework: {
    name: '@storybook/web-components-vite',
    options: { builder: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  // A closed network in CI, and nothing to report home.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The dev server serves DuckDB's and the SQL parser's wasm from node_modules, wherever it really is (a git
  // worktree's may be a link to another checkout's). Storybook sets the server's options itself: hence here.
  viteFinal: (config) =>
    mergeConfig(config, {
      server: { fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync('node_modules')] } },
    }),
};

export default config;
