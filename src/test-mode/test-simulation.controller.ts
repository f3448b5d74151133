import { Body, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { Authenticated, TenantId } from '../core/access.decorators';
import { CUSTOMER_MESSAGE_TYPES } from './customer-message';
import { TestQualityDto, TestReviewDto, TestStatusDelaysDto, TestStatusDto } from './dto/test-numbers.dto';
import { TestSimulationService } from './test-simulation.service';

const PHONE = { name: 'phoneNumberId', description: 'A test number of the organization', example: '106540352242922' };
const TEST_ONLY =
  'Test numbers only (a live number is 400 code 100); what follows comes through the simulator’s webhooks.';

/** Meta's side of a test number on demand: customers, statuses, reviews, quality (test mode). */
@ApiTags('test mode')
@Controller('v1/test')
export class TestSimulationController {
  constructor(private readonly simulation: TestSimulationService) {}

  @Post(':phoneNumberId/inbound')
  @HttpCode(200)
  @Authenticated({ scopes: ['conversations:write'] })
  @ApiOperation({
    summary: 'A simulated customer writes to the test number (Meta’s inbound webhook follows; the window opens)',
    description:
      `The message as Meta delivers it: \`from\`, \`type\` (${CUSTOMER_MESSAGE_TYPES.join(', ')}), the type’s object ` +
      '(`text.body`; `location`; `contacts`; `button.payload`; `interactive.button_reply`/`list_reply`; `reaction.message_id` ' +
      'and `emoji`; media: `image.caption`, …, the file made by the simulator), `context.id` to reply to a message, `name` ' +
      `for the profile. ${TEST_ONLY}`,
  })
  @ApiParam(PHONE)
  @ApiBody({ schema: { example: { from: '15551234567', type: 'text', text: { body: 'Where is my order?' } } } })
  @ApiOkResponse({ schema: { example: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.HBgL…' }] } } })
  @ApiGraphErrors(400)
  inbound(@TenantId() tenantId: string, @Param('phoneNumberId') phoneNumberId: string, @Body() body: unknown) {
    return this.simulation.inbound(tenantId, phoneNumberId, body);
  }

  @Post(':phoneNumberId/statuses')
  @HttpCode(200)
  @Authenticated({ scopes: ['messages:send'] })
  @ApiOperation({
    summary: 'Move a message of the test number to a status now (its statuses on demand: `status_delays` manual)',
    description: TEST_ONLY,
  })
  @ApiParam(PHONE)
  @ApiOkResponse({ schema: { example: { id: 'wamid.HBgL…', statuses: ['sent', 'delivered'] } } })
  @ApiGraphErrors(400)
  status(@TenantId() tenantId: string, @Param('phoneNumberId') phoneNumberId: string, @Body() body: TestStatusDto) {
    return this.simulation.status(tenantId, phoneNumberId, body);
  }

  @Put(':phoneNumberId/status_delays')
  @Authenticated({ scopes: ['business:write'] })
  @Audited('test_numbers.status_delays', { body: ['manual', 'sent_ms', 'delivered_ms', 'read_ms'] })
  @ApiOperation({
    summary: 'When the test number’s statuses come: milliseconds from the send, or only on demand (`manual`)',
    description: TEST_ONLY,
  })
  @ApiParam(PHONE)
  @ApiGraphErrors(400)
  statusDelays(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Body() body: TestStatusDelaysDto,
  ) {
    return this.simulation.statusDelays(tenantId, phoneNumberId, body);
  }

  @Post(':phoneNumberId/quality')
  @HttpCode(200)
  @Authenticated({ scopes: ['business:write'] })
  @Audited('test_numbers.quality', { body: ['quality_rating', 'messaging_limit_tier', 'throughput_level'] })
  @ApiOperation({
    summary:
      'Change the test number’s quality rating, messaging limit tier or throughput (Meta’s phone_number_quality_update follows)',
    description: TEST_ONLY,
  })
  @ApiParam(PHONE)
  @ApiGraphErrors(400)
  quality(@TenantId() tenantId: string, @Param('phoneNumberId') phoneNumberId: string, @Body() body: TestQualityDto) {
    return this.simulation.quality(tenantId, phoneNumberId, { ...body });
  }

  @Post(':wabaId/message_templates/:templateId/review')
  @HttpCode(200)
  @Authenticated({ scopes: ['templates:write'] })
  @Audited('test_templates.review', { body: ['status', 'reason', 'description'] })
  @ApiOperation({
    summary: 'Review a template of the test business account now: APPROVED, REJECTED (with a reason), PAUSED, DISABLED',
    description: `Meta’s message_template_status_update follows: the catalog and the tenant’s webhook hear of it. ${TEST_ONLY}`,
  })
  @ApiParam({ name: 'wabaId', description: 'A test business account of the organization' })
  @ApiParam({ name: 'templateId', description: 'The template’s id (as created)' })
  @ApiGraphErrors(400, 404)
  review(
    @TenantId() tenantId: string,
    @Param('wabaId') wabaId: string,
    @Param('templateId') templateId: string,
    @Body() body: TestReviewDto,
  ) {
    return this.simulation.review(tenantId, wabaId, templateId, body);
  }
}
