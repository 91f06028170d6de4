// A library's loans (another domain than the demo's) for the data API's fan-out and cancellation tests: `loans` is a
// small table; `shelf_scans` is a cube over 3 million generated rows whose queries each keep DuckDB busy about two seconds.
import { demoSeed, type EngineSeed } from '../../../src/engine/index.js';

export const LIBRARY_KEY = demoSeed.apiKeys[0].key;

/** The loans table's rows. */
export function loans() {
  return Array.from({ length: 240 }, (_, i) => ({
    id: i + 1,
    branch: ['harbour', 'old town', 'campus'][i % 3],
    genre: ['poetry', 'crime', 'science', 'travel'][i % 4],
    days: (i % 21) + 1,
    loaned_at: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}T09:30:00`,
  }));
}

export const librarySeed: EngineSeed = {
  ...demoSeed,
  data: undefined,
  dataModel: {
    cubes: [
      {
        name: 'loans',
        sql_table: 'loans',
        measures: [
          { name: 'count', type: 'count' },
          { name: 'days', type: 'sum', sql: 'days' },
        ],
        dimensions: [
          { name: 'id', type: 'number', sql: 'id', primary_key: true },
          { name: 'branch', type: 'string', sql: 'branch' },
          { name: 'genre', type: 'string', sql: 'genre' },
          { name: 'loaned_at', type: 'time', sql: 'loaned_at' },
        ],
      },
      {
        name: 'shelf_scans',
        // The window numbers every row before any filter: each query sorts all 3 million tags.
        sql: `SELECT id, scanned_at, tag FROM (
          SELECT i AS id, TIMESTAMP '2025-01-01' + to_days(CAST(i % 365 AS INTEGER)) AS scanned_at,
            md5(CAST(i AS VARCHAR)) AS tag, row_number() OVER (ORDER BY md5(CAST(i AS VARCHAR))) AS rank
          FROM range(0, 3000000) t(i))`,
        measures: [{ name: 'tags', type: 'count_distinct', sql: 'tag' }],
        dimensions: [
          { name: 'id', type: 'number', sql: 'id', primary_key: true },
          { name: 'scanned_at', type: 'time', sql: 'scanned_at' },
        ],
      },
    ],
  },
  tables: { loans: loans() },
};

/** `n` one-day ranges from 2025-01-01 on. */
export function dayRanges(n: number): [string, string][] {
  return Array.from({ length: n }, (_, i) => {
    const day = new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    return [day, day];
  });
}
