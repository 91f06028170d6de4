// `npm run fuzz -- --served` and `--soak`, smaller (CI): svc-elements serve --demo in this process on 127.0.0.1, the
// generator's requests over HTTP with wire mutations (Host, method, target, framing, clients gone mid-request), then
// many at once on keep-alive connections. No 5xx, every request that waited answered, no error reported by the
// server, no uncaught error in the process, and the server still answers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeViolation, formatReport } from '../fuzz/run.js';
import { formatSoak, runServedFuzz, runSoak } from '../fuzz/served.js';

describe('fuzzing svc-elements serve over HTTP', () => {
  it('answers 400 requests, a third mutated on the wire, without a 5xx, a silence or a crash', async () => {
    const report = await runServedFuzz({ seed: 20_261_126, count: 400 });
    assert.equal(report.sent, 400);
    const wire = Object.keys(report.statuses).filter((k) => k.startsWith('wire:'));
    assert.deepEqual(wire.sort(), ['wire:abort', 'wire:framing', 'wire:host', 'wire:method', 'wire:target']);
    assert.ok(report.statuses['wire:host'][421] > 0 && report.statuses['wire:host'][400] > 0, formatReport(report));
    assert.deepEqual(report.violations.map(describeViolation), [], formatReport(report));
  });

  it('answers 400 requests on 40 connections at once, some abandoned, with the heap flat', async () => {
    const report = await runSoak({ seed: 20_261_127, connections: 40, requests: 400, warmup: 80, abortRate: 0.1 });
    const summary = `${formatReport(report)}\n${formatSoak(report)}`;
    assert.equal(report.sent, 400);
    assert.equal(report.peakConnections, 40, summary);
    assert.ok(report.aborted > 0, summary);
    assert.deepEqual(report.violations.map(describeViolation), [], summary);
    assert.ok(report.memory.heapAfter - report.memory.heapBefore < 64, summary);
  });
});
