// The numbers Cube gives (issue 24), on a bike-share model written for the test: fan-out of "one"-side measures, the
// join root, query time zones, date filter boundaries, NULLs in negated filters, ungrouped queries, and the Cube query
// fields the engine refuses. Expected values are computed here from the fixture's rows.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LoadQuery } from '../../../src/api/types.js';
import { createLocalEngine, type LocalEngine } from '../../../src/engine/index.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { BIKES, bikesSeed, rides, stations } from '../../fixtures/bikes.js';

describe('load: Cube semantics', () => {
  let engine: LocalEngine;
  let api: HttpTransport;
  before(async () => {
    engine = await createLocalEngine({ seed: bikesSeed, name: `cube-semantics-${process.pid}` });
    api = new HttpTransport({ baseUrl: 'https://x', fetch: engine.fetch, auth: { apiKey: BIKES.adminKey } });
  });
  after(() => engine.close());

  const load = async (query: LoadQuery) => (await api.load({ query })).data;
  const refused = async (query: LoadQuery, message: RegExp) => {
    await assert.rejects(api.load({ query }), (e: { status: number; message: string }) => {
      assert.equal(e.status, 400, e.message);
      assert.match(e.message, message);
      return true;
    });
  };
  const byKey = (rows: Record<string, unknown>[], key: string) =>
    Object.fromEntries(rows.map((r) => [String(r[key]), r]));
  const docksOf = (ids: Set<number>) => stations.filter((s) => ids.has(s.id)).reduce((a, s) => a + s.docks, 0);

  it('1. fan-out: a "one"-side measure by a "many"-side dimension counts each station once per group', async () => {
    const rows = byKey(
      await load({ measures: ['stations.docks', 'rides.count'], dimensions: ['rides.kind'] }),
      'rides.kind',
    );
    for (const kind of ['classic', 'electric', 'null']) {
      const group = rides.filter((r) => String(r.kind) === kind);
      assert.equal(Number(rows[kind]['stations.docks']), docksOf(new Set(group.map((r) => r.station_id))), kind);
      assert.equal(Number(rows[kind]['rides.count']), group.length, kind);
    }
    // avg is multiplied too; max is not, and stays in the joined rows
    const avg = byKey(
      await load({ measures: ['stations.avg_docks', 'stations.max_docks'], dimensions: ['rides.kind'] }),
      'rides.kind',
    );
    const classic = stations.filter((s) => rides.some((r) => r.kind === 'classic' && r.station_id === s.id));
    assert.equal(Number(avg.classic['stations.avg_docks']), classic.reduce((a, s) => a + s.docks, 0) / classic.length);
    assert.equal(Number(avg.classic['stations.max_docks']), Math.max(...classic.map((s) => s.docks)));
    // measure filters apply to the deduplicated numbers
    const big = await load({
      measures: ['stations.docks'],
      dimensions: ['rides.kind'],
      filters: [{ member: 'stations.docks', operator: 'gt', values: [40] }],
    });
    assert.deepEqual(
      big.map((r) => r['rides.kind']),
      ['electric'],
    );
  });

  it("2. join root: the joined cube's measure by another cube's dimension joins from the cube that joins both", async () => {
    const rows = byKey(await load({ measures: ['stations.docks'], dimensions: ['rides.kind'] }), 'rides.kind');
    const ofKind = (kind: string) => docksOf(new Set(rides.filter((r) => r.kind === kind).map((r) => r.station_id)));
    assert.equal(Number(rows.electric['stations.docks']), ofKind('electric'));
    // three cubes: rides joins stations and riders
    const plans = byKey(
      await load({
        measures: ['stations.count'],
        dimensions: ['riders.plan'],
        filters: [{ member: 'rides.kind', operator: 'set' }],
      }),
      'riders.plan',
    );
    const annual = new Set(rides.filter((r) => r.kind !== null && r.rider_id === 1).map((r) => r.station_id));
    assert.equal(Number(plans.annual['stations.count']), annual.size);
    // no cube of the query joins the others: refused, as Cube refuses
    await refused({ measures: ['stations.docks'], dimensions: ['riders.plan'] }, /Cannot join stations, riders/);
  });

  it('3. timezone converts day buckets and date ranges', async () => {
    const utc = await load({
      measures: ['rides.count'],
      timeDimensions: [{ dimension: 'rides.started_at', granularity: 'day', dateRange: ['2024-01-05', '2024-01-05'] }],
    });
    assert.deepEqual(
      utc.map((r) => r['rides.count']),
      [3],
    ); // rides 1, 2, 7
    const ny = await load({
      measures: ['rides.count'],
      timezone: 'America/New_York',
      timeDimensions: [{ dimension: 'rides.started_at', granularity: 'day', dateRange: ['2024-01-05', '2024-01-05'] }],
    });
    // 2024-01-05 in New York is 05:00Z..next 04:59:59Z: rides 2 and 3
    assert.deepEqual(
      ny.map((r) => [r['rides.started_at.day'], r['rides.count']]),
      [['2024-01-05T00:00:00.000', 2]],
    );
    const buckets = await load({
      measures: ['rides.count'],
      timezone: 'Asia/Tokyo',
      timeDimensions: [{ dimension: 'rides.started_at', granularity: 'day' }],
    });
    const tokyo = new Map<string, number>();
    for (const r of rides) {
      const day = new Date(Date.parse(`${r.started_at}Z`) + 9 * 3_600_000).toISOString().slice(0, 10);
      tokyo.set(day, (tokyo.get(day) ?? 0) + 1);
    }
    assert.deepEqual(
      buckets.map((r) => [String(r['rides.started_at.day']).slice(0, 10), r['rides.count']]),
      [...tokyo].sort(),
    );
    await refused({ measures: ['rides.count'], timezone: 'Mars/Olympus' }, /Unknown timezone Mars\/Olympus/);
  });

  it('4. afterDate and beforeOrOnDate compare with the start of the day', async () => {
    const count = async (operator: 'afterDate' | 'beforeOrOnDate' | 'beforeDate' | 'afterOrOnDate', tz?: string) =>
      (
        await load({
          measures: ['rides.count'],
          timezone: tz,
          filters: [{ member: 'rides.started_at', operator, values: ['2024-01-05'] }],
        })
      )[0]['rides.count'];
    const start = Date.parse('2024-01-05T00:00:00Z');
    const at = (r: (typeof rides)[number]) => Date.parse(`${r.started_at}Z`);
    assert.equal(await count('afterDate'), rides.filter((r) => at(r) > start).length);
    assert.equal(await count('beforeOrOnDate'), rides.filter((r) => at(r) <= start).length);
    assert.equal(await count('beforeDate'), rides.filter((r) => at(r) < start).length);
    assert.equal(await count('afterOrOnDate'), rides.filter((r) => at(r) >= start).length);
    assert.equal(
      await count('afterDate', 'America/New_York'),
      rides.filter((r) => at(r) > start + 5 * 3_600_000).length,
    );
  });

  it('5. negated filters keep NULLs, as Cube does', async () => {
    const ids = async (operator: string, member: string, values: string[]) =>
      (
        await load({
          dimensions: ['rides.id'],
          filters: [{ member, operator: operator as 'equals', values }],
          order: { 'rides.id': 'asc' },
        })
      ).map((r) => r['rides.id']);
    const keep = (pred: (v: string) => boolean, key: 'note' | 'kind') =>
      rides.filter((r) => r[key] === null || pred(r[key].toLowerCase())).map((r) => r.id);
    assert.deepEqual(
      await ids('notContains', 'rides.note', ['SMOOTH', 'tyre']),
      keep((v) => !v.includes('smooth') && !v.includes('tyre'), 'note'),
    );
    assert.deepEqual(
      await ids('notStartsWith', 'rides.note', ['s']),
      keep((v) => !v.startsWith('s'), 'note'),
    );
    assert.deepEqual(
      await ids('notEndsWith', 'rides.note', ['e']),
      keep((v) => !v.endsWith('e'), 'note'),
    );
    assert.deepEqual(
      await ids('notEquals', 'rides.kind', ['classic']),
      keep((v) => v !== 'classic', 'kind'),
    );
    assert.deepEqual(
      await ids('notEquals', 'rides.kind', ['classic', 'electric']),
      keep(() => false, 'kind'),
    );
    // the positive operators drop NULLs
    assert.deepEqual(await ids('contains', 'rides.note', ['smooth']), [1, 5]);
    assert.deepEqual(await ids('notInDateRange', 'rides.started_at', ['2024-01-05', '2024-01-06']), [5, 6]);
  });

  it('6. ungrouped: one row per ride, no aggregation; primary keys not required (as Cube 1.7’s gateway)', async () => {
    const rows = await load({
      dimensions: ['rides.id', 'rides.kind'],
      measures: ['rides.minutes', 'rides.count'],
      ungrouped: true,
      order: { 'rides.id': 'asc' },
    });
    assert.deepEqual(
      rows.map((r) => [r['rides.id'], Number(r['rides.minutes']), Number(r['rides.count'])]),
      rides.map((r) => [r.id, r.minutes, 1]),
    );
    // One row per ride without its key too (Cube's allowUngroupedWithoutPrimaryKey, on by default in 1.7).
    const kinds = await load({ dimensions: ['rides.kind'], ungrouped: true });
    assert.deepEqual(kinds.map((r) => String(r['rides.kind'])).sort(), rides.map((r) => String(r.kind)).sort());
    await refused(
      {
        dimensions: ['rides.id'],
        measures: ['rides.count'],
        ungrouped: true,
        filters: [{ member: 'rides.count', operator: 'gt', values: [1] }],
      },
      /Measure filters aren't allowed in ungrouped query/,
    );
  });

  it("7. text operators take a value's %, _ and \\ as themselves, and any case", async () => {
    const ids = async (operator: string, values: string[]) =>
      (
        await load({
          dimensions: ['rides.id'],
          filters: [{ member: 'rides.note', operator: operator as 'contains', values }],
          order: { 'rides.id': 'asc' },
        })
      ).map((r) => r['rides.id']);
    const where = (pred: (v: string) => boolean) =>
      rides.filter((r) => r.note !== null && pred(r.note.toLowerCase())).map((r) => r.id);
    assert.deepEqual(
      await ids('contains', ['SMOOTH']),
      where((v) => v.includes('smooth')),
    );
    for (const value of ['%', '_', '\\', 'smo%th', 's_ooth', 'smooth\\', '%smooth'])
      assert.deepEqual(
        await ids('contains', [value]),
        where((v) => v.includes(value)),
        value,
      );
    assert.deepEqual(await ids('startsWith', ['_']), []);
    assert.deepEqual(await ids('endsWith', ['%']), []);
    assert.deepEqual(
      await ids('contains', ['x'.repeat(100_000), 'smooth']),
      where((v) => v.includes('smooth')),
    );
  });

  it('refuses the Cube query fields it does not implement, by name; compareDateRange only as a multi query', async () => {
    await refused({ measures: ['rides.count'], joinHints: [['rides', 'stations']] }, /joinHints is not supported/);
    // As Cube: a compareDateRange query answers one result per range, so it needs queryType 'multi'.
    await refused(
      {
        measures: ['rides.count'],
        timeDimensions: [{ dimension: 'rides.started_at', compareDateRange: ['2024-01-01', '2024-01-02'] }],
      },
      /'compareDateRangeQuery' query type is not supported by the client/,
    );
    // As Cube's gateway: renewQuery is not a query field (its Joi schema refuses it).
    await refused(
      { measures: ['rides.count'], renewQuery: true },
      /^Invalid query format: "renewQuery" is not allowed$/,
    );
  });
});
