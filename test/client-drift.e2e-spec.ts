import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './support/test-app';

const SCHEMA = join(__dirname, '..', 'packages/client/src/schema.ts');
const GENERATOR = join(__dirname, '..', 'packages/client/scripts/types-of.mjs');

/** A description, as the gateway serves it at /docs-json. */
type OpenApiDocument = { paths?: Record<string, Record<string, { parameters?: Array<{ name: string }> }>> };

/** The client's types of a description, as the repository formats them (openapi-typescript, in a process of its own). */
function clientSchemaOf(document: OpenApiDocument): string {
  const file = join(mkdtempSync(join(tmpdir(), 'client-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  return execFileSync(process.execPath, [GENERATOR, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/**
 * Where the description says an object and nothing of what it holds (the client types such a member
 * `Record<string, never>`, which no value but `{}` fits), or a parameter with no type (`unknown`).
 */
function untypedPlaces(node: unknown, at: string, found: string[]): string[] {
  if (Array.isArray(node)) node.forEach((item, i) => untypedPlaces(item, `${at}/${i}`, found));
  else if (node && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    const composed = ['properties', 'additionalProperties', 'allOf', 'oneOf', 'anyOf', '$ref'].some((k) => k in schema);
    if (schema.type === 'object' && !composed) found.push(at);
    if (
      typeof schema.in === 'string' &&
      typeof schema.name === 'string' &&
      !('schema' in schema) &&
      !('content' in schema)
    )
      found.push(at);
    for (const [key, value] of Object.entries(schema))
      if (key !== 'example' && key !== 'examples') untypedPlaces(value, `${at}/${key}`, found);
  }
  return found;
}

/** The first line where two texts part, for a failure that says what drifted. */
function firstDifference(committed: string, generated: string): string | undefined {
  const a = committed.split('\n');
  const b = generated.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i]) return `line ${i + 1}: committed ${JSON.stringify(a[i])}, generated ${JSON.stringify(b[i])}`;
  return undefined;
}

/**
 * The client package (packages/client) is kept in step with the app (issue 60): its types are the
 * app's own description, generated; a route changed without generating them again fails here (CI).
 * `UPDATE_CLIENT=1` (npm run client:generate) writes them instead.
 */
describe('the client package is generated from the description the app serves', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await (await fetch(`${t.url}/docs-json`)).json()) as OpenApiDocument;
  });
  afterAll(() => t.close());

  it('matches the committed types, so every route the explorer lists is reachable through the client', async () => {
    const generated = clientSchemaOf(document);
    if (process.env.UPDATE_CLIENT === '1') writeFileSync(SCHEMA, generated);
    const committed = readFileSync(SCHEMA, 'utf8');
    expect(firstDifference(committed, generated)).toBeUndefined();
    // Every path of the description is a key of the client's `paths`.
    const paths = Object.keys(document.paths ?? {});
    expect(paths.length).toBeGreaterThan(100);
    for (const path of paths) expect(committed).toContain(`\n  '${path}': {`);
  });

  it('types every member and parameter, so the client takes and gives what the gateway does', () => {
    expect(untypedPlaces(document, '#', [])).toEqual([]);
  });

  it("fails when a route's parameter changes without the client generated again", async () => {
    const changed = structuredClone(document);
    const from = changed.paths?.['/v1/usage']?.get?.parameters?.find((p) => p.name === 'from');
    expect(from).toBeDefined();
    from!.name = 'starting';
    const generated = clientSchemaOf(changed);
    expect(firstDifference(readFileSync(SCHEMA, 'utf8'), generated)).toMatch(/starting/);
  });
});
