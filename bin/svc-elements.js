#!/usr/bin/env node
// The svc-elements command (package.json "bin"): the built CLI of src/cli/serve.ts, dist/cli.js, in an installed
// package; in a clone where nothing is built yet (right after `npm install`), the sources themselves through tsx (a
// devDependency, there in a clone), so `npx svc-elements serve …` works before `npm run build`.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.js', import.meta.url);
let main;
if (existsSync(built)) ({ main } = await import(built.href));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/serve.ts'));
}

const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
