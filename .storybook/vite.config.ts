// Storybook's Vite config: the demo's page config (vite.config.ts in `demo` mode) — libpg-query as an ES module,
// DuckDB's worker served without its map, the Node-only modules left out, the lazy dependencies pre-bundled — without
// its root, pages and servers, which are Storybook's. Lit runs in dev mode in the built Storybook too, so that its
// warnings (an update scheduled after an update, a shadowed class field, …) reach the console, where the smoke test
// (test/storybook.node.test.ts) looks for them.
import { defineConfig, defaultClientConditions, type UserConfig } from 'vite';
import project from '../vite.config.js';

export default defineConfig((env): UserConfig => {
  const demo = project({ ...env, mode: 'demo' });
  return {
    plugins: demo.plugins,
    worker: demo.worker,
    optimizeDeps: { include: demo.optimizeDeps?.include, exclude: demo.optimizeDeps?.exclude },
    resolve: {
      conditions: defaultClientConditions.map((c) => (c === 'development|production' ? 'development' : c)),
    },
    build: { target: 'es2022' },
  };
});
