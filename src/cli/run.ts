// Runs the CLI from source (`node --import tsx src/cli/run.ts serve …`); bin/svc-elements.js runs the built one.
import { main } from './serve.js';

const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
