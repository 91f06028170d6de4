// Every table format of the registry (data/formats.ts) round-trips: the same bird counts written in each format (a
// writer per format: a format added without one fails here), told apart by extension, MIME type and content, imported,
// answered through /load, and answered again by a new engine from what was kept.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import {
  FORMATS,
  FORMAT_NAMES,
  TABLE_EXTENSIONS,
  formatOfMime,
  formatOfName,
  sniffFormat,
  type TableFormat,
} from '../../../src/engine/data/formats.js';
import { DEMO, createLocalEngine, type LocalEngine } from '../../../src/engine/index.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';

const SPECIES = ['Wren', 'Robin', 'Curlew', 'Dunlin', 'Tern'];
const BIRDS = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, species: SPECIES[i % 5], seen: (i * 7) % 13 }));
const columns = ['id', 'species', 'seen'] as const;
const text = (separator: string) =>
  [columns.join(separator), ...BIRDS.map((b) => columns.map((c) => b[c]).join(separator))].join('\n') + '\n';

/** The bird counts in each format. */
const WRITERS: Record<TableFormat, (dir: string) => Promise<Uint8Array>> = {
  csv: () => Promise.resolve(new TextEncoder().encode(text(','))),
  tsv: () => Promise.resolve(new TextEncoder().encode(text('\t'))),
  json: () => Promise.resolve(new TextEncoder().encode(JSON.stringify(BIRDS))),
  ndjson: () => Promise.resolve(new TextEncoder().encode(BIRDS.map((b) => JSON.stringify(b)).join('\n'))),
  arrow: () =>
    Promise.resolve(
      tableToIPC(
        tableFromArrays({
          id: Int32Array.from(BIRDS, (b) => b.id),
          species: BIRDS.map((b) => b.species),
          seen: Int32Array.from(BIRDS, (b) => b.seen),
        }),
        'file',
      ),
    ),
  parquet: async (dir) => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const values = BIRDS.map((b) => `(${b.id}, '${b.species}', ${b.seen})`).join(', ');
    const path = join(dir, 'birds.parquet');
    await db.run(`COPY (SELECT * FROM (VALUES ${values}) t(id, species, seen)) TO '${path}' (FORMAT parquet)`);
    return new Uint8Array(await readFile(path));
  },
};

const model = FORMAT_NAMES.map(
  (f) =>
    `  - name: birds_${f}\n    sql_table: birds_${f}\n    measures:\n      - { name: count, type: count }\n` +
    `      - { name: seen, sql: seen, type: sum }\n    dimensions:\n      - { name: species, sql: species, type: string }\n`,
).join('');

/** Per species: rows and birds seen, as /load answers them for the format's table. */
async function bySpecies(engine: LocalEngine, format: TableFormat): Promise<unknown[][]> {
  const api = new HttpTransport({ baseUrl: 'https://local.svc', fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
  const cube = `birds_${format}`;
  const { data } = await api.load({
    query: {
      measures: [`${cube}.count`, `${cube}.seen`],
      dimensions: [`${cube}.species`],
      order: { [`${cube}.species`]: 'asc' },
    },
  });
  return data.map((r) => [r[`${cube}.species`], Number(r[`${cube}.count`]), Number(r[`${cube}.seen`])]);
}

const expected = [...SPECIES].sort().map((s) => {
  const rows = BIRDS.filter((b) => b.species === s);
  return [s, rows.length, rows.reduce((a, b) => a + b.seen, 0)];
});

describe('table formats (data/formats.ts)', { timeout: 300_000 }, () => {
  const name = `formats-${process.pid}`;
  let dir: string;
  const bytes = {} as Record<TableFormat, Uint8Array>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-formats-'));
    for (const format of FORMAT_NAMES) bytes[format] = await WRITERS[format](dir);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('has a writer here for every format, and every extension and MIME type names its own format', () => {
    assert.deepEqual(Object.keys(WRITERS).sort(), [...FORMAT_NAMES].sort());
    for (const format of FORMAT_NAMES) {
      for (const extension of FORMATS[format].extensions) assert.equal(formatOfName(`a/b.${extension}?x#y`), format);
      for (const mime of FORMATS[format].mime) assert.equal(formatOfMime(`${mime}; charset=utf-8`), format);
    }
    assert.equal(new Set(TABLE_EXTENSIONS).size, TABLE_EXTENSIONS.length, 'no extension names two formats');
    assert.equal(formatOfName('birds.txt'), undefined);
  });

  it('tells every format by its content alone', () => {
    for (const format of FORMAT_NAMES) assert.equal(sniffFormat(bytes[format]), format, format);
  });

  it('imports every format (by name, and as bytes alone) and answers from what it kept after a restart', async () => {
    const engine = await createLocalEngine({ name, seed: 'demo' });
    try {
      for (const format of FORMAT_NAMES) {
        const file = new File([bytes[format] as Uint8Array<ArrayBuffer>], `birds.${FORMATS[format].extensions[0]}`);
        const info = await engine.putTable(`birds_${format}`, file);
        assert.deepEqual([info.rowCount, info.format], [BIRDS.length, format], format);
        const sniffed = await engine.putTable(`birds_${format}`, bytes[format].slice());
        assert.deepEqual([sniffed.rowCount, sniffed.format], [BIRDS.length, format], `${format}, bytes alone`);
      }
      await engine.setModel(`cubes:\n${model}`);
      for (const format of FORMAT_NAMES) assert.deepEqual(await bySpecies(engine, format), expected, format);
      // What is kept costs no more than the source where the format keeps its file.
      for (const t of await engine.tables())
        if (FORMATS[t.format!].keep === 'file') assert.equal(t.bytes, bytes[t.format!].length, `${t.format} kept`);
    } finally {
      await engine.close();
    }
    const again = await createLocalEngine({ name });
    try {
      for (const format of FORMAT_NAMES) assert.deepEqual(await bySpecies(again, format), expected, `${format}, again`);
    } finally {
      await again.close();
    }
  });
});
