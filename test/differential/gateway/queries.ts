// The queries both Cube's own API gateway and the engine answer in the gateway differential suite
// (gateway.diff.node.test.ts; recorded by record.ts): loads over examples/model and over travel-model (vega-datasets'
// flights, airports and Seattle weather), in several time zones, and the queries Cube refuses.

export const ZONES = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Asia/Kolkata'] as const;

export interface GatewayCase {
  name: string;
  query: Record<string, unknown>;
  /** Asked once per zone of ZONES (as `timezone`); otherwise once, as written. */
  zoned?: boolean;
}

export interface GatewayModel {
  name: string;
  /** The model folder and the data folder, from the repository's root. */
  model: string;
  data: string;
  /** Files of the data folder to use (all when absent). */
  files?: string[];
  /** Groups of the caller (its JWT's `groups`; on the engine, an embed session's groups). */
  groups: string[];
  cases: GatewayCase[];
}

const bo = (m: string) => `box_office.${m}`;

const examples: GatewayModel = {
  name: 'examples',
  model: 'examples/model',
  data: 'examples/data',
  groups: ['programmers'],
  cases: [
    {
      name: 'revenue by genre',
      query: {
        measures: [bo('count'), bo('revenue')],
        dimensions: [bo('films_genre')],
        order: [
          [bo('count'), 'desc'],
          [bo('films_genre'), 'asc'],
        ],
      },
    },
    {
      name: 'tickets by country and city',
      query: {
        measures: [bo('tickets')],
        dimensions: [bo('cinemas_country'), bo('cinemas_city')],
        order: { [bo('tickets')]: 'desc' },
      },
    },
    {
      name: 'revenue per month',
      zoned: true,
      query: {
        measures: [bo('revenue'), bo('average_attendance')],
        timeDimensions: [{ dimension: bo('starts_at'), granularity: 'month', dateRange: ['2025-01-01', '2025-03-31'] }],
      },
    },
    {
      name: 'screenings by day in January',
      zoned: true,
      query: {
        measures: [bo('count')],
        timeDimensions: [{ dimension: bo('starts_at'), granularity: 'day', dateRange: ['2025-01-01', '2025-01-10'] }],
      },
    },
    {
      name: 'start times as a plain dimension',
      zoned: true,
      query: { measures: [bo('count')], dimensions: [bo('starts_at')], order: { [bo('starts_at')]: 'asc' }, limit: 6 },
    },
    {
      name: 'weekly tickets by genre',
      zoned: true,
      query: {
        measures: [bo('tickets')],
        dimensions: [bo('films_genre')],
        timeDimensions: [{ dimension: bo('starts_at'), granularity: 'week' }],
        order: [
          [bo('starts_at'), 'asc'],
          [bo('films_genre'), 'asc'],
        ],
        limit: 8,
      },
    },
    {
      name: 'two granularities of one time dimension',
      zoned: true,
      query: {
        measures: [bo('count')],
        timeDimensions: [
          { dimension: bo('starts_at'), granularity: 'month' },
          { dimension: bo('starts_at'), granularity: 'hour' },
        ],
        limit: 5,
      },
    },
    {
      name: 'reviews by reviewer and time',
      zoned: true,
      query: {
        measures: ['ratings.count', 'ratings.average_score'],
        dimensions: ['ratings.critic', 'ratings.reviewed_at'],
        order: [
          ['ratings.reviewed_at', 'asc'],
          ['ratings.critic', 'asc'],
        ],
      },
    },
    {
      name: 'evening screenings by film',
      query: {
        measures: [bo('count'), bo('sold_out_count')],
        dimensions: [bo('films_title')],
        segments: [bo('evening')],
        order: { [bo('films_title')]: 'asc' },
      },
    },
    {
      name: 'revenue per ticket where tickets over 400',
      query: {
        measures: [bo('revenue_per_ticket'), bo('tickets')],
        dimensions: [bo('cinemas_name')],
        filters: [{ member: bo('tickets'), operator: 'gt', values: ['400'] }],
        order: { [bo('cinemas_name')]: 'asc' },
      },
    },
    {
      name: 'filters on strings and dates',
      zoned: true,
      query: {
        measures: [bo('count')],
        dimensions: [bo('cinemas_city')],
        filters: [
          { member: bo('cinemas_country'), operator: 'notEquals', values: ['GB'] },
          { member: bo('films_title'), operator: 'contains', values: ['a'] },
          { member: bo('starts_at'), operator: 'inDateRange', values: ['2025-01-05', '2025-02-20'] },
        ],
        order: { [bo('cinemas_city')]: 'asc' },
      },
    },
    {
      name: 'or filter and beforeDate',
      zoned: true,
      query: {
        measures: [bo('tickets')],
        dimensions: [bo('films_genre')],
        filters: [
          {
            or: [
              { member: bo('films_genre'), operator: 'equals', values: ['Drama'] },
              { member: bo('seats_sold'), operator: 'gte', values: ['100'] },
            ],
          },
          { member: bo('starts_at'), operator: 'beforeDate', values: ['2025-02-01'] },
        ],
        order: { [bo('films_genre')]: 'asc' },
      },
    },
    {
      name: 'the view’s own primary key',
      query: { dimensions: [bo('id'), bo('cinemas_name')], order: { [bo('id')]: 'asc' }, limit: 5 },
    },
    {
      name: 'ungrouped without a primary key',
      zoned: true,
      query: {
        measures: [bo('revenue')],
        dimensions: [bo('cinemas_country'), bo('starts_at')],
        ungrouped: true,
        order: [
          [bo('starts_at'), 'asc'],
          [bo('cinemas_country'), 'asc'],
          [bo('revenue'), 'asc'],
        ],
        limit: 4,
      },
    },
    {
      name: 'ungrouped with the view’s key',
      query: {
        dimensions: [bo('id'), bo('films_title')],
        measures: [bo('tickets')],
        ungrouped: true,
        order: { [bo('id')]: 'asc' },
        limit: 3,
      },
    },
    {
      name: 'total and offset',
      query: {
        measures: [bo('count')],
        dimensions: [bo('films_title')],
        total: true,
        offset: 2,
        limit: 3,
        order: { [bo('films_title')]: 'asc' },
      },
    },
    { name: 'cache mode', query: { measures: [bo('count')], cache: 'stale-while-revalidate' } },
    { name: 'error: unknown member', query: { measures: [bo('nope')] } },
    { name: 'error: unknown cube', query: { measures: ['nope.count'] } },
    { name: 'error: renewQuery', query: { measures: [bo('count')], renewQuery: true } },
    {
      name: 'error: unknown granularity',
      query: { measures: [bo('count')], timeDimensions: [{ dimension: bo('starts_at'), granularity: 'fortnight' }] },
    },
    {
      name: 'error: unknown filter operator',
      query: { measures: [bo('count')], filters: [{ member: bo('films_genre'), operator: 'like', values: ['x'] }] },
    },
    { name: 'error: hidden cube', query: { measures: ['films.count'] } },
    { name: 'error: limit over the maximum', query: { measures: [bo('count')], limit: 50001 } },
    { name: 'error: empty query', query: {} },
  ],
};

const dep = (m: string) => `departures.${m}`;

const travel: GatewayModel = {
  name: 'travel',
  model: 'test/differential/gateway/travel-model',
  data: 'node_modules/vega-datasets/data',
  files: ['flights-2k.json', 'airports.csv', 'seattle-weather.csv'],
  groups: [],
  cases: [
    {
      name: 'flights by origin state',
      query: {
        measures: [dep('count'), dep('average_delay')],
        dimensions: [dep('origin_airport_state')],
        order: [
          [dep('count'), 'desc'],
          [dep('origin_airport_state'), 'asc'],
        ],
        limit: 5,
      },
    },
    {
      name: 'flights per month',
      zoned: true,
      query: {
        measures: [dep('count'), dep('late_departures')],
        timeDimensions: [{ dimension: dep('departed_at'), granularity: 'month' }],
      },
    },
    {
      name: 'departures by hour on one day',
      zoned: true,
      query: {
        measures: [dep('count')],
        timeDimensions: [
          { dimension: dep('departed_at'), granularity: 'hour', dateRange: ['2001-01-10', '2001-01-11'] },
        ],
        limit: 6,
      },
    },
    {
      name: 'departure times as a plain dimension',
      zoned: true,
      query: {
        dimensions: [dep('departed_at'), dep('destination')],
        measures: [dep('count')],
        order: [
          [dep('departed_at'), 'asc'],
          [dep('destination'), 'asc'],
        ],
        limit: 5,
      },
    },
    {
      name: 'long-haul flights by city',
      query: {
        measures: [dep('count')],
        dimensions: [dep('origin_airport_city')],
        segments: [dep('long_haul')],
        order: [
          [dep('count'), 'desc'],
          [dep('origin_airport_city'), 'asc'],
        ],
        limit: 5,
      },
    },
    {
      name: 'ungrouped flights without a key',
      query: {
        dimensions: [dep('origin_airport_name'), dep('distance')],
        ungrouped: true,
        order: [
          [dep('distance'), 'desc'],
          [dep('origin_airport_name'), 'asc'],
        ],
        limit: 3,
      },
    },
    {
      name: 'flights over the cube',
      zoned: true,
      query: {
        measures: ['flights.total_distance'],
        dimensions: ['flights.origin'],
        timeDimensions: [{ dimension: 'flights.departed_at', granularity: 'quarter' }],
        filters: [{ member: 'flights.origin', operator: 'startsWith', values: ['S'] }],
        order: [
          ['flights.departed_at', 'asc'],
          ['flights.origin', 'asc'],
        ],
        limit: 6,
      },
    },
    {
      name: 'weather by condition',
      query: {
        measures: ['weather.days', 'weather.total_precipitation', 'weather.hottest'],
        dimensions: ['weather.condition'],
        order: { 'weather.condition': 'asc' },
      },
    },
    {
      name: 'weather per year',
      zoned: true,
      query: {
        measures: ['weather.average_wind'],
        timeDimensions: [{ dimension: 'weather.observed_on', granularity: 'year' }],
      },
    },
    {
      name: 'rainy days as a plain time dimension',
      zoned: true,
      query: {
        dimensions: ['weather.observed_on', 'weather.is_rainy', 'weather.tempMax'],
        filters: [{ member: 'weather.observed_on', operator: 'inDateRange', values: ['2013-03-01', '2013-03-04'] }],
        order: { 'weather.observed_on': 'asc' },
      },
    },
    {
      name: 'weeks of 2014 with measure filter',
      zoned: true,
      query: {
        measures: ['weather.total_precipitation'],
        timeDimensions: [
          { dimension: 'weather.observed_on', granularity: 'week', dateRange: ['2014-01-01', '2014-02-28'] },
        ],
        filters: [{ member: 'weather.total_precipitation', operator: 'gt', values: ['10'] }],
      },
    },
    {
      name: 'a filter on a cube’s hidden primary key',
      query: { measures: ['flights.count'], filters: [{ member: 'flights.flight_key', operator: 'set' }] },
    },
    { name: 'error: hidden airport cube', query: { dimensions: ['airports.city'] } },
    {
      name: 'error: a cube’s hidden primary key',
      query: { measures: ['flights.count'], dimensions: ['flights.flight_key'] },
    },
    { name: 'error: unknown view member', query: { dimensions: [dep('origin')] } },
  ],
};

export const GATEWAY_MODELS: GatewayModel[] = [examples, travel];

/** Each case as asked: one per zone when zoned. */
export function expand(model: GatewayModel): { name: string; query: Record<string, unknown> }[] {
  return model.cases.flatMap((c) =>
    c.zoned ? ZONES.map((timezone) => ({ name: `${c.name} (${timezone})`, query: { ...c.query, timezone } })) : [c],
  );
}
