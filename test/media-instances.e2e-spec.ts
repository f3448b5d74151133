import { GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import request from 'supertest';
import { AssetStore } from '../src/media/asset-store';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { startBucket, type TestBucket } from './support/s3-bucket';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const BUCKET = 'gateway-media';

/** A library upload's bytes: deterministic, larger than one chunk (1 MiB). */
const bytes = Buffer.from(Array.from({ length: 1_500_000 }, (_, i) => (i * 31 + 7) % 256));

async function upload(app: TestApp, key: string): Promise<string> {
  const res = await request(app.url)
    .post('/v1/media_library')
    .set(bearer(key))
    .attach('file', bytes, { filename: 'catalog.pdf', contentType: 'application/pdf' })
    .expect(201);
  return res.body.id as string;
}

async function download(app: TestApp, key: string, id: string): Promise<request.Response> {
  return request(app.url)
    .get(`/v1/media_library/${id}/content`)
    .set(bearer(key))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

/**
 * The media library on every instance: an asset uploaded through one instance is served by another,
 * whether the bytes are in PostgreSQL (the default) or in an S3-compatible bucket (a real one on
 * loopback, s3rver, spoken to by the AWS SDK as any bucket is).
 */
describe('the media library on every instance', () => {
  describe('MEDIA_STORAGE=postgres (the default)', () => {
    let one: TestApp;
    let two: TestApp;
    let tenant: TestTenant;
    let key: string;

    beforeAll(async () => {
      one = await createTestApp();
      await resetState(one);
      two = await createTestApp({ sandbox: one.sandbox });
      tenant = await createTenant(one);
      key = (await createOrgKey(one, tenant)).key;
    });
    afterAll(async () => {
      await two?.close();
      await one?.close();
    });

    it('an asset uploaded on instance 1 downloads from instance 2, byte for byte; deleted on 2, it is gone on 1', async () => {
      const id = await upload(one, key);
      const res = await download(two, key, id);
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe(String(bytes.length));
      expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
      await request(two.url).delete(`/v1/media_library/${id}`).set(bearer(key)).expect(200);
      expect((await download(one, key, id)).status).toBe(404);
      expect(await one.dataSource.query('SELECT 1 FROM media_asset_chunks WHERE asset_id = $1', [id])).toEqual([]);
    });
  });

  describe('MEDIA_STORAGE=s3 (an S3-compatible bucket)', () => {
    let bucket: TestBucket;
    let one: TestApp;
    let two: TestApp;
    let tenant: TestTenant;
    let key: string;
    let client: S3Client;

    beforeAll(async () => {
      bucket = await startBucket(BUCKET);
      client = new S3Client({
        endpoint: bucket.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      one = await createTestApp({ overrides: [{ token: AssetStore, value: bucket.store() }] });
      await resetState(one);
      two = await createTestApp({ sandbox: one.sandbox, overrides: [{ token: AssetStore, value: bucket.store() }] });
      tenant = await createTenant(one);
      key = (await createOrgKey(one, tenant)).key;
    });
    afterAll(async () => {
      await two?.close();
      await one?.close();
      client?.destroy();
      await bucket?.close();
    });

    const object = (id: string) =>
      client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `library/${tenant.id}/${id}` }));

    it('stores the bytes in the bucket (none in the database); instance 2 serves them; a delete removes the object', async () => {
      const id = await upload(one, key);
      const stored = await object(id);
      expect(Buffer.compare(Buffer.from(await stored.Body!.transformToByteArray()), bytes)).toBe(0);
      expect(await one.dataSource.query('SELECT 1 FROM media_asset_chunks WHERE asset_id = $1', [id])).toEqual([]);
      const res = await download(two, key, id);
      expect(res.status).toBe(200);
      expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
      await request(two.url).delete(`/v1/media_library/${id}`).set(bearer(key)).expect(200);
      await expect(object(id)).rejects.toBeInstanceOf(NoSuchKey);
      expect((await download(one, key, id)).status).toBe(404);
    });

    it('an object gone from the bucket behind the gateway’s back is 404 code 100, not a 500', async () => {
      const id = await upload(one, key);
      await bucket.store().remove({ id, storageKey: `${tenant.id}/${id}` });
      const res = await request(two.url).get(`/v1/media_library/${id}/content`).set(bearer(key));
      expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 100 });
    });
  });
});
