import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { nextPageUrl, type Page } from '../common/pagination';
import { Authenticated, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { GatewayRequest } from '../core/gateway-request';
import { InboundMessageDto, InboundMessagePageDto, ListInboundMessagesQueryDto } from './dto/inbound-message.dto';
import { MessageReadsService } from './message-reads.service';

/**
 * What customers sent to a number, as the gateway stored it from Meta's webhooks (kept
 * INBOUND_MESSAGE_RETENTION_DAYS): readable even when the tenant's own handler missed a delivery.
 */
@ApiTags('messages')
@Controller('v1/:phoneNumberId/inbound_messages')
export class InboundMessagesController {
  constructor(private readonly reads: MessageReadsService) {}

  @Get()
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: "Messages customers sent to this phone number, newest first (Meta's time)" })
  @ApiOkResponse({ type: InboundMessagePageDto })
  @ApiGraphErrors(400)
  list(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Query() query: ListInboundMessagesQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<Page<InboundMessageDto>> {
    return this.reads.inbound(tenantId, phoneNumberId, query, (after) => nextPageUrl(req.originalUrl, after));
  }

  @Get(':wamid')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: "One message a customer sent, by Meta's id (wamid)" })
  @ApiOkResponse({ type: InboundMessageDto })
  @ApiGraphErrors(404)
  get(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('wamid') wamid: string,
  ): Promise<InboundMessageDto> {
    return this.reads.inboundMessage(tenantId, phoneNumberId, wamid);
  }
}
