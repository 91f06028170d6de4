// `npm run serve`: the demo's server — the local engine with the demo seed and its public keys (what the demo page's
// remote mode and examples/session-server.ts use, `SVC_API_KEY=demo-admin-key`) on http://127.0.0.1:8787 (PORT to
// change), answering only the Hosts 127.0.0.1:<port> and localhost:<port>, in memory (--ephemeral): every start
// begins from the seed. ALLOW_ORIGIN lets one page origin call it from a browser (the demo's remote mode:
// ALLOW_ORIGIN=http://127.0.0.1:5173). With arguments it is the CLI from source, whose keys are generated or taken
// from SVC_ADMIN_KEY / SVC_API_SECRET unless it is given --demo:
// `npm run serve -- serve --model examples/model --data examples/data` (src/cli/serve.ts).
import { main } from '../src/cli/serve.js';

// The demo's server is the CLI with the demo's keys, model and data, in memory: the same guard, Host allow-list and
// graceful stop (SIGINT/SIGTERM) as `svc-elements serve`.
const demo = ['serve', '--demo', '--ephemeral', '--port', process.env.PORT ?? '8787'];
if (process.env.ALLOW_ORIGIN) demo.push('--allow-origin', process.env.ALLOW_ORIGIN);
const code = await main(process.argv.length > 2 ? process.argv.slice(2) : demo);
if (code !== 0) process.exit(code);
