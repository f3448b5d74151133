import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentAuth, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext } from '../core/gateway-request';
import { MessageStatisticsDto, MessageStatisticsQueryDto } from './dto/message-statistics.dto';
import { MessageReadsService } from './message-reads.service';

/** The organization's recent sends at a glance: counts by status and the top error codes (the console's overview). */
@ApiTags('messages')
@Controller('v1/message_statistics')
export class MessageStatisticsController {
  constructor(private readonly messages: MessageReadsService) {}

  @Get()
  @Authenticated({ scopes: ['messages:read'] })
  @ApiOperation({
    summary: "Messages sent in the last hours by status, and the top error codes, over the organization's numbers",
    description: 'A key limited to some phone numbers counts those numbers only.',
  })
  @ApiOkResponse({ type: MessageStatisticsDto })
  @ApiGraphErrors(400)
  statistics(
    @TenantId() tenantId: string,
    @CurrentAuth() auth: AuthContext,
    @Query() query: MessageStatisticsQueryDto,
  ): Promise<MessageStatisticsDto> {
    return this.messages.statistics(
      tenantId,
      query.hours,
      auth.allowedPhoneNumberIds ? [...auth.allowedPhoneNumberIds] : null,
    );
  }
}
