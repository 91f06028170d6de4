// The CLI: `serve --model examples/model --data examples/data` serves them (meta, load with the demo's admin key);
// a broken model exits 1 with its `file:line: message` lines and serves nothing.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SCREENINGS } from '../../fixtures/cinema.js';

const root = new URL('../../../', import.meta.url).pathname;

function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/run.ts', ...args], { cwd: root });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exit, out: () => out, err: () => err };
}

describe('svc-elements serve', () => {
  it('serves examples/model over examples/data and prints the base URL and keys', async () => {
    const cli = run(['serve', '--model', 'examples/model', '--data', 'examples/data', '--port', '0']);
    try {
      const started = Date.now();
      while (!/on (http:\S+)/.test(cli.out()) && Date.now() - started < 60_000) {
        if (cli.child.exitCode !== null) throw new Error(`exited: ${cli.err()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const base = /on (http:\S+)/.exec(cli.out())![1];
      assert.match(cli.out(), /admin key: demo-admin-key/);
      assert.match(cli.out(), /screenings \(60 rows\)/);
      const response = await fetch(`${base}/cubejs-api/v1/load`, {
        method: 'POST',
        headers: { authorization: 'Bearer demo-admin-key', 'content-type': 'application/json' },
        body: JSON.stringify({ query: { measures: ['box_office.tickets'] } }),
      });
      const body = (await response.json()) as { data: Record<string, number>[] };
      assert.equal(
        body.data[0]['box_office.tickets'],
        SCREENINGS.reduce((a, s) => a + s.seats_sold, 0),
      );
    } finally {
      cli.child.kill();
      await cli.exit;
    }
  });

  it('exits 1 with file:line lines for a broken model, serving nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-cli-'));
    await writeFile(
      join(dir, 'broken.yml'),
      'cubes:\n  - name: shows\n    sql_table: nowhere\n    measures:\n      - name: count\n        type: count\n',
    );
    const cli = run(['serve', '--model', dir, '--data', 'examples/data', '--port', '0']);
    assert.equal(await cli.exit, 1);
    assert.equal(
      cli.err().trim(),
      `${join(dir, 'broken.yml')}:3: Cube shows: table nowhere does not exist (tables: cinemas, films, ratings, screenings, staff)`,
    );
    assert.equal(cli.out(), '');
  });

  it('exits 1 naming an unreadable data file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-cli-data-'));
    await cp(join(root, 'examples/data'), dir, { recursive: true });
    await writeFile(join(dir, 'bad.json'), '{"not": "an array"}');
    const cli = run(['serve', '--model', 'examples/model', '--data', dir, '--port', '0']);
    assert.equal(await cli.exit, 1);
    assert.match(cli.err(), /bad\.json:1: JSON: expected an array of objects/);
  });
});
