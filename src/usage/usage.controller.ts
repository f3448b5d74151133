import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated, CurrentAuth } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { USAGE_DIMENSIONS } from './usage.repository';
import { UsageReconciliations } from './reconciliation.service';
import { MAX_REPORT_DAYS, reportedOrganizations, type UsageQuery, UsageService } from './usage.service';

@ApiTags('usage')
@Controller('v1/usage')
export class UsageController {
  constructor(
    private readonly usage: UsageService,
    private readonly reconciliations: UsageReconciliations,
  ) {}

  @Get()
  @Authenticated({ scopes: ['usage:read'], tenant: 'optional' })
  @ApiOperation({
    summary: 'What the organization used and what it cost: messages, billable messages and cost by period',
    description:
      "From the daily rollups of Meta's pricing in its statuses (each message and category counted once), priced " +
      `by the rate card and markup in force on each day. At most ${MAX_REPORT_DAYS} days. \`Accept: text/csv\` for ` +
      'the same as CSV. Organization keys report their own organization; admin keys theirs (or one, ' +
      '`organization_id`); platform keys every organization (or one).',
  })
  @ApiQuery({ name: 'from', required: true, example: '2026-11-01' })
  @ApiQuery({ name: 'to', required: true, example: '2026-11-30' })
  @ApiQuery({ name: 'granularity', required: false, enum: ['day', 'month'] })
  @ApiQuery({ name: 'group_by', required: false, description: `Comma-separated: ${USAGE_DIMENSIONS.join(', ')}` })
  @ApiQuery({ name: 'organization_id', required: false })
  @ApiProduces('application/json', 'text/csv')
  @ApiGraphErrors(400, 403)
  async report(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentAuth() auth: AuthContext,
    @Query() query: UsageQuery,
  ) {
    const tenant = (req as GatewayRequest).tenancy;
    const resolved = tenant?.ok ? tenant.tenant.tenantId : undefined;
    const report = await this.usage.report(auth, resolved, query);
    if (req.accepts(['application/json', 'text/csv']) === 'text/csv') {
      res.type('text/csv');
      return this.usage.csv(report);
    }
    return report;
  }

  @Get('reconciliations')
  @Authenticated({ scopes: ['usage:read'], tenant: 'optional' })
  @ApiOperation({
    summary: "Each business account's days, metered by the gateway and as Meta's pricing_analytics reports them",
    description:
      'Billable messages and their cost on both sides (the gateway at the rate card price, without markups), the ' +
      'difference in percent, and `flagged` when it is over 1 %, with the markets and categories that differ. Run ' +
      'once a day for yesterday. `from` and `to` default to the last 30 days; `flagged=true` for flagged days only.',
  })
  @ApiQuery({ name: 'from', required: false, example: '2026-11-01' })
  @ApiQuery({ name: 'to', required: false, example: '2026-11-30' })
  @ApiQuery({ name: 'flagged', required: false, enum: ['true', 'false'] })
  @ApiQuery({ name: 'organization_id', required: false })
  @ApiGraphErrors(400, 403)
  listReconciliations(@Req() req: Request, @CurrentAuth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const tenant = (req as GatewayRequest).tenancy;
    const resolved = tenant?.ok ? tenant.tenant.tenantId : undefined;
    return this.reconciliations.list(reportedOrganizations(auth, resolved, query.organization_id), query);
  }

  @Post('reconciliations')
  @HttpCode(200)
  @Authenticated({ scopes: ['billing:write'], tenant: 'optional' })
  @ApiOperation({
    summary: "Reconcile a day now against Meta's pricing_analytics (every account, or one organization's)",
    description:
      '`{ "day": "YYYY-MM-DD", "organization_id"?: uuid }`: each account is asked of Meta and compared; an account Meta ' +
      'refused is listed with its error. A later run of the same day replaces it.',
  })
  @ApiGraphErrors(400, 403)
  runReconciliation(@CurrentAuth() auth: AuthContext, @Body() body: Record<string, unknown>) {
    return this.reconciliations.run(reportedOrganizations(auth, undefined, body?.organization_id), body?.day);
  }
}
