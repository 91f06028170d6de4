// Where Firefox is for the browser tests: FIREFOX_PATH or Debian's `firefox-esr`. Driven by puppeteer-core (the
// Chromium launcher's own copy) over WebDriver BiDi, so no browser download and no extra dependency.
import { existsSync } from 'node:fs';

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** Preferences for a closed-network machine (no updates, telemetry or captive-portal probes). */
export const FIREFOX_PREFS = {
  'app.update.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'toolkit.telemetry.enabled': false,
};

export const firefoxPresent = () => existsSync(FIREFOX_PATH);
