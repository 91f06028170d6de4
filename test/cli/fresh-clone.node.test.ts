// `npx svc-elements serve …` in a fresh clone, before any build: the repository cloned into a temporary folder
// (node_modules linked in, as `npm install` would make it; no dist/), its bin run as npx runs it, over the public
// flights-3m.parquet (ZSTD) and seattle-weather.csv: the file → table lines, then answers equal native DuckDB's.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';

const root = new URL('../../', import.meta.url).pathname;
const datasets = join(root, 'node_modules/vega-datasets/data');

const MODEL = `cubes:
  - name: flights
    sql_table: flights_3m
    measures:
      - { name: count, type: count }
      - { name: delay, sql: delay, type: sum }
    dimensions:
      - { name: origin, sql: origin, type: string }
  - name: weather
    sql_table: seattle_weather
    measures:
      - { name: days, type: count }
    dimensions:
      - { name: kind, sql: weather, type: string }
`;

describe('the bin in a fresh clone', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-clone-'));
    execFileSync('git', ['clone', '--quiet', '--depth', '1', `file://${root}`, join(dir, 'repo')]);
    await symlink(join(root, 'node_modules'), join(dir, 'repo/node_modules'));
    await mkdir(join(dir, 'data'));
    for (const file of ['flights-3m.parquet', 'seattle-weather.csv'])
      await symlink(join(datasets, file), join(dir, 'data', file));
    await writeFile(join(dir, 'model.yml'), MODEL);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('serves the data folder without a build, tables named by the rule, numbers equal native DuckDB', async () => {
    const repo = join(dir, 'repo');
    assert.equal(existsSync(join(repo, 'dist')), false);
    const args = ['serve', '--demo', '--model', join(dir, 'model.yml'), '--data', join(dir, 'data'), '--port', '0'];
    const child = spawn(process.execPath, [join(repo, 'bin/svc-elements.js'), ...args], { cwd: dir });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    try {
      const begun = Date.now();
      while (!/curl/.test(out)) {
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${err}`);
        if (Date.now() - begun > 120_000) throw new Error(`no start message: ${out} ${err}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.match(out, /flights-3m\.parquet → table flights_3m/);
      assert.match(out, /seattle-weather\.csv → table seattle_weather/);
      assert.match(out, /flights_3m \(3000000 rows\), seattle_weather \(1461 rows\)/);
      const base = /on (http:\S+)/.exec(out)![1];
      const response = await fetch(`${base}/cubejs-api/v1/load`, {
        method: 'POST',
        headers: { authorization: 'Bearer demo-admin-key', 'content-type': 'application/json' },
        body: JSON.stringify({
          query: {
            measures: ['flights.count', 'flights.delay'],
            dimensions: ['flights.origin'],
            order: { 'flights.count': 'desc' },
            limit: 5,
          },
        }),
      });
      assert.equal(response.status, 200, await response.clone().text());
      const { data } = (await response.json()) as { data: Record<string, unknown>[] };
      const direct = await (await DuckDBInstance.create(':memory:')).connect();
      const expected = await direct.runAndReadAll(
        `SELECT origin, count(*)::INTEGER, sum(delay)::BIGINT::INTEGER FROM read_parquet('${join(datasets, 'flights-3m.parquet')}')
         GROUP BY 1 ORDER BY 2 DESC LIMIT 5`,
      );
      assert.deepEqual(
        data.map((r) => [r['flights.origin'], r['flights.count'], r['flights.delay']]),
        expected.getRowsJS(),
      );
    } finally {
      child.kill('SIGKILL');
    }
  });
});
