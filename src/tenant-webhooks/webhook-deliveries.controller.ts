import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { DeliveriesOfMessageQueryDto, WebhookDeliveryListDto } from './dto/webhook-delivery.dto';
import { WebhookDeliveriesService } from './webhook-deliveries.service';

/**
 * Deliveries across the organization's endpoints: those that carried a message's events (its
 * statuses, or the message itself when inbound), for the console's message page and for anyone
 * tracing one message to the tenant's systems.
 */
@ApiTags('tenant webhooks')
@Controller('v1/webhook_deliveries')
export class WebhookDeliveriesController {
  constructor(private readonly deliveryLog: WebhookDeliveriesService) {}

  @Get()
  @Authenticated({ scopes: ['webhooks:read'] })
  @ApiOperation({
    summary: "The deliveries that carried a message's events, to every endpoint of the organization, oldest first",
    description:
      'Events of the wamid received within 7 days from `since` (the message’s creation; default: 7 days ago), among ' +
      'each endpoint’s first 20,000 deliveries from then on; at most 50.',
  })
  @ApiOkResponse({ type: WebhookDeliveryListDto })
  @ApiGraphErrors(400)
  list(@TenantId() tenantId: string, @Query() query: DeliveriesOfMessageQueryDto): Promise<WebhookDeliveryListDto> {
    return this.deliveryLog.deliveriesOfMessage(tenantId, query.wamid, query.since);
  }
}
