// The little a browser-neutral e2e scenario needs from a browser: drivers for Chromium (playwright-core), Firefox
// (puppeteer-core over WebDriver BiDi) and WebKitGTK (classic WebDriver) implement it.

/** A browser tab under test. Page code is given as a JavaScript expression (a string, so no transpiler helper ends up
 * in it); its value, awaited when it is a promise, comes back as JSON. */
export interface Driver {
  readonly name: string;
  goto(url: string): Promise<void>;
  evaluate<T>(expression: string): Promise<T>;
  /** Waits until `expression` is truthy in the page. */
  waitFor(expression: string, timeoutMs: number): Promise<void>;
  /** A real click on the first element `selector` matches in the document or any open shadow root. */
  click(selector: string): Promise<void>;
  /** Focuses the first element `selector` matches (as click) and types `text` with key events. */
  type(selector: string, text: string): Promise<void>;
  /** A PNG of the page (the whole page where the driver can, else the viewport). */
  screenshot(path: string): Promise<void>;
  /** Errors the page reported so far: console errors and uncaught exceptions, as far as the driver can see them. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

/** Page code: every element `selector` matches in the document and in every open shadow root below it. */
export const deepAll = (selector: string): string =>
  `(() => { const all = (root) => [...root.querySelectorAll(${JSON.stringify(selector)}), ...[...root.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? all(el.shadowRoot) : []))]; return all(document); })()`;

/** waitFor by polling `evaluate`, for drivers without a waiting primitive of their own. */
export async function pollFor(driver: Driver, expression: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await driver.evaluate<boolean>(`!!(${expression})`)) return;
    if (Date.now() > until) throw new Error(`${driver.name}: not true within ${timeoutMs} ms: ${expression}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const chosen = (process.env.SVC_BROWSERS || 'chromium,firefox,webkit').split(',').map((b) => b.trim().toLowerCase());
/** Why a browser is skipped because SVC_BROWSERS (as for the browser suite) leaves it out; '' when it is chosen. */
export const notChosen = (id: string): string =>
  chosen.includes(id) ? '' : `SVC_BROWSERS=${process.env.SVC_BROWSERS} leaves it out`;
