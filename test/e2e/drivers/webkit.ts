// Driver for WebKitGTK (MiniBrowser through WebKitWebDriver on Xvfb) over classic WebDriver, with the session handling
// of the browser tests' launcher (scripts/webkit.mjs). Page code runs through execute/sync and execute/async. Classic
// WebDriver gives no console in WebKitGTK: errors() reads what the page's recorder script (see demo-scenario.ts)
// counted through window.onerror, unhandledrejection and console.error — a message the engine itself logs to the
// console (a failed load, say) is not seen here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
// @ts-expect-error -- plain JS module shared with the test runner
import * as webkit from '../../../scripts/webkit.mjs';
import { deepAll, pollFor, type Driver } from './types.js';

const { WebKitLauncher } = webkit as { WebKitLauncher: new () => Launcher };
/** What is missing to run WebKitGTK here, or '' when nothing is. */
export function webkitMissing(): string {
  const { webkitDriverPresent, miniBrowserPath, xvfbPresent } = webkit as Record<string, () => unknown>;
  if (!webkitDriverPresent()) return 'WebKitWebDriver not installed (apt-get install webkit2gtk-driver)';
  if (!miniBrowserPath()) return 'MiniBrowser not found (webkit2gtk-driver)';
  if (!xvfbPresent()) return 'no DISPLAY and no Xvfb (apt-get install xvfb)';
  return '';
}

interface Launcher {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  setWindowSize(width: number, height: number): Promise<void>;
  command<T>(method: string, path: string, body?: unknown): Promise<T>;
}
/** The W3C WebDriver key of an element reference. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

export async function webkitDriver(viewport = { width: 1280, height: 900 }): Promise<Driver> {
  const launcher = new WebKitLauncher();
  await launcher.start();
  await launcher.setWindowSize(viewport.width, viewport.height);
  const element = async (selector: string) => {
    const ref = await launcher.command<Record<string, string> | null>('POST', '/execute/sync', {
      script: `return ${deepAll(selector)}[0] ?? null;`,
      args: [],
    });
    if (!ref?.[ELEMENT]) throw new Error(`${launcher.name}: nothing matches ${selector}`);
    return ref[ELEMENT];
  };
  const driver: Driver = {
    name: launcher.name,
    goto: async (url) => void (await launcher.command('POST', '/url', { url })),
    async evaluate<T>(expression: string) {
      const result = await launcher.command<{ value?: T; error?: string }>('POST', '/execute/async', {
        script: `const done = arguments[arguments.length - 1];
          Promise.resolve().then(() => (${expression})).then(
            (value) => done({ value }),
            (e) => done({ error: String((e && e.stack) || e) }),
          );`,
        args: [],
      });
      if (result?.error) throw new Error(`${launcher.name}: ${result.error}`);
      return result?.value as T;
    },
    waitFor: (expression, timeout) => pollFor(driver, expression, timeout),
    click: async (selector) => void (await launcher.command('POST', `/element/${await element(selector)}/click`, {})),
    type: async (selector, text) =>
      void (await launcher.command('POST', `/element/${await element(selector)}/value`, { text })),
    screenshot: async (path) => {
      const png = await launcher.command<string>('GET', '/screenshot');
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, Buffer.from(png, 'base64'));
    },
    errors: () => driver.evaluate<string[]>('[...(window.e2eErrors ?? ["the error recorder did not run"])]'),
    close: () => launcher.stop(),
  };
  return driver;
}
