import { Body, Controller, Delete, Get, Param, Put, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { SuccessDto } from '../common/pagination';
import { isUuid } from '../common/uuid';
import { Authenticated, CurrentAuth } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { PutSpendingLimitDto, SpendingLimitDto } from './dto/spending-limits.dto';
import { SpendingLimits } from './spending-limits.service';

const WRITE = { scopes: ['billing:write' as const], tenant: 'optional' as const };

/**
 * Spending limits: the operator sets (platform keys, `billing:write`) an organization's monthly limit;
 * the organization reads it with its budget left (`usage:read`).
 */
@ApiTags('usage')
@Controller('v1')
export class SpendingLimitsController {
  constructor(private readonly spending: SpendingLimits) {}

  @Get('usage/limit')
  @Authenticated({ scopes: ['usage:read'], tenant: 'optional' })
  @ApiOperation({
    summary: "The organization's monthly spending limit, what this month used and reserved, and the budget left",
    description:
      'An organization key reads its own organization; an admin or platform key names one with `organization_id` ' +
      '(an admin key with a single organization may leave it out).',
  })
  @ApiQuery({ name: 'organization_id', required: false })
  @ApiOkResponse({ type: SpendingLimitDto })
  @ApiGraphErrors(400, 403)
  read(
    @Req() req: GatewayRequest,
    @CurrentAuth() auth: AuthContext,
    @Query('organization_id') asked: unknown,
  ): Promise<SpendingLimitDto> {
    const resolved = req.tenancy?.ok ? req.tenancy.tenant.tenantId : undefined;
    return this.spending.describe(organizationOf(auth, resolved, asked));
  }

  @Get('spending_limits')
  @Authenticated({ scopes: ['billing:read'], tenant: 'optional' })
  @ApiOperation({ summary: "Every organization's spending limit, with this month's used, reserved and left" })
  list(): Promise<{ data: SpendingLimitDto[] }> {
    return this.spending.list();
  }

  @Put('organizations/:organizationId/spending_limit')
  @Authenticated(WRITE)
  @Audited('organizations.spending_limit', { body: ['kind', 'limit'] })
  @ApiOperation({
    summary: "Set an organization's monthly spending limit: an amount, or a number of billable messages",
    description:
      'Each calendar month (UTC) starts at zero. Past the limit, billable sends (templates, broadcasts) are refused ' +
      'with 400 code 131042 and nothing reaches Meta; running broadcasts pause (`spending_limit`). At 80 % and 100 % ' +
      'the organization gets a `usage.threshold` event (field `usage_update`) and the audit log an entry, once each; ' +
      'a new limit reaches its thresholds anew.',
  })
  @ApiOkResponse({ type: SpendingLimitDto })
  @ApiGraphErrors(400, 403, 404)
  set(@Param('organizationId') organizationId: string, @Body() body: PutSpendingLimitDto): Promise<SpendingLimitDto> {
    return this.spending.set(organizationId, body);
  }

  @Delete('organizations/:organizationId/spending_limit')
  @Authenticated(WRITE)
  @Audited('organizations.spending_limit.delete', {})
  @ApiOperation({ summary: "Remove an organization's spending limit" })
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(403, 404)
  async remove(@Param('organizationId') organizationId: string): Promise<SuccessDto> {
    await this.spending.remove(organizationId);
    return { success: true };
  }
}

/** The one organization a read names: `organization_id` (checked), else the key's own. */
function organizationOf(auth: AuthContext, resolved: string | undefined, asked: unknown): string {
  if (asked !== undefined) {
    if (typeof asked !== 'string' || !isUuid(asked))
      throw GraphError.invalidParameter('Invalid parameter', 'organization_id: must be a UUID');
    if (auth.kind !== 'platform' && !auth.tenantIds.includes(asked))
      throw GraphError.permissionDenied('The API key is not authorized for that organization');
    return asked;
  }
  if (resolved) return resolved;
  if (auth.kind !== 'platform' && auth.tenantIds.length === 1) return auth.tenantIds[0];
  throw GraphError.invalidParameter(
    'Invalid parameter',
    'organization_id: required for a key of several organizations',
  );
}
