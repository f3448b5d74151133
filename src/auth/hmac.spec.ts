import { createHmac } from 'node:crypto';
import { SIGNATURE_HEADER, signRequest, type SignedRequest, TIMESTAMP_HEADER, verifyRequestSignature } from './hmac';

const SECRET = 'topsecret';
const TIMESTAMP = '1700000000';
const NOW = 1_700_000_000;
const MAX_SKEW = 300;
const PATH = '/v21.0/123456789/messages?debug=1';
const BODY = '{"messaging_product":"whatsapp","to":"15551234567"}';

/** The documented string, signed independently of the code under test. */
function independentSignature(
  secret: string,
  timestamp: string,
  method: string,
  pathWithQuery: string,
  body: string,
): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${method}.${pathWithQuery}.${body}`, 'utf8').digest('hex')}`;
}

function signedRequest(overrides: Partial<SignedRequest> = {}): SignedRequest {
  return {
    timestamp: TIMESTAMP,
    signature: independentSignature(SECRET, TIMESTAMP, 'POST', PATH, BODY),
    method: 'POST',
    pathWithQuery: PATH,
    body: Buffer.from(BODY),
    ...overrides,
  };
}

describe('header names', () => {
  it('are the lower-case X-Svc-Timestamp and X-Svc-Signature', () => {
    expect(TIMESTAMP_HEADER).toBe('x-svc-timestamp');
    expect(SIGNATURE_HEADER).toBe('x-svc-signature');
  });
});

describe('signRequest', () => {
  it('matches a hard-coded vector (precomputed with `openssl dgst -sha256 -hmac`)', () => {
    expect(signRequest(SECRET, TIMESTAMP, 'POST', PATH, BODY)).toBe(
      'v1=8a4604dc52505e64f3852e151fc562ecad13da4fd938e6c615d8e0007fc8c252',
    );
  });

  it('matches a hard-coded vector for an empty body (the string still ends with ".")', () => {
    expect(signRequest(SECRET, TIMESTAMP, 'GET', '/v21.0/123/message_templates?limit=10', '')).toBe(
      'v1=1d3fc82ffea0b07984c9ecb0147569aedda65fedbc44ec9ff462b561c4b3eff2',
    );
  });

  it('is HMAC-SHA256 over timestamp.METHOD.path-with-query.body, computed independently', () => {
    const body = '{"text":{"body":"olá 👋"}}';
    expect(signRequest('another-secret', '1712345678', 'PATCH', '/admin/keys/1?x=1&y=2', body)).toBe(
      independentSignature('another-secret', '1712345678', 'PATCH', '/admin/keys/1?x=1&y=2', body),
    );
  });

  it('is v1= followed by 64 lower-case hex characters', () => {
    expect(signRequest(SECRET, TIMESTAMP, 'POST', PATH, BODY)).toMatch(/^v1=[0-9a-f]{64}$/);
  });

  it('upper-cases the method', () => {
    const upper = signRequest(SECRET, TIMESTAMP, 'POST', PATH, BODY);
    expect(signRequest(SECRET, TIMESTAMP, 'post', PATH, BODY)).toBe(upper);
    expect(signRequest(SECRET, TIMESTAMP, 'PoSt', PATH, BODY)).toBe(upper);
    expect(signRequest(SECRET, TIMESTAMP, 'post', PATH, BODY)).toBe(
      independentSignature(SECRET, TIMESTAMP, 'POST', PATH, BODY),
    );
  });

  it('gives the same signature for a Buffer body and the same bytes as a string', () => {
    const body = '{"name":"naïve ✓"}';
    expect(signRequest(SECRET, TIMESTAMP, 'POST', PATH, Buffer.from(body, 'utf8'))).toBe(
      signRequest(SECRET, TIMESTAMP, 'POST', PATH, body),
    );
    expect(signRequest(SECRET, TIMESTAMP, 'POST', PATH, Buffer.alloc(0))).toBe(
      signRequest(SECRET, TIMESTAMP, 'POST', PATH, ''),
    );
  });

  it('changes with every input', () => {
    const base = signRequest(SECRET, TIMESTAMP, 'POST', PATH, BODY);
    expect(signRequest('topsecreT', TIMESTAMP, 'POST', PATH, BODY)).not.toBe(base);
    expect(signRequest(SECRET, '1700000001', 'POST', PATH, BODY)).not.toBe(base);
    expect(signRequest(SECRET, TIMESTAMP, 'PUT', PATH, BODY)).not.toBe(base);
    expect(signRequest(SECRET, TIMESTAMP, 'POST', `${PATH}0`, BODY)).not.toBe(base);
    expect(signRequest(SECRET, TIMESTAMP, 'POST', PATH, `${BODY} `)).not.toBe(base);
  });
});

describe('verifyRequestSignature', () => {
  it('accepts a request signed as documented', () => {
    expect(verifyRequestSignature(SECRET, signedRequest(), NOW, MAX_SKEW)).toBe(true);
  });

  it('accepts a string body and a lower-case method', () => {
    expect(verifyRequestSignature(SECRET, signedRequest({ body: BODY, method: 'post' }), NOW, MAX_SKEW)).toBe(true);
  });

  it('accepts a signature made by signRequest itself', () => {
    const signature = signRequest(SECRET, TIMESTAMP, 'GET', '/v21.0/1/message_templates', '');
    expect(
      verifyRequestSignature(
        SECRET,
        { timestamp: TIMESTAMP, signature, method: 'GET', pathWithQuery: '/v21.0/1/message_templates', body: '' },
        NOW,
        MAX_SKEW,
      ),
    ).toBe(true);
  });

  it('rejects a wrong secret', () => {
    expect(verifyRequestSignature('topsecreT', signedRequest(), NOW, MAX_SKEW)).toBe(false);
    expect(verifyRequestSignature('', signedRequest(), NOW, MAX_SKEW)).toBe(false);
  });

  it('rejects a tampered body', () => {
    expect(
      verifyRequestSignature(
        SECRET,
        signedRequest({ body: BODY.replace('15551234567', '15557654321') }),
        NOW,
        MAX_SKEW,
      ),
    ).toBe(false);
    expect(verifyRequestSignature(SECRET, signedRequest({ body: `${BODY}\n` }), NOW, MAX_SKEW)).toBe(false);
    expect(verifyRequestSignature(SECRET, signedRequest({ body: '' }), NOW, MAX_SKEW)).toBe(false);
  });

  it('rejects a tampered path or query string', () => {
    expect(
      verifyRequestSignature(
        SECRET,
        signedRequest({ pathWithQuery: '/v21.0/987654321/messages?debug=1' }),
        NOW,
        MAX_SKEW,
      ),
    ).toBe(false);
    expect(
      verifyRequestSignature(
        SECRET,
        signedRequest({ pathWithQuery: '/v21.0/123456789/messages?debug=0' }),
        NOW,
        MAX_SKEW,
      ),
    ).toBe(false);
    expect(
      verifyRequestSignature(SECRET, signedRequest({ pathWithQuery: '/v21.0/123456789/messages' }), NOW, MAX_SKEW),
    ).toBe(false);
    expect(verifyRequestSignature(SECRET, signedRequest({ pathWithQuery: `${PATH}&extra=1` }), NOW, MAX_SKEW)).toBe(
      false,
    );
  });

  it('rejects another method', () => {
    expect(verifyRequestSignature(SECRET, signedRequest({ method: 'PUT' }), NOW, MAX_SKEW)).toBe(false);
    expect(verifyRequestSignature(SECRET, signedRequest({ method: 'GET' }), NOW, MAX_SKEW)).toBe(false);
  });

  it('rejects a timestamp other than the signed one (replay with a fresh timestamp)', () => {
    expect(verifyRequestSignature(SECRET, signedRequest({ timestamp: String(NOW + 1) }), NOW, MAX_SKEW)).toBe(false);
  });

  describe('clock skew', () => {
    it('accepts a timestamp exactly at the limit, in the past and in the future', () => {
      expect(verifyRequestSignature(SECRET, signedRequest(), NOW + MAX_SKEW, MAX_SKEW)).toBe(true);
      expect(verifyRequestSignature(SECRET, signedRequest(), NOW - MAX_SKEW, MAX_SKEW)).toBe(true);
    });

    it('accepts a timestamp just inside the limit, in both directions', () => {
      expect(verifyRequestSignature(SECRET, signedRequest(), NOW + MAX_SKEW - 1, MAX_SKEW)).toBe(true);
      expect(verifyRequestSignature(SECRET, signedRequest(), NOW - MAX_SKEW + 1, MAX_SKEW)).toBe(true);
    });

    it('rejects a timestamp one second beyond the limit, in both directions', () => {
      // Request timestamp too old (server clock ahead)...
      expect(verifyRequestSignature(SECRET, signedRequest(), NOW + MAX_SKEW + 1, MAX_SKEW)).toBe(false);
      // ...and too far in the future (server clock behind).
      expect(verifyRequestSignature(SECRET, signedRequest(), NOW - MAX_SKEW - 1, MAX_SKEW)).toBe(false);
    });

    it('honours a different limit', () => {
      expect(verifyRequestSignature(SECRET, signedRequest(), NOW + 10, 10)).toBe(true);
      expect(verifyRequestSignature(SECRET, signedRequest(), NOW + 11, 10)).toBe(false);
    });

    it('accepts a fractional server clock within the limit', () => {
      expect(verifyRequestSignature(SECRET, signedRequest(), NOW + 299.5, MAX_SKEW)).toBe(true);
      expect(verifyRequestSignature(SECRET, signedRequest(), NOW + 300.5, MAX_SKEW)).toBe(false);
    });
  });

  it('rejects a missing or empty timestamp', () => {
    expect(verifyRequestSignature(SECRET, signedRequest({ timestamp: undefined }), NOW, MAX_SKEW)).toBe(false);
    expect(verifyRequestSignature(SECRET, signedRequest({ timestamp: '' }), NOW, MAX_SKEW)).toBe(false);
  });

  it('rejects a missing or empty signature', () => {
    expect(verifyRequestSignature(SECRET, signedRequest({ signature: undefined }), NOW, MAX_SKEW)).toBe(false);
    expect(verifyRequestSignature(SECRET, signedRequest({ signature: '' }), NOW, MAX_SKEW)).toBe(false);
  });

  it.each([
    ['letters', 'abc'],
    ['a decimal point', '1700000000.0'],
    ['a sign', '+1700000000'],
    ['a negative number', '-1700000000'],
    ['exponent notation', '1.7e9'],
    ['surrounding spaces', ' 1700000000 '],
    ['hex', '0x6553f100'],
    ['more than 12 digits', '0001700000000'],
  ])('rejects a non-numeric or malformed timestamp: %s', (_label, timestamp) => {
    const signature = independentSignature(SECRET, timestamp, 'POST', PATH, BODY);
    expect(verifyRequestSignature(SECRET, signedRequest({ timestamp, signature }), NOW, MAX_SKEW)).toBe(false);
  });

  it('rejects a timestamp in milliseconds', () => {
    const timestamp = String(NOW * 1000);
    const signature = independentSignature(SECRET, timestamp, 'POST', PATH, BODY);
    expect(verifyRequestSignature(SECRET, signedRequest({ timestamp, signature }), NOW, MAX_SKEW)).toBe(false);
  });

  it('rejects a signature of a different length without throwing', () => {
    const good = signedRequest().signature!;
    expect(() =>
      verifyRequestSignature(SECRET, signedRequest({ signature: good.slice(0, -1) }), NOW, MAX_SKEW),
    ).not.toThrow();
    expect(verifyRequestSignature(SECRET, signedRequest({ signature: good.slice(0, -1) }), NOW, MAX_SKEW)).toBe(false);
    expect(verifyRequestSignature(SECRET, signedRequest({ signature: `${good}0` }), NOW, MAX_SKEW)).toBe(false);
    expect(verifyRequestSignature(SECRET, signedRequest({ signature: 'v1=' }), NOW, MAX_SKEW)).toBe(false);
  });

  it('rejects a same-length signature differing in one hex digit', () => {
    const good = signedRequest().signature!;
    const last = good.at(-1) === '0' ? '1' : '0';
    expect(verifyRequestSignature(SECRET, signedRequest({ signature: good.slice(0, -1) + last }), NOW, MAX_SKEW)).toBe(
      false,
    );
  });

  it('rejects the right hex without the v1= prefix, or with another version', () => {
    const hex = signedRequest().signature!.slice(3);
    expect(verifyRequestSignature(SECRET, signedRequest({ signature: hex }), NOW, MAX_SKEW)).toBe(false);
    expect(verifyRequestSignature(SECRET, signedRequest({ signature: `v2=${hex}` }), NOW, MAX_SKEW)).toBe(false);
    // Same length as the expected value, wrong prefix.
    expect(verifyRequestSignature(SECRET, signedRequest({ signature: `v1:${hex}` }), NOW, MAX_SKEW)).toBe(false);
    expect(verifyRequestSignature(SECRET, signedRequest({ signature: `sha256=${hex}` }), NOW, MAX_SKEW)).toBe(false);
  });

  it('rejects a multi-byte signature whose character count matches but byte count does not', () => {
    const good = signedRequest().signature!;
    const tricky = `${good.slice(0, -1)}é`; // same string length, one byte longer
    expect(() => verifyRequestSignature(SECRET, signedRequest({ signature: tricky }), NOW, MAX_SKEW)).not.toThrow();
    expect(verifyRequestSignature(SECRET, signedRequest({ signature: tricky }), NOW, MAX_SKEW)).toBe(false);
  });
});
