// The servers the e2e tests start: a free port, waiting for a server to answer, and the built demo served by
// `vite preview` (with the strict CSP of vite.config.ts).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

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
  /** The build's directory (default: the config's dist-demo); a directory of its own keeps parallel runs apart. */
  outDir?: string;
  /** The preview's port (default: a free one). */
  port?: number;
  /** Runs on the build before it is served (e.g. adds a script to its pages). */
  prepare?: (outDir: string) => void;
}

/** Builds the demo (`vite build --mode demo`) and serves it with `vite preview`; resolves once it answers. */
export async function buildAndPreview(options: BuildAndPreviewOptions = {}): Promise<DemoPreview> {
  const outDir = options.outDir ?? `${root}dist-demo`;
  const dir = options.outDir ? ['--outDir', outDir, '--emptyOutDir'] : [];
  if (options.outDir) rmSync(outDir, { recursive: true, force: true });
  const built = spawnSync('npx', ['vite', 'build', '--mode', 'demo', '--logLevel', 'error', ...dir], {
    cwd: root,
    stdio: 'inherit',
  });
  assert.equal(built.status, 0, 'the demo builds');
  options.prepare?.(outDir);
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(
    'npx',
    ['vite', 'preview', '--mode', 'demo', ...dir.slice(0, 2), '--port', String(port), '--strictPort'],
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
