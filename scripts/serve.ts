// `npm run serve`: the demo's server — the local engine with the demo seed and its public keys (what the demo page's
// remote mode and examples/session-server.ts use, `SVC_API_KEY=demo-admin-key`) on http://127.0.0.1:8787 (PORT to
// change), answering only the Hosts 127.0.0.1:<port> and localhost:<port>, in memory (fake-indexeddb): every start
// begins from the seed. ALLOW_ORIGIN lets one page origin call it from a browser (the demo's remote mode:
// ALLOW_ORIGIN=http://127.0.0.1:5173). With arguments it is the CLI from source, whose keys are generated or taken
// from SVC_ADMIN_KEY / SVC_API_SECRET unless it is given --demo:
// `npm run serve -- serve --model examples/model --data examples/data` (src/cli/serve.ts).
import 'fake-indexeddb/auto';
import type { AddressInfo } from 'node:net';
import { main } from '../src/cli/serve.js';
import { DEMO, createLocalEngine } from '../src/engine/index.js';
import { serveFetch } from '../src/engine/node/serve.js';

if (process.argv.length > 2) {
  const code = await main(process.argv.slice(2));
  if (code !== 0) process.exit(code);
} else await serveDemo();

async function serveDemo() {
  const engine = await createLocalEngine({ seed: 'demo' });
  const server = await serveFetch(engine.fetch, {
    port: Number(process.env.PORT ?? 8787),
    ...(process.env.ALLOW_ORIGIN && { allowOrigin: process.env.ALLOW_ORIGIN }),
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  console.log(`svc-elements local engine on ${base} (demo seed, in memory; answers Host 127.0.0.1:${port} and
localhost:${port}; the demo's keys are public: this machine only)

  curl -s ${base}/api/v1/deployments -H 'Authorization: Bearer ${DEMO.adminKey}'
  curl -s -X PUT ${base}/api/v1/deployments/1/workbooks/by-slug/my-board -H 'Authorization: Bearer ${DEMO.adminKey}' \\
       -H 'Content-Type: application/json' -d '{"name":"My board"}'
  curl -s -X POST ${base}/api/v1/embed/generate-session -H 'Authorization: Api-Key ${DEMO.adminKey}' \\
       -H 'Content-Type: application/json' -d '{"deploymentId":1,"externalId":"viewer-1","groups":["sales-eu"]}'
`);
}
