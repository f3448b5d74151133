import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, which `.ci/run` installs (a test tool's own browser download is not reachable
 * here). A browser suite runs only where it is, and says so when it skips.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable(suite: string): boolean {
  const available = existsSync(CHROMIUM);
  if (!available)
    process.stderr.write(
      `\n[${suite}] SKIPPED: no Chromium at ${CHROMIUM} (install Debian's "chromium" package, or set CHROMIUM_PATH)\n`,
    );
  return available;
}

/**
 * Chromium headless with the flags this machine needs: no sandbox as root, and no background
 * connections (the network is closed; Chromium would otherwise retry Google's hosts). Playwright
 * starts it on a fresh profile of its own (a new temporary user-data-dir).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
