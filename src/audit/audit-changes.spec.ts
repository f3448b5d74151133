import { auditedChanges, REDACTED } from './audit-changes';

describe('what the audit log keeps of a write', () => {
  it('replaces secrets by name, at any depth, and keeps the rest', () => {
    const kept = auditedChanges(
      {},
      {
        waba_id: '102290129340398',
        access_token: 'EAAG-secret',
        nested: { hmac_secret: 'abc', Authorization: 'Bearer x', url: 'https://example.com/hook' },
        list: [{ client_secret: 's' }],
        hmac: true,
      },
    );
    expect(kept).toEqual({
      body: {
        waba_id: '102290129340398',
        access_token: REDACTED,
        nested: { hmac_secret: REDACTED, Authorization: REDACTED, url: 'https://example.com/hook' },
        list: [{ client_secret: REDACTED }],
        hmac: true,
      },
    });
    expect(JSON.stringify(kept)).not.toMatch(/EAAG|Bearer|"abc"|"s"/);
  });

  it('shortens long lists and texts, and stops deep nesting', () => {
    const recipients = Array.from({ length: 10_000 }, (_, i) => ({ to: `1555${i}` }));
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20; i++) deep = { deeper: deep };
    const kept = auditedChanges(undefined, { recipients, note: 'x'.repeat(5000), deep }) as {
      body: { recipients: unknown[]; note: string; deep: unknown };
    };
    expect(kept.body.recipients).toHaveLength(21);
    expect(kept.body.recipients[20]).toBe('… 9980 more');
    expect(kept.body.note).toBe(`${'x'.repeat(1000)}… (5000 characters)`);
    expect(JSON.stringify(kept.body.deep)).toContain('"…"');
    expect(JSON.stringify(kept).length).toBeLessThan(4000);
  });

  it('replaces what PostgreSQL cannot hold in JSON (NUL, unpaired surrogates), in names and values', () => {
    expect(auditedChanges({ 'a\u0000': 'b\uD800' }, undefined)).toEqual({ query: { 'a\uFFFD': 'b\uFFFD' } });
  });

  it('keeps the query, and nothing for a write with neither query nor body', () => {
    expect(auditedChanges({ name: 'order_update' }, {})).toEqual({ query: { name: 'order_update' } });
    expect(auditedChanges({}, undefined)).toBeNull();
  });
});
