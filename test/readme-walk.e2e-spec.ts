import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './support/eventually';

const ROOT = join(__dirname, '..');
/** The demo's own ports (the README's commands name them), the walk's handler's, and the metrics listener's. */
const PORTS = [3000, 3001, 3002, 8080, 9464, 54329];

interface Block {
  file: string;
  line: number;
  code: string;
  /** The HTML comment just before the block, if any: why it is not run, or that it runs in the background. */
  note?: string;
}

/** The bash blocks of a markdown file, each with the comment that precedes it. */
function bashBlocks(file: string): Block[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const blocks: Block[] = [];
  for (const match of text.matchAll(/(?:<!--((?:(?!-->)[\s\S])*)-->\n)?```bash\n([\s\S]*?)```/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    blocks.push({ file, line, code: match[2], note: match[1]?.trim() });
  }
  return blocks;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The newcomer's walk: the demo started as `npm run demo` starts it (its launcher, on its default
 * ports, from a folder of its own), then every bash block of README.md and docs/deploy.md run as
 * written, in order, in that folder: the blocks that cannot run on one machine say why in a comment
 * just before them (Docker, placeholders for your own ids, the test suite itself), and those are the
 * only ones left out. A block that fails fails the walk; the walk's handler must show the customer's
 * message and the reply's statuses.
 */
describe("the README's first walk, and every command block that can run here", () => {
  let folder: string;
  let demo: ChildProcess;
  let demoOutput = '';
  const background: Array<{ child: ChildProcess; output: () => string }> = [];

  beforeAll(async () => {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
    const busy: number[] = [];
    for (const port of PORTS) if (!(await portFree(port))) busy.push(port);
    if (busy.length) throw new Error(`the walk needs the demo's ports free; in use: ${busy.join(', ')}`);
    // A folder of its own, as a fresh checkout: the project's build and packages, its own ./data.
    folder = mkdtempSync(join(tmpdir(), 'gateway-walk-'));
    for (const name of ['package.json', 'node_modules', 'dist']) symlinkSync(join(ROOT, name), join(folder, name));
    demo = spawn(process.execPath, [join(ROOT, 'dist/scripts/demo.js')], {
      cwd: folder,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        SANDBOX_SENT_DELAY_MS: '50',
        SANDBOX_DELIVERED_DELAY_MS: '100',
        SANDBOX_READ_DELAY_MS: '150',
      },
    });
    demo.stdout!.on('data', (chunk: Buffer) => (demoOutput += chunk.toString()));
    demo.stderr!.on('data', (chunk: Buffer) => (demoOutput += chunk.toString()));
    await eventually(async () => (/Cloud API sandbox at/.test(demoOutput) ? true : undefined), 90_000).catch(() => {
      throw new Error(`the demo did not start:\n${demoOutput}`);
    });
  }, 180_000);

  afterAll(async () => {
    for (const { child } of background) if (child.pid) process.kill(-child.pid, 'SIGTERM');
    if (demo && demo.exitCode === null) {
      const exited = new Promise((resolve) => demo.once('exit', resolve));
      demo.kill('SIGTERM');
      await exited;
    }
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('runs every block that can run on one machine, as written, and the handler sees the conversation', async () => {
    const blocks = [...bashBlocks('README.md'), ...bashBlocks('docs/deploy.md')];
    // Left out: what cannot run on one machine, and what another spec runs (deploy.md's backup, against PostgreSQL).
    const left = blocks.filter((b) => b.note?.startsWith('not run by the walk') || b.note?.startsWith('run by'));
    // Every block left out says why, and most of the README runs.
    for (const block of left) expect(block.note!.length).toBeGreaterThan('not run by the walk: '.length);
    const ran: string[] = [];
    const outputs: string[] = [];
    for (const block of blocks) {
      if (left.includes(block)) continue;
      const where = `${block.file}:${block.line}`;
      if (block.note?.startsWith('the walk runs this in the background')) {
        // A process group of its own: npm and the CLI under it stop with it.
        const child = spawn('bash', ['-c', block.code], {
          cwd: folder,
          env: { PATH: process.env.PATH, HOME: process.env.HOME },
          detached: true,
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        background.push({ child, output: () => output });
        await eventually(async () => (/listening on/.test(output) ? true : undefined), 30_000);
        ran.push(where);
        continue;
      }
      const run = spawnSync('bash', ['-euo', 'pipefail', '-c', block.code], {
        cwd: folder,
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        encoding: 'utf8',
        timeout: 60_000,
      });
      if (run.status !== 0) throw new Error(`${where} exited ${run.status}:\n${run.stdout}${run.stderr}`);
      // A Graph error in an answer is a failure, but for the one a block shows on purpose (`# 401 …`).
      if (/"error":\{/.test(run.stdout) && !/# 4\d\d /.test(block.code))
        throw new Error(`${where} answered an error:\n${run.stdout}`);
      outputs.push(run.stdout);
      ran.push(where);
    }
    expect(ran.length).toBeGreaterThanOrEqual(5);

    // The walk's reply was sent (a wamid came back) and the handler printed the conversation.
    const reply = outputs.join('\n').match(/"messages":\[\{"id":"(wamid\.[^"]+)"/g) ?? [];
    expect(reply.length).toBeGreaterThanOrEqual(2);
    const handler = background[0].output;
    const deliveries = () =>
      handler()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { signature: string; body: any });
    await eventually(async () => {
      const statuses = deliveries().flatMap((d) => d.body?.entry?.[0]?.changes?.[0]?.value?.statuses ?? []);
      return ['sent', 'delivered', 'read'].every((s) => statuses.some((x: { status: string }) => x.status === s))
        ? true
        : undefined;
    }, 15_000);
    const messages = deliveries().flatMap((d) => d.body?.entry?.[0]?.changes?.[0]?.value?.messages ?? []);
    expect(messages.map((m: { text?: { body: string } }) => m.text?.body)).toContain('Is my order on its way?');
    expect(deliveries().every((d) => d.signature === 'valid')).toBe(true);
  }, 180_000);
});
