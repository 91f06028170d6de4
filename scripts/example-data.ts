// Writes examples/data from test/fixtures/cinema.ts: screenings.csv, films.parquet (DuckDB's writer, through
// @duckdb/node-api), cinemas.json, ratings.ndjson, staff.arrow (Arrow IPC file). `node --import tsx scripts/example-data.ts`
import { mkdirSync, writeFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { CINEMAS, FILMS, RATINGS, SCREENINGS, STAFF } from '../test/fixtures/cinema.js';

const dir = new URL('../examples/data/', import.meta.url);
mkdirSync(dir, { recursive: true });
const csv = ['id,cinema_id,film_id,starts_at,seats_sold,revenue']
  .concat(SCREENINGS.map((s) => [s.id, s.cinema_id, s.film_id, s.starts_at, s.seats_sold, s.revenue].join(',')))
  .join('\n');
writeFileSync(new URL('screenings.csv', dir), `${csv}\n`);
writeFileSync(new URL('cinemas.json', dir), `${JSON.stringify(CINEMAS, null, 2)}\n`);
writeFileSync(new URL('ratings.ndjson', dir), RATINGS.map((r) => JSON.stringify(r)).join('\n') + '\n');
const staff = tableFromArrays({
  id: Int32Array.from(STAFF, (s) => s.id),
  cinema_id: Int32Array.from(STAFF, (s) => s.cinema_id),
  name: STAFF.map((s) => s.name),
  role: STAFF.map((s) => s.role),
});
writeFileSync(new URL('staff.arrow', dir), tableToIPC(staff, 'file'));
const db = await (await DuckDBInstance.create(':memory:')).connect();
const values = FILMS.map((f) => `(${f.id}, '${f.title.replace(/'/g, "''")}', '${f.genre}', ${f.runtime_min})`).join(
  ', ',
);
await db.run(
  `COPY (SELECT * FROM (VALUES ${values}) AS t(id, title, genre, runtime_min)) TO '${new URL('films.parquet', dir).pathname}' (FORMAT parquet)`,
);
console.log('examples/data written');
