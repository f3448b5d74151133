import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import request from 'supertest';
import { extract } from 'tar-stream';
import { DataRightsRepository } from '../src/data-rights/data-rights.repository';
import { OrganizationData } from '../src/retention/organization-data';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { expectGraphError } from './support/graph-assertions';
import { inboundStored } from './support/inbound-stored';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/** Every entry of a .tar.gz: its name and bytes. */
async function entriesOf(archive: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const reader = extract();
  reader.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      entries.set(header.name, Buffer.concat(chunks));
      next();
    });
  });
  await new Promise<void>((resolve, reject) => {
    reader.on('finish', resolve);
    reader.on('error', reject);
    Readable.from([archive]).pipe(createGunzip()).on('error', reject).pipe(reader);
  });
  return entries;
}

/**
 * An organization's archive (issue 58) on real PostgreSQL, Redis and the sandbox: a job whose progress
 * ends with a signed link; the .tar.gz it downloads (no key) holds every kind registered as JSON Lines,
 * each record once, as many as the manifest says, the media library's file byte for byte, and nothing
 * of another organization; one runs at a time (409 naming it); refused without the scope and to
 * another organization; an altered link and an expired archive are 404.
 */
describe('an organization’s archive', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;
  const libraryBytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7 + 3) % 256));

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Leaving shop');
    b = await createTenant(t, 'Staying shop');
    keyA = (await createOrgKey(t, a, { rateLimitPerSecond: 1_000 })).key;
    keyB = (await createOrgKey(t, b)).key;
  }, 60_000);
  afterAll(() => t.close());

  const api = (key: string, method: 'get' | 'post', path: string, body?: object) =>
    request(t.url)[method](path).set(bearer(key)).send(body);

  it('writes every kind once, the files byte for byte, behind a signed link; one at a time', async () => {
    await inboundStored(t, a, '15550585001', { type: 'text', text: 'archive me' });
    await inboundStored(t, a, '15550585002', { type: 'image', caption: 'a label' });
    await inboundStored(t, b, '15550585003', { type: 'text', text: 'not in the archive' });
    await api(keyA, 'post', `/v1/${a.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: '15550585001',
      type: 'text',
      text: { body: 'Archived reply' },
    }).expect(200);
    await api(keyA, 'post', `/v1/${a.phoneNumberId}/conversations/15550585001/notes`, { body: 'A note' }).expect(201);
    await api(keyA, 'post', '/v1/blacklist', { phone_numbers: ['15550585009'] }).expect(200);
    const asset = await request(t.url)
      .post('/v1/media_library')
      .set(bearer(keyA))
      .attach('file', libraryBytes, { filename: 'price list.pdf', contentType: 'application/pdf' })
      .expect(201);
    await eventually(async () => {
      const [row] = await t.dataSource.query(`SELECT count(*)::int AS n FROM message_statuses WHERE tenant_id = $1`, [
        a.id,
      ]);
      return row.n >= 3 ? true : undefined;
    }, 10_000);

    // Asked twice at once: one runs, the other is told which.
    const [one, two] = await Promise.all([
      api(keyA, 'post', '/v1/organization_exports'),
      api(keyA, 'post', '/v1/organization_exports'),
    ]);
    const started = one.status === 202 ? one : two;
    const refused = one.status === 202 ? two : one;
    expect(started.status).toBe(202);
    expectGraphError(refused, 409, 100);
    expect(refused.body.error.error_data.details).toMatch(new RegExp(`^organization_id: export ${started.body.id}`));
    const id = started.body.id as string;
    expectGraphError(await api(keyB, 'get', `/v1/organization_exports/${id}`), 404, 100);
    const reader = (await createOrgKey(t, a, { scopes: ['messages:send'] })).key;
    expectGraphError(await api(reader, 'post', '/v1/organization_exports'), 403, 200);

    const done = await eventually(async () => {
      const answer = await api(keyA, 'get', `/v1/organization_exports/${id}`).expect(200);
      return answer.body.status === 'done' ? answer.body : undefined;
    }, 20_000);
    expect(done.progress.kinds_done).toBe(done.progress.kinds_total);
    expect(done.download_url).toMatch(new RegExp(`^/v1/organization_exports/${id}/download\\?expires=\\d+&signature=`));
    // The link needs no key; an altered one is refused as a missing id.
    const download = await request(t.url)
      .get(done.download_url as string)
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="organization-export-${id}.tar.gz"`);
    const archive = download.body as Buffer;
    expect(archive.length).toBe(done.size_bytes);
    expectGraphError(
      await request(t.url).get((done.download_url as string).replace(/expires=\d/, 'expires=9')),
      404,
      100,
    );

    const entries = await entriesOf(archive);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as {
      organization_id: string;
      kinds: Record<string, { rows: number; parts: number }>;
      files: Array<{ name: string; size: number }>;
    };
    expect(manifest.organization_id).toBe(a.id);
    expect(Object.keys(manifest.kinds).sort()).toEqual(t.get(OrganizationData).kinds());
    const rowsOf = (kind: string) =>
      [...entries]
        .filter(([name]) => name.startsWith(`${kind}/`))
        .flatMap(([, bytes]) => bytes.toString('utf8').split('\n').filter(Boolean))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const [kind, { rows }] of Object.entries(manifest.kinds)) {
      const read = rowsOf(kind);
      expect({ kind, rows: read.length }).toEqual({ kind, rows });
      const ids = read.map((row) => row.id).filter((rowId) => rowId !== undefined);
      expect({ kind, unique: new Set(ids).size }).toEqual({ kind, unique: ids.length });
      for (const row of read) if ('tenant_id' in row) expect(row.tenant_id).toBe(a.id);
    }
    expect(manifest.kinds.inbound_messages.rows).toBe(2);
    expect(manifest.kinds.messages.rows).toBe(1);
    expect(manifest.kinds.notes.rows).toBe(1);
    expect(manifest.kinds.blacklist.rows).toBe(1);
    expect(manifest.kinds.media_library.rows).toBe(1);
    expect(manifest.kinds.audit_log.rows).toBeGreaterThanOrEqual(3);
    expect(rowsOf('messages')[0].payload).toMatchObject({ text: { body: 'Archived reply' } });
    const file = `files/media_library/${asset.body.id as string}/price list.pdf`;
    expect(manifest.files).toEqual([{ name: file, size: libraryBytes.length }]);
    expect(Buffer.compare(entries.get(file)!, libraryBytes)).toBe(0);
    expect(archive.includes(Buffer.from('not in the archive'))).toBe(false);
    for (const [name, bytes] of entries)
      expect({ name, other: bytes.includes(Buffer.from(b.id)) }).toEqual({ name, other: false });
    // No secret of the organization's endpoints or automations is in it.
    expect(rowsOf('webhook_endpoints').every((row) => !('secret_encrypted' in row))).toBe(true);

    // A second export may start once the first is done; the list has both.
    await api(keyA, 'post', '/v1/organization_exports').expect(202);
    const list = await api(keyA, 'get', '/v1/organization_exports').expect(200);
    expect(list.body.data).toHaveLength(2);

    // Past its time the archive goes: the export says so and its link no longer works.
    await t.dataSource.query(`UPDATE organization_exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      id,
    ]);
    await t.get(DataRightsRepository).expireExports();
    const expired = await api(keyA, 'get', `/v1/organization_exports/${id}`).expect(200);
    expect(expired.body).toMatchObject({ status: 'expired', download_url: null });
    expectGraphError(await request(t.url).get(done.download_url as string), 404, 100);
    expect(await t.dataSource.query(`SELECT 1 FROM organization_export_chunks WHERE export_id = $1`, [id])).toEqual([]);
  }, 60_000);
});
