import { assertRecordable, auditedChanges, REDACTED } from './audit-changes';

describe('what the audit log keeps of a write', () => {
  it('keeps the fields the route names, and nothing else of the request', () => {
    const kept = auditedChanges(
      { force: 'true', access_token: 'EAAG-query' },
      {
        waba_id: '102290129340398',
        access_token: 'EAAG-secret',
        code: 'one-time-code',
        pin: '123456',
        settings: { url: 'https://example.com/hook', verify_token: 'vt', other: 1 },
        name: 'Shop',
      },
      { body: ['waba_id', 'name', 'settings.url', 'absent'], query: ['force'] },
    );
    expect(kept).toEqual({
      query: { force: 'true' },
      body: { waba_id: '102290129340398', name: 'Shop', settings: { url: 'https://example.com/hook' } },
    });
    expect(JSON.stringify(kept)).not.toMatch(/EAAG|one-time|123456|"vt"/);
  });

  it('replaces secrets by name inside a named object, as a second guard', () => {
    const kept = auditedChanges(
      undefined,
      { nested: { hmac_secret: 'abc', Authorization: 'Bearer x', pin: '1', url: 'u' }, list: [{ client_secret: 's' }] },
      { body: ['nested', 'list'] },
    );
    expect(kept).toEqual({
      body: {
        nested: { hmac_secret: REDACTED, Authorization: REDACTED, pin: REDACTED, url: 'u' },
        list: [{ client_secret: REDACTED }],
      },
    });
  });

  it('refuses a route that names a secret among its fields, at any depth', () => {
    for (const path of ['access_token', 'secret', 'pin', 'code', 'webhook_configuration.verify_token', 'password'])
      expect(() => assertRecordable('x.y', { body: [path] })).toThrow(/holds a secret/);
    expect(() => assertRecordable('x.y', { query: ['hmac_secret'] })).toThrow(/holds a secret/);
    expect(() =>
      assertRecordable('x.y', { body: ['waba_id', 'language', 'webhook_configuration.override_callback_uri'] }),
    ).not.toThrow();
  });

  it('shortens long lists and texts, and stops deep nesting', () => {
    const recipients = Array.from({ length: 10_000 }, (_, i) => ({ to: `1555${i}` }));
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20; i++) deep = { deeper: deep };
    const kept = auditedChanges(
      undefined,
      { recipients, note: 'x'.repeat(5000), deep },
      { body: ['recipients', 'note', 'deep'] },
    ) as {
      body: { recipients: unknown[]; note: string; deep: unknown };
    };
    expect(kept.body.recipients).toHaveLength(21);
    expect(kept.body.recipients[20]).toBe('… 9980 more');
    expect(kept.body.note).toBe(`${'x'.repeat(1000)}… (5000 characters)`);
    expect(JSON.stringify(kept.body.deep)).toContain('"…"');
    expect(JSON.stringify(kept).length).toBeLessThan(4000);
  });

  it('replaces what PostgreSQL cannot hold in JSON (NUL, unpaired surrogates)', () => {
    expect(auditedChanges({ a: 'b\uD800\u0000' }, undefined, { query: ['a'] })).toEqual({
      query: { a: 'b\uFFFD\uFFFD' },
    });
  });

  it('keeps nothing for a write that carried none of the named fields, or a route that names none', () => {
    expect(auditedChanges({ name: 'order_update' }, {}, { query: ['name'] })).toEqual({
      query: { name: 'order_update' },
    });
    expect(auditedChanges({}, undefined, { body: ['name'] })).toBeNull();
    expect(auditedChanges({ a: '1' }, { b: 2 }, {})).toBeNull();
    expect(auditedChanges(undefined, 'a,b\n1,2', { body: ['a'] })).toBeNull();
  });
});
