// Driver for Firefox (Debian's firefox-esr) through puppeteer-core over WebDriver BiDi: no browser download.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import puppeteer, { type ElementHandle } from 'puppeteer-core';
// @ts-expect-error -- plain JS module shared with the test runner
import { FIREFOX_PATH, FIREFOX_PREFS, firefoxPresent as present } from '../../../scripts/firefox.mjs';
import { deepAll, pollFor, type Driver } from './types.js';

/** Whether Debian's firefox-esr (or FIREFOX_PATH) is installed. */
export const firefoxPresent = present as () => boolean;

export async function firefoxDriver(viewport = { width: 1280, height: 900 }): Promise<Driver> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH as string,
    headless: true,
    extraPrefsFirefox: FIREFOX_PREFS as Record<string, boolean>,
  });
  const name = `Firefox ${(await browser.version()).replace(/^firefox\//i, '')}`;
  const page = await browser.newPage();
  await page.setViewport(viewport);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e instanceof Error ? e.message : String(e)));
  const element = async (selector: string) => {
    const handle = (await page.evaluateHandle(`${deepAll(selector)}[0]`)).asElement();
    if (!handle) throw new Error(`${name}: nothing matches ${selector}`);
    return handle as ElementHandle<HTMLElement>;
  };
  const driver: Driver = {
    name,
    goto: async (url) => void (await page.goto(url)),
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    waitFor: (expression, timeout) => pollFor(driver, expression, timeout),
    click: async (selector) => (await element(selector)).click(),
    type: async (selector, text) => (await element(selector)).type(text),
    screenshot: async (path) => {
      mkdirSync(dirname(path), { recursive: true });
      await page.screenshot({ path, fullPage: true });
    },
    errors: () => Promise.resolve([...errors]),
    close: () => browser.close(),
  };
  return driver;
}
