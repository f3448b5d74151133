import type { Request } from 'express';
import { graphPathAliases, storablePathIds, storableSegment } from './graph-paths';

const routed = (url: string) => {
  const req = { url } as Request;
  graphPathAliases(req, {} as never, () => undefined);
  return req.url;
};

describe('Graph path aliases', () => {
  it.each([
    ['/v23.0/106540352242922/messages', '/v1/106540352242922/messages'],
    ['/v13.0/106540352242922/messages?x=1', '/v1/106540352242922/messages?x=1'],
    ['/v17.0/102290129340398/message_templates?access_token=k', '/v1/102290129340398/message_templates?access_token=k'],
    ['/v23.0/tenants', '/v1/tenants'],
    ['/v23.0', '/v1'],
    ['/106540352242922/messages', '/v1/106540352242922/messages'],
    ['/1003383421387256', '/v1/1003383421387256'],
    ['/1003383421387256?fields=url', '/v1/1003383421387256?fields=url'],
    ['/tenants', '/v1/tenants'],
    ['/webhooks', '/v1/webhooks'],
    ['/webhooks/6b1f…/deliveries', '/v1/webhooks/6b1f…/deliveries'],
    ['/media/1003383421387256/download', '/v1/media/1003383421387256/download'],
  ])('routes %s as %s', (url, expected) => {
    expect(routed(url)).toBe(expected);
  });

  it.each([
    '/v1/106540352242922/messages',
    '/webhooks/whatsapp',
    '/webhooks/whatsapp?hub.mode=subscribe',
    '/webhooks/simulator',
    '/health',
    '/health/live',
    '/docs',
    '/docs-json',
    '/',
    '/test/v1/x',
    '/v1.5x/abc',
    '/tenantsx',
  ])('leaves %s alone', (url) => {
    expect(routed(url)).toBe(url);
  });
});

describe('storable path ids', () => {
  it.each([
    ['%00', '%EF%BF%BD'],
    ['wamid.%00', 'wamid.%EF%BF%BD'],
    ['a%00b%00', 'a%EF%BF%BDb%EF%BF%BD'],
    // An unpaired surrogate, as WTF-8 bytes.
    ['%ED%A0%80', '%EF%BF%BD'],
    ['a%ED%B0%80b%00', 'a%EF%BF%BDb%EF%BF%BD'],
  ])('%s reads as %s', (segment, expected) => {
    expect(storableSegment(segment)).toBe(expected);
    expect(decodeURIComponent(storableSegment(segment))).not.toContain('\0');
  });

  // The last two are not UTF-8 for another reason: Express refuses them as malformed (400 code 100).
  it.each(['106540352242922', 'wamid.HBgL%3D%3D', '%F0%9F%91%8B', 'a%2Fb', '%25', 'plain', 'x%FFy', '%E0%A4%A'])(
    'leaves %s alone',
    (segment) => {
      expect(storableSegment(segment)).toBe(segment);
    },
  );

  it('rewrites only the path, never the query string', () => {
    const req = { url: '/v1/%00/settings?after=%00' } as Request;
    storablePathIds(req, {} as never, () => undefined);
    expect(req.url).toBe('/v1/%EF%BF%BD/settings?after=%00');
    const plain = { url: '/v1/123/messages?x=%00' } as Request;
    storablePathIds(plain, {} as never, () => undefined);
    expect(plain.url).toBe('/v1/123/messages?x=%00');
  });
});
