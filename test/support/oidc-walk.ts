import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { OIDC_PORT } from './sso-settings';

/**
 * The test's OpenID provider (support/oidc-provider.mjs) started as a process of its own on
 * OIDC_PORT, knowing the gateway's callback; resolves once it listens.
 */
export async function startOidcProvider(gatewayUrl: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [join(__dirname, 'oidc-provider.mjs'), String(OIDC_PORT), `${gatewayUrl}/console/session/sso/callback`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the OpenID provider did not start within 15 s')), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the OpenID provider exited (${code})`)));
  });
  child.stderr.resume();
  return child;
}

export function stopOidcProvider(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A browser's cookies, as far as these walks need them: one jar per host, every path. */
export class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  header(url: string): string {
    return [...(this.cookies.get(new URL(url).host) ?? new Map<string, string>())]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }

  take(url: string, response: Response): void {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }

  value(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).host)?.get(name);
  }

  set(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    this.cookies.set(host, (this.cookies.get(host) ?? new Map<string, string>()).set(name, value));
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.take(url, response);
    return response;
  }
}

export interface SsoWalk {
  /** Where the gateway sent the browser at the end: the console, or its sign-in page with the reason. */
  landing: string;
  jar: CookieJar;
  /** The provider's redirect back to the gateway (its code and state), to replay. */
  callback?: string;
  /** The flow's cookie as the browser held it before the callback (sealed), to replay. */
  flowCookie?: string;
}

/**
 * Signs `login` in through single sign-on as a browser would (no JavaScript is needed): the console's
 * button (`/console/session/sso/start`), the provider's sign-in and consent pages, the callback.
 */
export async function walkSso(gatewayUrl: string, login: string, query = '', jar = new CookieJar()): Promise<SsoWalk> {
  let url = `${gatewayUrl}/console/session/sso/start${query}`;
  let init: RequestInit = {};
  let callback: string | undefined;
  let flowCookie: string | undefined;
  for (let step = 0; step < 20; step += 1) {
    const response = await jar.fetch(url, init);
    init = {};
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, url).href;
      if (next.startsWith(`${gatewayUrl}/console/session/sso/callback`)) {
        callback = next;
        flowCookie = jar.value(gatewayUrl, 'gw_sso');
      }
      if (next.startsWith(`${gatewayUrl}/console/`) && !next.includes('/session/'))
        return { landing: next, jar, callback, flowCookie };
      url = next;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
    // The page's hidden fields (the prompt it answers), and the login where it asks for one.
    const form: Record<string, string> = {};
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
      form[name] = value;
    if (html.includes('name="login"')) Object.assign(form, { login, password: 'any password' });
    url = new URL(action, url).href;
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    };
  }
  throw new Error('single sign-on did not finish within 20 steps');
}
