import { type GraphError } from '../core/graph-error';
import { boundByIssuer, type Issuer, manages } from './key-issuing-policy';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

const admin = (over: Partial<Issuer> = {}): Issuer => ({
  kind: 'admin',
  tenantIds: [A],
  scopes: new Set(['messages:send', 'messages:read', 'keys:read', 'keys:write']),
  allowedPhoneNumberIds: null,
  allowedIps: null,
  rateLimitPerSecond: 80,
  expiresAt: null,
  signs: false,
  ...over,
});
const platform: Issuer = {
  kind: 'platform',
  tenantIds: [],
  scopes: new Set(['keys:write']),
  allowedPhoneNumberIds: null,
  allowedIps: null,
  rateLimitPerSecond: 5,
  expiresAt: null,
  signs: false,
};

function refusal(work: () => unknown): { status: number; code: number; message: string } {
  try {
    work();
  } catch (error) {
    const e = error as GraphError;
    return { status: e.status, code: e.code, message: e.message };
  }
  throw new Error('not refused');
}

describe('boundByIssuer', () => {
  it('an admin key: omitted settings take its own bounds', () => {
    const issuer = admin({
      allowedPhoneNumberIds: new Set(['100']),
      allowedIps: ['10.0.0.0/8'],
      rateLimitPerSecond: 20,
      expiresAt: Date.parse('2030-01-01'),
    });
    expect(boundByIssuer(issuer, { kind: 'org', tenantIds: [A] })).toEqual({
      kind: 'org',
      tenantIds: [A],
      scopes: ['messages:send', 'messages:read'],
      allowedPhoneNumberIds: ['100'],
      allowedIps: ['10.0.0.0/8'],
      rateLimitPerSecond: 20,
      expiresAt: new Date('2030-01-01'),
      hmac: false,
    });
  });

  it('a key that must sign issues keys that must sign: omitted, the new key signs; asked, it may sign too', () => {
    expect(boundByIssuer(admin({ signs: true }), { kind: 'org', tenantIds: [A] }).hmac).toBe(true);
    expect(boundByIssuer(admin({ signs: true }), { kind: 'org', tenantIds: [A], hmac: true }).hmac).toBe(true);
    expect(boundByIssuer(admin(), { kind: 'org', tenantIds: [A] }).hmac).toBe(false);
    expect(boundByIssuer(admin(), { kind: 'org', tenantIds: [A], hmac: true }).hmac).toBe(true);
  });

  it('an admin key issuing an admin key passes on the key scopes it holds', () => {
    expect(boundByIssuer(admin(), { kind: 'admin', tenantIds: [A] }).scopes).toEqual([
      'messages:send',
      'messages:read',
      'keys:read',
      'keys:write',
    ]);
  });

  it('an unrestricted admin key may issue restricted keys, and unrestricted ones', () => {
    const bound = boundByIssuer(admin(), {
      kind: 'org',
      tenantIds: [A],
      allowedPhoneNumberIds: ['7'],
      allowedIps: ['192.0.2.1'],
      rateLimitPerSecond: 80,
    });
    expect(bound).toMatchObject({
      allowedPhoneNumberIds: ['7'],
      allowedIps: ['192.0.2.1'],
      rateLimitPerSecond: 80,
      expiresAt: null,
    });
    expect(
      boundByIssuer(admin(), { kind: 'org', tenantIds: [A], allowedPhoneNumberIds: [] }).allowedPhoneNumberIds,
    ).toBeNull();
  });

  it.each([
    ['another organization', admin(), { tenantIds: [A, B] }, /organization outside its own/],
    ['a scope it lacks', admin(), { scopes: ['templates:write'] }, /scope it does not hold: templates:write/],
    [
      'a phone number outside its list',
      admin({ allowedPhoneNumberIds: new Set(['1']) }),
      { allowedPhoneNumberIds: ['1', '2'] },
      /phone number outside its own: 2/,
    ],
    [
      'no phone restriction under a restricted key',
      admin({ allowedPhoneNumberIds: new Set(['1']) }),
      { allowedPhoneNumberIds: null },
      /without the phone number restriction/,
    ],
    [
      'an IP range outside its list',
      admin({ allowedIps: ['10.0.0.0/8'] }),
      { allowedIps: ['0.0.0.0/0'] },
      /IP address or range outside its own/,
    ],
    [
      'no IP restriction under a restricted key',
      admin({ allowedIps: ['10.0.0.0/8'] }),
      { allowedIps: [] },
      /without the IP address or range restriction/,
    ],
    [
      'a higher rate limit',
      admin({ rateLimitPerSecond: 10 }),
      { rateLimitPerSecond: 11 },
      /rate limit above its own \(10 per second\)/,
    ],
    [
      'no expiry under an expiring key',
      admin({ expiresAt: Date.parse('2030-01-01') }),
      { expiresAt: null },
      /outlives it/,
    ],
    [
      'a later expiry',
      admin({ expiresAt: Date.parse('2030-01-01') }),
      { expiresAt: new Date('2030-01-02') },
      /outlives it/,
    ],
    [
      'a key without signing under a signing key',
      admin({ signs: true }),
      { hmac: false },
      /without the request signing \(HMAC\)/,
    ],
    ['a platform key', admin(), { kind: 'platform' as const, tenantIds: [] }, /only with the CLI/],
    [
      'a platform key, even for a platform key',
      platform,
      { kind: 'platform' as const, tenantIds: [] },
      /only with the CLI/,
    ],
    ['anything, for an organization key', admin({ kind: 'org' }), {}, /Only admin and platform keys issue keys/],
  ])('refuses %s with 403 code 200', (_what, issuer, request, message) => {
    const result = refusal(() => boundByIssuer(issuer, { kind: 'org', tenantIds: [A], ...request }));
    expect(result).toMatchObject({ status: 403, code: 200 });
    expect(result.message).toMatch(message);
  });

  it('a platform key issues keys for any organization, defaulting to every scope of the kind and 80 a second', () => {
    const bound = boundByIssuer(platform, { kind: 'admin', tenantIds: [A, B] });
    expect(bound.tenantIds).toEqual([A, B]);
    expect(bound.scopes).toContain('keys:write');
    expect(bound.scopes).not.toContain('tenants:write');
    expect(bound.rateLimitPerSecond).toBe(80);
  });
});

describe('manages', () => {
  it('an admin key manages keys whose organizations are all its own', () => {
    const issuer = admin({ tenantIds: [A, B] });
    expect(manages(issuer, { kind: 'org', tenantIds: [A] })).toBe(true);
    expect(manages(issuer, { kind: 'admin', tenantIds: [A, B] })).toBe(true);
    expect(manages(admin(), { kind: 'admin', tenantIds: [A, B] })).toBe(false);
    expect(manages(admin(), { kind: 'org', tenantIds: [B] })).toBe(false);
  });

  it('nobody manages platform keys over HTTP; organization keys manage nothing', () => {
    expect(manages(platform, { kind: 'platform', tenantIds: [] })).toBe(false);
    expect(manages(platform, { kind: 'org', tenantIds: [B] })).toBe(true);
    expect(manages(admin({ kind: 'org' }), { kind: 'org', tenantIds: [A] })).toBe(false);
  });
});
