// The minified browser bundle of one-send.ts, and its gzipped size, as JSON on stdout.
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const bundle = await rolldown({ input: fileURLToPath(new URL('./one-send.ts', import.meta.url)), platform: 'browser' });
const { output } = await bundle.generate({ format: 'esm', minify: true });
const code = output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('');
process.stdout.write(JSON.stringify({ minified: Buffer.byteLength(code), gzipped: gzipSync(code).length }) + '\n');
