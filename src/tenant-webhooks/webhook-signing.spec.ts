import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  generateWebhookSecret,
  isUsableSecret,
  secretHint,
  signedHeaders,
  standardWebhooksKey,
} from './webhook-signing';

describe('webhook signing', () => {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { text: 'Olá 👋' } }] }],
  });

  it('generates whsec_ secrets of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(standardWebhooksKey(secret)).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it.each([
    ['my-meta-app-secret-123', true],
    ['a'.repeat(16), true],
    ['a'.repeat(15), false],
    ['has a space in it ok?', false],
    ['whsec_' + Buffer.alloc(16, 7).toString('base64'), true],
    ['whsec_' + Buffer.alloc(8, 7).toString('base64'), false],
    ['whsec_not*base64*at*all!!', false],
  ])('accepts %s as a secret: %s', (secret, usable) => {
    expect(isUsableSecret(secret)).toBe(usable);
  });

  it("signs like Meta (hex HMAC of the raw body with the secret's text) and like Standard Webhooks", () => {
    for (const [secret, verifier] of [
      [generateWebhookSecret(), (s: string) => new Webhook(s)],
      ['my-meta-app-secret-123', (s: string) => new Webhook(s, { format: 'raw' })],
    ] as const) {
      const headers = signedHeaders(secret, 'msg_1', Math.floor(Date.now() / 1000), body);
      expect(headers['x-hub-signature-256']).toBe('sha256=' + createHmac('sha256', secret).update(body).digest('hex'));
      expect(headers['webhook-id']).toBe('msg_1');
      expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(verifier(secret).verify(body, headers)).toEqual(JSON.parse(body));
      expect(() => verifier(secret).verify(body + ' ', headers)).toThrow();
      expect(() => verifier(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
    }
  });

  it('hints at a secret with its last four characters only', () => {
    expect(secretHint('whsec_abcdefgh1234')).toBe('…1234');
  });
});
