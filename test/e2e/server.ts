// The servers the e2e tests start: a free port, waiting for a server to answer, and the built demo served by
// `vite preview` (with the strict CSP of vite.config.ts).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cachedBuild } from '../helpers/build-cache.js';

const root = new URL('../..', import.meta.url).pathname;

/** A port the system says is free now: runs side by side never collide. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.on('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Resolves once `url` answers 2xx; polls every 200 ms, fails after `ms`. */
export async function waitForServer(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

export interface DemoPreview {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Stops the preview server. */
  close(): void;
}

export interface BuildAndPreviewOptions {
  /** A copy of the build in a directory of its own, for a test that changes it (see `prepare`). */
  outDir?: string;
  /** The preview's port (default: a free one). */
  port?: number;
  /** Runs on the copy in `outDir` before it is served (e.g. adds a script to its pages). */
  prepare?: (outDir: string) => void;
}

/** `vite build --mode demo` of the current sources, made once and shared by the tests (test/helpers/build-cache.ts). */
export function demoBuild(): Promise<string> {
  return cachedBuild('demo', (outDir) => {
    const built = spawnSync(
      'npx',
      ['vite', 'build', '--mode', 'demo', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'],
      { cwd: root, stdio: 'inherit' },
    );
    assert.equal(built.status, 0, 'the demo builds');
  });
}

/** The demo's production build served by `vite preview` (the config's strict CSP); resolves once it answers. */
export async function buildAndPreview(options: BuildAndPreviewOptions = {}): Promise<DemoPreview> {
  let outDir = await demoBuild();
  if (options.outDir) {
    rmSync(options.outDir, { recursive: true, force: true });
    cpSync(outDir, options.outDir, { recursive: true });
    outDir = options.outDir;
    options.prepare?.(outDir);
  } else if (options.prepare) throw new TypeError('prepare changes the build: give it an outDir of its own');
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(
    'npx',
    ['vite', 'preview', '--mode', 'demo', '--outDir', outDir, '--port', String(port), '--strictPort'],
    { cwd: root, stdio: 'ignore', detached: true },
  );
  const close = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid);
  };
  try {
    await waitForServer(`${origin}/`, 30_000);
  } catch (error) {
    close();
    throw error;
  }
  return { origin, close };
}
