import { CLOUD_API_OPERATIONS } from '../../libs/meta/cloud-api-operations';
import {
  familyOf,
  FORWARDED_OPERATIONS,
  LEFT_OUT,
  NATIVE_OPERATIONS,
  operationsShaped,
  PASSTHROUGH_ROUTES,
  scopeOf,
  treatmentOf,
} from './cloud-api-routes';
import { idsAt, learnedIds, LEARNED_IDS } from './id-learning';

const byId = (operationId: string) => CLOUD_API_OPERATIONS.find((operation) => operation.operationId === operationId)!;

describe('what the gateway does with each operation of the description', () => {
  it('places every tenant-scoped operation: 18 native, 3 left out (with a reason), the rest forwarded', () => {
    const tenant = CLOUD_API_OPERATIONS.filter((operation) => operation.scope === 'tenant');
    const counts = { native: 0, forwarded: 0, left_out: 0, not_tenant: 0 };
    for (const operation of tenant) counts[treatmentOf(operation)]++;
    expect(counts).toEqual({ native: 18, forwarded: 67, left_out: 3, not_tenant: 0 });
    expect(FORWARDED_OPERATIONS).toHaveLength(67);
    // Every name in the tables is an operation of the description (a renamed one would fail here).
    for (const operationId of [
      ...Object.keys(NATIVE_OPERATIONS),
      ...Object.keys(LEFT_OUT),
      ...Object.keys(LEARNED_IDS),
    ])
      expect({ operationId, described: CLOUD_API_OPERATIONS.some((o) => o.operationId === operationId) }).toEqual({
        operationId,
        described: true,
      });
    for (const operation of CLOUD_API_OPERATIONS.filter((o) => o.scope === 'not_tenant'))
      expect(treatmentOf(operation)).toBe('not_tenant');
  });

  it.each([
    ['blockUserS', 'blocking', 'blocking:write'],
    ['getBlockedUsers', 'blocking', 'blocking:read'],
    ['registerWhatsAppBusinessPhoneNumber', 'account', 'account:write'],
    ['getPhoneNumberSettings', 'account', 'account:read'],
    ['publishFlow', 'flows', 'flows:write'],
    ['listFlows', 'flows', 'flows:read'],
    ['createGroupInviteLink', 'groups', 'groups:write'],
    ['getGroupInfo', 'groups', 'groups:read'],
    ['deleteIndividualQrCode', 'qr_codes', 'qr_codes:write'],
    ['checkCallPermissions', 'calling', 'calling:read'],
    ['manageCalls', 'calling', 'calling:write'],
    ['getCommerceSettings', 'commerce', 'commerce:read'],
    ['getMessageHistoryEvents', 'history', 'history:read'],
    ['sendMarketingMessage', 'messages', 'messages:send'],
    ['getWhatsAppBusinessAccountDetails', 'account', 'account:read'],
  ])('%s is of the %s family and needs %s', (operationId, family, scope) => {
    expect(familyOf(byId(operationId))).toBe(family);
    expect(scopeOf(byId(operationId))).toBe(scope);
  });

  it('routes one Express path per forwarded or refused path of the description, none of a native one', () => {
    expect(PASSTHROUGH_ROUTES).toEqual(
      expect.arrayContaining([':node/register', ':node/message_qrdls/:child', ':node/flows', ':node/access_token']),
    );
    expect(PASSTHROUGH_ROUTES).not.toContain(':node/messages');
    expect(PASSTHROUGH_ROUTES).not.toContain(':node/message_templates');
    expect(PASSTHROUGH_ROUTES.every((route) => route.startsWith(':node/'))).toBe(true);
  });

  it('finds the operations of a path shape; the kind of the first id decides among them', () => {
    const bare = operationsShaped('GET', ['123']).map((operation) => operation.operationId);
    expect(bare).toEqual(expect.arrayContaining(['getFlow', 'getGroupInfo', 'getWhatsAppBusinessAccountDetails']));
    expect(operationsShaped('POST', ['123', 'publish']).map((o) => o.operationId)).toEqual(['publishFlow']);
    expect(operationsShaped('GET', ['123', 'message_qrdls', 'ABC']).map((o) => o.operationId)).toEqual([
      'getIndividualQrCode',
    ]);
    expect(operationsShaped('PATCH', ['123', 'publish'])).toEqual([]);
    expect(operationsShaped('GET', ['123', 'no_such_edge'])).toEqual([]);
  });
});

describe('ids learned from Meta’s answers', () => {
  it('walks a dotted path with [] into lists, keeping only strings and numbers', () => {
    expect(idsAt({ data: { groups: [{ id: '1' }, { id: 2 }, { id: null }, {}] } }, 'data.groups[].id')).toEqual([
      '1',
      '2',
    ]);
    expect(idsAt({ code: 'ABC' }, 'code')).toEqual(['ABC']);
    expect(idsAt({ data: 'not a list' }, 'data[].id')).toEqual([]);
    expect(idsAt(undefined, 'id')).toEqual([]);
    expect(idsAt({ id: 'x'.repeat(129) }, 'id')).toEqual([]);
  });

  it('knows where each creating or listing operation puts its ids', () => {
    expect(learnedIds('listFlows', { data: [{ id: '10' }, { id: '11' }] })).toEqual([
      { kind: 'flow', objectId: '10' },
      { kind: 'flow', objectId: '11' },
    ]);
    expect(learnedIds('migrateFlows', { migrated_flows: [{ migrated_id: '12' }] })).toEqual([
      { kind: 'flow', objectId: '12' },
    ]);
    expect(learnedIds('createOrUpdateQrCode', { code: 'QR1' })).toEqual([{ kind: 'qr_code', objectId: 'QR1' }]);
    expect(learnedIds('createGroup', { request_id: '13' })).toEqual([]);
    expect(learnedIds('getFlow', { id: '10' })).toEqual([]);
  });
});
