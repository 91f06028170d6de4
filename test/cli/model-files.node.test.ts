// `svc-elements serve` looks at every model and data file before reading it (issue 30, leftover of finding 4): a model
// file over the model loader's limits is refused unread, and a FIFO, a device or a socket is never read (a FIFO blocked
// the start for ever). Real files: sparse ones for the sizes, mkfifo, a link to /dev/null; the CLI as a process.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { FileProblems, readData, readModel } from '../../src/cli/model-files.js';
import { DEFAULT_MODEL_LIMITS } from '../../src/engine/model/limits.js';
import { GREENHOUSE_MODEL, writeGreenhouse } from '../fixtures/greenhouse.js';
import { runCli } from './cli-process.js';

const MiB = 1024 * 1024;

/** A file of `bytes` bytes that takes no room on disk (nothing of it is read when it is refused). */
async function sparse(path: string, bytes: number): Promise<void> {
  await writeFile(path, '');
  await truncate(path, bytes);
}

async function problemsOf(work: Promise<unknown>): Promise<string[]> {
  const error = await work.then(
    () => assert.fail('expected FileProblems'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof FileProblems, String(error));
  return error.lines;
}

describe('readModel: limits checked on the files, before reading', () => {
  it('reads a model within the limits as before', async () => {
    const { model } = await writeGreenhouse();
    await mkdir(join(model, 'more'));
    await writeFile(join(model, 'more', 'extra.yaml'), 'cubes: []\n');
    assert.deepEqual((await readModel(model)).files, {
      'greenhouse.yml': GREENHOUSE_MODEL,
      [join('more', 'extra.yaml')]: 'cubes: []\n',
    });
    assert.deepEqual((await readModel(join(model, 'greenhouse.yml'))).files, { 'greenhouse.yml': GREENHOUSE_MODEL });
  });

  it('refuses a file over maxFileBytes, a model over maxModelBytes and more than maxFiles, naming each', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-limits-'));
    await writeFile(join(dir, 'a.yml'), GREENHOUSE_MODEL);
    await sparse(join(dir, 'b.yml'), 300);
    await sparse(join(dir, 'c.json'), 250);
    await sparse(join(dir, 'd.yaml'), 100);
    const limits = { ...DEFAULT_MODEL_LIMITS, maxFileBytes: 280, maxModelBytes: 700, maxFiles: 4 };
    assert.deepEqual(await problemsOf(readModel(dir, limits)), [
      `${join(dir, 'a.yml')}:1: The file is larger than 280 bytes (maxFileBytes): ${GREENHOUSE_MODEL.length} bytes`,
      `${join(dir, 'b.yml')}:1: The file is larger than 280 bytes (maxFileBytes): 300 bytes`,
    ]);
    assert.deepEqual(await problemsOf(readModel(dir, { ...limits, maxFileBytes: 1000 })), [
      `${join(dir, 'c.json')}:1: The model's files together are larger than 700 bytes (maxModelBytes) from this file on`,
    ]);
    await writeFile(join(dir, 'e.yml'), '');
    assert.deepEqual(await problemsOf(readModel(dir, { ...limits, maxFileBytes: 1000, maxModelBytes: 10_000 })), [
      `${dir}:0: The model has 5 files; at most 4 are read (maxFiles)`,
    ]);
    // One file given as --model: the same limit.
    assert.deepEqual(await problemsOf(readModel(join(dir, 'b.yml'), limits)), [
      `${join(dir, 'b.yml')}:1: The file is larger than 280 bytes (maxFileBytes): 300 bytes`,
    ]);
  });

  it('refuses a FIFO, a device and a socket among the model files, and as --model itself', async () => {
    const { model } = await writeGreenhouse();
    execFileSync('mkfifo', [join(model, 'pipe.yml')]);
    await symlink('/dev/null', join(model, 'device.yaml'));
    const notRegular = 'not a regular file (a FIFO, a device, a socket or a folder): not read';
    assert.deepEqual(await problemsOf(readModel(model)), [
      `${join(model, 'device.yaml')}:1: ${notRegular}`,
      `${join(model, 'pipe.yml')}:1: ${notRegular}`,
    ]);
    assert.deepEqual(await problemsOf(readModel(join(model, 'pipe.yml'))), [
      `${join(model, 'pipe.yml')}:1: not a regular file (a FIFO, a device, a socket): not read`,
    ]);
  });
});

describe('readData: only regular files are read', () => {
  it('refuses a FIFO and a link to a device, and reads the rest as before', async () => {
    const { data } = await writeGreenhouse();
    assert.deepEqual(Object.keys((await readData(data)).tables), ['readings']);
    execFileSync('mkfifo', [join(data, 'tides.csv')]);
    await symlink('/dev/null', join(data, 'gauges.parquet'));
    await writeFile(join(data, 'notes.txt'), 'not a table');
    const notRegular = 'not a regular file (a FIFO, a device, a socket or a folder): not read';
    assert.deepEqual(await problemsOf(readData(data)), [
      `${join(data, 'gauges.parquet')}:1: ${notRegular}`,
      `${join(data, 'tides.csv')}:1: ${notRegular}`,
    ]);
  });
});

describe('readData: the table formats are the engine’s (data/formats.ts)', () => {
  it('takes every extension the format registry knows, named by the one naming rule, and nothing else', async () => {
    const { data } = await writeGreenhouse();
    await writeFile(join(data, 'tide-gauges.jsonl'), '{"gauge":"Brest","metres":7.1}\n');
    await writeFile(join(data, 'buoys.tab'), 'buoy\tknots\nB1\t12\n');
    await writeFile(join(data, 'notes.txt'), 'not a table');
    assert.deepEqual(Object.keys((await readData(data)).tables).sort(), ['buoys', 'readings', 'tide_gauges']);
  });
});

describe('svc-elements serve with such files', () => {
  it('exits 1 at once on a FIFO under --data or --model (it used to block for ever)', async () => {
    for (const where of ['data', 'model'] as const) {
      const paths = await writeGreenhouse();
      const fifo = join(paths[where], where === 'data' ? 'tides.csv' : 'tides.yml');
      execFileSync('mkfifo', [fifo]);
      const cli = runCli(['serve', '--model', paths.model, '--data', paths.data, '--port', '0']);
      const timer = setTimeout(() => cli.child.kill('SIGKILL'), 20_000);
      const { code } = await cli.exit;
      clearTimeout(timer);
      assert.equal(code, 1, `${where}: ${cli.err()}`);
      assert.equal(
        cli.err().trim(),
        `${fifo}:1: not a regular file (a FIFO, a device, a socket or a folder): not read`,
      );
      assert.equal(cli.out(), '');
    }
  });

  it('exits 1 naming a model file over maxFileBytes without reading it (a sparse 2 GiB file)', async () => {
    const { model, data } = await writeGreenhouse();
    const huge = join(model, 'huge.yml');
    await sparse(huge, 2048 * MiB + 1);
    const cli = runCli(['serve', '--model', model, '--data', data, '--port', '0']);
    assert.equal((await cli.exit).code, 1);
    assert.equal(cli.err().trim(), `${huge}:1: The file is larger than 1 MiB (maxFileBytes): 2048 MiB`);
  });

  it('exits 1 naming the file that takes the model over maxModelBytes', async () => {
    const { model, data } = await writeGreenhouse();
    for (let i = 1; i <= 9; i++) await sparse(join(model, `part-${i}.yml`), DEFAULT_MODEL_LIMITS.maxFileBytes);
    const cli = runCli(['serve', '--model', model, '--data', data, '--port', '0']);
    assert.equal((await cli.exit).code, 1);
    assert.equal(
      cli.err().trim(),
      `${join(model, 'part-8.yml')}:1: The model's files together are larger than 8 MiB (maxModelBytes) from this file on`,
    );
  });
});
