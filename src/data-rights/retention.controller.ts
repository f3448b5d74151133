import { Controller, Get, HttpCode, Put, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { Authenticated, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { GatewayRequest } from '../core/gateway-request';
import { RetentionDaysDto, RetentionDto } from './dto/retention.dto';
import { RetentionService } from './retention.service';

/** What the organization keeps, and for how long (at most what the platform keeps). */
@ApiTags('data rights')
@Controller('v1/data_retention')
export class RetentionController {
  constructor(private readonly retention: RetentionService) {}

  @Get()
  @Authenticated({ scopes: ['privacy:read'] })
  @ApiOperation({ summary: "How long the organization keeps its customers' data, beside the platform's" })
  @ApiOkResponse({ type: RetentionDto })
  get(@TenantId() tenantId: string): Promise<RetentionDto> {
    return this.retention.get(tenantId);
  }

  @Put()
  @HttpCode(200)
  @Authenticated({ scopes: ['privacy:write'] })
  @Audited('data_retention.update', {
    body: ['message_bodies_days', 'inbound_messages_days', 'media_days', 'webhook_deliveries_days'],
  })
  @ApiOperation({
    summary: "Keep the organization's customers' data for less time than the platform does",
    description:
      'Each field given replaces its value (null: the platform’s); the others stay. Never longer than the ' +
      'platform (`platform` in the answer). Applied at once, then every hour: bodies replaced (records keep ' +
      'their metadata, status history, wamid and usage), inbound messages, customers’ media and finished ' +
      'delivery logs deleted.',
  })
  @ApiBody({ type: RetentionDaysDto })
  @ApiOkResponse({ type: RetentionDto })
  @ApiGraphErrors(400)
  put(@TenantId() tenantId: string, @Req() req: GatewayRequest): Promise<RetentionDto> {
    return this.retention.put(tenantId, req.body);
  }
}
