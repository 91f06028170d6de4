// Where Chromium is, and the flags this closed-network, run-as-root machine needs. Shared by the test runner,
// the e2e tests and scripts/ensure-chromium.mjs.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox', // required: tests run as root
  '--disable-gpu',
  '--disable-background-networking', // closed network: avoid refused connections at start
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** For the browser tests' memory checks: `window.gc()`. */
export const CHROMIUM_MEMORY_ARGS = ['--js-flags=--expose-gc'];

export const chromiumPresent = () => existsSync(CHROMIUM_PATH);
