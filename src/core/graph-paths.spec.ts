import type { Request } from 'express';
import { graphPathAliases } from './graph-paths';

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
