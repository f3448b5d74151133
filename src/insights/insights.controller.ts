import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated, CurrentAuth, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext } from '../core/gateway-request';
import { FUNNEL_GRANULARITIES, FUNNEL_GROUPS } from '../messages/funnels/funnels.repository';
import { TeamFiguresDto, TeamFiguresQueryDto } from '../messages/conversations/team-figures.dto';
import { TeamFigures } from '../messages/conversations/team-figures.service';
import { type FunnelsQuery, InsightsService } from './insights.service';
import { TemplateAnalytics } from './template-analytics.service';

/** How the organization's messages perform: the Insights page's API (scope `insights:read`). */
@ApiTags('insights')
@Controller('v1/insights')
export class InsightsController {
  constructor(
    private readonly insights: InsightsService,
    private readonly templateAnalytics: TemplateAnalytics,
    private readonly team: TeamFigures,
  ) {}

  @Get('funnels')
  @Authenticated({ scopes: ['insights:read'] })
  @ApiOperation({
    summary: 'Funnels per template, broadcast or number: sent, delivered, read, replied, button presses, failed',
    description:
      'Messages of the days `since`..`until` (UTC, the day each was sent; the last 30 by default), each counted once ' +
      'per step however often Meta reports it; `replied`: the customer wrote within 24 hours. Rates between the ' +
      'steps, failures by Meta error code, presses by button payload. `granularity` day, week or total. `Accept: ' +
      'text/csv` for CSV. A key limited to some numbers reads theirs only.',
  })
  @ApiQuery({ name: 'by', required: false, enum: Object.keys(FUNNEL_GROUPS) })
  @ApiQuery({ name: 'granularity', required: false, enum: FUNNEL_GRANULARITIES })
  @ApiQuery({ name: 'since', required: false, example: '2026-11-01' })
  @ApiQuery({ name: 'until', required: false, example: '2026-11-30' })
  @ApiQuery({ name: 'template_name', required: false })
  @ApiQuery({ name: 'template_language', required: false })
  @ApiQuery({ name: 'broadcast_id', required: false })
  @ApiQuery({ name: 'phone_number_id', required: false })
  @ApiProduces('application/json', 'text/csv')
  @ApiGraphErrors(400, 403)
  async funnels(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Query() query: FunnelsQuery,
  ) {
    const report = await this.insights.funnels(auth, tenantId, query);
    if (req.accepts(['application/json', 'text/csv']) === 'text/csv') {
      res.type('text/csv');
      return this.insights.csv(report);
    }
    return report;
  }

  @Get('template_analytics')
  @Authenticated({ scopes: ['insights:read'] })
  @ApiOperation({
    summary: "Each template's days as the gateway counted them and as Meta's template_analytics reports them",
    description:
      'Sent, delivered, read and clicks on both sides, the difference in percent, `flagged` when over 1 %. Compared ' +
      'once a day for yesterday. `since`..`until` default to the last 30 days; `flagged=true` for flagged days only.',
  })
  @ApiQuery({ name: 'since', required: false, example: '2026-11-01' })
  @ApiQuery({ name: 'until', required: false, example: '2026-11-30' })
  @ApiQuery({ name: 'flagged', required: false, enum: ['true', 'false'] })
  @ApiGraphErrors(400, 403)
  templateAnalyticsDays(@TenantId() tenantId: string, @Query() query: Record<string, unknown>) {
    const { since, until } = this.insights.range(query);
    return this.templateAnalytics.list(tenantId, since, until, query.flagged);
  }

  @Post('template_analytics')
  @HttpCode(200)
  @Authenticated({ scopes: ['insights:read'] })
  @ApiOperation({
    summary: "Compare a day now with Meta's template_analytics",
    description:
      '`{ "day": "YYYY-MM-DD" }`: each business account of the organization is asked of Meta and compared; an ' +
      'account Meta refused is listed with its error. A later comparison of the same day replaces it.',
  })
  @ApiGraphErrors(400, 403)
  compare(@TenantId() tenantId: string, @Body() body: Record<string, unknown>) {
    return this.templateAnalytics.run(tenantId, body?.day);
  }

  @Get('team')
  @Authenticated({ scopes: ['insights:read'] })
  @ApiOperation({
    summary: "The team's figures by day: conversations handled, first response and resolution times",
    description:
      'The same figures as `GET /v1/inbox/figures`, for the Insights page: per agent, team or number (`by`).',
  })
  @ApiOkResponse({ type: TeamFiguresDto })
  @ApiGraphErrors(400, 403)
  teamFigures(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Query() query: TeamFiguresQueryDto,
  ): Promise<TeamFiguresDto> {
    return this.team.read(auth, tenantId, query);
  }
}
