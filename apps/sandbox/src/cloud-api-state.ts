import { randomBytes, randomInt } from 'node:crypto';
import type { CloudApiOperation } from '../../../libs/meta/cloud-api-description';
import { GraphApiError } from './graph-error';
import { newNumericId } from './ids';

type Json = Record<string, unknown>;

/** Where a request lands: the business account that owns it and, for a number's objects, the number. */
export interface Place {
  wabaId: string;
  phoneNumberId?: string;
}

/** An object Meta creates under an account or a number (a flow, a group, a QR code, …). */
interface CloudObject extends Place {
  kind: string;
  id: string;
  record: Json;
}

/** What one phone number holds beyond messages: registration, codes, two-step pin, settings, blocked users. */
interface NumberState {
  registered: boolean;
  verificationCode?: string;
  verified: boolean;
  pin?: string;
  settings: Json;
  commerce: { is_cart_enabled: boolean; is_catalog_visible: boolean };
  blocked: Set<string>;
  /** Bodies of other writes (compliance, encryption key, automation, official account), by edge. */
  written: Map<string, Json>;
}

/** A request as the stateful handlers read it. */
export interface CloudApiCall {
  operation: CloudApiOperation;
  place: Place;
  /** The path's ids, in order (the first is the number, the account or the object). */
  ids: string[];
  query: Json;
  body: Json;
}

/**
 * The sandbox's state for the Cloud API beyond messages, media and templates: what a read after a
 * write must agree with. Operations without a handler here answer Meta's own example.
 */
export class CloudApiState {
  private readonly objects = new Map<string, CloudObject>();
  private readonly numbers = new Map<string, NumberState>();

  /** A number's state (created on first use). */
  number(phoneNumberId: string): NumberState {
    let state = this.numbers.get(phoneNumberId);
    if (!state) {
      state = {
        registered: false,
        verified: false,
        settings: {},
        commerce: { is_cart_enabled: false, is_catalog_visible: false },
        blocked: new Set(),
        written: new Map(),
      };
      this.numbers.set(phoneNumberId, state);
    }
    return state;
  }

  /** An object by id: its kind and where it lives. */
  object(id: string): CloudObject | undefined {
    return this.objects.get(id);
  }

  /** The handler of an operation with state, or undefined (Meta's example answers). */
  handle(call: CloudApiCall): Json | undefined {
    const handler = this.handlers[call.operation.operationId];
    return handler?.(call);
  }

  private create(kind: string, place: Place, record: Json, id = newNumericId()): CloudObject {
    const object = { kind, id, ...place, record: { ...record, id } };
    this.objects.set(id, object);
    return object;
  }

  private owned(kind: string, place: Place): CloudObject[] {
    return [...this.objects.values()].filter(
      (object) =>
        object.kind === kind &&
        object.wabaId === place.wabaId &&
        (place.phoneNumberId === undefined || object.phoneNumberId === place.phoneNumberId),
    );
  }

  private readonly handlers: Record<string, (call: CloudApiCall) => Json> = {
    // Registration, codes and two-step verification.
    registerWhatsAppBusinessPhoneNumber: ({ place, body }) => {
      const pin = sixDigits(body.pin, 'pin');
      const number = this.number(place.phoneNumberId!);
      // A number with two-step verification on registers only with its PIN, as at Meta.
      if (number.pin !== undefined && number.pin !== pin)
        throw new GraphApiError(400, {
          message: '(#133005) Two step verification PIN Mismatch',
          type: 'OAuthException',
          code: 133005,
          error_data: {
            messaging_product: 'whatsapp',
            details: 'pin: not the two-step verification PIN of this number',
          },
        });
      Object.assign(number, { registered: true, pin });
      return { success: true };
    },
    deregisterPhoneNumber: ({ place }) => {
      this.number(place.phoneNumberId!).registered = false;
      return { success: true };
    },
    requestVerificationCode: ({ place, body }) => {
      if (!['SMS', 'VOICE'].includes(String(body.code_method)))
        throw GraphApiError.invalidParameter('Param code_method must be one of {SMS, VOICE}');
      this.number(place.phoneNumberId!).verificationCode = String(randomInt(0, 1_000_000)).padStart(6, '0');
      return { success: true };
    },
    verifyPhoneNumberCode: ({ place, body }) => {
      const state = this.number(place.phoneNumberId!);
      if (!state.verificationCode || String(body.code) !== state.verificationCode) {
        throw new GraphApiError(400, {
          message: '(#136025) Code couldn’t be verified, You have entered a wrong code.',
          type: 'OAuthException',
          code: 136025,
          error_data: { messaging_product: 'whatsapp', details: 'code: not the code sent to this number' },
        });
      }
      Object.assign(state, { verified: true, verificationCode: undefined });
      return { success: true, id: place.phoneNumberId! };
    },
    updatePhoneNumberStatus: ({ place, body }) => {
      if (body.pin === undefined) return { success: true };
      this.number(place.phoneNumberId!).pin = sixDigits(body.pin, 'pin');
      return { success: true };
    },
    // Settings (calling among them) and commerce settings: a read shows what was written.
    getPhoneNumberSettings: ({ operation, place }) =>
      merge(structuredClone(operation.response.example) as Json, this.number(place.phoneNumberId!).settings),
    updatePhoneNumberSettings: ({ place, body }) => {
      const { messaging_product: _product, ...settings } = body;
      if (Object.keys(settings).length === 0)
        throw GraphApiError.invalidParameter('Param calling, payload_encryption or storage_configuration is required');
      merge(this.number(place.phoneNumberId!).settings, settings);
      return { success: true };
    },
    getCommerceSettings: ({ place }) => ({
      data: [{ id: place.phoneNumberId, ...this.number(place.phoneNumberId!).commerce }],
    }),
    setOrUpdateCommerceSettings: ({ place, query, body }) => {
      const commerce = this.number(place.phoneNumberId!).commerce;
      for (const name of ['is_cart_enabled', 'is_catalog_visible'] as const) {
        const value = query[name] ?? body[name];
        if (value !== undefined) commerce[name] = value === true || value === 'true';
      }
      return { success: true };
    },
    // Blocked users.
    getBlockedUsers: ({ place }) => ({
      data: [...this.number(place.phoneNumberId!).blocked].map((wa_id) => ({ messaging_product: 'whatsapp', wa_id })),
      paging: { cursors: {} },
    }),
    blockUserS: ({ place, body }) => {
      const users = usersOf(body);
      for (const user of users) this.number(place.phoneNumberId!).blocked.add(user.wa_id);
      return { messaging_product: 'whatsapp', block_users: { added_users: users } };
    },
    unblockUserS: ({ place, body }) => {
      const users = usersOf(body);
      for (const user of users) this.number(place.phoneNumberId!).blocked.delete(user.wa_id);
      return { messaging_product: 'whatsapp', block_users: { removed_users: users } };
    },
    // Flows.
    createFlow: ({ place, body }) => {
      if (typeof body.name !== 'string' || body.name === '')
        throw GraphApiError.invalidParameter('The parameter name is required');
      const flow = this.create(
        'flow',
        { wabaId: place.wabaId },
        {
          name: body.name,
          categories: listOf(body.categories, ['OTHER']),
          status: 'DRAFT',
          validation_errors: [],
          ...(typeof body.endpoint_uri === 'string' && { endpoint_uri: body.endpoint_uri }),
        },
      );
      return { id: flow.id };
    },
    listFlows: ({ place }) => ({
      data: this.owned('flow', { wabaId: place.wabaId }).map((flow) => flowFields(flow.record)),
      paging: { cursors: {} },
    }),
    migrateFlows: ({ place, body }) => {
      const names = listOf(body.source_flow_names, []);
      const source = this.owned('flow', { wabaId: String(body.source_waba_id) });
      const migrated: Json[] = [];
      const failed: Json[] = [];
      for (const name of names) {
        const from = source.find((flow) => flow.record.name === name);
        if (!from) {
          failed.push({
            source_name: name,
            error_code: '4233041',
            error_message: 'Flows Migration Error: Flow name not found in source WABA.',
          });
          continue;
        }
        const copy = this.create('flow', { wabaId: place.wabaId }, { ...from.record, status: 'DRAFT' });
        migrated.push({ source_name: name, source_id: from.id, migrated_id: copy.id });
      }
      return { migrated_flows: migrated, failed_flows: failed };
    },
    getFlow: ({ ids }) => flowFields(this.object(ids[0])!.record),
    updateFlowMetadata: ({ ids, body }) => {
      const flow = this.object(ids[0])!.record;
      for (const name of ['name', 'endpoint_uri'] as const) if (typeof body[name] === 'string') flow[name] = body[name];
      if (body.categories !== undefined) flow.categories = listOf(body.categories, flow.categories as string[]);
      return { success: true };
    },
    deleteFlow: ({ ids }) => {
      const flow = this.object(ids[0])!;
      if (flow.record.status !== 'DRAFT')
        throw GraphApiError.invalidParameter(
          `Flow with status ${String(flow.record.status)} cannot be deleted, deprecate it instead`,
        );
      this.objects.delete(flow.id);
      return { success: true };
    },
    listAssetsGetFlowJsonUrl: ({ ids }) => ({
      data:
        this.object(ids[0])!.record.flow_json === undefined
          ? []
          : [
              {
                name: 'flow.json',
                asset_type: 'FLOW_JSON',
                download_url: `https://sandbox.invalid/flows/${ids[0]}/flow.json`,
              },
            ],
      paging: { cursors: {} },
    }),
    updateFlowJson: ({ ids, body }) => {
      const flow = this.object(ids[0])!.record;
      if (flow.status !== 'DRAFT') throw GraphApiError.invalidParameter('Only a draft flow’s JSON can be changed');
      flow.flow_json = body.file ?? body.flow_json ?? '{}';
      return { success: true, validation_errors: [] };
    },
    publishFlow: ({ ids }) => transition(this.object(ids[0])!.record, 'DRAFT', 'PUBLISHED'),
    deprecateFlow: ({ ids }) => transition(this.object(ids[0])!.record, 'PUBLISHED', 'DEPRECATED'),
    // Groups.
    createGroup: ({ place, body }) => {
      const group = this.create('group', place, {
        messaging_product: 'whatsapp',
        subject: String(body.subject).trim(),
        description: typeof body.description === 'string' ? body.description : '',
        join_approval_mode: body.join_approval_mode === 'approval_required' ? 'approval_required' : 'auto_approve',
        suspended: false,
        creation_timestamp: Math.floor(Date.now() / 1000),
        participants: [],
        total_participant_count: 0,
      });
      return { messaging_product: 'whatsapp', request_id: group.id };
    },
    getActiveGroups: ({ place }) => ({
      data: {
        groups: this.owned('group', place).map((group) => ({
          id: group.id,
          subject: group.record.subject,
          created_at: new Date(Number(group.record.creation_timestamp) * 1000).toISOString(),
        })),
      },
      paging: { cursors: {} },
    }),
    getGroupInfo: ({ ids, query }) => {
      const { invite_link, ...record } = this.object(ids[0])!.record;
      const fields = typeof query.fields === 'string' ? query.fields.split(',') : [];
      return fields.includes('invite_link') ? { ...record, invite_link } : record;
    },
    updateGroupSettings: ({ ids, body }) => {
      const group = this.object(ids[0])!.record;
      for (const name of ['subject', 'description', 'join_approval_mode'] as const)
        if (typeof body[name] === 'string') group[name] = body[name];
      return { success: true };
    },
    deleteGroup: ({ ids }) => {
      this.objects.delete(ids[0]);
      return { success: true };
    },
    createGroupInviteLink: ({ ids }) => {
      const link = `https://chat.whatsapp.com/${randomBytes(16).toString('base64url').slice(0, 22)}`;
      this.object(ids[0])!.record.invite_link = link;
      return { messaging_product: 'whatsapp', invite_link: link };
    },
    deleteGroupInviteLink: ({ ids }) => {
      delete this.object(ids[0])!.record.invite_link;
      return { success: true };
    },
    // QR codes.
    createOrUpdateQrCode: ({ place, body }) => {
      if (typeof body.prefilled_message !== 'string' || body.prefilled_message === '')
        throw GraphApiError.invalidParameter('The parameter prefilled_message is required');
      const existing = typeof body.code === 'string' ? this.object(body.code) : undefined;
      const code = existing?.id ?? qrCode();
      const record = {
        code,
        prefilled_message: body.prefilled_message,
        deep_link_url: `https://wa.me/message/${code}`,
        ...(typeof body.generate_qr_image === 'string' && {
          qr_image_url: `https://sandbox.invalid/qr/${code}.${body.generate_qr_image.toLowerCase()}`,
        }),
      };
      if (existing) existing.record = { ...existing.record, ...record };
      else this.create('qr_code', place, record, code);
      return record;
    },
    listAllQrCodes: ({ place }) => ({ data: this.owned('qr_code', place).map((qr) => withoutId(qr.record)) }),
    getIndividualQrCode: ({ ids }) => ({ data: [withoutId(this.object(ids[1])!.record)] }),
    deleteIndividualQrCode: ({ ids }) => {
      this.objects.delete(ids[1]);
      return { success: true };
    },
    // Message history and intents: objects with ids of their own.
    getMessageHistory: ({ operation, place }) => {
      const history = this.owned('message_history', place)[0] ?? this.create('message_history', place, {});
      const example = structuredClone(operation.response.example) as { data?: Json[] };
      return { ...example, data: (example.data ?? []).slice(0, 1).map((entry) => ({ ...entry, id: history.id })) };
    },
    createOBOMobilityIntent: ({ operation, place }) => {
      const intent = this.create('obo_mobility_intent', { wabaId: place.wabaId }, { status: 'PENDING' });
      return { ...(operation.response.example as Json), mobility_intent_id: intent.id };
    },
    setSolutionMigrationIntent: ({ operation, place }) => {
      const intent = this.create('migration_intent', { wabaId: place.wabaId }, { status: 'PENDING' });
      return { ...(operation.response.example as Json), migration_intent_id: intent.id };
    },
    getOBOMobilityIntent: ({ operation, ids }) => ({ ...(operation.response.example as Json), id: ids[0] }),
    getMigrationIntentDetails: ({ operation, ids }) => ({ ...(operation.response.example as Json), id: ids[0] }),
  };
}

/** The kinds of object ids the sandbox hands out, as the description names them. */
export const OBJECT_KINDS = new Set([
  'flow',
  'group',
  'qr_code',
  'message_history',
  'obo_mobility_intent',
  'migration_intent',
]);

function sixDigits(value: unknown, name: string): string {
  if (typeof value !== 'string' || !/^\d{6}$/.test(value))
    throw GraphApiError.invalidParameter(`Param ${name} must be a 6-digit number`);
  return value;
}

function usersOf(body: Json): Array<{ input: string; wa_id: string }> {
  const list = body.block_users;
  if (!Array.isArray(list) || list.length === 0)
    throw GraphApiError.invalidParameter('The parameter block_users is required');
  return list.map((entry, i) => {
    const user = (entry as Json | null)?.user;
    if (typeof user !== 'string' || !/\d/.test(user))
      throw GraphApiError.invalidParameter(`Param block_users[${i}].user must be a phone number or a WhatsApp id`);
    return { input: user, wa_id: user.replace(/\D/g, '') };
  });
}

/** A list given as JSON text (multipart and form bodies carry `["A","B"]`) or as a list. */
function listOf(value: unknown, fallback: string[]): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      return [value];
    }
  }
  return fallback;
}

function flowFields(record: Json): Json {
  const { flow_json: _json, ...fields } = record;
  return fields;
}

function transition(record: Json, from: string, to: string): Json {
  if (record.status !== from)
    throw GraphApiError.invalidParameter(
      `A flow with status ${String(record.status)} cannot become ${to}; it must be ${from}`,
    );
  record.status = to;
  return { success: true };
}

function withoutId(record: Json): Json {
  const { id: _id, ...rest } = record;
  return rest;
}

/** A QR code's id: 14 upper-case letters and digits, like Meta's. */
function qrCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from({ length: 14 }, () => alphabet[randomInt(0, alphabet.length)]).join('');
}

/** Deep-merges `changes` into `target` (objects merge, anything else replaces). */
function merge(target: Json, changes: Json): Json {
  for (const [name, value] of Object.entries(changes)) {
    const current = target[name];
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      current &&
      typeof current === 'object' &&
      !Array.isArray(current)
    )
      merge(current as Json, value as Json);
    else target[name] = value;
  }
  return target;
}
