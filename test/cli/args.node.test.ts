// --shutdown-grace: seconds (0 to 3600, decimals allowed), default 10; anything else is a usage error naming it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UsageError, parseArgs } from '../../src/cli/args.js';

const base = ['serve', '--model', 'tides/model', '--data', 'tides/data'];

describe('parseArgs --shutdown-grace', () => {
  it('defaults to 10 s and takes whole or decimal seconds', () => {
    assert.equal(parseArgs(base).shutdownGraceMs, 10_000);
    assert.equal(parseArgs([...base, '--shutdown-grace', '0']).shutdownGraceMs, 0);
    assert.equal(parseArgs([...base, '--shutdown-grace=2.5']).shutdownGraceMs, 2500);
    assert.equal(parseArgs([...base, '--shutdown-grace', '3600']).shutdownGraceMs, 3_600_000);
  });

  it('refuses what is not a number of seconds from 0 to 3600', () => {
    for (const value of ['-1', 'ten', '1e3', '3601', '', '5s', ' 5']) {
      assert.throws(
        () => parseArgs([...base, `--shutdown-grace=${value}`]),
        (error: unknown) =>
          error instanceof UsageError &&
          error.message === `--shutdown-grace ${value} is not a number of seconds (0 to 3600)`,
        JSON.stringify(value),
      );
    }
    assert.throws(() => parseArgs([...base, '--shutdown-grace', '5', '--shutdown-grace', '6']), /given twice/);
  });
});
