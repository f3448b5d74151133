import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

/** Builds the console (vite, as `npm run build` does) into dist/console, which the gateway serves. */
export function buildConsole(): void {
  const root = join(__dirname, '..', '..');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'apps/console/vite.config.mts', '--logLevel', 'warn'],
    { cwd: root, stdio: 'pipe' },
  );
}

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now. axe is
 * injected as a script of the test's own: the page's context must bypass its CSP (`bypassCSP`).
 */
export async function seriousViolations(page: Page): Promise<Array<{ id: string; impact: string; nodes: number }>> {
  const axe = readFileSync(join(__dirname, '..', '..', 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axe });
  const violations = await page.evaluate(async () => {
    const result = await (
      globalThis as unknown as {
        axe: { run: () => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> };
      }
    ).axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * A person signed in to the console with a password, in a new context of `browser` (`width` wide; the
 * context bypasses CSP for axe-core and is added to `contexts`, which the spec closes), on `pageLink`'s
 * page once its heading shows.
 */
export async function signedIn(
  browser: Browser,
  contexts: BrowserContext[],
  options: { url: string; email: string; password: string; pageLink: string; width?: number },
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    bypassCSP: true,
  });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${options.url}/console/`);
  await page.getByLabel('Email').fill(options.email);
  await page.getByLabel('Password').fill(options.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  await page.getByRole('link', { name: options.pageLink }).click();
  await page.getByRole('heading', { name: options.pageLink, level: 1 }).waitFor();
  return page;
}

/**
 * The console signed in with an API key, in a new context of `browser` (`width` wide; the context
 * bypasses CSP for axe-core and accepts downloads); the caller closes `page.context()`.
 */
export async function signedInWithKey(browser: Browser, url: string, key: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    bypassCSP: true,
    acceptDownloads: true,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(`${url}/console/`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}
