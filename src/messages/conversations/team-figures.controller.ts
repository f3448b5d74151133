import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentAuth, TenantId } from '../../core/access.decorators';
import { ApiGraphErrors } from '../../core/api-graph-errors.decorator';
import type { AuthContext } from '../../core/gateway-request';
import { FIGURES_MAX_DAYS, TeamFiguresDto, TeamFiguresQueryDto } from './team-figures.dto';
import { TeamFigures } from './team-figures.service';

/** The team's figures (the API of a panel on the Inbox page). */
@ApiTags('inbox')
@Controller('v1/inbox/figures')
export class TeamFiguresController {
  constructor(private readonly figures: TeamFigures) {}

  @Get()
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({
    summary: "The team's figures by day: conversations handled, first response and resolution times",
    description:
      'Per agent (who had the conversation, else who resolved it), team or number (`by`), for each day (UTC) of ' +
      `\`since\`..\`until\` (at most ${FIGURES_MAX_DAYS} days; the last 7 by default). An episode counts on the day it ` +
      'was resolved: from the customer’s message that opened it to the first answer, and to its resolution.',
  })
  @ApiOkResponse({ type: TeamFiguresDto })
  @ApiGraphErrors(400)
  read(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Query() query: TeamFiguresQueryDto,
  ): Promise<TeamFiguresDto> {
    return this.figures.read(auth, tenantId, query);
  }
}
