import { INBOX_SMTP_PORT } from './support/inbox-mail-settings';
import request from 'supertest';
import { PeopleService } from '../src/people/people.service';
import { consoleBrowser } from './support/console-browser';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { inboundTextWebhook, postFromUpstream } from './support/from-upstream';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { type Mail, startSmtpSink } from './support/smtp-sink';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const PASSWORD = 'team notes password 2026!';
const CUSTOMER = '15558770001';

/**
 * The team's words in a conversation (issue 56): private notes in the thread, never sent to Meta,
 * with mentions told in the console and mailed through a real SMTP server; saved replies, the
 * organization's and a member's own, filled with the contact's and the agent's values; the team's
 * figures (first response and resolution times, conversations handled) from resolved episodes. Bad
 * input is a Graph error naming the field, and nothing is written.
 */
describe('team inbox: private notes, mentions, saved replies and the team figures', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const ids = { ada: '', ben: '', outsider: '' };
  const sessions: Record<'owner' | 'ada' | 'ben', ReturnType<typeof consoleBrowser>> = {} as never;

  const api = (method: 'get' | 'post' | 'patch' | 'delete', path: string, key = keyA) =>
    request(t.url)[method](path).set(bearer(key));
  const thread = `/v1/{phone}/conversations/${CUSTOMER}`;
  const path = (suffix = '') => thread.replace('{phone}', a.phoneNumberId) + suffix;
  const noteCount = async () =>
    (await t.dataSource.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM conversation_notes'))[0].n;
  const mailsTo = (address: string): Mail[] => smtp.mails.filter((m) => m.to.includes(address));

  beforeAll(async () => {
    smtp = await startSmtpSink(INBOX_SMTP_PORT);
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Notes A');
    b = await createTenant(t, 'Notes B');
    keyA = (await createOrgKey(t, a, { rateLimitPerSecond: 10_000 })).key;
    keyB = (await createOrgKey(t, b)).key;
    const people = t.get(PeopleService);
    await people.addOwner(a.id, 'owner@notes.example', PASSWORD);
    ids.ada = await people.addMember(a.id, 'ada@notes.example', PASSWORD, 'agent');
    ids.ben = await people.addMember(a.id, 'ben@notes.example', PASSWORD, 'agent');
    ids.outsider = await people.addMember(b.id, 'outsider@notes.example', PASSWORD, 'agent');
    for (const name of ['owner', 'ada', 'ben'] as const) {
      const session = consoleBrowser(t.url);
      session.remember(
        (
          await session.agent
            .post('/console/session')
            .send({ email: `${name}@notes.example`, password: PASSWORD })
            .expect(200)
        ).body,
      );
      sessions[name] = session;
    }
    await postFromUpstream(t.url, inboundTextWebhook(a, CUSTOMER, 'Where is my order?', { name: 'Maria' })).expect(200);
    await eventually(async () =>
      (await api('get', path()).expect((r) => r.status)).status === 200 ? true : undefined,
    );
  }, 90_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('keeps a note in the thread, never sent to Meta, and tells the member it mentions in the console and by mail', async () => {
    t.sandbox.clearRequests();
    const written = await sessions.ada
      .write('post', path('/notes'), {
        body: 'Order 1182 is late: @ben can you check the warehouse?',
        mentions: [ids.ben],
      })
      .expect(201);
    expect(written.body).toMatchObject({
      wa_id: CUSTOMER,
      body: 'Order 1182 is late: @ben can you check the warehouse?',
      author: { user_id: ids.ada, key_id: null },
      mentions: [ids.ben],
    });
    // Apart from the messages: the thread has the customer's message only; the notes list has the note.
    const messages = (await api('get', path('/messages')).expect(200)).body.data as Array<{ direction: string }>;
    expect(messages.map((m) => m.direction)).toEqual(['inbound']);
    const notes = (await api('get', path('/notes')).expect(200)).body;
    expect(notes.data.map((n: { id: string }) => n.id)).toEqual([written.body.id]);

    // The member mentioned: a mail with the note and a link to the conversation, and the console's list.
    const mail = await eventually(async () => mailsTo('ben@notes.example').at(-1), 10_000);
    expect(mail.text).toContain('Order 1182 is late');
    expect(mail.text).toContain(`https://gateway.test.example/console/#/inbox/${a.phoneNumberId}/${CUSTOMER}`);
    expect(mailsTo('ada@notes.example')).toEqual([]);
    await eventually(async () => {
      const [row] = await t.dataSource.query('SELECT mailed_at FROM note_mentions WHERE note_id = $1', [
        written.body.id,
      ]);
      return row.mailed_at ? row : undefined;
    });
    const unread = (await sessions.ben.get('/v1/inbox/mentions?unread=true').expect(200)).body.data;
    expect(unread).toEqual([
      expect.objectContaining({
        note_id: written.body.id,
        wa_id: CUSTOMER,
        author_id: ids.ada,
        read: false,
        mail: 'sent',
      }),
    ]);
    expect((await sessions.ada.get('/v1/inbox/mentions').expect(200)).body.data).toEqual([]);
    expect((await sessions.ben.write('post', '/v1/inbox/mentions/read', {}).expect(200)).body).toEqual({ marked: 1 });
    expect((await sessions.ben.get('/v1/inbox/mentions?unread=true').expect(200)).body.data).toEqual([]);
    expect((await sessions.ben.get('/v1/inbox/mentions').expect(200)).body.data[0].read).toBe(true);

    // Meta heard nothing of it.
    expect(t.sandbox.requests()).toEqual([]);
    // Ada's note on a conversation nobody had took it (the organization's take_on_reply is on).
    expect((await api('get', path()).expect(200)).body.assignee_id).toBe(ids.ada);
  });

  it('refuses a bad note with a Graph error naming the field, and writes nothing', async () => {
    const before = await noteCount();
    expectInvalidParameter(await api('post', path('/notes')).send({ body: 'x'.repeat(4097) }), 400, /body/);
    expectInvalidParameter(await api('post', path('/notes')).send({ body: '' }), 400, /body/);
    expectInvalidParameter(await api('post', path('/notes')).send({}), 400, /body/);
    expectInvalidParameter(
      await api('post', path('/notes')).send({ body: 'hi', mentions: [ids.outsider] }),
      400,
      /mentions/,
    );
    expectInvalidParameter(await api('post', path('/notes')).send({ body: 'hi', mentions: ['me'] }), 400, /mentions/);
    // Another organization's key, another customer: like a conversation that does not exist.
    expectGraphError(
      await api('post', thread.replace('{phone}', a.phoneNumberId) + '/notes', keyB).send({ body: 'hi' }),
      401,
      190,
    );
    expectGraphError(
      await api('post', `/v1/${a.phoneNumberId}/conversations/15550000000/notes`).send({ body: 'hi' }),
      404,
      100,
    );
    // A person reads their own mentions; a machine's key names the member.
    expectInvalidParameter(await api('get', '/v1/inbox/mentions'), 400, /user_id/);
    expectGraphError(await sessions.ada.get(`/v1/inbox/mentions?user_id=${ids.ben}`), 403, 200);
    expect((await api('get', `/v1/inbox/mentions?user_id=${ids.ben}`).expect(200)).body.data).toHaveLength(1);
    expect(await noteCount()).toBe(before);
    // A note at the limit is taken.
    await api('post', path('/notes'))
      .send({ body: 'y'.repeat(4096) })
      .expect(201);
  });

  it("fills a saved reply with the contact's and the agent's values, a member's own before the organization's", async () => {
    await api('post', '/v1/contacts')
      .send({ contacts: [{ phone_number: CUSTOMER, name: 'Maria Silva', attributes: { plan: 'gold', orders: 3 } }] })
      .expect((res) => expect(res.status).toBeLessThan(300));
    const shared = await sessions.owner
      .write('post', '/v1/inbox/saved_replies', {
        name: 'thanks',
        body: 'Thank you {{contact.name}} ({{ contact.attributes.plan }}, {{contact.attributes.orders}} orders)! {{agent.name}} here.{{contact.attributes.missing}}',
      })
      .expect(201);
    expect(shared.body).toMatchObject({ name: 'thanks', private: false });
    await sessions.ada
      .write('post', '/v1/inbox/saved_replies', {
        name: 'thanks',
        body: 'Cheers {{contact.name}}, {{agent.email}}',
        private: true,
      })
      .expect(201);

    const fill = (who: 'ada' | 'ben') => sessions[who].get(path('/saved_replies/thanks')).expect(200);
    expect((await fill('ben')).body).toEqual({
      name: 'thanks',
      text: 'Thank you Maria Silva (gold, 3 orders)! ben here.',
    });
    expect((await fill('ada')).body.text).toBe('Cheers Maria Silva, ada@notes.example');
    // Ben sees the organization's reply only; Ada hers and the organization's.
    expect((await sessions.ben.get('/v1/inbox/saved_replies').expect(200)).body.data).toHaveLength(1);
    const adas = (await sessions.ada.get('/v1/inbox/saved_replies').expect(200)).body.data as Array<{
      id: string;
      private: boolean;
    }>;
    expect(adas.map((r) => r.private)).toEqual([true, false]);
    // Ben cannot touch Ada's own: like one that does not exist.
    expectGraphError(
      await sessions.ben.write('patch', `/v1/inbox/saved_replies/${adas[0].id}`, { body: 'mine now' }),
      404,
      100,
    );
    // Without a contact, the WhatsApp profile name.
    await t.dataSource.query('DELETE FROM contacts WHERE tenant_id = $1', [a.id]);
    expect((await fill('ben')).body.text).toBe('Thank you Maria (,  orders)! ben here.');
    expectGraphError(await sessions.ben.get(path('/saved_replies/nothing')), 404, 100);
  });

  it('refuses a bad saved reply with a Graph error naming the field, and writes nothing', async () => {
    const count = async () =>
      (await t.dataSource.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM saved_replies'))[0].n;
    const before = await count();
    const create = (body: Record<string, unknown>, who: 'owner' | 'ada' = 'owner') =>
      sessions[who].write('post', '/v1/inbox/saved_replies', body);
    expectInvalidParameter(await create({ name: 'hi', body: 'Hello {{customer.name}}' }), 400, /body.*customer\.name/);
    expectInvalidParameter(await create({ name: 'hi', body: 'Hello {{contact.attributes.}}' }), 400, /body/);
    expectInvalidParameter(await create({ name: 'Hi There', body: 'Hello' }), 400, /name/);
    expectInvalidParameter(await create({ name: 'hi', body: 'x'.repeat(4097) }), 400, /body/);
    expectGraphError(await create({ name: 'thanks', body: 'again' }), 409, 100);
    // An agent keeps their own, not the organization's.
    expectGraphError(await create({ name: 'hello', body: 'Hello' }, 'ada'), 403, 200);
    // A machine's key has no own replies.
    expectInvalidParameter(
      await api('post', '/v1/inbox/saved_replies').send({ name: 'hello', body: 'Hello', private: true }),
      400,
      /private/,
    );
    expect(await count()).toBe(before);
  });

  it('counts an episode when it is resolved: first response and resolution times, by agent and number', async () => {
    const waId = '15558770002';
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    await postFromUpstream(t.url, inboundTextWebhook(a, waId, 'Hello?', { at: tenMinutesAgo })).expect(200);
    const conversationPath = `/v1/${a.phoneNumberId}/conversations/${waId}`;
    await eventually(async () => ((await api('get', conversationPath)).status === 200 ? true : undefined));
    // Ada answers (which takes it) and resolves it.
    await sessions.ada
      .write('post', `/v1/${a.phoneNumberId}/messages`, {
        messaging_product: 'whatsapp',
        to: waId,
        type: 'text',
        text: { body: 'Here to help' },
      })
      .expect(200);
    await eventually(async () =>
      (await api('get', conversationPath)).body.assignee_id === ids.ada ? true : undefined,
    );
    await sessions.ada.write('post', `${conversationPath}/status`, { status: 'resolved' }).expect(200);
    // Resolving it again is no second episode.
    await sessions.ada.write('post', `${conversationPath}/status`, { status: 'resolved' }).expect(200);
    // The customer comes back; nobody answers before Ben resolves it: a second episode, unanswered.
    await postFromUpstream(t.url, inboundTextWebhook(a, waId, 'One more thing')).expect(200);
    await eventually(async () => ((await api('get', conversationPath)).body.status === 'open' ? true : undefined));
    await sessions.ben.write('post', `${conversationPath}/status`, { status: 'resolved' }).expect(200);

    const today = new Date().toISOString().slice(0, 10);
    const byAgent = (await api('get', '/v1/inbox/figures').expect(200)).body;
    expect(byAgent).toMatchObject({ by: 'agent', until: today });
    const adas = byAgent.data.filter((row: { agent_id: string }) => row.agent_id === ids.ada);
    expect(adas).toHaveLength(1);
    expect(adas[0]).toMatchObject({ day: today, handled: 2, first_response: { answered: 1 } });
    // Ten minutes (the customer's message's own time) to the first answer, and to the resolution.
    expect(adas[0].first_response.average_seconds).toBeGreaterThanOrEqual(598);
    expect(adas[0].first_response.average_seconds).toBeLessThan(660);
    const rows = await t.dataSource.query(
      'SELECT agent_id, resolved_by, first_response_seconds, resolution_seconds FROM conversation_resolutions WHERE wa_id = $1 ORDER BY resolved_at',
      [waId],
    );
    // The second episode stayed Ada's (a returning customer goes back to their agent); Ben resolved it.
    expect(rows).toEqual([
      {
        agent_id: ids.ada,
        resolved_by: ids.ada,
        first_response_seconds: expect.any(Number),
        resolution_seconds: expect.any(Number),
      },
      { agent_id: ids.ada, resolved_by: ids.ben, first_response_seconds: null, resolution_seconds: expect.any(Number) },
    ]);
    expect(rows[0].resolution_seconds).toBeGreaterThanOrEqual(rows[0].first_response_seconds);
    const byNumber = (await api('get', `/v1/inbox/figures?by=number&since=${today}&until=${today}`).expect(200)).body;
    expect(byNumber.data).toEqual([expect.objectContaining({ phone_number_id: a.phoneNumberId, handled: 2 })]);
    // Another organization's figures hold nothing of A's.
    expect((await api('get', '/v1/inbox/figures', keyB).expect(200)).body.data).toEqual([]);
    // Bad ranges and groups: a Graph error naming the field.
    expectInvalidParameter(await api('get', '/v1/inbox/figures?since=2026-11-20&until=2026-11-10'), 400, /since/);
    expectInvalidParameter(await api('get', '/v1/inbox/figures?since=2026-01-01&until=2026-11-10'), 400, /since/);
    expectInvalidParameter(await api('get', '/v1/inbox/figures?since=2026-02-31'), 400, /since/);
    expectInvalidParameter(await api('get', '/v1/inbox/figures?until=yesterday'), 400, /until/);
    expectInvalidParameter(await api('get', '/v1/inbox/figures?by=customer'), 400, /by/);
  });
  it('tries a mention’s mail again when the SMTP server refused it; after the last try the mention says failed', async () => {
    const mentionOf = async (noteId: string) =>
      (
        (await sessions.ben.get('/v1/inbox/mentions').expect(200)).body.data as Array<{ note_id: string; mail: string }>
      ).find((m) => m.note_id === noteId);
    const tries = async (noteId: string) =>
      (
        await t.dataSource.query<Array<{ mail_attempts: number }>>(
          'SELECT mail_attempts FROM note_mentions WHERE note_id = $1',
          [noteId],
        )
      )[0].mail_attempts;
    // The SMTP server is down: the first try is refused, the mention's mail is pending.
    await smtp.close();
    const first = await sessions.ada
      .write('post', path('/notes'), { body: 'Parcel 77 came back: @ben call them', mentions: [ids.ben] })
      .expect(201);
    await eventually(async () => ((await tries(first.body.id)) >= 1 ? true : undefined));
    expect(await mentionOf(first.body.id)).toMatchObject({ mail: 'pending' });
    // It comes back: the next try (a second later, the test's setting) mails it once.
    smtp = await startSmtpSink(INBOX_SMTP_PORT);
    const mail = await eventually(
      async () => mailsTo('ben@notes.example').find((m) => m.text.includes('Parcel 77 came back')),
      10_000,
    );
    expect(mail.text).toContain(`https://gateway.test.example/console/#/inbox/${a.phoneNumberId}/${CUSTOMER}`);
    await eventually(async () => ((await mentionOf(first.body.id))?.mail === 'sent' ? true : undefined));
    expect(mailsTo('ben@notes.example').filter((m) => m.text.includes('Parcel 77 came back'))).toHaveLength(1);

    // Down for good: the fifth refused try is the last, and the mention says so.
    await smtp.close();
    const second = await sessions.ada
      .write('post', path('/notes'), { body: 'Parcel 78 too: @ben', mentions: [ids.ben] })
      .expect(201);
    await eventually(async () => ((await tries(second.body.id)) >= 1 ? true : undefined));
    await t.dataSource.query(`UPDATE note_mentions SET mail_attempts = 4, mail_next_at = now() WHERE note_id = $1`, [
      second.body.id,
    ]);
    await eventually(async () => ((await mentionOf(second.body.id))?.mail === 'failed' ? true : undefined), 10_000);
    expect(await tries(second.body.id)).toBe(5);
    smtp = await startSmtpSink(INBOX_SMTP_PORT);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailsTo('ben@notes.example').filter((m) => m.text.includes('Parcel 78 too'))).toEqual([]);
  });
});
