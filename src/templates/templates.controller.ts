import { Body, Controller, Delete, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { DeleteTemplateQueryDto, ListTemplatesQueryDto } from './dto/template-queries.dto';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Authenticated, TenantId } from '../core/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { GatewayRequest } from '../core/gateway-request';
import { PARAMETER_FORMATS, TEMPLATE_CATEGORIES } from './template-create-rules';
import { BusinessAccountContext, TemplatesService } from './templates.service';

const CREATE_EXAMPLE = {
  name: 'order_shipped',
  language: 'en_US',
  category: 'UTILITY',
  components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2UvcG5n:ARb...'] } },
    { type: 'BODY', text: 'Hi {{1}}, your order {{2}} has shipped.', example: { body_text: [['Ana', 'A-1042']] } },
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Thanks' },
        {
          type: 'URL',
          text: 'Track',
          url: 'https://example.com/track/{{1}}',
          example: ['https://example.com/track/A-1042'],
        },
      ],
    },
  ],
};

@ApiTags('templates')
@Controller('v1/:wabaId/message_templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Post()
  @HttpCode(200)
  @Authenticated({ scopes: ['templates:write'] })
  @Audited('templates.create', {
    body: [
      'name',
      'language',
      'category',
      'allow_category_change',
      'components',
      'parameter_format',
      'message_send_ttl_seconds',
      'header_media_file_id',
      'group_name',
    ],
  })
  @ApiOperation({
    summary: 'Create a template (checked against Meta rules first, then submitted for review)',
    description:
      "Meta's template-create body, plus `parameter_format` (set to NAMED automatically for {{word}} placeholders), " +
      '`message_send_ttl_seconds`, `header_media_file_id` (a media library asset for the media header) and `group_name` ' +
      '(a smart template group). Answers `{ id, status: "PENDING", category }`. A name that exists in the language already ' +
      "(or is being created by a concurrent request) gets Meta's answer to a duplicate, 400 code 100 subcode 2388023, with no " +
      'call upstream; 409 code 131000 when the business account holds its most templates.',
  })
  @ApiParam({ name: 'wabaId', description: "Meta's business account id of the organization" })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['name', 'language', 'category', 'components'],
      properties: {
        name: { type: 'string' },
        language: { type: 'string', example: 'en_US' },
        category: { type: 'string', description: `${TEMPLATE_CATEGORIES.join(', ')} (any case)` },
        components: { type: 'array', items: { type: 'object', additionalProperties: true } },
        parameter_format: { type: 'string', description: `${PARAMETER_FORMATS.join(', ')} (any case)` },
        message_send_ttl_seconds: { type: 'integer' },
        header_media_file_id: { type: 'string' },
        group_name: { type: 'string' },
      },
      // Whatever else Meta's template-create body takes goes to Meta as given.
      additionalProperties: true,
      example: CREATE_EXAMPLE,
    },
  })
  @ApiOkResponse({ schema: { example: { id: '594425479261596', status: 'PENDING', category: 'UTILITY' } } })
  @ApiGraphErrors(400, 409, 500)
  create(@TenantId() tenantId: string, @Req() req: GatewayRequest, @Body() body: Record<string, unknown>) {
    return this.templates.create(accountOf(tenantId, req), body);
  }

  @Get()
  @Authenticated({ scopes: ['templates:read'] })
  @ApiOperation({
    summary: 'The local catalog of this business account',
    description:
      "Not paginated unless `limit` is given (spec 4.3); then Meta's `paging` (`cursors.after`, `next`). Filters and `fields` as Graph takes them.",
  })
  @ApiOkResponse({
    schema: {
      example: {
        data: [
          {
            id: '594425479261596',
            name: 'order_shipped',
            language: 'en_US',
            status: 'APPROVED',
            category: 'UTILITY',
            components: [],
          },
        ],
      },
    },
  })
  @ApiGraphErrors(400)
  list(@TenantId() tenantId: string, @Req() req: GatewayRequest, @Query() query: ListTemplatesQueryDto) {
    return this.templates.list(accountOf(tenantId, req), query, req.originalUrl);
  }

  @Delete()
  @Authenticated({ scopes: ['templates:write'] })
  @Audited('templates.delete', { query: ['name', 'hsm_id'] })
  @ApiOperation({
    summary: "Delete a template, as Meta's DELETE /{waba-id}/message_templates",
    description:
      '`name` deletes every language of the name; with `hsm_id` (the template id) only that one. Upstream first, then the catalog.',
  })
  @ApiQuery({ name: 'name', required: true })
  @ApiQuery({ name: 'hsm_id', required: false })
  @ApiOkResponse({ schema: { example: { success: true } } })
  @ApiGraphErrors(400, 404, 500)
  remove(@TenantId() tenantId: string, @Req() req: GatewayRequest, @Query() query: DeleteTemplateQueryDto) {
    return this.templates.remove(accountOf(tenantId, req), query.name, query.hsm_id);
  }

  @Post('sync')
  @HttpCode(200)
  @Authenticated({ scopes: ['templates:write'] })
  @Audited('templates.sync', {})
  @ApiOperation({
    summary: "Reconcile the catalog with upstream's list now (templates created elsewhere, changed or deleted)",
  })
  @ApiOkResponse({ schema: { example: { added: 1, updated: 2, removed: 0, total: 12 } } })
  sync(@TenantId() tenantId: string, @Req() req: GatewayRequest) {
    return this.templates.sync(accountOf(tenantId, req));
  }
}

function accountOf(tenantId: string, req: GatewayRequest): BusinessAccountContext {
  const account = req.tenant!.businessAccount!;
  return { tenantId, businessAccountId: account.id, wabaId: account.wabaId };
}
