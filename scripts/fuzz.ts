// `npm run fuzz [-- --seed N --count N]`: ≥ 5,000 seeded malformed requests against a local engine in Node; prints
// the table of statuses per endpoint family and every violation (5xx, or a failed request that wrote), exits 1 on any.
import { parseArgs } from 'node:util';
import { describeViolation, formatReport, runFuzz } from '../test/fuzz/run.js';

const { values } = parseArgs({
  options: { seed: { type: 'string', default: '1' }, count: { type: 'string', default: '5000' } },
});
const seed = Number(values.seed);
const count = Number(values.count);
if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(count) || count < 1) {
  console.error('usage: npm run fuzz -- [--seed <integer>] [--count <positive integer>]');
  process.exit(2);
}

const report = await runFuzz({ seed, count, onProgress: (n) => process.stderr.write(`\r${n}/${count}`) });
process.stderr.write('\n');
for (const v of report.violations) console.log(`${describeViolation(v)}\n`);
console.log(formatReport(report));
process.exit(report.violations.length > 0 ? 1 : 0);
