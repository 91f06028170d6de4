// Questions about real public data (MDN's browser releases), with answers computed from its rows. Hand-written
// questions of every kind, then the same kinds asked over each browser and engine the data holds.
import { releases as rows } from '../../../fixtures/analyst/browsers.js';
import { count, distinct, evaluate as ev, inRange, share, trunc, type Row } from '../../../fixtures/analyst/rows.js';
import type { Case } from './corpus.js';

const and =
  (...ps: ((r: Row) => boolean)[]) =>
  (r: Row) =>
    ps.every((p) => p(r));
const col = (k: string) => (r: Row) => r[k];
const is = (k: string, v: unknown) => (r: Row) => r[k] === v;
const on = (from: string, to: string) => (r: Row) => r.released_on !== null && inRange('released_on', from, to)(r);
const sorted = (x: unknown[][]) => x.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
const R = (e: Parameters<typeof ev>[1]) => ev(rows, e);
const n = (x: unknown[][]) => x[0][0] as number;
const browsers = distinct('browser');
const dated = (r: Row) => r.released_on !== null;

const handWritten: Case[] = [
  { q: 'how many releases has Firefox had', want: R({ where: is('browser', 'Firefox'), agg: count }) },
  {
    q: 'how many Firefox releases came out in the 2010s',
    want: R({ where: and(is('browser', 'Firefox'), on('2010-01-01', '2019-12-31')), agg: count }),
  },
  { q: 'releases in the 90s', want: R({ where: on('1990-01-01', '1999-12-31'), agg: count }) },
  {
    q: 'how many browser releases were there in the 2000s?',
    want: R({ where: on('2000-01-01', '2009-12-31'), agg: count }),
  },
  {
    q: 'which browser had the most releases',
    want: R({ by: [col('browser')], agg: count, order: 'desc' }),
    ordered: true,
  },
  { q: 'releases by engine', want: R({ by: [col('engine')], agg: count }) },
  { q: 'how many browsers use Blink', want: R({ where: is('engine', 'Blink'), agg: browsers }) },
  {
    q: 'what share of releases are mobile',
    want: share(n(R({ where: is('browser_type', 'mobile'), agg: count })), n(R({ agg: count }))),
  },
  {
    q: 'what percentage of releases were Gecko',
    want: share(n(R({ where: is('engine', 'Gecko'), agg: count })), n(R({ agg: count }))),
  },
  {
    q: 'releases per year since 2015',
    want: sorted(
      R({ where: on('2015-01-01', '2026-01-15'), by: [(r) => trunc('year', String(r.released_on))], agg: count }),
    ),
    ordered: true,
  },
  { q: 'how many Node.js releases', want: R({ where: is('browser', 'Node.js'), agg: count }) },
  { q: 'how many Explorer releases', want: R({ where: is('browser', 'Internet Explorer'), agg: count }) },
  { q: 'releases by device', want: R({ by: [col('browser_type')], agg: count }) },
  { q: 'releases by browser type', want: R({ by: [col('browser_type')], agg: count }) },
  { q: 'how many retired releases', want: R({ where: is('status', 'retired'), agg: count }) },
  {
    q: 'which engine has the fewest releases',
    // Releases with no engine recorded are no engine: a ranking leaves them out (a breakdown keeps them).
    want: R({ where: (r) => r.engine !== null, by: [col('engine')], agg: count, order: 'asc' }),
    ordered: true,
  },
  { q: 'how many desktop browsers are there', want: R({ where: is('browser_type', 'desktop'), agg: browsers }) },
  {
    q: 'top 3 browsers by releases in the 2000s',
    want: R({ where: on('2000-01-01', '2009-12-31'), by: [col('browser')], agg: count, order: 'desc', limit: 3 }),
    ordered: true,
  },
  {
    q: 'the two engines with the most releases',
    want: R({ by: [col('engine')], agg: count, order: 'desc', limit: 2 }),
    ordered: true,
  },
  { q: 'how many releases shipped in Q1 2021', want: R({ where: on('2021-01-01', '2021-03-31'), agg: count }) },
  { q: 'how many releases were released in 2020', want: R({ where: on('2020-01-01', '2020-12-31'), agg: count }) },
  { q: 'releases of Safari on iOS', want: R({ where: is('browser', 'Safari on iOS'), agg: count }) },
  {
    q: 'Chrome releases in 2014',
    want: R({ where: and(is('browser', 'Chrome'), on('2014-01-01', '2014-12-31')), agg: count }),
  },
  {
    q: 'Opera releases by engine',
    want: R({ where: is('browser', 'Opera'), by: [col('engine')], agg: count }),
  },
  { q: 'how many rendering engines are there', want: R({ agg: distinct('engine') }) },
  {
    q: 'how many engines did mobile browsers use',
    want: R({ where: is('browser_type', 'mobile'), agg: distinct('engine') }),
  },
  { q: 'number of releases not on Blink', want: R({ where: (r) => r.engine !== 'Blink', agg: count }) },
  { q: 'how many releases last year', want: [[0]] },
  {
    q: 'releases by year in the 2010s',
    want: sorted(
      R({ where: on('2010-01-01', '2019-12-31'), by: [(r) => trunc('year', String(r.released_on))], agg: count }),
    ),
    ordered: true,
  },
  { q: 'how many browsers have ever shipped a release', want: R({ agg: browsers }) },
  { q: 'releases by status', want: R({ by: [col('status')], agg: count }) },
  { q: 'how many beta releases are there', want: R({ where: is('status', 'beta'), agg: count }) },
  { q: 'releases for xr devices', want: R({ where: is('browser_type', 'xr'), agg: count }) },
  {
    q: 'what share of releases are retired',
    want: share(n(R({ where: is('status', 'retired'), agg: count })), n(R({ agg: count }))),
  },
  {
    q: 'releases on Mondays',
    want: R({ where: (r) => dated(r) && new Date(`${String(r.released_on)}Z`).getUTCDay() === 1, agg: count }),
  },
  { q: 'releases per browser', want: [[n(R({ agg: count })) / n(R({ agg: browsers }))]] },
  {
    q: 'releases per browser in the 2010s',
    want: [
      [
        n(R({ where: on('2010-01-01', '2019-12-31'), agg: count })) /
          n(R({ where: on('2010-01-01', '2019-12-31'), agg: browsers })),
      ],
    ],
  },
  // What the data cannot answer.
  { q: 'how many security bugs did Firefox fix', want: 'decline' },
  { q: 'market share by browser', want: 'decline' },
  { q: 'average download size of Chrome', want: 'decline' },
  { q: 'how many users does Safari have', want: 'decline' },
  { q: 'which browser is the fastest', want: 'decline' },
  { q: 'releases by developer', want: 'decline' },
];

/** The same kinds of question over every browser and engine of the data: values, decades, shares, engines used. */
const names = [...new Set(rows.map((r) => String(r.browser)))];
const engines = [...new Set(rows.map((r) => r.engine).filter((e): e is string => typeof e === 'string'))];
const perBrowser: Case[] = names.flatMap((b): Case[] => [
  { q: `How many ${b} releases are there?`, want: R({ where: is('browser', b), agg: count }) },
  {
    q: `${b} releases in the 2010s`,
    want: R({ where: and(is('browser', b), on('2010-01-01', '2019-12-31')), agg: count }),
  },
  { q: `which engines has ${b} used?`, want: R({ where: is('browser', b), by: [col('engine')], agg: count }) },
]);
const perEngine: Case[] = engines.flatMap((e): Case[] => [
  { q: `how many ${e} releases came out in total`, want: R({ where: is('engine', e), agg: count }) },
  { q: `how many browsers are based on ${e}`, want: R({ where: is('engine', e), agg: browsers }) },
  {
    q: `what share of releases used ${e}`,
    want: share(n(R({ where: is('engine', e), agg: count })), n(R({ agg: count }))),
  },
]);

export const browsersCases: Case[] = [...handWritten, ...perBrowser, ...perEngine];
