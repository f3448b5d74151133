import type { OpenAPIObject } from '@nestjs/swagger';
import type { CloudApiOperation } from '../../libs/meta/cloud-api-description';
import { graphErrorResponseObjects } from '../core/api-graph-errors.decorator';
import { FORWARDED_OPERATIONS, PARTLY_NATIVE, scopeOf } from './cloud-api-routes';

/** Meta's path ids as the explorer names them (its `{name}`s are plain words). */
const PARAMETER_NAMES: Record<string, string> = {
  'Phone-Number-ID': 'phoneNumberId',
  'WABA-ID': 'wabaId',
  'WhatsApp-Business-Account-ID': 'wabaId',
  'Flow-ID': 'flowId',
  group_id: 'groupId',
  'QR-Code-ID': 'qrCodeId',
  'Message-History-ID': 'messageHistoryId',
  'Migration-Intent-ID': 'migrationIntentId',
  'OBO-Mobility-Intent-ID': 'oboMobilityIntentId',
};

/** `/{Version}/{Flow-ID}/publish` as the gateway documents it: `/v1/{flowId}/publish`. */
export function documentedPath(operation: CloudApiOperation): string {
  return (
    '/v1' +
    operation.segments
      .map((segment) => ('edge' in segment ? `/${segment.edge}` : `/{${PARAMETER_NAMES[segment.id] ?? segment.id}}`))
      .join('')
  );
}

/**
 * Adds every forwarded operation to the explorer's document, under Meta's own tag, with its scope
 * (the finisher then says which key kinds may call it), its required query parameters, Meta's
 * example body and answer, and the gateway's error answers. Execute sends it through the checked
 * pass-through like any client would.
 */
export function addForwardedOperations(document: OpenAPIObject): OpenAPIObject {
  const paths = document.paths as Record<string, Record<string, unknown>>;
  for (const operation of FORWARDED_OPERATIONS) {
    const path = documentedPath(operation);
    const partly = operation.operationId === PARTLY_NATIVE;
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = {
      tags: [operation.tag],
      summary: operation.summary,
      operationId: `forwarded_${operation.operationId}`,
      description:
        `Meta's \`${operation.operationId}\` (${operation.method} \`${operation.path}\`), forwarded through ` +
        "the checked pass-through: every id of the path must be the organization's (another organization's is " +
        'answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the ' +
        "Graph version the client names; Meta's answer comes back as Meta wrote it." +
        (partly
          ? ' A body with `webhook_configuration` is served by the gateway itself (the number’s callback override).'
          : ''),
      parameters: operation.requiredQuery.map((name) => ({
        name,
        in: 'query',
        required: true,
        schema: { type: 'string' },
      })),
      ...(operation.body &&
        operation.method !== 'GET' && {
          requestBody: {
            required: operation.body.required.length > 0,
            content: {
              [operation.body.contentType]: {
                schema: { type: 'object', additionalProperties: true },
                ...(operation.body.example !== undefined && { example: operation.body.example }),
              },
            },
          },
        }),
      responses: {
        [operation.response.status]: {
          description: "Meta's answer",
          content: { 'application/json': { example: operation.response.example } },
        },
        ...graphErrorResponseObjects(400, 401, 403, 429, 500),
      },
      security: [{ 'api-key': [] }],
      'x-required-scopes': [scopeOf(operation)],
    };
  }
  return document;
}
