// `npm run fuzz [-- options]`: seeded malformed requests against a local engine in Node (in-process, every failed
// request checked for writes), and with --served against `svc-elements serve` over HTTP (wire mutations too), or a
// bounded soak on loopback with --soak; prints the table of statuses and every violation, exits 1 on any.
import { parseArgs } from 'node:util';
import { describeViolation, formatReport, runFuzz, type FuzzReport } from '../test/fuzz/run.js';
import { formatSoak, runServedFuzz, runSoak } from '../test/fuzz/served.js';

const USAGE = `usage: npm run fuzz -- [--seed <integer>] [--count <n>] [--served | --soak [--connections <n>] [--requests <n>]]

  (default)      <count> requests (default 5,000) through engine.fetch in this process; fails on a 5xx, no answer,
                 or a failed request that wrote
  --served       <count> requests over HTTP to svc-elements serve --demo (main() in this process, 127.0.0.1, one
                 connection each), a third mutated on the wire (Host, method, target, framing headers, a client gone
                 mid-request); fails on a 5xx, no answer, an error the server reports, an uncaught error or unhandled
                 rejection in the process, or a server that stops answering
  --soak         <requests> requests (default 10,000) on <connections> keep-alive connections at once (default 200)
                 to the same server, 5% abandoned mid-way; prints RSS before and after and the heap after GC; fails as
                 --served does, or when the heap after GC grew by more than 64 MB`;

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '5000' },
    served: { type: 'boolean', default: false },
    soak: { type: 'boolean', default: false },
    connections: { type: 'string', default: '200' },
    requests: { type: 'string', default: '10000' },
    help: { type: 'boolean', default: false },
  },
});
const [seed, count, connections, requests] = [values.seed, values.count, values.connections, values.requests].map(
  Number,
);
const positive = (n: number) => Number.isSafeInteger(n) && n >= 1;
if (values.help || !Number.isSafeInteger(seed) || ![count, connections, requests].every(positive)) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}
if (values.served && values.soak) {
  console.error(`--served and --soak are two runs: pick one\n\n${USAGE}`);
  process.exit(2);
}

const MAX_HEAP_GROWTH_MB = 64;
const progress = (total: number) => (n: number) => process.stderr.write(`\r${n}/${total}`);

let report: FuzzReport;
let extra = '';
if (values.soak) {
  const soak = await runSoak({ seed, connections, requests, onProgress: progress(requests) });
  const growth = soak.memory.heapAfter - soak.memory.heapBefore;
  if (growth > MAX_HEAP_GROWTH_MB)
    soak.violations.push({
      request: { index: -1, family: 'soak', mutations: [], method: '-', path: '-', headers: {} },
      status: 0,
      problem: `the heap after GC grew by ${growth.toFixed(0)} MB (at most ${MAX_HEAP_GROWTH_MB})`,
      response: '',
    });
  report = soak;
  extra = formatSoak(soak);
} else if (values.served) report = await runServedFuzz({ seed, count, onProgress: progress(count) });
else report = await runFuzz({ seed, count, onProgress: progress(count) });
process.stderr.write('\n');
for (const v of report.violations) console.log(`${describeViolation(v)}\n`);
console.log(formatReport(report));
if (extra) console.log(extra);
process.exit(report.violations.length > 0 ? 1 : 0);
