import { ID_KINDS, TENANT_ID_KINDS, type IdKind } from './cloud-api-ids';

/** One operation of Meta's Cloud API description, reduced to what the gateway and the sandbox use. */
export interface CloudApiOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Meta's path template, for example `/{Version}/{Flow-ID}/publish`. */
  path: string;
  /** Meta's tag (the first); operations the description leaves untagged get their family's name. */
  tag: string;
  summary: string;
  /** The path after the version: ids (`{Flow-ID}`) and edges (`publish`), in order. */
  segments: Array<{ id: string; kind: IdKind } | { edge: string }>;
  /** Whom the first id belongs to: a tenant (phone number, business account, what Meta creates under them) or not. */
  scope: 'tenant' | 'not_tenant';
  requiredQuery: string[];
  /** The request body's required top-level fields (JSON or form), and Meta's example where given. */
  body?: { contentType: string; required: string[]; example?: unknown };
  /** The success answer: its status and Meta's example (the first where several are given). */
  response: { status: number; example: unknown };
}

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'delete'] as const;

/**
 * Reads the operations of Meta's OpenAPI description (parsed YAML): every path under `/{Version}`
 * with its ids, required inputs and example answer. Pure, so a test can read a new version of the
 * description and show what changed (libs/meta/cloud-api-operations.spec.ts).
 */
export function readCloudApiOperations(description: Json): CloudApiOperation[] {
  const resolve = (node: unknown): Json => {
    let value = node as Json;
    for (let depth = 0; value && typeof value.$ref === 'string' && depth < 10; depth++) {
      const ref = value.$ref;
      value = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((at, key) => (at as Json)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], description) as Json;
    }
    return value ?? {};
  };
  const operations: CloudApiOperation[] = [];
  for (const [path, item] of Object.entries(description.paths as Json)) {
    if (!path.startsWith('/{Version}/')) continue;
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation) continue;
      const segments = path
        .split('/')
        .slice(2)
        .map((segment) => {
          const id = /^\{(.+)\}$/.exec(segment)?.[1];
          if (!id) return { edge: segment };
          const kind = (ID_KINDS as Record<string, IdKind>)[id];
          if (!kind)
            throw new Error(`${method.toUpperCase()} ${path}: the path id ${id} has no kind in cloud-api-ids.ts`);
          return { id, kind };
        });
      const first = segments[0] as { kind: IdKind };
      const parameters = [
        ...(((item as Json).parameters as unknown[] | undefined) ?? []),
        ...((operation.parameters as unknown[]) ?? []),
      ].map(resolve);
      operations.push({
        operationId: String(operation.operationId),
        method: method.toUpperCase() as CloudApiOperation['method'],
        path,
        tag: ((operation.tags as string[] | undefined) ?? [])[0] ?? untaggedFamily(String(operation.operationId)),
        summary: typeof operation.summary === 'string' ? operation.summary : '',
        segments,
        scope: TENANT_ID_KINDS.has(first.kind) ? 'tenant' : 'not_tenant',
        requiredQuery: parameters
          .filter((parameter) => parameter.in === 'query' && parameter.required === true)
          .map((parameter) => String(parameter.name)),
        ...requestBody(resolve(operation.requestBody), resolve),
        response: successResponse(operation.responses as Json | undefined, resolve),
      });
    }
  }
  return operations;
}

/** The description leaves the group operations untagged; their family gives them one. */
function untaggedFamily(operationId: string): string {
  return /group|participants|join|invite/i.test(operationId) ? 'Groups' : 'Untagged';
}

function requestBody(body: Json, resolve: (node: unknown) => Json): { body?: CloudApiOperation['body'] } {
  const content = body.content as Json | undefined;
  if (!content) return {};
  const contentType = Object.keys(content)[0];
  const media = resolve(content[contentType]);
  const schema = resolve(media.schema);
  const example = exampleOf(media, resolve);
  return {
    body: {
      contentType,
      required: Array.isArray(schema.required) ? schema.required.map(String) : [],
      ...(example !== undefined && { example }),
    },
  };
}

function successResponse(responses: Json | undefined, resolve: (node: unknown) => Json): CloudApiOperation['response'] {
  const status = Object.keys(responses ?? {}).find((code) => /^2\d\d$/.test(code)) ?? '200';
  const response = resolve(responses?.[status]);
  const content = response.content as Json | undefined;
  const json = content && resolve(content['application/json'] ?? content[Object.keys(content)[0]]);
  return { status: Number(status), example: (json && exampleOf(json, resolve)) ?? { success: true } };
}

/** Meta's example of a media object: `example`, the first of `examples`, or one built from the schema's examples. */
function exampleOf(media: Json, resolve: (node: unknown) => Json): unknown {
  if (media.example !== undefined) return media.example;
  const examples = media.examples as Json | undefined;
  if (examples && Object.keys(examples).length) return resolve(examples[Object.keys(examples)[0]]).value;
  return media.schema === undefined ? undefined : fromSchema(resolve(media.schema), resolve, 0);
}

function fromSchema(schema: Json, resolve: (node: unknown) => Json, depth: number): unknown {
  if (schema.example !== undefined) return schema.example;
  if (depth > 6) return undefined;
  const all = (schema.allOf ?? schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (all?.length) {
    const parts = (schema.allOf ? all : all.slice(0, 1)).map((part) => fromSchema(resolve(part), resolve, depth + 1));
    return parts.every((part) => part && typeof part === 'object' && !Array.isArray(part))
      ? Object.assign({}, ...parts)
      : parts[0];
  }
  if (schema.type === 'array' || schema.items) {
    const item = fromSchema(resolve(schema.items), resolve, depth + 1);
    return item === undefined ? [] : [item];
  }
  if (schema.type === 'object' || schema.properties) {
    const out: Json = {};
    for (const [name, property] of Object.entries((schema.properties as Json) ?? {})) {
      const value = fromSchema(resolve(property), resolve, depth + 1);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  return { string: 'string', integer: 0, number: 0, boolean: true }[String(schema.type)];
}
