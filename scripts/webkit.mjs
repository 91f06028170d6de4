// WebKit for the browser tests: WebKitGTK's MiniBrowser driven by its WebDriver server, WebKitWebDriver (Debian's
// `webkit2gtk-driver`), on an Xvfb display (MiniBrowser has no headless mode in WebKitGTK 2.50). The launcher speaks
// classic WebDriver over HTTP with fetch (no webdriverio: its driver packages download binaries on install).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';

export const WEBKIT_WEBDRIVER = process.env.WEBKIT_WEBDRIVER || '/usr/bin/WebKitWebDriver';
export const XVFB_PATH = '/usr/bin/Xvfb';

/** MINIBROWSER_PATH, or MiniBrowser from the installed WebKitGTK (webkit2gtk-4.1, 4.0 or 6.0). */
export function miniBrowserPath() {
  if (process.env.MINIBROWSER_PATH) return existsSync(process.env.MINIBROWSER_PATH) ? process.env.MINIBROWSER_PATH : '';
  for (const lib of ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib']) {
    if (!existsSync(lib)) continue;
    for (const dir of readdirSync(lib)
      .filter((d) => /^webkit(2)?gtk-[\d.]+$/.test(d))
      .sort()
      .reverse()) {
      if (existsSync(`${lib}/${dir}/MiniBrowser`)) return `${lib}/${dir}/MiniBrowser`;
    }
  }
  return '';
}

export const webkitDriverPresent = () => existsSync(WEBKIT_WEBDRIVER);
export const xvfbPresent = () => !!process.env.DISPLAY || existsSync(XVFB_PATH);

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** An X display for MiniBrowser: DISPLAY when set, else a fresh Xvfb (stopped with the launcher). */
async function startDisplay() {
  if (process.env.DISPLAY) return { display: process.env.DISPLAY, stop() {} };
  for (let n = 90 + (process.pid % 500); ; n++) {
    if (existsSync(`/tmp/.X11-unix/X${n}`) || existsSync(`/tmp/.X${n}-lock`)) continue;
    const xvfb = spawn(XVFB_PATH, [`:${n}`, '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    let exited = false;
    xvfb.once('exit', () => (exited = true));
    for (let i = 0; i < 100 && !exited && !existsSync(`/tmp/.X11-unix/X${n}`); i++) await sleep(50);
    if (exited) continue; // display taken meanwhile: try the next one
    return { display: `:${n}`, stop: () => xvfb.kill() };
  }
}

/** WebDriver key codes for the key names @web/test-runner-commands' sendKeys uses (Playwright's names). */
const KEYS = {
  Enter: '\uE007',
  Escape: '\uE00C',
  Tab: '\uE004',
  Backspace: '\uE003',
  Delete: '\uE017',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Meta: '\uE03D',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Home: '\uE011',
  End: '\uE010',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  Space: ' ',
};
const key = (name) => KEYS[name] ?? name;

/**
 * A @web/test-runner BrowserLauncher for WebKitGTK. One MiniBrowser window, one test file at a time (concurrency 1).
 * `getPage()` returns the small part of a Playwright page that @web/test-runner-commands uses (setViewportSize,
 * keyboard, mouse; emulateMedia throws: WebDriver has no media emulation), so the launcher reports type 'playwright'
 * for those commands.
 */
export class WebKitLauncher {
  name = 'WebKit';
  type = 'playwright';
  #urls = new Map();
  #driver;
  #display;
  #base;
  #starting;

  async initialize(config) {
    this.config = config;
  }

  async #cmd(method, path, body) {
    const res = await fetch(`${this.#base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => ({}));
    if (!res.ok)
      throw new Error(`WebKitWebDriver ${method} ${path}: ${json.value?.error} ${json.value?.message ?? ''}`);
    return json.value;
  }

  #session(method, path = '', body) {
    return this.#cmd(method, `/session/${this.sessionId}${path}`, body);
  }

  async #start() {
    const binary = miniBrowserPath();
    if (!binary) throw new Error('MiniBrowser not found: install webkit2gtk-driver or set MINIBROWSER_PATH');
    this.#display = await startDisplay();
    const port = await freePort();
    this.#driver = spawn(WEBKIT_WEBDRIVER, [`--port=${port}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DISPLAY: this.#display.display },
    });
    this.#base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        const status = await this.#cmd('GET', '/status');
        if (status) break;
      } catch (e) {
        if (i > 100) throw e;
        await sleep(100);
      }
    }
    const session = await this.#cmd('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary, args: ['--automation'] },
          timeouts: { script: 120000, pageLoad: 120000 },
        },
      },
    });
    this.sessionId = session.sessionId;
    const caps = session.capabilities ?? {};
    this.name = `WebKit${caps.browserVersion ? ` ${caps.browserVersion}` : ''}`;
    await this.setWindowSize(800, 600);
  }

  #ensure() {
    this.#starting ??= this.#start();
    return this.#starting;
  }

  async startSession(id, url) {
    await this.#ensure();
    this.#urls.set(id, url);
    await this.#session('POST', '/url', { url });
  }

  isActive(id) {
    return this.#urls.has(id);
  }

  getBrowserUrl(id) {
    return this.#urls.get(id);
  }

  async stopSession(id) {
    const result = await this.execute('return { testCoverage: window.__coverage__ };').catch(() => ({}));
    await this.#session('POST', '/url', { url: 'about:blank' }).catch(() => {});
    this.#urls.delete(id);
    return { testCoverage: this.config?.coverage ? result?.testCoverage : undefined };
  }

  async startDebugSession() {
    throw new Error('Debugging is not supported in WebKitGTK; use --manual and open the URL in a WebKit browser.');
  }

  async stop() {
    if (this.sessionId) await this.#session('DELETE').catch(() => {});
    this.sessionId = undefined;
    this.#driver?.kill();
    this.#display?.stop();
  }

  /** Starts WebKitWebDriver and MiniBrowser (once); startSession() does it too. */
  start() {
    return this.#ensure();
  }

  /** Any WebDriver command in this launcher's session: `command('GET', '/screenshot')` (the e2e's WebKit driver). */
  command(method, path, body) {
    return this.#session(method, path, body);
  }

  execute(script, args = []) {
    return this.#session('POST', '/execute/sync', { script, args });
  }

  /** Sizes the window so that the page's viewport is width×height (the window has a toolbar around it). */
  async setWindowSize(width, height) {
    let w = width;
    let h = height;
    for (let i = 0; i < 3; i++) {
      await this.#session('POST', '/window/rect', { width: w, height: h });
      const inner = await this.execute('return [window.innerWidth, window.innerHeight];');
      if (inner[0] === width && inner[1] === height) return;
      w += width - inner[0];
      h += height - inner[1];
    }
  }

  #actions(actions) {
    return this.#session('POST', '/actions', { actions });
  }

  getPage() {
    const keys = (list) => this.#actions([{ type: 'key', id: 'keyboard', actions: list }]);
    const pointer = (list) =>
      this.#actions([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: list }]);
    const button = (b) => ({ left: 0, middle: 1, right: 2 })[b ?? 'left'];
    return {
      setViewportSize: ({ width, height }) => this.setWindowSize(width, height),
      emulateMedia: () => {
        throw new Error('Media emulation is not available over WebDriver (WebKitGTK)');
      },
      keyboard: {
        type: (text) =>
          keys(
            [...text].flatMap((c) => [
              { type: 'keyDown', value: c },
              { type: 'keyUp', value: c },
            ]),
          ),
        press: (name) =>
          keys(
            name
              .split('+')
              .flatMap((k, i, all) => (i === all.length - 1 ? [] : [{ type: 'keyDown', value: key(k) }]))
              .concat([
                { type: 'keyDown', value: key(name.split('+').at(-1)) },
                { type: 'keyUp', value: key(name.split('+').at(-1)) },
              ])
              .concat(
                name
                  .split('+')
                  .slice(0, -1)
                  .reverse()
                  .map((k) => ({ type: 'keyUp', value: key(k) })),
              ),
          ),
        down: (name) => keys([{ type: 'keyDown', value: key(name) }]),
        up: (name) => keys([{ type: 'keyUp', value: key(name) }]),
      },
      mouse: {
        move: (x, y) => pointer([{ type: 'pointerMove', duration: 0, x: Math.round(x), y: Math.round(y) }]),
        down: (o) => pointer([{ type: 'pointerDown', button: button(o?.button) }]),
        up: (o) => pointer([{ type: 'pointerUp', button: button(o?.button) }]),
        click: (x, y, o) =>
          pointer([
            { type: 'pointerMove', duration: 0, x: Math.round(x), y: Math.round(y) },
            { type: 'pointerDown', button: button(o?.button) },
            { type: 'pointerUp', button: button(o?.button) },
          ]),
      },
    };
  }
}

export const webkitLauncher = () => new WebKitLauncher();
