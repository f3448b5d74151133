import { join } from 'node:path';
import { describedOperations } from '../../scripts/cloud-api-operations';
import { CLOUD_API_OPERATIONS } from './cloud-api-operations';

/**
 * The committed operation table is exactly what Meta's description (libs/meta/openapi) says. A new
 * version of the description fails this test with the operations that changed; regenerate with
 * `npm run cloud-api:generate` and place each new operation (src/passthrough/cloud-api-routes.ts).
 */
describe("Meta's Cloud API description", () => {
  const described = describedOperations(join(__dirname, 'openapi/business-messaging-api_v23.0.yaml'));
  const key = (operation: { method: string; path: string }) => `${operation.method} ${operation.path}`;

  it('is what the committed table holds, operation by operation', () => {
    const committed = new Map(CLOUD_API_OPERATIONS.map((operation) => [key(operation), operation]));
    const now = new Map(described.map((operation) => [key(operation), operation]));
    expect({
      added: [...now.keys()].filter((k) => !committed.has(k)),
      removed: [...committed.keys()].filter((k) => !now.has(k)),
      changed: [...now.keys()].filter(
        (k) => committed.has(k) && JSON.stringify(committed.get(k)) !== JSON.stringify(now.get(k)),
      ),
    }).toEqual({ added: [], removed: [], changed: [] });
  });

  it('has 112 versioned operations, 88 of them on what a tenant owns', () => {
    expect(described).toHaveLength(112);
    expect(described.filter((operation) => operation.scope === 'tenant')).toHaveLength(88);
  });

  it('reads the ids, the required inputs and Meta’s example answer of an operation', () => {
    const register = described.find((operation) => operation.operationId === 'registerWhatsAppBusinessPhoneNumber')!;
    expect(register).toMatchObject({
      method: 'POST',
      path: '/{Version}/{Phone-Number-ID}/register',
      tag: 'Phone Number Registration',
      segments: [{ id: 'Phone-Number-ID', kind: 'phone_number' }, { edge: 'register' }],
      scope: 'tenant',
      body: { contentType: 'application/json', required: ['messaging_product', 'pin'] },
      response: { status: 200, example: { success: true } },
    });
    const qr = described.find((operation) => operation.operationId === 'getIndividualQrCode')!;
    expect(qr.segments).toEqual([
      { id: 'Phone-Number-ID', kind: 'phone_number' },
      { edge: 'message_qrdls' },
      { id: 'QR-Code-ID', kind: 'qr_code' },
    ]);
    const permissions = described.find((operation) => operation.operationId === 'checkCallPermissions')!;
    expect(permissions.requiredQuery).toEqual(['user_wa_id']);
    // Untagged in the description: the group operations get their family's name.
    expect(described.find((operation) => operation.operationId === 'createGroup')!.tag).toBe('Groups');
    const portfolio = described.find((operation) => operation.operationId === 'getOwnedWhatsAppBusinessAccounts')!;
    expect(portfolio.scope).toBe('not_tenant');
  });
});
