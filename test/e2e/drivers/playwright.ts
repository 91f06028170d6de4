// Driver for Chromium through playwright-core (the page comes from the caller, who set up its routes and recorders).
import type { ElementHandle, Page } from 'playwright-core';
import { deepAll, pollFor, type Driver } from './types.js';

export function playwrightDriver(page: Page, consoleErrors: string[], name = 'Chromium'): Driver {
  const element = async (selector: string) => {
    const handle = (await page.evaluateHandle(`${deepAll(selector)}[0]`)).asElement();
    if (!handle) throw new Error(`${name}: nothing matches ${selector}`);
    return handle as ElementHandle<HTMLElement>;
  };
  const driver: Driver = {
    name,
    goto: async (url) => void (await page.goto(url)),
    evaluate: <T>(expression: string) => page.evaluate<T>(expression),
    // Not page.waitForFunction: with a string it evaluates through eval(), which the page's strict CSP refuses.
    waitFor: (expression, timeout) => pollFor(driver, expression, timeout),
    click: async (selector) => (await element(selector)).click(),
    type: async (selector, text) => {
      await (await element(selector)).focus();
      await page.keyboard.type(text);
    },
    screenshot: async (path) => void (await page.screenshot({ path, fullPage: true })),
    errors: () => Promise.resolve([...consoleErrors]),
    close: () => page.close(),
  };
  return driver;
}
