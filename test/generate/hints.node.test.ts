// loadDataHints over real public data (vega-datasets: flights with their airports joined through a view, films,
// Seattle's weather) in the engine with native-free DuckDB: distinct values counted up to the bound, the main time
// dimensions' first and last days, and the dashboard they make — breakdowns of many-valued dimensions by their top
// values, time charts at a grain that fits (weeks over three months, years over 1929–2046), the public cubes beside
// the view.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { TableFormat } from '../../src/engine/data/import.js';
import { DEMO, createLocalEngine, type LocalEngine } from '../../src/engine/index.js';
import { generateDashboard, loadDataHints } from '../../src/generate/index.js';
import { HttpTransport } from '../../src/transport/http-transport.js';
import { VEGA_DATA, VEGA_FILES, VEGA_MODEL } from '../fixtures/vega-datasets.js';

describe('loadDataHints on vega-datasets', () => {
  let engine: LocalEngine;
  let admin: HttpTransport;

  before(async () => {
    const data = Object.fromEntries(
      Object.entries(VEGA_FILES).map(([table, file]) => [
        table,
        { source: new Uint8Array(readFileSync(VEGA_DATA + file)), format: file.split('.').pop() as TableFormat },
      ]),
    );
    engine = await createLocalEngine({ name: `hints-${Date.now()}`, model: VEGA_MODEL, data });
    admin = new HttpTransport({ baseUrl: 'https://local.svc', fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
  });
  after(() => engine.close());

  it('counts values up to the bound and reads each main time dimension’s span', async () => {
    const meta = await admin.loadMeta();
    const hints = await loadDataHints(admin, meta, { maxValues: 60 });
    assert.equal(hints.valueCounts['films.mpaa_rating'], 8); // 7 ratings and NULL
    assert.equal(hints.valueCounts['weather.weather'], 5);
    assert.equal(hints.valueCounts['flight_delays.origin'], 61); // 220 airports, counted to the bound
    assert.equal(hints.valueCounts['flight_delays.origin_airport_state'], 51);
    assert.deepEqual(hints.timeSpans['flight_delays.date'], {
      from: '2001-01-01T00:00:00.000',
      to: '2001-03-31T00:00:00.000',
    });
    assert.match(String(hints.timeSpans['films.release_date'].to), /^2046-/);
    assert.match(String(hints.timeSpans['weather.date'].from), /^2012-01-01/);
  });

  it('makes a dashboard of the view and the public cubes, with top-value breakdowns and fitting grains', async () => {
    const meta = await admin.loadMeta();
    const { reportSnapshots } = generateDashboard(meta, await loadDataHints(admin, meta));
    const grains = Object.fromEntries(
      reportSnapshots
        .filter((r) => r.meta?.query?.timeDimensions)
        .map((r) => [r.meta!.query!.measures![0], r.meta!.query!.timeDimensions![0].granularity]),
    );
    assert.equal(grains['flight_delays.count'], 'week');
    assert.equal(grains['films.count'], 'year');
    assert.equal(grains['weather.days'], 'month');
    // The flights are shown by the view (whole), films and weather by their cubes.
    assert.ok(!reportSnapshots.some((r) => r.meta?.query?.measures?.some((m) => m.startsWith('flights.'))));
    // Every string dimension of the view has over 24 values: its breakdowns are by the top 10.
    const bars = reportSnapshots.filter((r) => r.meta?.query?.dimensions?.[0]?.startsWith('flight_delays.'));
    assert.ok(bars.length > 0);
    for (const r of bars) assert.equal(r.meta!.query!.limit, 10, String(r.title));
    // Each report runs and has rows.
    for (const r of reportSnapshots) {
      const { data } = await admin.load({ query: r.meta!.query! });
      assert.ok(data.length > 0, `${r.title} has rows`);
    }
  });
});
