import { GraphError } from '../core/graph-error';
import { resolveTenantId, TENANT_HEADER, type TenantResolutionInput } from './tenant-resolution';

const ORG_A = '11111111-1111-4111-8111-111111111111';
const ORG_B = '22222222-2222-4222-8222-222222222222';
const ORG_C = '33333333-3333-4333-8333-333333333333';

/** Runs the resolution and returns the GraphError it throws (fails the test when it does not throw one). */
function errorOf(input: TenantResolutionInput): GraphError {
  try {
    resolveTenantId(input);
  } catch (error) {
    expect(error).toBeInstanceOf(GraphError);
    return error as GraphError;
  }
  throw new Error(`expected resolveTenantId to throw for ${JSON.stringify(input)}`);
}

function expectInvalidToken(error: GraphError): void {
  expect(error.code).toBe(190);
  expect(error.status).toBe(401);
  expect(error.type).toBe('OAuthException');
  expect(error.message).toBe('Invalid OAuth access token.');
  expect(error.options.headers).toEqual({ 'WWW-Authenticate': 'Bearer error="invalid_token"' });
}

describe('TENANT_HEADER', () => {
  it('is the lower-case X-Svc-Tenant-Id header name', () => {
    expect(TENANT_HEADER).toBe('x-svc-tenant-id');
  });
});

describe('resolveTenantId', () => {
  describe('with a path resource (rule 5 and 8)', () => {
    it('returns the organization of a path resource inside an organization key', () => {
      expect(
        resolveTenantId({ keyKind: 'org', keyTenantIds: [ORG_A], pathTenantId: ORG_A, tenantRequired: true }),
      ).toBe(ORG_A);
    });

    it("returns the organization of a path resource inside one of an admin key's organizations", () => {
      expect(
        resolveTenantId({ keyKind: 'admin', keyTenantIds: [ORG_A, ORG_B], pathTenantId: ORG_B, tenantRequired: true }),
      ).toBe(ORG_B);
    });

    it('derives the organization from the path even when the route does not require one', () => {
      expect(
        resolveTenantId({ keyKind: 'admin', keyTenantIds: [ORG_A, ORG_B], pathTenantId: ORG_A, tenantRequired: false }),
      ).toBe(ORG_A);
    });

    it('answers 401 code 190 when the path resource does not exist (null)', () => {
      expectInvalidToken(errorOf({ keyKind: 'org', keyTenantIds: [ORG_A], pathTenantId: null, tenantRequired: true }));
      expectInvalidToken(
        errorOf({ keyKind: 'admin', keyTenantIds: [ORG_A, ORG_B], pathTenantId: null, tenantRequired: true }),
      );
    });

    it('answers 401 code 190 when the path resource belongs to another organization', () => {
      expectInvalidToken(errorOf({ keyKind: 'org', keyTenantIds: [ORG_A], pathTenantId: ORG_B, tenantRequired: true }));
      expectInvalidToken(
        errorOf({ keyKind: 'admin', keyTenantIds: [ORG_A, ORG_B], pathTenantId: ORG_C, tenantRequired: true }),
      );
    });

    it('makes "outside the key" indistinguishable from "does not exist" (no enumeration)', () => {
      const missing = errorOf({ keyKind: 'admin', keyTenantIds: [ORG_A], pathTenantId: null, tenantRequired: true });
      const foreign = errorOf({ keyKind: 'admin', keyTenantIds: [ORG_A], pathTenantId: ORG_B, tenantRequired: true });
      expect(foreign.message).toBe(missing.message);
      expect(foreign.status).toBe(missing.status);
      expect(foreign.code).toBe(missing.code);
      expect(foreign.type).toBe(missing.type);
      expect(foreign.options).toEqual(missing.options);
      expect(foreign.toBody('trace')).toEqual(missing.toBody('trace'));
      // And both are exactly what an invalid key gets.
      expect(foreign.toBody('trace')).toEqual(GraphError.invalidToken().toBody('trace'));
      expect(foreign.options).toEqual(GraphError.invalidToken().options);
    });

    it('does not reveal the foreign organization in the error', () => {
      const foreign = errorOf({ keyKind: 'admin', keyTenantIds: [ORG_A], pathTenantId: ORG_B, tenantRequired: true });
      expect(JSON.stringify(foreign.toBody('t'))).not.toContain(ORG_B);
      expect(foreign.message).not.toContain(ORG_B);
    });

    it('answers 401 for a missing or foreign path resource even when a header is sent (401 before 400/403)', () => {
      expectInvalidToken(
        errorOf({
          keyKind: 'admin',
          keyTenantIds: [ORG_A],
          pathTenantId: null,
          headerTenantId: ORG_A,
          tenantRequired: true,
        }),
      );
      expectInvalidToken(
        errorOf({
          keyKind: 'admin',
          keyTenantIds: [ORG_A],
          pathTenantId: ORG_B,
          headerTenantId: ORG_B,
          tenantRequired: true,
        }),
      );
      expectInvalidToken(
        errorOf({
          keyKind: 'admin',
          keyTenantIds: [ORG_A],
          pathTenantId: ORG_B,
          headerTenantId: ORG_A,
          tenantRequired: true,
        }),
      );
    });

    it("accepts a header equal to the path resource's organization", () => {
      expect(
        resolveTenantId({
          keyKind: 'admin',
          keyTenantIds: [ORG_A, ORG_B],
          pathTenantId: ORG_B,
          headerTenantId: ORG_B,
          tenantRequired: true,
        }),
      ).toBe(ORG_B);
      expect(
        resolveTenantId({
          keyKind: 'org',
          keyTenantIds: [ORG_A],
          pathTenantId: ORG_A,
          headerTenantId: ORG_A,
          tenantRequired: true,
        }),
      ).toBe(ORG_A);
    });

    it('answers 400 code 100 when the header contradicts the path resource (rule 7)', () => {
      const error = errorOf({
        keyKind: 'admin',
        keyTenantIds: [ORG_A, ORG_B],
        pathTenantId: ORG_A,
        headerTenantId: ORG_B,
        tenantRequired: true,
      });
      expect(error.code).toBe(100);
      expect(error.status).toBe(400);
      expect(error.type).toBe('GraphMethodException');
      expect(error.message).toMatch(/^\(#100\) /);
      expect(error.message).toContain('X-Svc-Tenant-Id');
      expect(error.options.data).toEqual({ details: expect.stringContaining('X-Svc-Tenant-Id') });
    });

    it('answers 400 (not 403) for a contradicting header naming an organization outside the key', () => {
      const error = errorOf({
        keyKind: 'admin',
        keyTenantIds: [ORG_A],
        pathTenantId: ORG_A,
        headerTenantId: ORG_C,
        tenantRequired: true,
      });
      expect(error.code).toBe(100);
      expect(error.status).toBe(400);
    });
  });

  describe('without a path resource (rule 6 and 7)', () => {
    it("returns the header's organization when the admin key reaches it", () => {
      expect(
        resolveTenantId({
          keyKind: 'admin',
          keyTenantIds: [ORG_A, ORG_B],
          headerTenantId: ORG_B,
          tenantRequired: true,
        }),
      ).toBe(ORG_B);
      expect(
        resolveTenantId({
          keyKind: 'admin',
          keyTenantIds: [ORG_A, ORG_B],
          headerTenantId: ORG_A,
          tenantRequired: false,
        }),
      ).toBe(ORG_A);
    });

    it("returns the header's organization for an organization key naming its own organization", () => {
      expect(
        resolveTenantId({ keyKind: 'org', keyTenantIds: [ORG_A], headerTenantId: ORG_A, tenantRequired: true }),
      ).toBe(ORG_A);
    });

    it('answers 403 code 200 OAuthException when the header names an organization outside the key', () => {
      const error = errorOf({
        keyKind: 'admin',
        keyTenantIds: [ORG_A, ORG_B],
        headerTenantId: ORG_C,
        tenantRequired: true,
      });
      expect(error.code).toBe(200);
      expect(error.status).toBe(403);
      expect(error.type).toBe('OAuthException');
      expect(error.message).toMatch(/^\(#200\) /);
      expect(error.message).toContain('X-Svc-Tenant-Id');
      expect(error.message).not.toContain(ORG_C);
    });

    it('answers 403 for an organization key naming another organization', () => {
      const error = errorOf({ keyKind: 'org', keyTenantIds: [ORG_A], headerTenantId: ORG_B, tenantRequired: true });
      expect(error.code).toBe(200);
      expect(error.status).toBe(403);
    });

    it('answers the same 403 whether or not the named organization exists (header text is opaque)', () => {
      const real = errorOf({ keyKind: 'admin', keyTenantIds: [ORG_A], headerTenantId: ORG_B, tenantRequired: true });
      const garbage = errorOf({
        keyKind: 'admin',
        keyTenantIds: [ORG_A],
        headerTenantId: 'not-a-uuid',
        tenantRequired: true,
      });
      expect(garbage.toBody('t')).toEqual(real.toBody('t'));
      expect(garbage.status).toBe(real.status);
    });

    it('answers 403 for a header outside the key even on a route that does not require an organization', () => {
      const error = errorOf({ keyKind: 'admin', keyTenantIds: [ORG_A], headerTenantId: ORG_B, tenantRequired: false });
      expect(error.status).toBe(403);
      expect(error.code).toBe(200);
    });

    it('lets an organization key without a header act for its own organization', () => {
      expect(resolveTenantId({ keyKind: 'org', keyTenantIds: [ORG_A], tenantRequired: true })).toBe(ORG_A);
      expect(resolveTenantId({ keyKind: 'org', keyTenantIds: [ORG_A], tenantRequired: false })).toBe(ORG_A);
    });

    it('answers 400 code 100 for an admin key without a header on a route that needs an organization', () => {
      const error = errorOf({ keyKind: 'admin', keyTenantIds: [ORG_A, ORG_B], tenantRequired: true });
      expect(error.code).toBe(100);
      expect(error.status).toBe(400);
      expect(error.type).toBe('GraphMethodException');
      expect(error.message).toBe('(#100) No organization selected');
      expect(error.options.data).toEqual({ details: expect.stringContaining('X-Svc-Tenant-Id') });
    });

    it('still answers 400 for an admin key reaching a single organization (admin keys never act implicitly)', () => {
      const error = errorOf({ keyKind: 'admin', keyTenantIds: [ORG_A], tenantRequired: true });
      expect(error.code).toBe(100);
      expect(error.status).toBe(400);
    });

    it('returns undefined for an admin key without a header on a route that needs no organization', () => {
      expect(
        resolveTenantId({ keyKind: 'admin', keyTenantIds: [ORG_A, ORG_B], tenantRequired: false }),
      ).toBeUndefined();
      expect(resolveTenantId({ keyKind: 'admin', keyTenantIds: [ORG_A], tenantRequired: false })).toBeUndefined();
    });

    it('treats an explicitly undefined path tenant as "no path resource"', () => {
      expect(
        resolveTenantId({ keyKind: 'org', keyTenantIds: [ORG_A], pathTenantId: undefined, tenantRequired: true }),
      ).toBe(ORG_A);
    });
  });
});
