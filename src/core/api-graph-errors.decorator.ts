import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';

class GraphErrorDetail {
  @ApiProperty({ example: 'Invalid OAuth access token.' })
  message: string;

  @ApiProperty({ enum: ['OAuthException', 'GraphMethodException'] })
  type: string;

  @ApiProperty({ example: 190 })
  code: number;

  @ApiPropertyOptional()
  error_subcode?: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { details: 'to: must be a string' } })
  error_data?: Record<string, unknown>;

  @ApiProperty({ description: 'Echoes X-Request-Id', example: 'req-123' })
  fbtrace_id: string;
}

export class GraphErrorResponse {
  @ApiProperty({ type: GraphErrorDetail })
  error: GraphErrorDetail;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid parameter or organization selection (code 100)',
  401: 'Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190)',
  403: 'Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)',
  404: 'Not found (code 100)',
  409: 'Conflict (code 100 or 131000)',
  422: 'Rejected (code 131000)',
  429: 'Rate limit exceeded (code 4), see Retry-After',
  500: 'Upstream or internal failure (code 131000)',
};

/** Documents the Graph error responses a route can give. */
export function ApiGraphErrors(...statuses: number[]) {
  return applyDecorators(
    ...statuses.map((status) => ApiResponse({ status, description: DESCRIPTIONS[status] ?? 'Error', type: GraphErrorResponse })),
  );
}
