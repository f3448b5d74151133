import type { NextFunction, Request, Response } from 'express';
import type { CloudApiOperation } from '../../../libs/meta/cloud-api-description';
import { CLOUD_API_OPERATIONS } from '../../../libs/meta/cloud-api-operations';
import { type CloudApiState, OBJECT_KINDS, type Place } from './cloud-api-state';
import { GraphApiError } from './graph-error';
import type { SandboxState } from './sandbox-state';

type Json = Record<string, unknown>;

/** The tenant-scoped operations of Meta's description: the sandbox answers every one of them. */
const OPERATIONS = CLOUD_API_OPERATIONS.filter((operation) => operation.scope === 'tenant');

/**
 * The rest of the Cloud API (registration, codes, two-step verification, settings, blocked users,
 * flows, groups, QR codes, calling, commerce, compliance, history, intents, …), driven by Meta's own
 * description (libs/meta): a call is matched to its operation by method, path shape and the kind of
 * its first id; authenticated like every Graph call (unknown object 400/33, foreign token 401/190);
 * its required query parameters and body fields checked (400 code 100 naming the parameter); then
 * answered by the state (cloud-api-state.ts) where a read must agree with a write, else with Meta's
 * example answer. Calls that match no operation go on to the next route (`next()`).
 */
export function cloudApiRoute(
  state: SandboxState,
  cloud: CloudApiState,
  requireOwner: (req: Request, wabaId: string | undefined) => void,
) {
  /** What the first id of a path is: a number, an account, or an object the sandbox created. */
  function placeOf(id: string): { kind: string; place: Place } | undefined {
    const phone = state.phoneNumber(id);
    if (phone) return { kind: 'phone_number', place: { wabaId: phone.wabaId, phoneNumberId: phone.id } };
    const account = state.businessAccount(id);
    if (account) return { kind: 'business_account', place: { wabaId: account.id } };
    const object = cloud.object(id);
    if (object && OBJECT_KINDS.has(object.kind))
      return { kind: object.kind, place: { wabaId: object.wabaId, phoneNumberId: object.phoneNumberId } };
    return undefined;
  }

  return (req: Request, res: Response, next: NextFunction): void => {
    const segments = req.path.split('/').slice(2).map(decode);
    const shaped = OPERATIONS.filter(
      (operation) =>
        operation.method === req.method &&
        operation.segments.length === segments.length &&
        operation.segments.every((segment, i) => !('edge' in segment) || segment.edge === segments[i]),
    );
    const first = shaped.length ? placeOf(segments[0]) : undefined;
    const operation = first && shaped.find((candidate) => kindAt(candidate, 0) === first.kind);
    if (!first || !operation) return next();
    requireOwner(req, first.place.wabaId);
    // Further ids (a QR code under its number): one of this place's.
    for (let i = 1; i < segments.length; i++) {
      const kind = kindAt(operation, i);
      if (!kind) continue;
      const object = cloud.object(segments[i]);
      if (!object || object.kind !== kind || object.phoneNumberId !== first.place.phoneNumberId)
        throw GraphApiError.unknownObject(req.method, segments[i]);
    }
    const query = req.query as Json;
    const body = bodyOf(req);
    for (const name of operation.requiredQuery)
      if (query[name] === undefined || query[name] === '')
        throw GraphApiError.invalidParameter(`The parameter ${name} is required`);
    for (const name of operation.body?.required ?? [])
      if (body[name] === undefined || body[name] === '')
        throw GraphApiError.invalidParameter(`The parameter ${name} is required`);
    const answer =
      cloud.handle({
        operation,
        place: first.place,
        ids: segments.filter((_, i) => kindAt(operation, i)),
        query,
        body,
      }) ?? operation.response.example;
    res.status(operation.response.status).json(answer);
  };
}

function kindAt(operation: CloudApiOperation, index: number): string | undefined {
  const segment = operation.segments[index];
  return segment && 'kind' in segment ? segment.kind : undefined;
}

/** The request's fields, whatever its encoding: JSON, a form, or multipart fields (with a file's text as `file`). */
function bodyOf(req: Request): Json {
  const body = req.body as unknown;
  const fields: Json =
    body && typeof body === 'object' && !Buffer.isBuffer(body) && !Array.isArray(body) ? { ...(body as Json) } : {};
  const files = (req as Request & { files?: Array<{ fieldname: string; buffer: Buffer }> }).files;
  for (const file of files ?? []) fields[file.fieldname] = file.buffer.toString('utf8');
  return fields;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
