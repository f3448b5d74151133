import { createHash, createHmac } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import type { Sandbox } from '../apps/sandbox/src/sandbox-server';
import { BullDeliveryQueue } from '../src/tenant-webhooks/bullmq-delivery-queue';
import type { DeliveryJob, DeliveryQueue } from '../src/tenant-webhooks/delivery-queue';
import { WebhookDispatcher } from '../src/tenant-webhooks/webhook-dispatcher.service';
import { deleteEndpoints } from '../src/tenant-webhooks/tenant-webhooks.repository';
import { hubSignature } from '../libs/meta/hub-signature';
import { eventually } from './support/eventually';
import { postFromUpstream, statusWebhook } from './support/from-upstream';
import { bearer, createAdminKey, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { expectGraphError } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { valueOf, WebhookReceiver, type ReceivedRequest } from './support/webhook-receiver';

/** Whether the standardwebhooks package, given `secret`, accepts the delivery. */
function standardVerifies(request: ReceivedRequest, secret: string): boolean {
  const verifier = secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(secret, { format: 'raw' });
  try {
    verifier.verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    });
    return true;
  } catch {
    return false;
  }
}

/** Both signatures of a delivery, checked the way a tenant would: Meta's header and the standardwebhooks package. */
function expectSigned(request: ReceivedRequest, secret: string): void {
  expect(request.headers['x-hub-signature-256']).toBe(
    'sha256=' + createHmac('sha256', secret).update(request.body).digest('hex'),
  );
  expect(standardVerifies(request, secret)).toBe(true);
}

describe('tenant webhooks', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;
  const receivers: WebhookReceiver[] = [];

  const receiver = async () => {
    const r = await new WebhookReceiver().start();
    receivers.push(r);
    return r;
  };
  const createEndpoint = (key: string, body: Record<string, unknown>) =>
    request(t.url).post('/v1/webhooks').set(bearer(key)).send(body);
  const inbound = (tenant: TestTenant, body: Record<string, unknown>) =>
    sandbox.simulateInbound({ phone_number_id: tenant.phoneNumberId, from: '15557770001', ...body });
  const messagesOf = (events: ReturnType<WebhookReceiver['events']>) =>
    events.flatMap((e) => valueOf(e.json).messages ?? []);
  const statusesOf = (events: ReturnType<WebhookReceiver['events']>) =>
    events.flatMap((e) => valueOf(e.json).statuses ?? []);
  /** A status webhook about A's number, as upstream sends it (signed), to an instance. */
  const fromUpstream = (instance: TestApp, wamid: string) =>
    postFromUpstream(instance.url, statusWebhook(a, { id: wamid }));

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    sandbox = t.sandbox;
    a = await createTenant(t, 'Webhooks A');
    b = await createTenant(t, 'Webhooks B');
    keyA = (await createOrgKey(t, a)).key;
    keyB = (await createOrgKey(t, b)).key;
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
    await t.close();
  });

  describe('endpoints', () => {
    it('creates an endpoint with a generated secret shown once, lists it without the secret, updates and deletes it', async () => {
      const r = await receiver();
      const created = await createEndpoint(keyA, { url: r.url, description: 'CRM', events: ['messages'] }).expect(201);
      expect(created.body).toMatchObject({
        kind: 'custom',
        url: r.url,
        description: 'CRM',
        events: ['messages'],
        phone_number_ids: null,
        status: 'active',
      });
      expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(created.body.secret_hint).toBe('…' + created.body.secret.slice(-4));
      const [row] = await t.dataSource.query('SELECT secret_encrypted FROM webhook_endpoints WHERE id = $1', [
        created.body.id,
      ]);
      expect(row.secret_encrypted).not.toContain(created.body.secret.slice(6, 20));

      const list = await request(t.url).get('/v1/webhooks').set(bearer(keyA)).expect(200);
      expect(list.body.data.map((e: { id: string }) => e.id)).toContain(created.body.id);
      expect(JSON.stringify(list.body)).not.toContain(created.body.secret);

      const patched = await request(t.url)
        .patch(`/v1/webhooks/${created.body.id}`)
        .set(bearer(keyA))
        .send({ events: null, phone_number_ids: [a.phoneNumberId] })
        .expect(200);
      expect(patched.body).toMatchObject({ events: null, phone_number_ids: [a.phoneNumberId] });

      const rotated = await request(t.url)
        .post(`/v1/webhooks/${created.body.id}/rotate_secret`)
        .set(bearer(keyA))
        .send({ secret: 'my-own-meta-app-secret' })
        .expect(200);
      expect(rotated.body.secret).toBe('my-own-meta-app-secret');

      await request(t.url).delete(`/v1/webhooks/${created.body.id}`).set(bearer(keyA)).expect(200, { success: true });
      await request(t.url).get(`/v1/webhooks/${created.body.id}`).set(bearer(keyA)).expect(404);
    });

    it.each([
      ['a short secret', { secret: 'too-short' }, 'secret'],
      ['an unknown event', { events: ['nope'] }, 'events'],
      ['a link-local (metadata) address', { url: 'http://169.254.169.254/latest/meta-data' }, 'not a public address'],
      ['a non-URL', { url: 'not a url' }, 'absolute URL'],
      ['a URL with credentials', { url: 'http://user:pw@127.0.0.1:9/hook' }, 'credentials'],
      ['a number of another organization', { phone_number_ids: ['__B__'] }, 'not a phone number of this organization'],
    ])('refuses %s with 400 code 100 and writes nothing', async (_label, override, detail) => {
      const before = await t.dataSource.query('SELECT count(*)::int AS n FROM webhook_endpoints');
      const body = { url: 'http://127.0.0.1:9/hook', ...override } as Record<string, unknown>;
      if (Array.isArray(body.phone_number_ids)) body.phone_number_ids = [b.phoneNumberId];
      const res = await createEndpoint(keyA, body).expect(400);
      expectGraphError(res, 400, 100);
      expect(JSON.stringify(res.body.error)).toContain(detail);
      expect(await t.dataSource.query('SELECT count(*)::int AS n FROM webhook_endpoints')).toEqual(before);
    });

    it("refuses the gateway's own address", async () => {
      const res = await createEndpoint(keyA, { url: `${t.url}/webhooks/whatsapp` }).expect(400);
      expect(res.body.error.error_data.details).toContain('the gateway itself');
    });

    it('checks scopes, tenancy and the phone allow-list', async () => {
      const readOnly = await createOrgKey(t, a, { scopes: ['webhooks:read'] });
      expectGraphError(await createEndpoint(readOnly.key, { url: 'http://127.0.0.1:9/x' }), 403, 200);
      const admin = await createAdminKey(t, [a, b]);
      expectGraphError(await createEndpoint(admin.key, { url: 'http://127.0.0.1:9/x' }), 400, 100);
      const onB = await request(t.url)
        .post('/v1/webhooks')
        .set(bearer(admin))
        .set('X-Svc-Tenant-Id', b.id)
        .send({ url: 'http://127.0.0.1:9/b' })
        .expect(201);
      expect(
        (await t.dataSource.query('SELECT tenant_id FROM webhook_endpoints WHERE id = $1', [onB.body.id]))[0].tenant_id,
      ).toBe(b.id);
      // Organization A cannot see, change or use B's endpoint.
      for (const call of [
        request(t.url).get(`/v1/webhooks/${onB.body.id}`),
        request(t.url).patch(`/v1/webhooks/${onB.body.id}`).send({ description: 'x' }),
        request(t.url).delete(`/v1/webhooks/${onB.body.id}`),
        request(t.url).get(`/v1/webhooks/${onB.body.id}/deliveries`),
        request(t.url).post(`/v1/webhooks/${onB.body.id}/test`).send({}),
      ]) {
        expectGraphError(await call.set(bearer(keyA)), 404, 100);
      }
      // A key limited to one number only selects among its numbers, and gets exactly them by default.
      const limited = await createOrgKey(t, a, { allowedPhoneNumberIds: [a.phoneNumberId] });
      const mine = await createEndpoint(limited.key, { url: 'http://127.0.0.1:9/limited' }).expect(201);
      expect(mine.body.phone_number_ids).toEqual([a.phoneNumberId]);
      expectGraphError(
        await createEndpoint(limited.key, { url: 'http://127.0.0.1:9/l', phone_number_ids: [a.otherPhoneNumberId] }),
        403,
        200,
      );
      await deleteEndpoints(t.dataSource, 'all');
    });
  });

  describe('delivery', () => {
    let r: WebhookReceiver;
    let secret: string;
    let rB: WebhookReceiver;

    beforeAll(async () => {
      await deleteEndpoints(t.dataSource, 'all');
      r = await receiver();
      rB = await receiver();
      secret = (await createEndpoint(keyA, { url: r.url })).body.secret;
      await createEndpoint(keyB, { url: rB.url }).expect(201);
    });
    beforeEach(() => {
      r.clear();
      rB.clear();
    });

    it("delivers an inbound text, a button tap and an inbound image as Meta's envelopes, signed by both schemes", async () => {
      const text = await inbound(a, { type: 'text', text: 'Olá 👋 do you ship?' });
      const tap = await inbound(a, { type: 'button', payload: 'CONFIRM_ORDER_1042', button_text: 'Confirm' });
      const image = await inbound(a, { type: 'image', caption: 'the box' });
      const started = Date.now();
      const events = await r.waitFor((all) => messagesOf(all).length >= 3, 5000);
      expect(Date.now() - started).toBeLessThan(5000);
      const byId = new Map(messagesOf(events).map((m) => [m.id, m]));
      expect(byId.get(text.message_id)).toMatchObject({
        type: 'text',
        text: { body: 'Olá 👋 do you ship?' },
        from: '15557770001',
      });
      expect(byId.get(tap.message_id)).toMatchObject({
        type: 'button',
        button: { payload: 'CONFIRM_ORDER_1042', text: 'Confirm' },
      });
      expect(byId.get(image.message_id)).toMatchObject({
        type: 'image',
        image: { id: image.media_id, mime_type: 'image/jpeg', caption: 'the box' },
      });
      for (const event of events) {
        expect(event.json.object).toBe('whatsapp_business_account');
        expect(event.json.entry[0].id).toBe(a.wabaId);
        expect(event.json.entry[0].changes[0].field).toBe('messages');
        expect(valueOf(event.json).metadata.phone_number_id).toBe(a.phoneNumberId);
        expect(event.headers['content-type']).toBe('application/json');
        expectSigned(event, secret);
      }
      // Organization B's endpoint received nothing of A's.
      expect(rB.events()).toEqual([]);
    });

    it('lets the tenant download an inbound image by the media id of its webhook; the bytes match sha256', async () => {
      const image = await inbound(a, { type: 'image' });
      const events = await r.waitFor((all) => messagesOf(all).some((m) => m.id === image.message_id));
      const media = messagesOf(events).find((m) => m.id === image.message_id).image;
      const described = await request(t.url).get(`/v1/${media.id}`).set(bearer(keyA)).expect(200);
      expect(described.body).toMatchObject({ messaging_product: 'whatsapp', id: media.id, mime_type: 'image/jpeg' });
      expect(described.body.url).toBe(`${t.url}/v1/media/${media.id}/download`);
      const file = await request(t.url)
        .get(new URL(described.body.url).pathname)
        .set(bearer(keyA))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(file.headers['content-type']).toMatch(/^image\/jpeg/);
      const bytes = file.body as Buffer;
      expect(createHash('sha256').update(bytes).digest('base64')).toBe(media.sha256);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(described.body.sha256);
      expect(Number(described.body.file_size)).toBe(bytes.length);
      // Another organization's key, an unknown id and a missing key all look the same: 401 code 190.
      expectGraphError(await request(t.url).get(`/v1/${media.id}`).set(bearer(keyB)), 401, 190);
      expectGraphError(await request(t.url).get(`/v1/media/${media.id}/download`).set(bearer(keyB)), 401, 190);
      expectGraphError(await request(t.url).get('/v1/99999999999').set(bearer(keyA)), 401, 190);
      expectGraphError(await request(t.url).get(`/v1/media/${media.id}/download`), 401, 190);
      // Deleting it like Meta: upstream forgets it, and so does the gateway.
      await request(t.url).delete(`/v1/${media.id}`).set(bearer(keyA)).expect(200, { success: true });
      expectGraphError(await request(t.url).get(`/v1/${media.id}`).set(bearer(keyA)), 401, 190);
      expect(sandbox.requests().some((q) => q.method === 'DELETE' && q.path.endsWith(`/${media.id}`))).toBe(true);
    });

    it('forwards inbound messages of every other type Meta sends', async () => {
      const sent = await Promise.all([
        inbound(a, { type: 'document', filename: 'invoice.pdf', caption: 'invoice' }),
        inbound(a, { type: 'audio' }),
        inbound(a, { type: 'video' }),
        inbound(a, { type: 'sticker' }),
        inbound(a, { type: 'location', latitude: 52.52, longitude: 13.405, location_name: 'Office' }),
        inbound(a, { type: 'contacts' }),
        inbound(a, {
          type: 'interactive',
          reply_type: 'list_reply',
          payload: 'priority_express',
          reply_title: 'Priority Mail Express',
        }),
        inbound(a, { type: 'interactive', payload: 'yes_button', reply_title: 'Yes' }),
        inbound(a, { type: 'reaction', message_id: 'wamid.earlier', emoji: '❤️' }),
      ]);
      const events = await r.waitFor((all) => sent.every((s) => messagesOf(all).some((m) => m.id === s.message_id)));
      const byId = new Map(messagesOf(events).map((m) => [m.id, m]));
      const [doc, audio, video, sticker, location, contacts, list, button, reaction] = sent.map((s) =>
        byId.get(s.message_id),
      );
      expect(doc).toMatchObject({
        type: 'document',
        document: { filename: 'invoice.pdf', caption: 'invoice', mime_type: 'application/pdf', id: sent[0].media_id },
      });
      expect(audio.audio).toMatchObject({ mime_type: 'audio/ogg', id: sent[1].media_id });
      expect(video.video).toMatchObject({ mime_type: 'video/mp4', id: sent[2].media_id });
      expect(sticker.sticker).toMatchObject({ mime_type: 'image/webp', id: sent[3].media_id });
      expect(location.location).toEqual({ latitude: 52.52, longitude: 13.405, name: 'Office' });
      expect(contacts.contacts[0].name.formatted_name).toBe('Lucía Gómez');
      expect(list.interactive).toEqual({
        type: 'list_reply',
        list_reply: { id: 'priority_express', title: 'Priority Mail Express' },
      });
      expect(button.interactive).toEqual({ type: 'button_reply', button_reply: { id: 'yes_button', title: 'Yes' } });
      expect(reaction.reaction).toEqual({ message_id: 'wamid.earlier', emoji: '❤️' });
      // Every media id is the organization's now.
      for (const media of [sent[0], sent[1], sent[2], sent[3]])
        await request(t.url).get(`/v1/${media.media_id}`).set(bearer(keyA)).expect(200);
    });

    it('turns a send into sent, delivered and read deliveries', async () => {
      // The customer writes first (opens the 24-hour window), and the gateway has stored it.
      const hello = await inbound(a, { from: '15557770002', type: 'text', text: 'hi' });
      await r.waitFor((all) => messagesOf(all).some((m) => m.id === hello.message_id));
      const send = await request(t.url)
        .post(`/v1/${a.phoneNumberId}/messages`)
        .set(bearer(keyA))
        .send({
          messaging_product: 'whatsapp',
          to: '15557770002',
          type: 'text',
          text: { body: 'Hello back' },
          biz_opaque_callback_data: 'order-1042',
        });
      expect({ status: send.status, body: send.body }).toMatchObject({ status: 200 });
      const wamid = send.body.messages[0].id;
      const events = await r.waitFor((all) => statusesOf(all).filter((s) => s.id === wamid).length >= 3);
      const statuses = statusesOf(events).filter((s) => s.id === wamid);
      expect(statuses.map((s) => s.status).sort()).toEqual(['delivered', 'read', 'sent']);
      for (const status of statuses) {
        expect(status).toMatchObject({ recipient_id: '15557770002', biz_opaque_callback_data: 'order-1042' });
        expect(status.pricing).toMatchObject({ pricing_model: 'PMP' });
        expect(status.conversation.id).toEqual(expect.any(String));
      }
      expect(rB.events()).toEqual([]);
    });

    it('applies the filters of each endpoint: fields and phone numbers', async () => {
      const templatesOnly = await receiver();
      const otherNumber = await receiver();
      await createEndpoint(keyA, { url: templatesOnly.url, events: ['message_template_status_update'] }).expect(201);
      await createEndpoint(keyA, { url: otherNumber.url, phone_number_ids: [a.otherPhoneNumberId] }).expect(201);
      const onOther = await sandbox.simulateInbound({
        phone_number_id: a.otherPhoneNumberId,
        from: '15557770003',
        type: 'text',
        text: 'other line',
      } as never);
      const onMain = await inbound(a, { type: 'text', text: 'main line' });
      await r.waitFor((all) => [onOther, onMain].every((s) => messagesOf(all).some((m) => m.id === s.message_id)));
      await otherNumber.waitFor((all) => messagesOf(all).some((m) => m.id === onOther.message_id));
      // A template review is about no number: it reaches the template-only endpoint, the catch-all
      // one, and the number-filtered one too (a review concerns every number of the account).
      const template = await request(t.url)
        .post(`/v1/${a.wabaId}/message_templates`)
        .set(bearer(keyA))
        .send({
          name: 'webhook_filters',
          language: 'en_US',
          category: 'UTILITY',
          components: [{ type: 'BODY', text: 'Your order shipped' }],
        })
        .expect(200);
      sandbox.reviewTemplate(template.body.id, 'APPROVED');
      const reviews = await templatesOnly.waitFor((all) => all.length >= 1);
      expect(reviews[0].json.entry[0].changes[0]).toMatchObject({
        field: 'message_template_status_update',
        value: { event: 'APPROVED', message_template_name: 'webhook_filters' },
      });
      await eventually(async () =>
        r.events().some((e) => e.json.entry[0].changes[0].field === 'message_template_status_update')
          ? true
          : undefined,
      );
      await otherNumber.waitFor((all) =>
        all.some((e) => e.json.entry[0].changes[0].field === 'message_template_status_update'),
      );
      // The fields filter kept every message event away; the number filter kept the main line's away.
      expect(
        templatesOnly.events().every((e) => e.json.entry[0].changes[0].field === 'message_template_status_update'),
      ).toBe(true);
      expect(messagesOf(otherNumber.events()).map((m) => m.id)).toEqual([onOther.message_id]);
      expect(messagesOf(templatesOnly.events())).toEqual([]);
    });
  });

  describe('first attempts', () => {
    it('are made by the instance that wrote them, with no queue job, and each reaches the tenant once', async () => {
      const c = await createTenant(t, 'Webhooks C');
      const keyC = (await createOrgKey(t, c)).key;
      const r = await receiver();
      await createEndpoint(keyC, { url: r.url, events: ['messages'] }).expect(201);
      const bull = (
        t.get(BullDeliveryQueue) as unknown as {
          queue: { addBulk: (jobs: Array<{ name: string; data: Record<string, unknown> }>) => Promise<unknown> };
        }
      ).queue;
      const added = jest.spyOn(bull, 'addBulk');
      const status = (id: string, name: string) => ({
        field: 'messages',
        value: {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: '1', phone_number_id: c.phoneNumberId },
          statuses: [
            { id, status: name, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: '15550009999' },
          ],
        },
      });
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: c.wabaId,
            changes: [
              status('wamid.batch-a', 'sent'),
              status('wamid.batch-b', 'sent'),
              status('wamid.batch-c', 'delivered'),
            ],
          },
        ],
      });
      await postFromUpstream(t.url, body).expect(200);
      const events = await r.waitFor((all) => all.length >= 3);
      // No Redis job for a first attempt: the job engine carries only retries (and overflow).
      expect(added).not.toHaveBeenCalled();
      added.mockRestore();
      expect(new Set(events.map((e) => e.headers['webhook-id'])).size).toBe(3);
      expect(
        statusesOf(events)
          .map((s: { id: string }) => s.id)
          .sort(),
      ).toEqual(['wamid.batch-a', 'wamid.batch-b', 'wamid.batch-c']);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(r.events()).toHaveLength(3);
      const rows = await t.dataSource.query(`SELECT status, attempts FROM webhook_deliveries WHERE tenant_id = $1`, [
        c.id,
      ]);
      expect(rows).toEqual([
        { status: 'delivered', attempts: 1 },
        { status: 'delivered', attempts: 1 },
        { status: 'delivered', attempts: 1 },
      ]);
    });
  });

  describe('first attempts, written leased', () => {
    /** Ingests one status of a number while the outbox's hand-over to the queue is held back; the jobs it made. */
    const ingestHeldBack = async (tenant: TestTenant, wamid: string) => {
      const queue: DeliveryQueue = t.get(BullDeliveryQueue);
      const captured: DeliveryJob[] = [];
      const enqueue = jest.spyOn(queue, 'enqueue').mockImplementation((jobs) => {
        captured.push(...jobs);
        return Promise.resolve();
      });
      await postFromUpstream(t.url, statusWebhook(tenant, { id: wamid })).expect(200);
      enqueue.mockRestore();
      // Only this status's jobs are held back: anything else queued meanwhile (a sweep) goes on.
      const ours = new Set<string>(
        (
          await t.dataSource.query(`SELECT id FROM webhook_deliveries WHERE id = ANY ($1) AND body LIKE $2`, [
            captured.map((job) => job.deliveryId),
            `%${wamid}%`,
          ])
        ).map((row: { id: string }) => row.id),
      );
      const held = captured.filter((job) => ours.has(job.deliveryId));
      const others = captured.filter((job) => !ours.has(job.deliveryId));
      if (others.length > 0) await queue.enqueue(others);
      return held;
    };
    const deliveryRow = async (id: string) =>
      (
        await t.dataSource.query(
          `SELECT status, attempts, locked_until > now() AS leased, attempt_log FROM webhook_deliveries WHERE id = $1`,
          [id],
        )
      )[0];

    it('carry what they send, leased to the instance that wrote them: no sweep takes them until the lease has passed', async () => {
      const c = await createTenant(t, 'Webhooks lease');
      const r = await receiver();
      await createEndpoint((await createOrgKey(t, c)).key, { url: r.url }).expect(201);
      // As if the instance died right after its commit: the job never ran.
      const [job] = await ingestHeldBack(c, 'wamid.lease-1');
      expect(job.carried).toMatchObject({ id: job.deliveryId, url: r.url, attempts: 1, endpoint_status: 'active' });
      expect(JSON.parse(job.carried!.body).entry[0].changes[0].value.statuses[0].id).toBe('wamid.lease-1');
      expect(await deliveryRow(job.deliveryId)).toMatchObject({ status: 'pending', attempts: 1, leased: true });
      // Overdue for the sweep, but still leased: another instance's sweep leaves it alone.
      await t.dataSource.query(
        `UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 minute' WHERE id = $1`,
        [job.deliveryId],
      );
      await t.get(WebhookDispatcher).sweep();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(r.events()).toHaveLength(0);
      // Once the lease has passed, a sweep queues it and it is delivered (the lost attempt counted).
      await t.dataSource.query(
        `UPDATE webhook_deliveries SET locked_until = now() - interval '1 second' WHERE id = $1`,
        [job.deliveryId],
      );
      await t.get(WebhookDispatcher).sweep();
      await r.waitFor((all) => all.length === 1);
      expect(statusesOf(r.events())[0].id).toBe('wamid.lease-1');
      expect(String(r.events()[0].headers['webhook-id'])).toBe(job.deliveryId);
      // The attempt's end is written with others (a relaxed commit, lingering): on a loaded CI machine
      // it has been seen to take more than the default 5 s.
      await eventually(
        async () => ((await deliveryRow(job.deliveryId)).status === 'delivered' ? true : undefined),
        15_000,
      );
      expect(await deliveryRow(job.deliveryId)).toMatchObject({ status: 'delivered', attempts: 2 });
    });

    it('are attempted once when two jobs for one delivery start together (one claim batch)', async () => {
      const c = await createTenant(t, 'Webhooks twice');
      const r = await receiver();
      await createEndpoint((await createOrgKey(t, c)).key, { url: r.url }).expect(201);
      const [job] = await ingestHeldBack(c, 'wamid.twice-1');
      await t.dataSource.query(
        `UPDATE webhook_deliveries SET locked_until = NULL, next_attempt_at = now() WHERE id = $1`,
        [job.deliveryId],
      );
      const dispatcher = t.get(WebhookDispatcher);
      await Promise.all([dispatcher.attempt(job.deliveryId), dispatcher.attempt(job.deliveryId)]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(statusesOf(r.events()).map((s: { id: string }) => s.id)).toEqual(['wamid.twice-1']);
      await eventually(async () => ((await deliveryRow(job.deliveryId)).status === 'delivered' ? true : undefined));
      expect(await deliveryRow(job.deliveryId)).toMatchObject({ status: 'delivered', attempts: 2 });
    });

    it('that waited past their lease take it anew first, and only if no one else has', async () => {
      const c = await createTenant(t, 'Webhooks renew');
      const r = await receiver();
      await createEndpoint((await createOrgKey(t, c)).key, { url: r.url }).expect(201);
      const attempt = t.get(WebhookDispatcher);
      // Its lease is still its own: renewed, then sent.
      const [mine] = await ingestHeldBack(c, 'wamid.renew-1');
      await attempt.attemptLeased({ ...mine.carried!, leaseTakenAt: performance.now() - 60_000 });
      expect(statusesOf(r.events()).map((s: { id: string }) => s.id)).toEqual(['wamid.renew-1']);
      expect(await deliveryRow(mine.deliveryId)).toMatchObject({ status: 'delivered', attempts: 1 });
      // Another instance took it meanwhile (its lease passed and a sweep queued it): not sent from here.
      const [lost] = await ingestHeldBack(c, 'wamid.renew-2');
      await t.dataSource.query(
        `UPDATE webhook_deliveries SET locked_until = now() + interval '1 minute', attempts = attempts + 1 WHERE id = $1`,
        [lost.deliveryId],
      );
      await attempt.attemptLeased({ ...lost.carried!, leaseTakenAt: performance.now() - 60_000 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(statusesOf(r.events()).map((s: { id: string }) => s.id)).toEqual(['wamid.renew-1']);
      expect(await deliveryRow(lost.deliveryId)).toMatchObject({ status: 'pending', attempts: 2, leased: true });
    });

    it("of a paused endpoint are written unleased, for the job engine's way", async () => {
      const c = await createTenant(t, 'Webhooks paused');
      const r = await receiver();
      const endpoint = (await createEndpoint((await createOrgKey(t, c)).key, { url: r.url }).expect(201)).body;
      await t.dataSource.query(
        `UPDATE webhook_endpoints SET consecutive_failures = 50, paused_until = now() + interval '1 hour' WHERE id = $1`,
        [endpoint.id],
      );
      const [job] = await ingestHeldBack(c, 'wamid.paused-1');
      expect(job.carried).toBeUndefined();
      expect(await deliveryRow(job.deliveryId)).toMatchObject({ status: 'pending', attempts: 0, leased: null });
    });
  });

  describe("Meta's own registration", () => {
    beforeEach(() => deleteEndpoints(t.dataSource, 'all'));

    it("subscribed_apps with an override performs the hub.challenge handshake, then receives the account's events", async () => {
      const r = await receiver();
      const res = await request(t.url)
        .post(`/v1/${a.wabaId}/subscribed_apps`)
        .set(bearer(keyA))
        .send({ override_callback_uri: r.url, verify_token: r.verifyToken, secret: 'tenant-meta-app-secret' })
        .expect(200);
      expect(res.body).toEqual({ success: true, webhook_id: expect.any(String) });
      const handshake = r.requests.find((q) => q.method === 'GET')!;
      expect(handshake.query.get('hub.mode')).toBe('subscribe');
      expect(handshake.query.get('hub.verify_token')).toBe(r.verifyToken);
      expect(handshake.query.get('hub.challenge')).toMatch(/^\d+$/);
      const listed = await request(t.url).get(`/v1/${a.wabaId}/subscribed_apps`).set(bearer(keyA)).expect(200);
      expect(listed.body.data[0]).toMatchObject({
        override_callback_uri: r.url,
        whatsapp_business_api_data: { id: expect.any(String) },
      });
      const message = await inbound(a, { type: 'text', text: 'via override' });
      const events = await r.waitFor((all) => messagesOf(all).some((m) => m.id === message.message_id));
      // The tenant's Meta handler checks X-Hub-Signature-256 with its own app secret, unchanged.
      expect(events[0].headers['x-hub-signature-256']).toBe(hubSignature('tenant-meta-app-secret', events[0].body));
      expectSigned(events[0], 'tenant-meta-app-secret');

      // A number's own override takes that number's events; the account's keeps the rest.
      const phoneHook = await receiver();
      const phone = await request(t.url)
        .post(`/v1/${a.phoneNumberId}`)
        .set(bearer(keyA))
        .send({ webhook_configuration: { override_callback_uri: phoneHook.url, verify_token: phoneHook.verifyToken } })
        .expect(200);
      expect(phone.body.secret).toMatch(/^whsec_/);
      r.clear();
      const onMain = await inbound(a, { type: 'text', text: 'number override' });
      const onOther = await sandbox.simulateInbound({
        phone_number_id: a.otherPhoneNumberId,
        from: '15557770004',
        type: 'text',
        text: 'account override',
      } as never);
      await phoneHook.waitFor((all) => messagesOf(all).some((m) => m.id === onMain.message_id));
      await r.waitFor((all) => messagesOf(all).some((m) => m.id === onOther.message_id));
      expect(messagesOf(r.events()).some((m) => m.id === onMain.message_id)).toBe(false);
      expect(messagesOf(phoneHook.events()).some((m) => m.id === onOther.message_id)).toBe(false);

      await request(t.url)
        .post(`/v1/${a.phoneNumberId}`)
        .set(bearer(keyA))
        .send({ webhook_configuration: { override_callback_uri: '' } })
        .expect(200, { success: true });
      await request(t.url).delete(`/v1/${a.wabaId}/subscribed_apps`).set(bearer(keyA)).expect(200, { success: true });
      expect(
        (await request(t.url).get(`/v1/${a.wabaId}/subscribed_apps`).set(bearer(keyA))).body.data[0]
          .override_callback_uri,
      ).toBeUndefined();
      expect(await t.dataSource.query('SELECT count(*)::int AS n FROM webhook_endpoints')).toEqual([{ n: 0 }]);
    });

    it.each([
      ['a wrong verify token', { verify_token: 'wrong' }, false],
      ['a callback that does not echo the challenge', {}, true],
      ['a callback that is down', { override_callback_uri: 'http://127.0.0.1:9/down' }, false],
    ])('refuses %s with 400 code 100 and registers nothing', async (_label, override, wrongEcho) => {
      const r = await receiver();
      r.echoWrongChallenge = wrongEcho;
      const res = await request(t.url)
        .post(`/v1/${a.wabaId}/subscribed_apps`)
        .set(bearer(keyA))
        .send({ override_callback_uri: r.url, verify_token: r.verifyToken, ...override });
      expectGraphError(res, 400, 100);
      expect(await t.dataSource.query('SELECT count(*)::int AS n FROM webhook_endpoints')).toEqual([{ n: 0 }]);
    });

    it("refuses another organization's business account or number like an invalid key", async () => {
      const r = await receiver();
      expectGraphError(
        await request(t.url)
          .post(`/v1/${b.wabaId}/subscribed_apps`)
          .set(bearer(keyA))
          .send({ override_callback_uri: r.url, verify_token: r.verifyToken }),
        401,
        190,
      );
      expectGraphError(
        await request(t.url)
          .post(`/v1/${b.phoneNumberId}`)
          .set(bearer(keyA))
          .send({ webhook_configuration: { override_callback_uri: r.url, verify_token: r.verifyToken } }),
        401,
        190,
      );
      expect(r.requests).toEqual([]);
    });
  });

  describe('failures, the delivery log and redelivery', () => {
    beforeEach(() => deleteEndpoints(t.dataSource, 'all'));

    it('retries failed attempts with backoff, shows them in the log, and redelivers on request with the same webhook-id', async () => {
      const r = await receiver();
      r.replies = [500, 503];
      const endpoint = (await createEndpoint(keyA, { url: r.url })).body;
      const message = await inbound(a, { type: 'text', text: 'retry me' });
      const events = await r.waitFor(
        (all) => all.filter((e) => messagesOf([e]).some((m) => m.id === message.message_id)).length >= 3,
      );
      const attempts = events.filter((e) => messagesOf([e]).some((m) => m.id === message.message_id));
      expect(new Set(attempts.map((e) => e.headers['webhook-id'])).size).toBe(1);
      expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(150);
      const log = await eventually(async () => {
        const res = await request(t.url).get(`/v1/webhooks/${endpoint.id}/deliveries`).set(bearer(keyA)).expect(200);
        return res.body.data[0]?.status === 'delivered' ? res.body : undefined;
      });
      const delivery = log.data[0];
      expect(delivery).toMatchObject({
        id: attempts[0].headers['webhook-id'],
        event: 'messages',
        status: 'delivered',
        attempts: 3,
        last_status_code: 200,
        next_attempt_at: null,
      });
      expect(delivery.attempt_log.map((x: { status_code: number }) => x.status_code)).toEqual([500, 503, 200]);
      expect(delivery.attempt_log[0].error).toContain('HTTP 500');
      expect(delivery.attempt_log[0].latency_ms).toEqual(expect.any(Number));
      expect(delivery.payload.entry[0].changes[0].value.messages[0].id).toBe(message.message_id);

      const filtered = await request(t.url)
        .get(`/v1/webhooks/${endpoint.id}/deliveries?status=failed`)
        .set(bearer(keyA))
        .expect(200);
      expect(filtered.body.data).toEqual([]);

      r.clear();
      const again = await request(t.url)
        .post(`/v1/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver`)
        .set(bearer(keyA))
        .expect(202);
      expect(again.body.status).toMatch(/pending|delivered/);
      const redelivered = await r.waitFor((all) => all.length >= 1);
      expect(redelivered[0].headers['webhook-id']).toBe(delivery.id);
      expect(redelivered[0].body).toBe(attempts[0].body);
      expectGraphError(
        await request(t.url)
          .post(`/v1/webhooks/${endpoint.id}/deliveries/00000000-0000-0000-0000-000000000000/redeliver`)
          .set(bearer(keyA)),
        404,
        100,
      );
    });

    it('fails a delivery after the retry window and keeps it for redelivery; 410 disables the endpoint', async () => {
      const r = await receiver();
      r.status = 500;
      const endpoint = (await createEndpoint(keyA, { url: r.url })).body;
      await inbound(a, { type: 'text', text: 'never delivered' });
      const [pending] = await eventually(async () => {
        const rows = await t.dataSource.query(
          `SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 AND attempts >= 2`,
          [endpoint.id],
        );
        return rows.length ? rows : undefined;
      });
      // The retry window (24 h by default) is spent: the next failure fails the delivery.
      await t.dataSource.query(
        `UPDATE webhook_deliveries SET retry_started_at = now() - interval '25 hours' WHERE id = $1`,
        [pending.id],
      );
      const failed = await eventually(async () => {
        const res = await request(t.url).get(`/v1/webhooks/${endpoint.id}/deliveries?status=failed`).set(bearer(keyA));
        return res.body.data.length ? res.body.data[0] : undefined;
      }, 8000);
      expect(failed).toMatchObject({ status: 'failed', last_status_code: 500, next_attempt_at: null });
      expect(failed.attempt_log.length).toBeGreaterThanOrEqual(3);

      r.status = 410;
      await request(t.url)
        .post(`/v1/webhooks/${endpoint.id}/deliveries/${failed.id}/redeliver`)
        .set(bearer(keyA))
        .expect(202);
      const gone = await eventually(async () => {
        const res = await request(t.url).get(`/v1/webhooks/${endpoint.id}`).set(bearer(keyA));
        return res.body.status === 'disabled' ? res.body : undefined;
      });
      expect(gone.disabled_reason).toContain('410');
      // A disabled endpoint gets nothing new.
      r.clear();
      await inbound(a, { type: 'text', text: 'after 410' });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(r.events()).toEqual([]);
      expect(
        await t.dataSource.query(
          `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending'`,
          [endpoint.id],
        ),
      ).toEqual([{ n: 0 }]);
      expectGraphError(
        await request(t.url).post(`/v1/webhooks/${endpoint.id}/deliveries/${failed.id}/redeliver`).set(bearer(keyA)),
        409,
        100,
      );
      await request(t.url)
        .patch(`/v1/webhooks/${endpoint.id}`)
        .set(bearer(keyA))
        .send({ status: 'active' })
        .expect(200);
      r.status = 200;
      await request(t.url)
        .post(`/v1/webhooks/${endpoint.id}/deliveries/${failed.id}/redeliver`)
        .set(bearer(keyA))
        .expect(202);
      const back = await r.waitFor((all) => all.some((e) => e.headers['webhook-id'] === failed.id));
      expect(back.find((e) => e.headers['webhook-id'] === failed.id)!.body).toBe(JSON.stringify(failed.payload));
    });

    it('rotates a secret with an overlap window: both secrets sign until it ends, then only the new one', async () => {
      const r = await receiver();
      const oldSecret = 'whsec_' + Buffer.from('the-old-secret-of-this-endpoint').toString('base64');
      const endpoint = (await createEndpoint(keyA, { url: r.url, secret: oldSecret })).body;
      const rotated = await request(t.url)
        .post(`/v1/webhooks/${endpoint.id}/rotate_secret`)
        .set(bearer(keyA))
        .send({ overlap_seconds: 3600 })
        .expect(200);
      const newSecret: string = rotated.body.secret;
      expect(newSecret).toMatch(/^whsec_/);
      expect(Date.parse(rotated.body.previous_secret_expires_at) - Date.now()).toBeGreaterThan(3_590_000);
      const during = await request(t.url).post(`/v1/webhooks/${endpoint.id}/test`).set(bearer(keyA)).send({});
      expect(during.body.status).toBe('delivered');
      const [first] = r.events();
      expect(String(first.headers['webhook-signature']).split(' ')).toHaveLength(2);
      // A receiver still holding the old secret and one already given the new one both verify it;
      // Meta's single-signature header is the new secret's.
      expectSigned(first, newSecret);
      expect(standardVerifies(first, oldSecret)).toBe(true);
      // The window has ended: one signature, the new secret's; the old one no longer verifies.
      await t.dataSource.query(
        `UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`,
        [endpoint.id],
      );
      const listed = await request(t.url).get(`/v1/webhooks/${endpoint.id}`).set(bearer(keyA)).expect(200);
      expect(listed.body.previous_secret_expires_at).toBeNull();
      r.clear();
      await request(t.url).post(`/v1/webhooks/${endpoint.id}/test`).set(bearer(keyA)).send({}).expect(200);
      const [after] = r.events();
      expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expectSigned(after, newSecret);
      expect(standardVerifies(after, oldSecret)).toBe(false);
      // Without an overlap the old secret stops at once, and a window longer than a week is refused.
      await request(t.url).post(`/v1/webhooks/${endpoint.id}/rotate_secret`).set(bearer(keyA)).send({}).expect(200);
      expect(
        await t.dataSource.query(`SELECT previous_secret_encrypted FROM webhook_endpoints WHERE id = $1`, [
          endpoint.id,
        ]),
      ).toEqual([{ previous_secret_encrypted: null }]);
      expectGraphError(
        await request(t.url)
          .post(`/v1/webhooks/${endpoint.id}/rotate_secret`)
          .set(bearer(keyA))
          .send({ overlap_seconds: 8 * 24 * 3600 }),
        400,
        100,
      );
    });

    it('redelivers every failed delivery in a time range in one call, and only those', async () => {
      const r = await receiver();
      const endpoint = (await createEndpoint(keyA, { url: r.url })).body;
      const otherEndpoint = (await createEndpoint(keyB, { url: r.url })).body;
      const ids: string[] = [];
      for (const text of ['one', 'two', 'three']) {
        const message = await inbound(a, { type: 'text', text });
        ids.push(message.message_id);
      }
      await inbound(b, { type: 'text', text: 'b' });
      await r.waitFor((all) => all.length >= 4);
      // As if they had failed: the first two inside the range, the third before it.
      await eventually(async () => {
        const [{ n }] = await t.dataSource.query(
          `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'delivered' AND endpoint_id = ANY ($1)`,
          [[endpoint.id, otherEndpoint.id]],
        );
        return n === 4 ? true : undefined;
      });
      await t.dataSource.query(
        `UPDATE webhook_deliveries SET status = 'failed', delivered_at = NULL WHERE endpoint_id = ANY ($1)`,
        [[endpoint.id, otherEndpoint.id]],
      );
      const since = new Date(Date.now() - 60_000);
      await t.dataSource.query(
        `UPDATE webhook_deliveries SET created_at = $2 WHERE endpoint_id = $1 AND body LIKE '%' || $3 || '%'`,
        [endpoint.id, new Date(since.getTime() - 60_000), ids[2]],
      );
      r.clear();
      const res = await request(t.url)
        .post(`/v1/webhooks/${endpoint.id}/deliveries/redeliver`)
        .set(bearer(keyA))
        .send({ since: since.toISOString() })
        .expect(202);
      expect(res.body).toEqual({ redelivered: 2, has_more: false });
      const back = await r.waitFor((all) => all.length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(r.events()).toHaveLength(2);
      expect(
        messagesOf(back)
          .map((m: { id: string }) => m.id)
          .sort(),
      ).toEqual([ids[0], ids[1]].sort());
      // B's failed delivery is B's: A's key does not reach its endpoint.
      expectGraphError(
        await request(t.url).post(`/v1/webhooks/${otherEndpoint.id}/deliveries/redeliver`).set(bearer(keyA)).send({}),
        404,
        100,
      );
      expectGraphError(
        await request(t.url)
          .post(`/v1/webhooks/${endpoint.id}/deliveries/redeliver`)
          .set(bearer(keyA))
          .send({ since: since.toISOString(), until: new Date(since.getTime() - 1).toISOString() }),
        400,
        100,
      );
      expect(
        await t.dataSource.query(`SELECT status FROM webhook_deliveries WHERE endpoint_id = $1`, [otherEndpoint.id]),
      ).toEqual([{ status: 'failed' }]);
    });

    it("finds the deliveries that carried one message's events across the organization's endpoints, and no other organization's", async () => {
      const r = await receiver();
      const first = (await createEndpoint(keyA, { url: r.url })).body;
      const second = (await createEndpoint(keyA, { url: r.url, events: ['messages'] })).body;
      const theirs = (await createEndpoint(keyB, { url: r.url })).body;
      const since = new Date(Date.now() - 1000).toISOString();
      for (const status of ['sent', 'delivered'])
        await postFromUpstream(t.url, statusWebhook(a, { id: 'wamid.traced-1', status })).expect(200);
      await postFromUpstream(t.url, statusWebhook(a, { id: 'wamid.traced-10', status: 'sent' })).expect(200);
      await postFromUpstream(t.url, statusWebhook(b, { id: 'wamid.traced-1', status: 'sent' })).expect(200);
      await r.waitFor((all) => all.length >= 7);
      const res = await request(t.url)
        .get(`/v1/webhook_deliveries?wamid=wamid.traced-1&since=${encodeURIComponent(since)}`)
        .set(bearer(keyA))
        .expect(200);
      // Two statuses to two endpoints; not the longer wamid that starts the same, not B's.
      expect(res.body.data).toHaveLength(4);
      expect(new Set(res.body.data.map((d: { endpoint_id: string }) => d.endpoint_id))).toEqual(
        new Set([first.id, second.id]),
      );
      expect(JSON.stringify(res.body)).not.toContain(theirs.id);
      expect(res.body.data.map((d: { payload: unknown }) => statusesOf([{ json: d.payload } as never])[0].id)).toEqual(
        Array(4).fill('wamid.traced-1'),
      );
      const later = await request(t.url)
        .get(
          `/v1/webhook_deliveries?wamid=wamid.traced-1&since=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`,
        )
        .set(bearer(keyA))
        .expect(200);
      expect(later.body.data).toEqual([]);
      expectGraphError(await request(t.url).get('/v1/webhook_deliveries').set(bearer(keyA)), 400, 100);
    });

    it('sends a signed test event on request and reports its outcome', async () => {
      const r = await receiver();
      const endpoint = (await createEndpoint(keyA, { url: r.url, secret: 'a-test-secret-of-mine' })).body;
      const res = await request(t.url).post(`/v1/webhooks/${endpoint.id}/test`).set(bearer(keyA)).send({}).expect(200);
      expect(res.body).toMatchObject({
        test: true,
        status: 'delivered',
        attempts: 1,
        last_status_code: 200,
        event: 'messages',
      });
      expect(r.events()).toHaveLength(1);
      expectSigned(r.events()[0], 'a-test-secret-of-mine');
      expect(valueOf(r.events()[0].json).statuses[0].status).toBe('delivered');
      r.status = 500;
      const failed = await request(t.url)
        .post(`/v1/webhooks/${endpoint.id}/test`)
        .set(bearer(keyA))
        .send({ field: 'message_template_status_update' })
        .expect(200);
      expect(failed.body).toMatchObject({
        status: 'failed',
        last_status_code: 500,
        attempts: 1,
        next_attempt_at: null,
      });
    });

    it('loses nothing while the receiver is down: 100 events all arrive once it is back, dedupable by webhook-id', async () => {
      const r = await receiver();
      const endpoint = (await createEndpoint(keyA, { url: r.url })).body;
      await r.stop();
      const sent = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          inbound(a, { from: `1555888${String(i).padStart(4, '0')}`, type: 'text', text: `event ${i}` }),
        ),
      );
      // Every event was stored with its delivery before the sandbox got its 200; attempts failed until
      // the endpoint was slowed (the rest wait for its probe instead of each failing on its own).
      await eventually(async () => {
        const [row] = await t.dataSource.query(
          `SELECT count(*)::int AS n, sum(attempts)::int AS made FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending'`,
          [endpoint.id],
        );
        const slowed = await request(t.url).get(`/v1/webhooks/${endpoint.id}`).set(bearer(keyA));
        return row.n === 100 && row.made >= 5 && slowed.body.consecutive_failures >= 5 ? row : undefined;
      }, 10_000);
      await r.start();
      const events = await r.waitFor((all) => new Set(messagesOf(all).map((m) => m.id)).size >= 100, 20_000);
      const ids = new Set(messagesOf(events).map((m) => m.id));
      expect(sent.every((s) => ids.has(s.message_id))).toBe(true);
      const deliveryIds = new Set(events.map((e) => e.headers['webhook-id']));
      expect(deliveryIds.size).toBe(100);
      await eventually(async () => {
        const [row] = await t.dataSource.query(
          `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'delivered'`,
          [endpoint.id],
        );
        return row.n === 100 ? true : undefined;
      });
      expect(
        (await request(t.url).get(`/v1/webhooks/${endpoint.id}`).set(bearer(keyA))).body.consecutive_failures,
      ).toBe(0);
    }, 60_000);
  });

  describe('several instances', () => {
    let second: TestApp;
    beforeAll(async () => {
      await deleteEndpoints(t.dataSource, 'all');
      second = await createTestApp({ sandbox: t.sandbox });
    });
    afterAll(() => second.close());

    it('never attempts one delivery twice at once: each event arrives exactly once', async () => {
      const r = await receiver();
      const endpoint = (await createEndpoint(keyA, { url: r.url })).body;
      // Events arrive at both instances; both run workers and sweeps on the same queue and tables.
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          fromUpstream(i % 2 ? second : t, `wamid.multi-${Date.now()}-${i}`).expect(200),
        ),
      );
      await eventually(async () => {
        const [row] = await t.dataSource.query(
          `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'delivered'`,
          [endpoint.id],
        );
        return row.n === 60 ? true : undefined;
      }, 15_000);
      // Two more sweeps on each instance change nothing.
      await Promise.all([t.get(WebhookDispatcher).sweep(), second.get(WebhookDispatcher).sweep()]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ids = r.events().map((e) => String(e.headers['webhook-id']));
      expect(ids).toHaveLength(60);
      expect(new Set(ids).size).toBe(60);
      expect(
        await t.dataSource.query(`SELECT max(attempts)::int AS most FROM webhook_deliveries WHERE endpoint_id = $1`, [
          endpoint.id,
        ]),
      ).toEqual([{ most: 1 }]);
    }, 30_000);
  });

  describe('endpoints deleted while in use', () => {
    beforeAll(() => deleteEndpoints(t.dataSource, 'all'));

    // Seen before the fix: an event ingested while an endpoint was being deleted failed its insert
    // (the deleted endpoint's foreign key), answering upstream 500 (this test failed 3 runs of 3
    // without it). A delete could also deadlock with the dispatcher's batched claim of the same
    // deliveries (once, in CI); that one this test has not reproduced. Both depend on timing, so
    // the test runs many rounds of a delete landing at a random moment of ingestion and delivery.
    it('a delete during ingestion and delivery answers 200, upstream always gets its 200, and the endpoint that stays receives every event once', async () => {
      const keeper = await receiver();
      const other = await receiver();
      const kept = (await createEndpoint(keyA, { url: keeper.url, description: 'stays' }).expect(201)).body;
      const deletes: number[] = [];
      const answers: number[] = [];
      const wamids: string[] = [];
      for (let round = 0; round < 25; round++) {
        // Alternately an endpoint that answers and one whose attempts fail (connection refused).
        const doomed = (
          await createEndpoint(keyA, { url: round % 2 ? other.url : 'http://127.0.0.1:9/refused' }).expect(201)
        ).body;
        const batch = Array.from({ length: 60 }, (_, i) => `wamid.doomed-${Date.now()}-${round}-${i}`);
        wamids.push(...batch);
        const ingesting = Promise.all(batch.map((wamid) => fromUpstream(t, wamid)));
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 120));
        deletes.push((await request(t.url).delete(`/v1/webhooks/${doomed.id}`).set(bearer(keyA))).status);
        answers.push(...(await ingesting).map((res) => res.status));
      }
      expect(deletes).toEqual(deletes.map(() => 200));
      expect(answers).toEqual(wamids.map(() => 200));
      expect(await t.dataSource.query(`SELECT id FROM webhook_endpoints WHERE tenant_id = $1`, [a.id])).toEqual([
        { id: kept.id },
      ]);
      const events = await keeper.waitFor((all) => statusesOf(all).length >= wamids.length, 30_000);
      expect(new Set(statusesOf(events).map((s) => s.id))).toEqual(new Set(wamids));
      expect(new Set(events.map((e) => e.headers['webhook-id'])).size).toBe(wamids.length);
      await eventually(async () => {
        const rows = await t.dataSource.query(
          `SELECT status, count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 GROUP BY status`,
          [kept.id],
        );
        return rows.length === 1 && rows[0].status === 'delivered' && rows[0].n === wamids.length ? true : undefined;
      });
    }, 90_000);
  });
});
