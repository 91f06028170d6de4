#!/usr/bin/env node
// The svc-elements command (package.json "bin"): the built CLI of src/cli/serve.ts, dist/cli.js.
import { main } from '../dist/cli.js';

const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
