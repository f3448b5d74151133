import type { OpenAPIObject } from '@nestjs/swagger';

/** What the document finisher needs of the key kinds: each kind's prefix and the scopes it may hold. */
export interface KeyKindInfo {
  label: string;
  prefix: string;
  scopes: readonly string[];
}

/** Meta's and the gateway's path ids, as the explorer explains them. */
const PATH_PARAMETERS: Record<string, string> = {
  phoneNumberId: "Meta's phone number id, of the key's organization",
  wabaId: "Meta's WhatsApp Business Account id, of the key's organization",
  nodeId: 'A phone number id, a template id or a media id of the organization',
  mediaId: 'A media id (from an inbound webhook or an upload) of the organization',
  templateId: 'A template id of the organization',
  assetId: 'A media library asset id',
  organizationId: 'An organization id (uuid)',
  accountId: "A business account: Meta's WABA id",
  id: 'The record id',
  deliveryId: 'A delivery id',
  phoneNumber: 'A phone number in E.164 without the leading +',
  flowId: 'A flow id the organization created or listed',
  groupId: 'A group id the organization listed (GET /v1/{phoneNumberId}/groups)',
  qrCodeId: "A QR code of the path's phone number",
  messageHistoryId: 'A message history id the organization listed',
  migrationIntentId: 'A migration intent id the organization created',
  oboMobilityIntentId: 'An OBO mobility intent id the organization created',
};

type Operation = {
  description?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: unknown }>;
  responses?: Record<
    string,
    { content?: Record<string, { examples?: Record<string, { summary?: string; value?: unknown }> }> }
  >;
  'x-required-scopes'?: string[];
};

/**
 * Finishes the generated OpenAPI document so every route can be executed and read as it is:
 * - every `{name}` of a path is a declared path parameter (a controller-level `:wabaId` is not
 *   declared by Nest for each route, and the explorer's Execute then sent `/v1/%7BwabaId%7D`);
 * - every parameter has a type: one declared without (a `@Param` or `@ApiQuery` naming none) is a
 *   string, as a path or query value arrives (the typed client would otherwise take `unknown`);
 * - an authenticated route's description says the scopes it needs and the key kinds that may call
 *   it, and its 403 example names its own scope (not one route's for all).
 */
export function finishExplorerDocument(document: OpenAPIObject, kinds: readonly KeyKindInfo[]): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      operation.parameters ??= [];
      for (const name of names) {
        if (operation.parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)) continue;
        operation.parameters.unshift({
          name,
          in: 'path',
          required: true,
          description: PATH_PARAMETERS[name] ?? 'Path id',
          schema: { type: 'string' },
        });
      }
      for (const parameter of operation.parameters)
        if (!('content' in parameter) && untyped(parameter.schema)) parameter.schema = { type: 'string' };
      const scopes = operation['x-required-scopes'];
      if (scopes) describeAccess(operation, scopes, kinds);
    }
  }
  return document;
}

/** A parameter schema that says nothing of its type (absent, or `{}`). */
function untyped(schema: unknown): boolean {
  if (schema === undefined || schema === null) return true;
  const keys = Object.keys(schema);
  return !['type', '$ref', 'enum', 'oneOf', 'anyOf', 'allOf', 'items'].some((key) => keys.includes(key));
}

function describeAccess(operation: Operation, scopes: string[], kinds: readonly KeyKindInfo[]): void {
  const allowed = kinds.filter((kind) => scopes.every((scope) => kind.scopes.includes(scope)));
  const needs = scopes.length ? scopes.map((scope) => `\`${scope}\``).join(' and ') : 'no scope (any valid key)';
  const who = allowed.map((kind) => `${kind.label} (\`${kind.prefix}…\`)`).join(', ');
  operation.description = `${operation.description ? `${operation.description}\n\n` : ''}**Scopes:** ${needs}. **Keys:** ${who}.`;
  // Every content type of the 403 (a file route documents its errors under its file types too).
  for (const content of Object.values(operation.responses?.['403']?.content ?? {})) {
    if (!content.examples) continue;
    const examples = { ...content.examples };
    if (scopes.length) {
      const example = structuredClone(examples.scope_missing ?? {}) as {
        summary?: string;
        value?: { error?: { message?: string } };
      };
      if (example.value?.error) example.value.error.message = `(#200) The API key lacks the scope ${scopes[0]}`;
      examples.scope_missing = { ...example, summary: `The key lacks ${scopes.join(' or ')}` };
    } else {
      delete examples.scope_missing;
    }
    content.examples = examples;
  }
}
