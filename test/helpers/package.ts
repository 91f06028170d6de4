// The library as a consumer gets it, for the Node tests that use it from outside (test/build.node.test.ts,
// test/frameworks/): built as `npm run build` builds it (Vite, declarations, the manifest and the framework typings),
// packed by `npm pack`, installed into a host app's node_modules; and what those tests share to look at the result
// (a static server, Chromium, a Vite logger that keeps warnings).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, createLogger, type Logger } from 'vite';
import { cachedBuild } from './build-cache.js';
// @ts-expect-error -- plain JS module shared with the test runner
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export const root = new URL('../..', import.meta.url).pathname;
export const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  files: string[];
  exports: Record<string, { types: string; import: string } | string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** `npm run analyze`: custom-elements.json at the project's root, from the source; returns it. */
export function analyzeManifest(): { modules: { path: string; declarations?: object[]; exports?: object[] }[] } {
  const cem = join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js');
  const globs = ['src/index.ts', 'src/elements/**/*.ts'];
  execFileSync(process.execPath, [cem, 'analyze', '--litelement', '--quiet', '--globs', ...globs], {
    cwd: root,
    stdio: 'pipe',
  });
  return JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as ReturnType<typeof analyzeManifest>;
}

export interface Packed {
  /** A scratch directory inside the project (so bare imports resolve from its node_modules, as a consumer's would). */
  work: string;
  /** The package as `npm pack` saw it: package.json, README.md, custom-elements.json, dist/. */
  packageDir: string;
  tarball: string;
}

/**
 * `npm run build` into a package directory, then `npm pack` of it (its prepack would build into the project's dist/
 * again). The manifest is analyzed at the project's root, as `npm run analyze` does. The packed package is made once
 * per source tree and shared (test/helpers/build-cache.ts); `work` is the caller's own scratch directory.
 */
export async function packLibrary(prefix: string): Promise<Packed> {
  const cached = await cachedBuild('package', async (dir) => {
    const packageDir = join(dir, 'package');
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: join(packageDir, 'dist'), emptyOutDir: true },
    });
    // The no-build module, as `npm run build` makes it after the library.
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'cdn',
      logLevel: 'silent',
      build: { outDir: join(packageDir, 'dist/cdn'), emptyOutDir: true },
    });
    const node = (script: string, ...args: string[]) =>
      execFileSync(process.execPath, [join(root, script), ...args], { cwd: root, stdio: 'pipe' });
    node(
      'node_modules/typescript/bin/tsc',
      '-p',
      join(root, 'tsconfig.build.json'),
      '--outDir',
      join(packageDir, 'dist/types'),
    );
    analyzeManifest();
    // What package.json's `files` names (dist/ is the build above), as `npm pack` takes it from the project.
    for (const file of ['package.json', ...pkg.files.filter((f) => f !== 'dist')]) {
      if (existsSync(join(root, file))) cpSync(join(root, file), join(packageDir, file), { recursive: true });
    }
    node(
      'scripts/framework-types.mjs',
      '--manifest',
      join(packageDir, 'custom-elements.json'),
      '--out',
      join(packageDir, 'dist/types'),
    );
    execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], {
      cwd: packageDir,
      stdio: 'ignore',
    });
  });
  const tarball = readdirSync(cached).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`no tarball in ${cached}`);
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const work = mkdtempSync(join(root, 'test-results', prefix));
  return { work, packageDir: join(cached, 'package'), tarball: join(cached, tarball) };
}

/** A host app in `work/name`: its files (a folder to copy, or path → text), and the tarball in its node_modules. */
export function hostApp(packed: Packed, name: string, files: Map<string, string> | string): string {
  const app = join(packed.work, name);
  if (typeof files === 'string') cpSync(files, app, { recursive: true });
  else {
    for (const [file, text] of files) {
      mkdirSync(dirname(join(app, file)), { recursive: true });
      writeFileSync(join(app, file), text);
    }
  }
  const installed = join(app, 'node_modules', pkg.name);
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', packed.tarball, '-C', installed, '--strip-components=1']);
  return app;
}

/** A Vite logger that keeps every warning and error (and prints nothing). */
export function recordingLogger(into: string[]): Logger {
  const logger = createLogger('warn', { allowClearScreen: false });
  const keep = (level: string) => (message: string) => into.push(`${level}: ${message}`);
  return {
    ...logger,
    info: () => undefined,
    warn: keep('warn'),
    warnOnce: keep('warn'),
    error: keep('error'),
    hasWarned: false,
  };
}

/**
 * Advice of Vite's about the build, not about the package: chunks over 500 kB (vega alone is 521 kB minified, the lazy
 * chart chunk; the size of the dependency, naming no file), and Rolldown's report of slow plugin callbacks (Vite's
 * own plugins, on a busy machine).
 */
export const buildAdvice = (message: string) =>
  /Some chunks are larger than 500 kB after minification|\[PLUGIN_TIMINGS\]/.test(message);

/** The bytes of a static site, as a host would serve them; pages carry `csp` when given. */
export function serveStatic(site: string, csp?: string): Promise<Server> {
  const TYPES: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.wasm': 'application/wasm',
    '.json': 'application/json',
    '.svg': 'image/svg+xml',
    '.woff2': 'font/woff2',
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    const file = join(site, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(site) || !existsSync(file)) return res.writeHead(404).end();
    const headers: Record<string, string> = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
    if (csp && file.endsWith('.html')) headers['content-security-policy'] = csp;
    res.writeHead(200, headers).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export const origin = (server: { address(): AddressInfo | string | null }) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Debian's Chromium with the project's flags. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH as string, args: CHROMIUM_ARGS as string[] });

/** Console errors, uncaught exceptions and failed responses of a page, and how often its main frame navigated. */
export function watch(page: Page): { problems: string[]; navigations: () => number } {
  const problems: string[] = [];
  let navigations = 0;
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });
  return { problems, navigations: () => navigations };
}
