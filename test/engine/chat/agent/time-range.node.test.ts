// The analyst's time parser on generated dates: month, quarter, leap-year and year-end boundaries against any clock.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseTime } from '../../../../src/engine/chat/agent/analyst/time-range.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const lastDay = (y: number, m: number) => iso(Date.UTC(y, m + 1, 1) - DAY);
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** Any instant from 1990 to 2079, often on a month's first or last day. */
const clock = fc.oneof(
  fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2079, 11, 31) }),
  fc
    .tuple(
      fc.integer({ min: 1990, max: 2079 }),
      fc.integer({ min: 0, max: 11 }),
      fc.boolean(),
      fc.integer({ min: 0, max: DAY - 1 }),
    )
    .map(([y, m, first, t]) => (first ? Date.UTC(y, m, 1) : Date.UTC(y, m + 1, 1) - DAY) + t),
);
const year = fc.integer({ min: 1990, max: 2079 });
const one = (text: string, now: number) => {
  const ask = parseTime(text.toLowerCase(), now);
  assert.equal(ask.ranges.length, 1, text);
  return ask.ranges[0];
};

describe('time ranges', () => {
  it('a word ending in a ranking word is no ranking word: "stop last month", "laptop last month" are periods', () => {
    const now = Date.UTC(2026, 0, 15, 12);
    for (const text of ['busiest stop last month', 'laptop sales last month', 'desktop installs last month'])
      assert.deepEqual(parseTime(text, now).ranges, [{ from: '2025-12-01', to: '2025-12-31' }], text);
    assert.deepEqual(parseTime('top last month', now).ranges, []);
  });

  it('"in <month> <year>" is that whole month (February has 29 days in leap years)', () => {
    fc.assert(
      fc.property(year, fc.integer({ min: 0, max: 11 }), clock, (y, m, now) => {
        const r = one(`revenue in ${MONTHS[m]} ${y}`, now);
        assert.deepEqual(r, { from: iso(Date.UTC(y, m, 1)), to: lastDay(y, m) });
        if (m === 1) assert.equal(r.to.slice(8), leap(y) ? '29' : '28');
      }),
    );
  });
  it('"Q<n> <year>" and "<year>" are whole quarters and years', () => {
    fc.assert(
      fc.property(year, fc.integer({ min: 1, max: 4 }), clock, (y, n, now) => {
        assert.deepEqual(one(`Q${n} ${y}`, now), { from: iso(Date.UTC(y, 3 * (n - 1), 1)), to: lastDay(y, 3 * n - 1) });
        assert.deepEqual(one(`in ${y}`, now), { from: `${y}-01-01`, to: `${y}-12-31` });
      }),
    );
  });
  it('"last month", "this year", "year to date" and "last N days" follow the clock across year ends', () => {
    fc.assert(
      fc.property(clock, fc.integer({ min: 1, max: 400 }), (now, n) => {
        const d = new Date(now);
        const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
        const today = iso(now);
        assert.deepEqual(one('last month', now), { from: iso(Date.UTC(y, m - 1, 1)), to: lastDay(y, m - 1) });
        assert.deepEqual(one('this year', now), { from: `${y}-01-01`, to: `${y}-12-31` });
        assert.deepEqual(one('year to date', now), { from: `${y}-01-01`, to: today });
        assert.deepEqual(one(`last ${n} days`, now), {
          from: iso(Date.parse(`${today}T00:00:00Z`) - (n - 1) * DAY),
          to: today,
        });
        const q = Math.floor(m / 3);
        assert.deepEqual(one('last quarter', now), {
          from: iso(Date.UTC(y, 3 * q - 3, 1)),
          to: iso(Date.UTC(y, 3 * q, 1) - DAY),
        });
      }),
    );
  });
  it('"since <month>" starts at the latest such month not after today, and ends today', () => {
    fc.assert(
      fc.property(clock, fc.integer({ min: 0, max: 11 }), (now, m) => {
        const y = new Date(now).getUTCFullYear();
        const start = Date.UTC(y, m, 1) <= now ? Date.UTC(y, m, 1) : Date.UTC(y - 1, m, 1);
        assert.deepEqual(one(`since ${MONTHS[m]}`, now), { from: iso(start), to: iso(now) });
      }),
    );
  });
  it('"between <month> and <month> <year>" spans whole months; "last year vs the year before" is two years', () => {
    fc.assert(
      fc.property(year, fc.integer({ min: 0, max: 11 }), fc.integer({ min: 0, max: 11 }), clock, (y, a, b, now) => {
        const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
        assert.deepEqual(one(`between ${MONTHS[lo]} and ${MONTHS[hi]} ${y}`, now), {
          from: iso(Date.UTC(y, lo, 1)),
          to: lastDay(y, hi),
        });
        const ny = new Date(now).getUTCFullYear();
        assert.deepEqual(parseTime('last year vs the year before', now).ranges, [
          { from: `${ny - 1}-01-01`, to: `${ny - 1}-12-31` },
          { from: `${ny - 2}-01-01`, to: `${ny - 2}-12-31` },
        ]);
      }),
    );
  });
  it('"last <weekday>" is the latest such day before today', () => {
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    fc.assert(
      fc.property(clock, fc.integer({ min: 0, max: 6 }), (now, w) => {
        const r = one(`last ${days[w]}`, now);
        const t = Date.parse(`${r.from}T00:00:00Z`);
        assert.equal(r.from, r.to);
        assert.equal((new Date(t).getUTCDay() + 6) % 7, w);
        const back = (Date.parse(`${iso(now)}T00:00:00Z`) - t) / DAY;
        assert.ok(back >= 1 && back <= 7, `${iso(now)} → ${r.from}`);
      }),
    );
  });
  it('decades ("the 1990s", "the 90s", "the \'80s") are ten whole years; two digits name the latest such decade begun', () => {
    fc.assert(
      fc.property(clock, fc.integer({ min: 0, max: 9 }), (now, d) => {
        const y = new Date(now).getUTCFullYear();
        const full = 1900 + 10 * (y - 1900 > 100 ? 10 + (d % 8) : d);
        // ("the 1900s" is the century: see below.)
        const last = full + (full === 1900 ? 99 : 9);
        assert.deepEqual(one(`hotels opened in the ${full}s`, now), { from: `${full}-01-01`, to: `${last}-12-31` });
        const named = 2000 + 10 * d <= y ? 2000 + 10 * d : 1900 + 10 * d;
        for (const text of [`in the ${d}0s`, `during the '${d}0s`])
          assert.deepEqual(one(text, now), { from: `${named}-01-01`, to: `${named + 9}-12-31` }, text);
      }),
    );
  });
  it('years before 1800 and centuries ("in 1750", "the 1700s") are periods; a number that counts something is not', () => {
    const now = Date.UTC(2026, 0, 15);
    assert.deepEqual(one('avg wheat price in the 1700s', now), { from: '1700-01-01', to: '1799-12-31' });
    assert.deepEqual(one('baptisms during the 1500s by parish', now), { from: '1500-01-01', to: '1599-12-31' });
    assert.deepEqual(one('tonnage shipped in 1750', now), { from: '1750-01-01', to: '1750-12-31' });
    assert.deepEqual(one('tonnage shipped in 1688 by port', now), { from: '1688-01-01', to: '1688-12-31' });
    assert.deepEqual(one('avg wheat price from 1600 to 1650', now), { from: '1600-01-01', to: '1650-12-31' });
    assert.deepEqual(one('ships built before 1700', now), { to: '1699-12-31' });
    assert.equal(parseTime('avg price 1700 vs 1800', now).ranges.length, 2);
    // Counts, amounts and bounds stay numbers.
    for (const text of [
      'orders with 1500 units',
      'requests answered in 1200 ms',
      'shipments worth between 1200 and 1500',
      'stores with more than 1500 customers',
      'top 1000 products',
      'invoices of 1250',
    ])
      assert.deepEqual(parseTime(text, now).ranges, [], text);
  });
  it('a change asked "from A to B" or "between A and B" compares the two periods; a range asked alone is one', () => {
    const now = Date.UTC(2026, 0, 15);
    const y = (n: number) => ({ from: `${n}-01-01`, to: `${n}-12-31` });
    assert.deepEqual(parseTime('the change in loans from 2023 to 2024', now).ranges, [y(2023), y(2024)]);
    assert.deepEqual(parseTime('difference in output between 2019 and 2020', now).ranges, [y(2019), y(2020)]);
    assert.deepEqual(parseTime('growth in members from q1 to q2 2025', now).ranges, [
      { from: '2025-01-01', to: '2025-03-31' },
      { from: '2025-04-01', to: '2025-06-30' },
    ]);
    assert.deepEqual(parseTime('loans from 2023 to 2024', now).ranges, [{ from: '2023-01-01', to: '2024-12-31' }]);
  });
  it('"the year before last" and "the month before last" are two whole periods back', () => {
    fc.assert(
      fc.property(clock, (now) => {
        const d = new Date(now);
        const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
        assert.deepEqual(one('revenue the year before last', now), { from: `${y - 2}-01-01`, to: `${y - 2}-12-31` });
        assert.deepEqual(one('bookings the month before last', now), {
          from: iso(Date.UTC(y, m - 2, 1)),
          to: lastDay(y, m - 2),
        });
      }),
    );
  });
  it('"by <words> <unit>" is the grain, and the words between stay free to name the time dimension', () => {
    const now = Date.UTC(2026, 0, 15);
    for (const [text, grain, free] of [
      ['room nights by check-in quarter', 'quarter', 'check-in'],
      ['sales by signup month in 2025', 'month', 'signup'],
      ['revenue by hotel and year', 'year', 'hotel and'],
    ] as const) {
      const ask = parseTime(text, now);
      assert.equal(ask.grain, grain, text);
      const at = text.indexOf(free);
      assert.ok(!ask.spans.some(([s, e]) => s < at + free.length && at < e), text);
    }
    assert.equal(parseTime('revenue per guest last year', now).grain, undefined);
  });
  it('grain words', () => {
    const now = Date.UTC(2026, 0, 15);
    assert.equal(parseTime('monthly visits', now).grain, 'month');
    assert.equal(parseTime('visits by week', now).grain, 'week');
    assert.equal(parseTime('revenue over time', now).grain, 'month');
    assert.equal(parseTime('quarterly charges', now).grain, 'quarter');
    assert.equal(parseTime('absences by day of week', now).grain, 'weekday');
    assert.deepEqual(parseTime('may i see visits', now).ranges, []);
  });
});
