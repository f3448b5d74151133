import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { GATEWAY_NODE_FLAGS } from '../src/config/node-flags';
import { validateEnvironment } from '../src/config/environment';

/**
 * compose.yaml, deploy/nginx.conf, .env.example and the README's production section agree with
 * each other and with the gateway's own settings. No container engine runs on the build machines:
 * when the compose tool exists, `docker compose config` validates the file too.
 */
const root = join(__dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  profiles?: string[];
}

// The secrets compose asks for, as an operator would export them.
const SECRETS = {
  ENCRYPTION_KEY: 'a'.repeat(64),
  POSTGRES_PASSWORD: 'compose-test-password',
  META_APP_SECRET: 'f3a1c0de5b7e4d2a9c8b6a5f4e3d2c1b',
  META_APP_ID: '734512987650042',
  WEBHOOK_VERIFY_TOKEN: '0c9d8e7f6a5b4c3d',
};

/** `${NAME:?message}` and `${NAME:-default}` as compose interpolates them with SECRETS exported. */
function interpolate(value: string, exported: Record<string, string> = {}): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
    const given = ({ ...SECRETS, ...exported } as Record<string, string>)[name];
    if (given !== undefined) return given;
    if (kind === '-') return rest ?? '';
    throw new Error(`compose would refuse to start: ${name} is not set (${rest})`);
  });
}

describe('compose.yaml', () => {
  const compose = load(read('compose.yaml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
  const services = compose.services;
  const gateways = Object.keys(services).filter((name) => name.startsWith('gateway-'));

  it('runs PostgreSQL, Redis, migrations, two gateway instances and a proxy; the sandbox only in the demo profile, its port published', () => {
    expect(Object.keys(services).sort()).toEqual([
      'gateway-1',
      'gateway-2',
      'migrate',
      'postgres',
      'proxy',
      'redis',
      'sandbox',
      'simulator',
    ]);
    expect(gateways).toHaveLength(2);
    const inProduction = Object.entries(services)
      .filter(([, service]) => !service.profiles)
      .map(([name]) => name)
      .sort();
    expect(inProduction).toEqual(['gateway-1', 'gateway-2', 'migrate', 'postgres', 'proxy', 'redis']);
    expect(services.sandbox.profiles).toEqual(['demo']);
    expect(services.sandbox.ports).toEqual(['3001:3001']);
    // Test mode's simulator only in its profile, published nowhere (it plays Meta for test numbers).
    expect(services.simulator.profiles).toEqual(['test-mode']);
    expect(services.simulator.ports).toBeUndefined();
    // Nothing of production waits for the sandbox: the file runs without it.
    for (const service of Object.values(services))
      expect(Object.keys(service.depends_on ?? {})).not.toContain('sandbox');
    // Each runs the app with the gateway's Node flags, as the image and the start scripts do.
    for (const name of gateways)
      expect(services[name].command).toEqual(['node', ...GATEWAY_NODE_FLAGS, 'dist/src/main.js']);
  });

  it('turns test mode on with the test-mode profile: the simulator delivers through the proxy with a secret of its own', () => {
    const args = services.simulator.command!;
    expect(args).toEqual(expect.arrayContaining(['--port=3002', '--magic-recipients']));
    expect(args).toContain(
      `--webhook-url=http://proxy:${/listen (\d+);/.exec(read('deploy/nginx.conf'))![1]}/webhooks/simulator`,
    );
    expect(args.some((arg) => arg.includes('secret'))).toBe(false);
    expect(services.simulator.environment!.SANDBOX_APP_SECRET).toMatch(/^\$\{SIMULATOR_APP_SECRET:\?/);
    const environment = services['gateway-1'].environment!;
    expect(environment.SIMULATOR_BASE_URL).toBe('${SIMULATOR_BASE_URL:-}');
    expect(environment.SIMULATOR_APP_SECRET).toBe('${SIMULATOR_APP_SECRET:-}');
    // Set as the file's header says, the gateways take it (and the simulator's own secret, not Meta's).
    const resolved = (extra: Record<string, string>) =>
      Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, interpolate(String(value), extra)]));
    const on = validateEnvironment(
      resolved({ SIMULATOR_BASE_URL: 'http://simulator:3002', SIMULATOR_APP_SECRET: 'b'.repeat(32) }),
    );
    expect(on).toMatchObject({ SIMULATOR_BASE_URL: 'http://simulator:3002', SIMULATOR_APP_SECRET: 'b'.repeat(32) });
    expect(validateEnvironment(resolved({})).SIMULATOR_BASE_URL).toBeUndefined();
    expect(read('compose.yaml')).toContain('docker compose --profile test-mode up');
  });

  it('gives every long-running service a health check, and starts each after what it needs is healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'migrate') continue;
      expect({ name, healthcheck: Array.isArray(service.healthcheck?.test) }).toEqual({ name, healthcheck: true });
    }
    for (const name of gateways) {
      expect(services[name].depends_on).toEqual({
        migrate: { condition: 'service_completed_successfully' },
        redis: { condition: 'service_healthy' },
      });
    }
    expect(services.migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services.proxy.depends_on).toEqual(
      Object.fromEntries(gateways.map((name) => [name, { condition: 'service_healthy' }])),
    );
  });

  it('gives the gateways settings the gateway accepts, each documented in .env.example, and no secret in the file', () => {
    const example = read('.env.example');
    for (const name of gateways) {
      const environment = services[name].environment!;
      const resolved = Object.fromEntries(
        Object.entries(environment).map(([key, value]) => [key, interpolate(String(value))]),
      );
      const env = validateEnvironment(resolved);
      expect(env).toMatchObject({
        GATEWAY_MODE: 'production',
        NODE_ENV: 'production',
        // Production: Meta itself unless told otherwise (the demo profile's sandbox is not started).
        UPSTREAM_BASE_URL: 'https://graph.facebook.com',
        DEMO_SEED: false,
        // Shared by every instance: an asset uploaded through one is served by the other.
        MEDIA_STORAGE: 'postgres',
        DATABASE_MIGRATIONS_RUN: false,
      });
      expect(env.LOG_FORMAT).toBe('json');
      for (const key of Object.keys(environment))
        expect({ key, documented: new RegExp(`^#? ?${key}=`, 'm').test(example) }).toEqual({ key, documented: true });
      expect(environment.ENCRYPTION_KEY).toMatch(/^\$\{ENCRYPTION_KEY:\?/);
      expect(environment.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
      // No public default for any secret, nor for the Meta app.
      for (const key of ['META_APP_SECRET', 'META_APP_ID', 'WEBHOOK_VERIFY_TOKEN'])
        expect(environment[key]).toMatch(new RegExp(`^\\$\\{${key}:\\?`));
      expect(() =>
        validateEnvironment(
          Object.fromEntries(
            Object.entries(environment).map(([k, v]) => [
              k,
              k === 'META_APP_SECRET' ? 'sandbox-app-secret' : interpolate(String(v)),
            ]),
          ),
        ),
      ).toThrow(/META_APP_SECRET: a public example value/);
    }
    // The migrations run with the gateways' own settings, against the same database.
    expect(services.migrate.environment).toEqual(services['gateway-1'].environment);
    // Once per deploy, under the advisory lock (test/migrations.e2e-spec.ts runs it concurrently).
    expect(services.migrate.command).toEqual(['node', 'dist/src/cli/main.js', 'migrate']);
  });

  it('routes the proxy to every gateway on its port, and the sandbox’s webhooks through the proxy with the app secret the gateways verify', () => {
    const nginx = read('deploy/nginx.conf');
    const port = services['gateway-1'].environment!.PORT;
    const upstreams = [...nginx.matchAll(/^\s*server (\S+):(\d+)/gm)].map((match) => [match[1], match[2]]);
    expect(upstreams).toEqual(gateways.map((name) => [name, port]));
    const listen = /listen (\d+);/.exec(nginx)![1];
    expect(services.proxy.ports).toEqual([`${listen}:${listen}`]);
    const args = services.sandbox.command!;
    expect(args).toContain(`--webhook-url=http://proxy:${listen}/webhooks/whatsapp`);
    // The secret from the environment, not the command line (visible to every local user in `ps`).
    expect(args.some((arg) => arg.includes('secret'))).toBe(false);
    expect(services.sandbox.environment!.SANDBOX_APP_SECRET).toBe(services['gateway-1'].environment!.META_APP_SECRET);
    expect(args).toContain('--port=3001');
    // The app the gateways act as is the sandbox's too (subscriptions and uploads name it).
    expect(args).toContain(
      '--app-id=${META_APP_ID:?set META_APP_ID (your Meta app id; any digits of your own for the sandbox)}',
    );
    // Behind a TLS terminator the scheme it reports reaches the gateways (Secure cookies).
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto $forwarded_proto;');
    expect(nginx).toMatch(
      /map \$http_x_forwarded_proto \$forwarded_proto \{\s+default \$http_x_forwarded_proto;\s+'' \$scheme;/,
    );
  });

  it("is what docs/deploy.md's checklist describes, with every setting the gateways are given", () => {
    const deploy = read('docs/deploy.md');
    expect(deploy).toMatch(/docker compose up --build/);
    expect(deploy).toMatch(/docker compose --profile demo up/);
    for (const secret of Object.keys(SECRETS)) expect(deploy).toContain(secret);
    for (const setting of Object.keys(services['gateway-1'].environment!)) expect(deploy).toContain(setting);
    expect(deploy).toContain('cli/main.js bootstrap');
    expect(deploy).toContain('/v1/organizations');
    // The README keeps a short section that points there.
    const readme = read('README.md');
    expect(readme.slice(readme.indexOf('## Production'))).toContain('docs/deploy.md');
  });

  it('passes `docker compose config` where the compose tool exists', () => {
    const env = { ...process.env, ...SECRETS };
    const candidates: Array<[string, string[]]> = [
      ['docker', ['compose', 'config', '--quiet']],
      ['docker-compose', ['config', '--quiet']],
    ];
    const tool = candidates.find(
      ([command, args]) => spawnSync(command, [...args.slice(0, -2), 'version'], { env, stdio: 'ignore' }).status === 0,
    );
    if (!tool) {
      process.stderr.write(
        '\n[compose] `docker compose config` not run: no compose tool on this machine (the file was checked above)\n',
      );
      return;
    }
    execFileSync(tool[0], tool[1], { cwd: root, env, stdio: 'pipe' });
  });
});
