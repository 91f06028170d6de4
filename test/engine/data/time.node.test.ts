// Time in one place (src/engine/data/time.ts), on generated instants: timestamp texts round-trip, a zone's local
// time maps back to the same wall time, a date range's bounds are ordered and hold the clock where they should, and
// DuckDB turns a UTC TIMESTAMP into the local time offsetAt says (toLocalSql).
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createExecutor } from '../../../src/engine/data/executor-runtime.js';
import type { Executor } from '../../../src/engine/data/executor.js';
import {
  formatTimestamp,
  localToUtc,
  parseLocalTime,
  resolveDateRange,
  timestamp,
  toLocalSql,
  utcToLocal,
} from '../../../src/engine/data/time.js';
import { DomainError } from '../../../src/engine/errors.js';

const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham'];
/** Any instant from 1970 to 2069, to the millisecond. */
const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2069, 11, 31) });
const zone = fc.constantFrom(...ZONES);

describe('time', () => {
  it('reads back the timestamp text it writes, to the millisecond', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const text = formatTimestamp(ms);
        assert.match(text, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
        assert.equal(parseLocalTime(text), ms);
      }),
    );
  });

  it("maps a zone's local time to an instant of the same local time", () => {
    fc.assert(
      fc.property(zone, instant, (z, ms) => {
        const local = utcToLocal(z, ms);
        assert.equal(utcToLocal(z, localToUtc(z, local)), local);
      }),
    );
  });

  it('resolves a relative range to ordered bounds around the clock, in the zone', () => {
    const phrases = ['today', 'this week', 'this month', 'this quarter', 'this year', 'last 3 days', 'last 6 months'];
    fc.assert(
      fc.property(zone, instant, fc.constantFrom(...phrases), (z, now, phrase) => {
        const [from, to] = resolveDateRange(phrase, now, z).map(parseLocalTime);
        assert.ok(from <= to, `${phrase} at ${formatTimestamp(now)} in ${z}`);
        assert.ok(from <= now && now <= to + 1, `${phrase} holds the clock`);
      }),
    );
  });

  it('refuses what is not a range or a date with the client words', () => {
    assert.throws(
      () => resolveDateRange('next week', 0),
      (e: unknown) =>
        e instanceof DomainError &&
        e.code === 'invalid' &&
        e.message === 'Unsupported dateRange "next week": use [from, to] or e.g. "last 6 months"',
    );
    assert.equal(timestamp("2024-03-05T10:00:00.000'"), "TIMESTAMP '2024-03-05 10:00:00.000'''");
  });

  describe('in DuckDB', () => {
    let executor: Executor;
    before(async () => {
      executor = await createExecutor();
    });
    after(async () => {
      await executor?.close();
    });

    it('turns a UTC TIMESTAMP into the local time of the zone, as offsetAt does', async () => {
      const samples = fc.sample(fc.tuple(zone, instant), { numRuns: 60, seed: 37 });
      const rows = samples.map(([, ms], i) => `SELECT ${i} AS i, ${timestamp(formatTimestamp(ms))} AS t`);
      const cases = samples.map(([z], i) => `WHEN ${i} THEN ${toLocalSql(z, 't')}`).join(' ');
      const sql = `SELECT i, CAST(CASE i ${cases} END AS VARCHAR) AS local FROM (${rows.join(' UNION ALL ')}) ORDER BY i`;
      const result = await executor.query(sql);
      for (const [i, local] of result.rows as [number, string][]) {
        const [z, ms] = samples[Number(i)];
        assert.equal(parseLocalTime(local), utcToLocal(z, ms), `${formatTimestamp(ms)} in ${z}`);
      }
    });
  });
});
