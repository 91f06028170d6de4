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

  it('refuses a file its reader traps on by name, keeps the table before, and reads the next file', async () => {
    const before = await parcelsByDepot(engine);
    const cut = new Uint8Array(await (await fixture('parcels-gzip.parquet')).arrayBuffer());
    cut.fill(0xff, 200, 4000); // its first pages overwritten: the footer is intact, the data is not
    const error = await engine.putTable('parcels', new File([cut], 'cut.parquet')).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).to.match(/^Table parcels \(cut\.parquet\): not a readable Parquet file: /);
    expect(await parcelsByDepot(engine)).to.deep.equal(before);
    await engine.putTable('parcels', await fixture('parcels-lz4_raw.parquet'));
    expect(await parcelsByDepot(engine)).to.deep.equal(expected.byDepot['parcels-lz4_raw.parquet']);
  });

  it('answers from the kept Parquet file after a reload', async () => {
    await engine.putTable('parcels', await fixture('parcels-snappy.parquet'));
    await engine.close();
    engine = await createLocalEngine({ name });
    expect(await parcelsByDepot(engine)).to.deep.equal(expected.byDepot['parcels-snappy.parquet']);
    expect(await nestedColumns(engine)).to.deep.equal(expected.nested);
  });
});
