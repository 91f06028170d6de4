// Makes sure a Chromium is there for the browser tests: CHROME_PATH or /usr/bin/chromium; installs Debian's
// `chromium` when missing and running as root; otherwise fails with a one-line instruction.
import { execSync } from 'node:child_process';
import { CHROMIUM_PATH, chromiumPresent } from './chromium.mjs';

if (!chromiumPresent()) {
  if (process.env.CHROME_PATH) {
    console.error(`CHROME_PATH=${process.env.CHROME_PATH} does not exist: point it at a Chromium or Chrome binary.`);
    process.exit(1);
  }
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || !process.env.PATH?.includes('sbin')) {
    console.error('Chromium not found: install it (Debian: `sudo apt-get install -y chromium`) or set CHROME_PATH.');
    process.exit(1);
  }
  console.log('Chromium not found: installing Debian package `chromium`…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (!chromiumPresent()) {
    console.error(`apt-get finished but ${CHROMIUM_PATH} is still missing; set CHROME_PATH.`);
    process.exit(1);
  }
}
