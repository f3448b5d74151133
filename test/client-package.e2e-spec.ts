import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const PACKAGE = join(ROOT, 'packages/client');

/** The client package's own checks (issue 60): its types refuse wrong bodies, and it stays small. */
describe('the client package', () => {
  it('refuses a send body with a wrong field or without a required one at compile time', () => {
    // packages/client/test-d holds calls marked @ts-expect-error: were any of them to compile, tsc fails.
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    expect(() =>
      execFileSync(process.execPath, [tsc, '-p', join(PACKAGE, 'tsconfig.json')], { stdio: 'pipe' }),
    ).not.toThrow();
  }, 120_000);

  it("compiles the README's examples (packages/client/examples) against the package's types", () => {
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    let errors = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', join(PACKAGE, 'examples/tsconfig.json')], { encoding: 'utf8' });
    } catch (error) {
      errors = String((error as { stdout?: string }).stdout);
    }
    expect(errors).toBe('');
  }, 120_000);

  it('builds for ES modules and CommonJS, and both load', () => {
    execFileSync('npm', ['run', '-s', 'build', '-w', 'packages/client'], { cwd: ROOT, stdio: 'pipe' });
    const load = (code: string, type: 'module' | 'commonjs') =>
      execFileSync(process.execPath, ['--input-type', type, '-e', code], { cwd: ROOT, encoding: 'utf8' }).trim();
    const names = 'changesOf,createGatewayClient,GraphError,isChange,paginate,verifyWebhook,WebhookVerificationError';
    const esm = load(
      "import * as client from '@whatsapp-gateway/client'; console.log(Object.keys(client).sort().join())",
      'module',
    );
    const cjs = load("console.log(Object.keys(require('@whatsapp-gateway/client')).sort().join())", 'commonjs');
    expect(esm).toBe(names.split(',').sort().join());
    expect(cjs).toBe(esm);
  }, 120_000);

  // The oldest Node the package supports, where the machine has it (Debian's, beside the project's own).
  const node20 = ['/usr/bin/node', '/usr/local/bin/node'].find(
    (path) => existsSync(path) && /^v20\./.test(execFileSync(path, ['--version'], { encoding: 'utf8' })),
  );
  (node20 ? it : it.skip)(
    `runs on Node 20 (${node20 ?? 'none on this machine'}): calls, retries, errors, webhooks`,
    () => {
      execFileSync('npm', ['run', '-s', 'build', '-w', 'packages/client'], { cwd: ROOT, stdio: 'pipe' });
      const seen = JSON.parse(
        execFileSync(node20!, [join(PACKAGE, 'test-node/oldest-node.mjs')], { cwd: ROOT, encoding: 'utf8' }),
      ) as Record<string, unknown>;
      expect(seen).toEqual({
        node: expect.stringMatching(/^20\./),
        calls: 2,
        graphError: { status: 400, code: 100 },
        verified: 'whatsapp_business_account',
      });
    },
    120_000,
  );

  it('bundles for a browser that sends one message under 30 KB gzipped', () => {
    const size = JSON.parse(
      execFileSync(process.execPath, [join(PACKAGE, 'size/measure.mjs')], { encoding: 'utf8' }),
    ) as {
      minified: number;
      gzipped: number;
    };
    process.stdout.write(`client bundle for one send: ${size.minified} bytes minified, ${size.gzipped} gzipped\n`);
    expect(size.gzipped).toBeLessThan(30 * 1024);
  });
});
