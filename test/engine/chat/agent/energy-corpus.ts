// Questions about the energy model (a view and a public cube), with answers computed from its rows.
import { consumptionRows as rows, outages } from '../../../fixtures/analyst/energy.js';
import {
  avg,
  compare,
  count,
  distinct,
  evaluate as ev,
  inRange,
  max,
  share,
  sum,
  trunc,
  type Row,
} from '../../../fixtures/analyst/rows.js';
import type { Case } from './corpus.js';

const and =
  (...ps: ((r: Row) => boolean)[]) =>
  (r: Row) =>
    ps.every((p) => p(r));
const col = (k: string) => (r: Row) => r[k];
const is = (k: string, v: unknown) => (r: Row) => r[k] === v;
const at = (from: string, to: string) => inRange('read_at', from, to);
const out = (from: string, to: string) => inRange('started_at', from, to);
const sorted = (x: unknown[][]) => x.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
const R = (e: Parameters<typeof ev>[1]) => ev(rows, e);
const O = (e: Parameters<typeof ev>[1]) => ev(outages, e);
const n = (x: unknown[][]) => x[0][0] as number;
const kwh = sum('kwh');
const cost = sum('cost_eur');
const Y25 = at('2025-01-01', '2025-12-31');

export const energyCases: Case[] = [
  { q: 'How much energy did we use?', want: R({ agg: kwh }) },
  { q: 'energy used in 2025', want: R({ where: Y25, agg: kwh }) },
  { q: 'total energy cost last month', want: R({ where: at('2025-12-01', '2025-12-31'), agg: cost }) },
  { q: 'energy cost by country', want: R({ by: [col('sites_country')], agg: cost }) },
  { q: 'energy used in Mexico', want: R({ where: is('sites_country', 'México'), agg: kwh }) },
  {
    q: "energy cost in cote d'ivoire in 2024",
    want: R({ where: and(is('sites_country', "Côte d'Ivoire"), at('2024-01-01', '2024-12-31')), agg: cost }),
  },
  { q: 'energy used by fuel', want: R({ by: [col('fuel')], agg: kwh }) },
  { q: 'gas consumption in Norway', want: 'decline' },
  {
    q: 'energy used for gas in Norway',
    want: R({ where: and(is('fuel', 'Gas'), is('sites_country', 'Norway')), agg: kwh }),
  },
  { q: 'how many readings in Q2 2025', want: R({ where: at('2025-04-01', '2025-06-30'), agg: count }) },
  { q: 'number of readings per site type', want: R({ by: [col('sites_site_type')], agg: count }) },
  { q: 'average reading by fuel', want: R({ by: [col('fuel')], agg: avg('kwh') }) },
  { q: 'peak reading in 2024', want: R({ where: at('2024-01-01', '2024-12-31'), agg: max('kwh') }) },
  {
    q: 'how many sites reported in December 2025',
    want: R({ where: at('2025-12-01', '2025-12-31'), agg: distinct('site_id') }),
  },
  {
    q: 'top 5 sites by energy used',
    want: R({ by: [col('sites_name')], agg: kwh, order: 'desc', limit: 5 }),
    ordered: true,
  },
  {
    q: 'bottom 3 sites by energy cost',
    want: R({ by: [col('sites_name')], agg: cost, order: 'asc', limit: 3 }),
    ordered: true,
  },
  { q: 'energy cost for Site C', want: R({ where: is('sites_name', 'Site C'), agg: cost }) },
  {
    q: 'which country has the highest energy cost?',
    want: R({ by: [col('sites_country')], agg: cost, order: 'desc' }),
    ordered: true,
  },
  {
    q: 'monthly energy used in 2025',
    want: sorted(R({ where: Y25, by: [(r) => trunc('month', String(r.read_at))], agg: kwh })),
    ordered: true,
  },
  {
    q: 'quarterly energy cost',
    want: sorted(R({ by: [(r) => trunc('quarter', String(r.read_at))], agg: cost })),
    ordered: true,
  },
  {
    q: 'daily readings in the last 7 days',
    want: sorted(
      R({ where: at('2026-01-09', '2026-01-15'), by: [(r) => trunc('day', String(r.read_at))], agg: count }),
    ),
    ordered: true,
  },
  { q: 'energy used by fuel and site type', want: R({ by: [col('fuel'), col('sites_site_type')], agg: kwh }) },
  { q: 'energy used in warehouses', want: R({ where: is('sites_site_type', 'Warehouse'), agg: kwh }) },
  {
    q: 'energy cost at factories in Sweden last year',
    want: R({ where: and(is('sites_site_type', 'Factory'), is('sites_country', 'Sweden'), Y25), agg: cost }),
  },
  {
    q: 'energy used at sites with a capacity over 500 kW',
    want: R({ where: (r) => (r.sites_capacity_kw as number) > 500, agg: kwh }),
  },
  { q: 'readings above 4000 kWh', want: R({ where: (r) => (r.kwh as number) > 4000, agg: count }) },
  {
    q: 'countries with energy cost over 110000',
    want: R({ by: [col('sites_country')], agg: cost, having: (v) => v > 110000 }),
  },
  {
    q: 'energy used 2024 vs 2025',
    want: compare(n(R({ where: at('2024-01-01', '2024-12-31'), agg: kwh })), n(R({ where: Y25, agg: kwh }))),
  },
  {
    q: 'energy cost this year compared to last year',
    want: compare(n(R({ where: at('2026-01-01', '2026-12-31'), agg: cost })), n(R({ where: Y25, agg: cost }))),
  },
  {
    q: 'Compare energy used in Sweden and Norway',
    want: compare(
      n(R({ where: is('sites_country', 'Sweden'), agg: kwh })),
      n(R({ where: is('sites_country', 'Norway'), agg: kwh })),
    ),
  },
  {
    q: 'what share of energy used was electricity',
    want: share(n(R({ where: is('fuel', 'Electricity'), agg: kwh })), n(R({ agg: kwh }))),
  },
  {
    q: 'share of energy cost by country',
    want: (() => {
      const all = n(R({ agg: cost }));
      return R({ by: [col('sites_country')], agg: cost }).map((r) => [...r, (100 * (r[1] as number)) / all]);
    })(),
  },
  { q: 'energy used except steam', want: R({ where: (r) => r.fuel !== 'Steam', agg: kwh }) },
  {
    q: 'energy used not in Portugal by fuel',
    want: R({ where: (r) => r.sites_country !== 'Portugal', by: [col('fuel')], agg: kwh }),
  },
  { q: 'how many outages in 2025', want: O({ where: out('2025-01-01', '2025-12-31'), agg: count }) },
  { q: 'outages by cause', want: O({ by: [col('cause')], agg: count }) },
  { q: 'outage minutes by grid region', want: O({ by: [col('region')], agg: sum('duration_minutes') }) },
  { q: 'average outage duration for storms', want: O({ where: is('cause', 'Storm'), agg: avg('duration_minutes') }) },
  {
    q: 'outages caused by grid failure last year',
    want: O({ where: and(is('cause', 'Grid failure'), out('2025-01-01', '2025-12-31')), agg: count }),
  },
  { q: 'outages longer than 300 minutes', want: O({ where: (r) => (r.duration_minutes as number) > 300, agg: count }) },
  {
    q: 'outages in the Coast region since March 2025',
    want: O({ where: and(is('region', 'Coast'), out('2025-03-01', '2026-01-15')), agg: count }),
  },
  {
    q: 'monthly outages in the first half of 2025',
    want: sorted(
      O({ where: out('2025-01-01', '2025-06-30'), by: [(r) => trunc('month', String(r.started_at))], agg: count }),
    ),
    ordered: true,
  },
  {
    q: 'outages last year vs the year before',
    want: compare(
      n(O({ where: out('2025-01-01', '2025-12-31'), agg: count })),
      n(O({ where: out('2024-01-01', '2024-12-31'), agg: count })),
    ),
  },
  {
    q: 'what percentage of outages were maintenance',
    want: share(n(O({ where: is('cause', 'Maintenance'), agg: count })), n(O({ agg: count }))),
  },
  {
    q: 'outages on weekends',
    want: O({ where: (r) => [0, 6].includes(new Date(`${String(r.started_at)}Z`).getUTCDay()), agg: count }),
  },
  { q: 'outages in Maintanance', want: O({ where: is('cause', 'Maintenance'), agg: count }) },
  // A measure per entity is the measure divided by the entity's distinct count (issue 32): energy used per site.
  { q: 'energy used per site', want: [[n(R({ agg: kwh })) / n(R({ agg: distinct('site_id') }))]] },
  { q: 'energy used in 2019', want: [[null]] },
  { q: 'What is our carbon footprint?', want: 'decline' },
  { q: 'median outage duration', want: 'decline' },
  { q: 'how many solar panels do we have', want: 'decline' },
  { q: 'energy used by customer', want: 'decline' },
  { q: 'highest outage minutes', want: 'decline' },
  { q: 'who is the best engineer', want: 'decline' },
  { q: 'water usage by site', want: 'decline' },
  // Words that ask for nothing, time, counts, which one, values and shares (issue 32's classes).
  { q: 'how much energy did Swedish sites use', want: R({ where: is('sites_country', 'Sweden'), agg: kwh }) },
  { q: 'how many outages happened in the 2020s', want: O({ where: out('2020-01-01', '2029-12-31'), agg: count }) },
  { q: 'energy cost the year before last', want: R({ where: at('2024-01-01', '2024-12-31'), agg: cost }) },
  { q: 'outages that began last month', want: O({ where: out('2025-12-01', '2025-12-31'), agg: count }) },
  { q: 'how many outages were caused by storms', want: O({ where: is('cause', 'Storm'), agg: count }) },
  {
    q: 'the site with the highest energy cost',
    want: R({ by: [col('sites_name')], agg: cost, order: 'desc' }),
    ordered: true,
  },
  {
    q: 'which fuel had the lowest energy cost',
    want: R({ by: [col('fuel')], agg: cost, order: 'asc' }),
    ordered: true,
  },
  {
    q: 'the two countries with the most readings',
    want: R({ by: [col('sites_country')], agg: count, order: 'desc', limit: 2 }),
    ordered: true,
  },
  { q: 'energy used in Q3', want: R({ where: at('2025-07-01', '2025-09-30'), agg: kwh }) },
  { q: 'how many readings were taken in November', want: R({ where: at('2025-11-01', '2025-11-30'), agg: count }) },
  {
    q: 'what percentage of readings came from factories',
    want: share(n(R({ where: is('sites_site_type', 'Factory'), agg: count })), n(R({ agg: count }))),
  },
  {
    q: 'what share of Swedish energy cost was gas',
    want: share(
      n(R({ where: and(is('sites_country', 'Sweden'), is('fuel', 'Gas')), agg: cost })),
      n(R({ where: is('sites_country', 'Sweden'), agg: cost })),
    ),
  },
  {
    q: 'how many factories reported in 2025',
    want: R({ where: and(is('sites_site_type', 'Factory'), Y25), agg: distinct('site_id') }),
  },
  {
    q: 'energy cost per country in the 2020s',
    want: R({ where: at('2020-01-01', '2029-12-31'), by: [col('sites_country')], agg: cost }),
  },
  {
    q: 'outage minutes the year before last by cause',
    want: O({ where: out('2024-01-01', '2024-12-31'), by: [col('cause')], agg: sum('duration_minutes') }),
  },
  {
    q: 'how many electricity readings last month',
    want: R({ where: and(is('fuel', 'Electricity'), at('2025-12-01', '2025-12-31')), agg: count }),
  },
  // The total Energy cost over the readings counted: the average cost of a reading (once a decline, when the analyst
  // could not divide a total per row).
  { q: 'avg cost per reading', want: R({ agg: avg('cost_eur') }) },
  { q: 'the longest outage', want: 'decline' },
  { q: 'the cheapest site', want: 'decline' },
  { q: 'which region had the longest outages', want: 'decline' },
  { q: 'how many solar sites do we have', want: 'decline' },
  // A stranger's words: typos of member words, period shorthand, "bill" and "usage", an explicit grain over "trend".
  { q: 'whats our total energy bill', want: R({ agg: cost }) },
  {
    q: 'how much did we spend on electricity last yr',
    want: R({ where: and(is('fuel', 'Electricity'), Y25), agg: cost }),
  },
  { q: 'avg outage lenght by cause', want: O({ by: [col('cause')], agg: avg('duration_minutes') }) },
  { q: 'avrage outage duration', want: O({ agg: avg('duration_minutes') }) },
  { q: 'total enrgy cost by contry', want: R({ by: [col('sites_country')], agg: cost }) },
  {
    q: 'energy usage trend by quarter',
    want: sorted(R({ by: [(r) => trunc('quarter', String(r.read_at))], agg: kwh })),
    ordered: true,
  },
  { q: 'energy cost past 3 wks', want: R({ where: at('2025-12-25', '2026-01-15'), agg: cost }) },
];
