// Parquet in Chromium (the engine in its Worker, real IndexedDB, DuckDB-wasm and parquet-wasm in workers): parcels in
// every codec and in Parquet 2 pages, and vega-datasets' flights-3m.parquet by URL, answer through /load as native
// DuckDB's read_parquet did (test/fixtures/parquet/expected.json); a reload answers from the kept file.
import { expect } from '@open-wc/testing';
import { createLocalEngine, type LocalEngine } from '../../../src/engine/index.js';
import { PARCELS_MODEL, type ParquetExpected } from '../../fixtures/parcels-parquet.js';
import { checkCodecs, checkFlights, nestedColumns, parcelsByDepot } from './read-parquet.scenario.js';

const fixture = async (name: string) =>
  new File([await (await fetch(`/test/fixtures/parquet/${name}`)).arrayBuffer()], name);

describe('Parquet (Chromium)', function () {
  this.timeout(300_000);
  const name = `read-parquet-${Date.now()}`;
  let engine: LocalEngine;
  let expected: ParquetExpected;

  before(async () => {
    expected = (await (await fetch('/test/fixtures/parquet/expected.json')).json()) as ParquetExpected;
    engine = await createLocalEngine({ name, seed: 'demo' });
    await engine.putTable('parcels', await fixture('parcels-zstd.parquet'));
    await engine.putTable('flights', [{ origin: 'X', delay: 1, distance: 2 }]);
    await engine.setModel(PARCELS_MODEL);
  });
  after(async () => {
    await engine.close();
    indexedDB.deleteDatabase(name);
  });

  it('reads every codec and Parquet 2 pages with the answers of native DuckDB (nested columns as JSON)', () =>
    checkCodecs(engine, expected, fixture));

  it('imports flights-3m.parquet by URL with the numbers of native DuckDB', () =>
    checkFlights(engine, expected, '/node_modules/vega-datasets/data/flights-3m.parquet'));

  it('answers from the kept Parquet file after a reload', async () => {
    await engine.putTable('parcels', await fixture('parcels-snappy.parquet'));
    await engine.close();
    engine = await createLocalEngine({ name });
    expect(await parcelsByDepot(engine)).to.deep.equal(expected.byDepot['parcels-snappy.parquet']);
    expect(await nestedColumns(engine)).to.deep.equal(expected.nested);
  });
});
