// The fuzzer of `npm run fuzz`, smaller: 500 seeded malformed requests to every endpoint family, no 5xx, and no
// failed request (status ≥ 400 or chat's JSON-RPC auth error) that changed the database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeViolation, formatReport, runFuzz } from '../../fuzz/run.js';
import { FAMILIES } from '../../fuzz/endpoints.js';

describe('fuzzing the engine with malformed requests', () => {
  it('answers 500 seeded malformed requests without a 5xx and without a write by a failed request', async () => {
    const report = await runFuzz({ seed: 20_260_115, count: 500 });
    assert.equal(report.sent, 500);
    assert.deepEqual(Object.keys(report.statuses).sort(), [...FAMILIES].sort(), 'every endpoint family was sent');
    const statuses = Object.values(report.statuses).flatMap((row) => Object.keys(row).map(Number));
    assert.ok(statuses.some((s) => s === 200) && statuses.some((s) => s === 400), formatReport(report));
    assert.deepEqual(report.violations.map(describeViolation), [], formatReport(report));
  });
});
