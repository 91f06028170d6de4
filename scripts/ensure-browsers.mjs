// Makes sure the browsers the tests run in are there: Chromium (scripts/ensure-chromium.mjs) and, for the browsers
// SVC_BROWSERS names (default: all three), Debian's `firefox-esr` and WebKitGTK's `webkit2gtk-driver` (WebKitWebDriver
// and MiniBrowser) with `xvfb` for MiniBrowser's display. Installs missing packages with apt-get when running as
// root; otherwise fails with a one-line instruction. Never downloads a browser build.
import { execSync } from 'node:child_process';
import { chromiumPresent } from './chromium.mjs';
import { firefoxPresent } from './firefox.mjs';
import { miniBrowserPath, webkitDriverPresent, xvfbPresent } from './webkit.mjs';

const wanted = (process.env.SVC_BROWSERS || 'chromium,firefox,webkit').split(',').map((s) => s.trim());
const canApt = process.platform === 'linux' && process.getuid?.() === 0;

const checks = [
  { browser: 'chromium', pkg: 'chromium', present: chromiumPresent, hint: 'or set CHROME_PATH' },
  { browser: 'firefox', pkg: 'firefox-esr', present: firefoxPresent, hint: 'or set FIREFOX_PATH' },
  {
    browser: 'webkit',
    pkg: 'webkit2gtk-driver',
    present: () => webkitDriverPresent() && !!miniBrowserPath(),
    hint: 'or set WEBKIT_WEBDRIVER and MINIBROWSER_PATH',
  },
  { browser: 'webkit', pkg: 'xvfb', present: xvfbPresent, hint: 'or set DISPLAY to a running X server' },
];

const missing = checks.filter((c) => wanted.includes(c.browser) && !c.present());
if (missing.length) {
  const pkgs = missing.map((c) => c.pkg).join(' ');
  if (!canApt) {
    for (const c of missing) console.error(`${c.browser}: install Debian's \`${c.pkg}\` (${c.hint}).`);
    console.error(`e.g. sudo apt-get install -y ${pkgs}`);
    process.exit(1);
  }
  console.log(`Missing for the browser tests: installing Debian packages ${pkgs}…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkgs}`, { stdio: 'inherit' });
  const still = missing.filter((c) => !c.present());
  if (still.length) {
    for (const c of still) console.error(`apt-get finished but ${c.browser} (${c.pkg}) is still missing (${c.hint}).`);
    process.exit(1);
  }
}
