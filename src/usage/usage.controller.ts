import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated, CurrentAuth } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { USAGE_DIMENSIONS } from './usage.repository';
import { MAX_REPORT_DAYS, type UsageQuery, UsageService } from './usage.service';

@ApiTags('usage')
@Controller('v1/usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

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
}
