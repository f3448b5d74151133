import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, rmdir, utimes, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { ConfigService } from '@nestjs/config';
import request from 'supertest';
import type { IssuedApiKey } from '../src/auth/api-keys.service';
import { MetaApp } from '../src/config/meta-app';
import { MediaLibraryService } from '../src/media/media-library.service';
import { MediaLibraryStorage } from '../src/media/media-library.storage';
import { KB, MB } from '../src/media/media-limits';
import { MediaService } from '../src/media/media.service';
import type { Sandbox } from '../apps/sandbox/src/sandbox-server';
import { TenancyService } from '../src/tenancy/tenancy.service';
import { MediaUpstream } from '../src/media/media.upstream';
import { bearer, createAdminKey, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

type Res = request.Response;
const MANY = { rateLimitPerSecond: 10_000 };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** `size` bytes that are not all alike (a pattern upstream could not confuse with another file). */
const bytesOf = (size: number, seed = 7) =>
  Buffer.from(Array.from({ length: Math.min(size, 4096) }, (_, i) => (i * 31 + seed) % 256)).subarray(0, size);
const sized = (size: number, seed = 7) => {
  const pattern = bytesOf(Math.min(size, 4096), seed);
  const out = Buffer.allocUnsafe(size);
  for (let at = 0; at < size; at += pattern.length) pattern.copy(out, at);
  return out;
};

function expectInvalidParameter(res: Res, status: number, details: RegExp): void {
  expect({ status: res.status, code: res.body.error?.code, type: res.body.error?.type }).toEqual({
    status,
    code: 100,
    type: 'GraphMethodException',
  });
  expect(res.body.error.error_data?.details).toMatch(details);
}

describe('media', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: IssuedApiKey;
  let keyB: IssuedApiKey;
  let sendOnlyA: IssuedApiKey;
  let readOnlyA: IssuedApiKey;
  let mediaWriteOnlyA: IssuedApiKey;
  let adminAB: IssuedApiKey;
  let libraryRoot: string;

  const upstreamCalls = () => sandbox.requests();
  const rows = (table: string, where = 'TRUE', params: unknown[] = []) =>
    t.dataSource.query(`SELECT * FROM ${table} WHERE ${where} ORDER BY created_at`, params);

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    sandbox = t.sandbox;
    a = await createTenant(t, 'Media A');
    b = await createTenant(t, 'Media B');
    keyA = await createOrgKey(t, a, MANY);
    keyB = await createOrgKey(t, b, MANY);
    sendOnlyA = await createOrgKey(t, a, { ...MANY, scopes: ['messages:send', 'templates:write'] });
    readOnlyA = await createOrgKey(t, a, { ...MANY, scopes: ['media:read'] });
    mediaWriteOnlyA = await createOrgKey(t, a, { ...MANY, scopes: ['media:write'] });
    adminAB = await createAdminKey(t, [a, b], MANY);
    // The scratch folder MEDIA_INCOMING_DIR names in this run (uploads stream in there first).
    libraryRoot = resolve(t.get(ConfigService).get<string>('MEDIA_INCOMING_DIR')!);
  });
  afterAll(async () => {
    for (const folder of [join(libraryRoot, '.incoming'), libraryRoot]) await rmdir(folder).catch(() => undefined);
    await t.close();
  });
  beforeEach(() => {
    sandbox.clearRequests();
    sandbox.clearFaults();
  });

  describe('POST /v1/{phoneNumberId}/media', () => {
    const upload = (
      key: IssuedApiKey,
      phoneNumberId: string,
      fields: Record<string, string>,
      file?: { bytes: Buffer; name: string; contentType: string },
    ) => {
      let req = request(t.url).post(`/v1/${phoneNumberId}/media`).set(bearer(key));
      for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
      if (file) req = req.attach('file', file.bytes, { filename: file.name, contentType: file.contentType });
      return req;
    };
    const media = (type: string, size: number, name = 'file.bin', key = keyA, phoneNumberId = a.phoneNumberId) =>
      upload(
        key,
        phoneNumberId,
        { messaging_product: 'whatsapp', type },
        { bytes: sized(size), name, contentType: type },
      );
    const mediaCalls = () => upstreamCalls().filter((r) => r.method === 'POST' && r.path.endsWith('/media'));

    it.each([
      ['image', 'image/jpeg', 5 * MB, 'photo.jpg'],
      ['image', 'image/png', 2048, 'chart.png'],
      ['document', 'application/pdf', 10 * KB, 'invoice.pdf'],
      ['document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 3000, 'sheet.xlsx'],
      ['audio', 'audio/ogg', 4096, 'voice.ogg'],
      ['video', 'video/mp4', 64 * KB, 'clip.mp4'],
      ['sticker', 'image/webp', 500 * KB, 'sticker.webp'],
    ])(
      'uploads %s %s within its limit (%d bytes): { id }, one upstream call, one row',
      async (_kind, type, size, name) => {
        const res = await media(type, size, name);
        expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
        expect(res.body).toEqual({ id: expect.stringMatching(/^\d+$/) });

        const calls = mediaCalls();
        expect(calls).toHaveLength(1);
        expect(upstreamCalls()).toHaveLength(1);
        expect(calls[0].path).toBe(`/v23.0/${a.phoneNumberId}/media`);
        expect(calls[0].status).toBe(200);
        expect(calls[0].body).toEqual({
          messaging_product: 'whatsapp',
          type,
          file: { field: 'file', filename: name, mime_type: type, size },
        });

        const [row] = await rows('media_uploads', 'upstream_media_id = $1', [res.body.id]);
        expect(row).toMatchObject({
          tenant_id: a.id,
          phone_number_id: a.phoneNumberId,
          mime_type: type,
          size_bytes: size,
          file_name: name,
        });
        await expect(t.get(MediaService).isMessagesMediaId(a.id, res.body.id)).resolves.toBe(true);
        await expect(t.get(MediaService).isMessagesMediaId(b.id, res.body.id)).resolves.toBe(false);
      },
    );

    it('hands upstream the exact bytes (its sha256 matches), under the MIME type without parameters', async () => {
      const bytes = sized(12345, 99);
      const res = await upload(
        keyA,
        a.phoneNumberId,
        { messaging_product: 'whatsapp', type: 'Audio/MPEG; codecs=mp3' },
        { bytes, name: 'C:\\music\\song.mp3', contentType: 'audio/mpeg' },
      ).expect(200);
      const [{ business_account_id: businessAccountId }] = await t.dataSource.query(
        'SELECT business_account_id FROM phone_numbers WHERE phone_number_id = $1',
        [a.phoneNumberId],
      );
      const token = await t.get(TenancyService).accessToken(businessAccountId);
      const described = await t.get(MediaUpstream).getMedia(res.body.id, token);
      expect(described).toMatchObject({ id: res.body.id, mime_type: 'audio/mpeg', sha256: sha256(bytes) });
      const [row] = await rows('media_uploads', 'upstream_media_id = $1', [res.body.id]);
      expect(row).toMatchObject({ mime_type: 'audio/mpeg', file_name: 'song.mp3' });
    });

    it.each([
      ['image/gif', 'a GIF'],
      ['image/svg+xml', 'an SVG'],
      ['audio/wav', 'a WAV'],
      ['application/zip', 'a ZIP'],
      ['application/octet-stream', 'bytes of no type'],
    ])('refuses type=%s (%s) with 400 code 100 naming type: nothing upstream, no row', async (type) => {
      const before = (await rows('media_uploads')).length;
      expectInvalidParameter(await media(type, 1000), 400, /^type: .* is not a media type WhatsApp accepts/);
      expect(upstreamCalls()).toHaveLength(0);
      expect(await rows('media_uploads')).toHaveLength(before);
    });

    it.each([
      ['image', 'image/jpeg', 5 * MB],
      ['image', 'image/png', 5 * MB],
      ['audio', 'audio/aac', 16 * MB],
      ['video', 'video/3gpp', 16 * MB],
      ['sticker', 'image/webp', 500 * KB],
    ])(
      'refuses %s %s of its limit + 1 byte with 400 code 100 naming file: nothing upstream, no row',
      async (kind, type, limit) => {
        const before = (await rows('media_uploads')).length;
        const res = await media(type, limit + 1);
        expectInvalidParameter(
          res,
          400,
          new RegExp(`^file: ${limit + 1} bytes is over the .* \\(${limit} bytes\\) limit for ${kind} media`),
        );
        expect(upstreamCalls()).toHaveLength(0);
        expect(await rows('media_uploads')).toHaveLength(before);
      },
    );

    it('stops a document over 100 MB (the largest limit) while it arrives: 413 code 100 naming file, nothing upstream', async () => {
      const res = await media('application/pdf', 100 * MB + 1, 'huge.pdf');
      expectInvalidParameter(res, 413, /^file: larger than 100 MB \(104857600 bytes\)/);
      expect(upstreamCalls()).toHaveLength(0);
    });

    it('refuses a body whose Content-Length cannot fit before reading it (413 code 100), so 1 GB is never taken in', async () => {
      const url = new URL(`/v1/${a.phoneNumberId}/media`, t.url);
      const { status, body, connection } = await new Promise<{ status: number; body: string; connection?: string }>(
        (done, fail) => {
          const req = httpRequest(url, {
            method: 'POST',
            headers: {
              ...bearer(keyA),
              'content-type': 'multipart/form-data; boundary=xyz',
              'content-length': String(1024 * MB),
            },
          });
          req.on('response', (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => {
              done({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection });
              req.destroy();
            });
          });
          req.on('error', fail);
          req.write(
            '--xyz\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n',
          );
          req.write(Buffer.alloc(64 * KB));
        },
      );
      expect(status).toBe(413);
      expect(connection).toBe('close');
      expect(JSON.parse(body).error).toMatchObject({
        code: 100,
        error_data: { details: expect.stringMatching(/^file: larger than 100 MB/) },
      });
      expect(upstreamCalls()).toHaveLength(0);
    });

    it.each([
      ['no file', { messaging_product: 'whatsapp', type: 'image/png' }, undefined, /^file: .*required/],
      // Without `type` the file part's own Content-Type decides (as at Meta); a generic one is not a media type.
      ['no type and a generic file type', { messaging_product: 'whatsapp' }, 'application/octet-stream', /^type: /],
      ['messaging_product=sms', { messaging_product: 'sms', type: 'image/png' }, 'image/png', /^messaging_product: /],
      ['no messaging_product', { type: 'image/png' }, 'image/png', /^messaging_product: /],
    ] as const)(
      'refuses %s with 400 code 100 naming the field, nothing upstream',
      async (_name, fields, fileType, details) => {
        const res = await upload(
          keyA,
          a.phoneNumberId,
          { ...fields },
          fileType ? { bytes: sized(100), name: 'x.png', contentType: fileType } : undefined,
        );
        expectInvalidParameter(res, 400, details);
        expect(upstreamCalls()).toHaveLength(0);
      },
    );

    it('refuses an empty file, two files, or a file in another field (400 code 100 naming file)', async () => {
      expectInvalidParameter(await media('image/png', 0), 400, /^file: the file is empty/);
      const two = upload(
        keyA,
        a.phoneNumberId,
        { messaging_product: 'whatsapp', type: 'image/png' },
        { bytes: sized(10), name: 'a.png', contentType: 'image/png' },
      ).attach('file', sized(10), { filename: 'b.png', contentType: 'image/png' });
      expectInvalidParameter(await two, 400, /^file: send exactly one file/);
      const elsewhere = request(t.url)
        .post(`/v1/${a.phoneNumberId}/media`)
        .set(bearer(keyA))
        .field('messaging_product', 'whatsapp')
        .field('type', 'image/png')
        .attach('upload', sized(10), { filename: 'a.png', contentType: 'image/png' });
      expectInvalidParameter(
        await elsewhere,
        400,
        /^file: send exactly one file, in the multipart field "file" \(got a file in "upload"\)/,
      );
      expect(upstreamCalls()).toHaveLength(0);
    });

    it('refuses a multipart body without a boundary, or one cut short (400 code 100), nothing upstream', async () => {
      const post = () => request(t.url).post(`/v1/${a.phoneNumberId}/media`).set(bearer(keyA));
      expectInvalidParameter(
        await post().set('Content-Type', 'multipart/form-data').send('--x\r\n'),
        400,
        /^body: .*multipart/i,
      );
      const cut =
        '--xyz\r\nContent-Disposition: form-data; name="messaging_product"\r\n\r\nwhatsapp\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc';
      expectInvalidParameter(
        await post().set('Content-Type', 'multipart/form-data; boundary=xyz').send(cut),
        400,
        /^body: malformed multipart\/form-data \(Multipart: Unexpected end of form\)/,
      );
      expectInvalidParameter(
        await post().set('Content-Type', 'multipart/mixed; boundary=xyz').send(cut),
        400,
        /^body: the body must be multipart\/form-data/,
      );
      expect(upstreamCalls()).toHaveLength(0);
    });

    it('an upstream 5xx is 500 code 131000 and records nothing; an upstream 4xx passes through', async () => {
      const before = (await rows('media_uploads')).length;
      sandbox.injectFault({ kind: 'http_500', path: '/media' });
      const failed = await media('image/png', 1000);
      expect(failed.status).toBe(500);
      expect(failed.body.error).toMatchObject({ code: 131000, type: 'GraphMethodException' });
      expect(mediaCalls()).toHaveLength(1);

      sandbox.injectFault({
        kind: 'graph_error',
        path: '/media',
        code: 131052,
        status: 400,
        message: 'Media upload error',
      });
      const refused = await media('image/png', 1000);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 131052, message: 'Media upload error' });
      expect(await rows('media_uploads')).toHaveLength(before);
    });

    it('needs media:write (403 code 200), before the body is read', async () => {
      for (const key of [sendOnlyA, readOnlyA]) {
        const res = await media('image/png', 100, 'x.png', key);
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 403, code: 200 });
      }
      await media('image/png', 100, 'x.png', mediaWriteOnlyA).expect(200);
      expect(mediaCalls()).toHaveLength(1);
    });

    it('is idempotent with Idempotency-Key: the replay answers the same id without a second upload', async () => {
      const first = await media('image/png', 300).set('Idempotency-Key', 'media-upload-1').expect(200);
      const replay = await media('image/png', 300).set('Idempotency-Key', 'media-upload-1').expect(200);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers['idempotency-replayed']).toBe('true');
      expect(mediaCalls()).toHaveLength(1);
      expect(await rows('media_uploads', 'upstream_media_id = $1', [first.body.id])).toHaveLength(1);
    });

    it("another organization's phone number is 401 code 190, like an unknown one", async () => {
      for (const phoneNumberId of [b.phoneNumberId, '999999999999']) {
        const res = await media('image/png', 100, 'x.png', keyA, phoneNumberId);
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 401, code: 190 });
      }
      expect(upstreamCalls()).toHaveLength(0);
    });
  });

  describe('POST /v1/{wabaId}/template_media', () => {
    const upload = (
      key: IssuedApiKey,
      wabaId: string,
      file: { bytes: Buffer; name: string; contentType: string },
      type?: string,
    ) => {
      let req = request(t.url).post(`/v1/${wabaId}/template_media`).set(bearer(key));
      if (type !== undefined) req = req.field('type', type);
      return req.attach('file', file.bytes, { filename: file.name, contentType: file.contentType });
    };
    const png = (size = 2048) => ({ bytes: sized(size), name: 'header.png', contentType: 'image/png' });

    it('uploads a header sample with the resumable upload API: { header_handle }, a row, two upstream calls', async () => {
      const res = await upload(keyA, a.wabaId, png());
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
      expect(res.body).toEqual({ header_handle: expect.any(String) });

      const calls = upstreamCalls();
      expect(calls.map((c) => `${c.method} ${c.path.replace(/upload:.*/, 'upload:…')}`)).toEqual([
        `POST /v23.0/${t.get(MetaApp).appId}/uploads`,
        'POST /v23.0/upload:…',
      ]);
      expect(calls[0].query).toMatchObject({ file_name: 'header.png', file_length: '2048', file_type: 'image/png' });
      expect(calls[1].headers).toMatchObject({ file_offset: '0', authorization: 'OAuth [redacted]' });
      expect(calls[1].body).toEqual({ byte_length: 2048 });

      const [row] = await rows('template_media_handles', 'handle = $1', [res.body.header_handle]);
      expect(row).toMatchObject({
        tenant_id: a.id,
        waba_id: a.wabaId,
        mime_type: 'image/png',
        size_bytes: 2048,
        used_at: null,
      });
    });

    it('takes `type` over the Content-Type of the file part (an MP4 sent as application/octet-stream)', async () => {
      const res = await upload(
        keyA,
        a.wabaId,
        { bytes: sized(4096), name: 'intro.mp4', contentType: 'application/octet-stream' },
        'video/mp4',
      ).expect(200);
      expect(upstreamCalls()[0].query).toMatchObject({ file_type: 'video/mp4', file_length: '4096' });
      expect(await rows('template_media_handles', 'handle = $1', [res.body.header_handle])).toEqual([
        expect.objectContaining({ mime_type: 'video/mp4' }),
      ]);
    });

    it.each([
      [
        'a GIF file part',
        { bytes: sized(100), name: 'a.gif', contentType: 'image/gif' },
        undefined,
        /^file: "image\/gif" cannot be a template header sample/,
      ],
      ['type=image/webp', png(100), 'image/webp', /^type: "image\/webp" cannot be a template header sample/],
      [
        'an image over 5 MB',
        png(5 * MB + 1),
        undefined,
        /^file: 5242881 bytes is over the 5 MB \(5242880 bytes\) limit for IMAGE headers \(image\/png\)/,
      ],
    ] as const)('refuses %s with 400 code 100, nothing upstream, no row', async (_name, file, type, details) => {
      const before = (await rows('template_media_handles')).length;
      expectInvalidParameter(await upload(keyA, a.wabaId, file, type), 400, details);
      expect(upstreamCalls()).toHaveLength(0);
      expect(await rows('template_media_handles')).toHaveLength(before);
    });

    it("needs templates:write (media:write is not enough); another organization's WABA is 401 code 190", async () => {
      const denied = await upload(mediaWriteOnlyA, a.wabaId, png());
      expect({ status: denied.status, code: denied.body.error?.code }).toEqual({ status: 403, code: 200 });
      const foreign = await upload(keyA, b.wabaId, png());
      expect({ status: foreign.status, code: foreign.body.error?.code }).toEqual({ status: 401, code: 190 });
      expect(upstreamCalls()).toHaveLength(0);
      await upload(sendOnlyA, a.wabaId, png()).expect(200);
    });

    it('an upstream failure in the upload session is 500 code 131000 and records nothing', async () => {
      const before = (await rows('template_media_handles')).length;
      sandbox.injectFault({ kind: 'http_500', path: '/upload:' });
      const res = await upload(keyA, a.wabaId, png());
      expect(res.status).toBe(500);
      expect(res.body.error).toMatchObject({ code: 131000 });
      expect(await rows('template_media_handles')).toHaveLength(before);
    });

    it('claimHeaderHandle: once claimed, twice already_used, another organization or WABA unknown; release undoes', async () => {
      const { header_handle: handle } = (await upload(keyA, a.wabaId, png()).expect(200)).body as {
        header_handle: string;
      };
      const media = t.get(MediaService);
      await expect(media.claimHeaderHandle(b.id, b.wabaId, handle)).resolves.toBe('unknown');
      await expect(media.claimHeaderHandle(a.id, b.wabaId, handle)).resolves.toBe('unknown');
      await expect(media.claimHeaderHandle(a.id, a.wabaId, 'not-a-handle')).resolves.toBe('unknown');

      const concurrent = await Promise.all([
        media.claimHeaderHandle(a.id, a.wabaId, handle),
        media.claimHeaderHandle(a.id, a.wabaId, handle),
      ]);
      expect(concurrent.sort()).toEqual(['already_used', 'claimed']);
      await expect(media.claimHeaderHandle(a.id, a.wabaId, handle)).resolves.toBe('already_used');
      const [row] = await rows('template_media_handles', 'handle = $1', [handle]);
      expect(row.used_at).toBeInstanceOf(Date);

      await media.releaseHeaderHandle(b.id, handle);
      await expect(media.claimHeaderHandle(a.id, a.wabaId, handle)).resolves.toBe('already_used');
      await media.releaseHeaderHandle(a.id, handle);
      await expect(media.claimHeaderHandle(a.id, a.wabaId, handle)).resolves.toBe('claimed');
      await expect(media.isMessagesMediaId(a.id, handle)).resolves.toBe(false);
    });
  });

  describe('/v1/media_library', () => {
    const upload = (key: IssuedApiKey, file?: { bytes: Buffer; name: string; contentType: string }, name?: string) => {
      let req = request(t.url).post('/v1/media_library').set(bearer(key));
      if (name !== undefined) req = req.field('name', name);
      if (file) req = req.attach('file', file.bytes, { filename: file.name, contentType: file.contentType });
      else req = req.field('note', 'no file');
      return req;
    };
    const pdf = (size = 5000, seed = 3) => ({
      bytes: sized(size, seed),
      name: 'brochure.pdf',
      contentType: 'application/pdf',
    });
    const get = (key: IssuedApiKey, path = '') => request(t.url).get(`/v1/media_library${path}`).set(bearer(key));
    const remove = (key: IssuedApiKey, id: string) => request(t.url).delete(`/v1/media_library/${id}`).set(bearer(key));
    // MEDIA_STORAGE=postgres (the tests' default): an asset's bytes are its chunks, 1 MiB each.
    const chunksOf = async (assetId: string): Promise<Buffer[]> =>
      (
        await t.dataSource.query<Array<{ bytes: Buffer }>>(
          'SELECT bytes FROM media_asset_chunks WHERE asset_id = $1 ORDER BY seq',
          [assetId],
        )
      ).map((row) => row.bytes);
    const stored = async (assetId: string) => (await chunksOf(assetId)).length > 0;
    const incoming = async () =>
      existsSync(join(libraryRoot, '.incoming')) ? readdir(join(libraryRoot, '.incoming')) : [];

    it('stores a file: 201 with the asset, a row, the bytes in the database in 1 MiB chunks, nothing upstream', async () => {
      const file = pdf(70_000);
      const res = await upload(keyA, file);
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        file_name: 'brochure.pdf',
        mime_type: 'application/pdf',
        size_bytes: 70_000,
        sha256: sha256(file.bytes),
        created_at: expect.any(String),
      });
      expect(Buffer.concat(await chunksOf(res.body.id))).toEqual(file.bytes);
      const big = pdf(2_500_000, 9);
      const large = await upload(keyA, big).expect(201);
      expect((await chunksOf(large.body.id)).map((chunk) => chunk.length)).toEqual([1_048_576, 1_048_576, 402_848]);
      expect(Buffer.concat(await chunksOf(large.body.id))).toEqual(big.bytes);
      const [row] = await rows('media_assets', 'id = $1', [res.body.id]);
      expect(row).toMatchObject({ tenant_id: a.id, storage_key: `${a.id}/${res.body.id}`, sha256: sha256(file.bytes) });
      expect(upstreamCalls()).toHaveLength(0);
      expect(await incoming()).toEqual([]);
    });

    it('keeps the client name as metadata only (path parts dropped, UTF-8 kept); `name` overrides it', async () => {
      const named = await upload(keyA, { ...pdf(), name: '../../etc/résumé.pdf' }).expect(201);
      expect(named.body.file_name).toBe('résumé.pdf');
      expect(await stored(named.body.id)).toBe(true);
      const renamed = await upload(keyA, pdf(), 'Price list 2025.pdf').expect(201);
      expect(renamed.body.file_name).toBe('Price list 2025.pdf');
    });

    it('sweeps temporary files left by a crashed process (older than the given age) and keeps fresh ones', async () => {
      const storage = t.get(MediaLibraryStorage);
      const folder = join(libraryRoot, '.incoming');
      await mkdir(folder, { recursive: true });
      const stale = join(folder, 'stale-test.part');
      const fresh = join(folder, 'fresh-test.part');
      await writeFile(stale, 'x');
      await writeFile(fresh, 'y');
      const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
      await utimes(stale, dayAgo, dayAgo);
      await expect(storage.sweepIncoming(24 * 60 * 60 * 1000)).resolves.toBe(1);
      expect(await incoming()).toEqual(['fresh-test.part']);
      await rm(fresh);
    });

    it('refuses a type WhatsApp does not take, a missing file and an empty one (400 code 100 naming file): no row, no file left', async () => {
      const before = (await rows('media_assets')).length;
      expectInvalidParameter(
        await upload(keyA, { bytes: sized(100), name: 'a.zip', contentType: 'application/zip' }),
        400,
        /^file: content type "application\/zip"/,
      );
      expectInvalidParameter(await upload(keyA), 400, /^file: .*required/);
      expectInvalidParameter(
        await upload(keyA, { bytes: Buffer.alloc(0), name: 'a.pdf', contentType: 'application/pdf' }),
        400,
        /^file: the file is empty/,
      );
      expectInvalidParameter(await upload(keyA, pdf(), 'x'.repeat(300)), 400, /^name: /);
      expect(await rows('media_assets')).toHaveLength(before);
      expect(await incoming()).toEqual([]);
    });

    it('lists newest first with cursor paging; gets metadata and the bytes with their content type', async () => {
      await t.dataSource.query('DELETE FROM media_assets WHERE tenant_id = $1', [a.id]);
      const files = [
        pdf(1000, 1),
        { bytes: sized(2000, 2), name: 'pic.png', contentType: 'image/png' },
        { bytes: sized(3000, 3), name: 'a.ogg', contentType: 'audio/ogg' },
      ];
      const ids: string[] = [];
      for (const file of files) ids.push((await upload(keyA, file).expect(201)).body.id);

      const first = await get(keyA, '?limit=2').expect(200);
      expect(first.body.data.map((x: { id: string }) => x.id)).toEqual([ids[2], ids[1]]);
      expect(first.body.paging.next).toMatch(/^\/v1\/media_library\?limit=2&after=/);
      const second = await get(keyA, first.body.paging.next.slice('/v1/media_library'.length)).expect(200);
      expect(second.body.data.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
      expect(second.body.paging.next).toBeUndefined();
      expectInvalidParameter(await get(keyA, '?after=bogus'), 400, /^after: /);

      const meta = await get(keyA, `/${ids[1]}`).expect(200);
      expect(meta.body).toMatchObject({
        id: ids[1],
        file_name: 'pic.png',
        mime_type: 'image/png',
        size_bytes: 2000,
        sha256: sha256(files[1].bytes),
      });

      const content = await get(keyA, `/${ids[1]}/content`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(content.headers['content-type']).toBe('image/png');
      expect(content.headers['content-length']).toBe('2000');
      expect(content.headers['content-disposition']).toBe(`attachment; filename="pic.png"; filename*=UTF-8''pic.png`);
      expect(content.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(content.body as Buffer, files[1].bytes)).toBe(0);

      await expect(t.get(MediaLibraryService).read(a.id, ids[2])).resolves.toEqual({
        bytes: files[2].bytes,
        fileName: 'a.ogg',
        mimeType: 'audio/ogg',
      });
    });

    it('deletes the row and the bytes; then the asset is 404 code 100 everywhere', async () => {
      const { id } = (await upload(keyA, pdf()).expect(201)).body as { id: string };
      expect(await stored(id)).toBe(true);
      expect((await remove(keyA, id).expect(200)).body).toEqual({ success: true });
      expect(await stored(id)).toBe(false);
      expect(await rows('media_assets', 'id = $1', [id])).toEqual([]);
      for (const res of [await get(keyA, `/${id}`), await get(keyA, `/${id}/content`), await remove(keyA, id)]) {
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 100 });
      }
      await expect(t.get(MediaLibraryService).read(a.id, id)).rejects.toMatchObject({ code: 100, status: 404 });
      for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        expect((await get(keyA, `/${bad}`)).status).toBe(404);
      }
    });

    it("another organization's asset is 404 code 100 like an unknown one: not listed, read, downloaded or deleted", async () => {
      const { id } = (await upload(keyA, pdf()).expect(201)).body as { id: string };
      expect((await get(keyB).expect(200)).body.data.map((x: { id: string }) => x.id)).not.toContain(id);
      for (const res of [await get(keyB, `/${id}`), await get(keyB, `/${id}/content`), await remove(keyB, id)]) {
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 100 });
      }
      await expect(t.get(MediaLibraryService).read(b.id, id)).rejects.toMatchObject({ code: 100, status: 404 });
      expect(await stored(id)).toBe(true);
      await get(keyA, `/${id}`).expect(200);
    });

    it('an admin key acts for the organization in X-Svc-Tenant-Id, and must name one', async () => {
      const res = await upload(adminAB, pdf(1234)).set('X-Svc-Tenant-Id', b.id).expect(201);
      expect(await stored(res.body.id)).toBe(true);
      expect((await rows('media_assets', 'id = $1', [res.body.id]))[0].tenant_id).toBe(b.id);
      expect((await get(keyB).expect(200)).body.data.map((x: { id: string }) => x.id)).toContain(res.body.id);
      await get(adminAB, `/${res.body.id}`).set('X-Svc-Tenant-Id', b.id).expect(200);
      expect((await get(adminAB, `/${res.body.id}`).set('X-Svc-Tenant-Id', a.id)).status).toBe(404);
      expectInvalidParameter(await upload(adminAB, pdf()), 400, /X-Svc-Tenant-Id/);
      await remove(adminAB, res.body.id).set('X-Svc-Tenant-Id', b.id).expect(200);
      expect(await stored(res.body.id)).toBe(false);
    });

    it('scopes: media:read lists and reads, media:write uploads and deletes', async () => {
      const { id } = (await upload(mediaWriteOnlyA, pdf()).expect(201)).body as { id: string };
      for (const res of [
        await get(mediaWriteOnlyA),
        await get(mediaWriteOnlyA, `/${id}`),
        await get(mediaWriteOnlyA, `/${id}/content`),
      ]) {
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 403, code: 200 });
      }
      await get(readOnlyA, `/${id}`).expect(200);
      for (const res of [await upload(readOnlyA, pdf()), await remove(readOnlyA, id)]) {
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 403, code: 200 });
      }
      await remove(mediaWriteOnlyA, id).expect(200);
    });
  });

  it('documents the multipart bodies and scopes in /docs-json', async () => {
    const doc = (await request(t.url).get('/docs-json').expect(200)).body;
    const operations = [
      [doc.paths['/v1/{phoneNumberId}/media']?.post, 'media:write', ['file', 'type', 'messaging_product']],
      [doc.paths['/v1/{wabaId}/template_media']?.post, 'templates:write', ['file']],
      [doc.paths['/v1/media_library']?.post, 'media:write', ['file']],
    ] as const;
    for (const [operation, scope, required] of operations) {
      expect(operation['x-required-scopes']).toEqual([scope]);
      const schema = operation.requestBody.content['multipart/form-data'].schema;
      expect(schema.required).toEqual(required);
      expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    }
    expect(doc.paths['/v1/media_library']?.get['x-required-scopes']).toEqual(['media:read']);
    expect(doc.paths['/v1/media_library/{assetId}/content']?.get['x-required-scopes']).toEqual(['media:read']);
    expect(doc.paths['/v1/media_library/{assetId}']?.delete['x-required-scopes']).toEqual(['media:write']);
  });
});
