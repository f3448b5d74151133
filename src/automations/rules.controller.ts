import { Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { ContactsService } from '../contacts/contacts.service';
import { PageQueryDto, SuccessDto, type Page } from '../common/pagination';
import { Authenticated, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { GatewayRequest } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { AutomationsRepository } from './automations.repository';
import {
  AutomationRuleDto,
  AutomationRuleListDto,
  AutomationSettingsDto,
  AutomationSettingsReadDto,
  type AutomationRunDto,
  AutomationRunListDto,
  DryRunDto,
  DryRunResultDto,
  RuleInputDto,
  SigningSecretDto,
  SigningSecretInputDto,
} from './dto/automations.dto';
import { RulesService } from './rules.service';
import { runsPage } from './automations.controller';

const badId = () => GraphError.notFound('Rule does not exist');

/** The organization's automation rules: when, if, then. */
@ApiTags('automations')
@Controller('v1/automations')
export class RulesController {
  constructor(
    private readonly rules: RulesService,
    private readonly repository: AutomationsRepository,
    private readonly contacts: ContactsService,
  ) {}

  @Get('rules')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: "The organization's rules, in the order they are judged" })
  @ApiOkResponse({ type: AutomationRuleListDto })
  async list(@TenantId() tenantId: string): Promise<{ data: Record<string, unknown>[] }> {
    return { data: await this.rules.list(tenantId) };
  }

  @Post('rules')
  @Authenticated({ scopes: ['members:write'] })
  @Audited('automations.rule_create', { body: ['name', 'trigger', 'enabled', 'position'] })
  @ApiOperation({
    summary: 'Make a rule: when (trigger), if (conditions, all of them), then (actions, in order)',
    description:
      'Triggers: `message_received`, `conversation_opened` (a customer’s first message, or one that opened a ' +
      'resolved, pending or snoozed conversation), `message_failed` (Meta reported an outbound message failed: ' +
      'the `error_code` condition), `opted_out` (the customer’s opt-out keyword), `conversation_resolved` (a ' +
      'person, a key or a rule resolved it), `template_status` (Meta reviewed a template: the `template_name` and ' +
      '`template_status` conditions; its actions `call_url` and `stop`, a review having no customer). Conditions: `text` (`contains_any` keywords: whole words, any ' +
      'case, accents and punctuation ignored; `matches` a regular expression run by RE2, in linear time), ' +
      '`message_type`, `button_payload`, `phone_number_id`, `business_hours`, `conversation_status`, `assignee`, ' +
      '`contact_tag`, `contact_attribute`. Actions: `reply` (text, interactive, or an APPROVED template: the rule ' +
      'then names its numbers), `assign` (`assignee_id`, `team_id` or `auto`), `add_tag`, `remove_tag`, ' +
      '`set_attribute`, `note`, `set_status`, `call_url` (POSTs the event to your URL, signed; a 5xx, timeout or ' +
      'no connection is tried again with backoff; an answer `{"reply": <message content>}` is sent as a reply), ' +
      '`stop` (no later rule is judged). Each rule runs once per event ' +
      'across instances and crashes; replies go through the send path and count toward the conversation’s ' +
      'automatic replies per hour.',
  })
  @ApiBody({ type: RuleInputDto })
  @ApiCreatedResponse({ type: AutomationRuleDto })
  @ApiGraphErrors(400)
  create(@TenantId() tenantId: string, @Req() req: GatewayRequest): Promise<Record<string, unknown>> {
    return this.rules.create(tenantId, req.body);
  }

  @Get('rules/:id')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: 'One rule' })
  @ApiOkResponse({ type: AutomationRuleDto })
  @ApiGraphErrors(404)
  get(
    @TenantId() tenantId: string,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: badId })) id: string,
  ): Promise<Record<string, unknown>> {
    return this.rules.get(tenantId, id);
  }

  @Patch('rules/:id')
  @Authenticated({ scopes: ['members:write'] })
  @Audited('automations.rule_update', { body: ['name', 'trigger', 'enabled', 'position'] })
  @ApiOperation({ summary: 'Change a rule (what is left out keeps its value); `position` reorders' })
  @ApiBody({ type: RuleInputDto })
  @ApiOkResponse({ type: AutomationRuleDto })
  @ApiGraphErrors(400, 404)
  update(
    @TenantId() tenantId: string,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: badId })) id: string,
    @Req() req: GatewayRequest,
  ): Promise<Record<string, unknown>> {
    return this.rules.update(tenantId, id, req.body);
  }

  @Delete('rules/:id')
  @Authenticated({ scopes: ['members:write'] })
  @Audited('automations.rule_delete', {})
  @ApiOperation({ summary: 'Delete a rule (its runs stay in the log)' })
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(404)
  async remove(
    @TenantId() tenantId: string,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: badId })) id: string,
  ): Promise<SuccessDto> {
    await this.rules.remove(tenantId, id);
    return { success: true };
  }

  @Get('rules/:id/runs')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: 'The events the rule was judged on, newest first: whether it matched, why, what it did' })
  @ApiOkResponse({ type: AutomationRunListDto })
  @ApiGraphErrors(400, 404)
  async runs(
    @TenantId() tenantId: string,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: badId })) id: string,
    @Query() query: PageQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<Page<AutomationRunDto>> {
    await this.rules.get(tenantId, id);
    return runsPage(query, req.originalUrl, (limit, before) => this.repository.ruleJobs(tenantId, id, limit, before));
  }

  @Post('dry_run')
  @HttpCode(200)
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({
    summary: 'Which rules would act on a customer’s message, and what they would do: nothing is sent or changed',
  })
  @ApiBody({ type: DryRunDto })
  @ApiOkResponse({ type: DryRunResultDto })
  @ApiGraphErrors(400)
  dryRun(@TenantId() tenantId: string, @Req() req: GatewayRequest): Promise<Record<string, unknown>> {
    return this.rules.dryRun(tenantId, req.body, async (waId) => {
      const contact = await this.contacts.find(tenantId, waId);
      return contact ? { tags: contact.tags, attributes: contact.attributes } : null;
    });
  }

  @Get('settings')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: "The organization's automations settings" })
  @ApiOkResponse({ type: AutomationSettingsReadDto })
  settings(@TenantId() tenantId: string): Promise<AutomationSettingsReadDto> {
    return this.rules.settings(tenantId);
  }

  @Put('settings')
  @HttpCode(200)
  @Authenticated({ scopes: ['members:write'] })
  @Audited('automations.settings', { body: ['replies_per_conversation_per_hour'] })
  @ApiOperation({ summary: "Change the organization's automations settings (the loop's cap)" })
  @ApiBody({ type: AutomationSettingsDto })
  @ApiOkResponse({ type: AutomationSettingsReadDto })
  @ApiGraphErrors(400)
  putSettings(@TenantId() tenantId: string, @Req() req: GatewayRequest): Promise<AutomationSettingsReadDto> {
    return this.rules.putSettings(tenantId, req.body);
  }

  @Post('signing_secret')
  @HttpCode(200)
  @Authenticated({ scopes: ['members:write'] })
  @Audited('automations.signing_secret', { body: [] })
  @ApiOperation({
    summary: "Make the secret that signs the rules' calls (call_url), replacing the last one: shown once",
    description:
      'A rule’s `call_url` POSTs the event to the URL signed like the tenant webhooks: `X-Hub-Signature-256: ' +
      'sha256=<hex HMAC-SHA256(secret, raw body)>` and the Standard Webhooks headers (`webhook-id` the same on ' +
      'every try of one call). A rule with `call_url` is refused until the organization has a secret.',
  })
  @ApiBody({ type: SigningSecretInputDto, required: false })
  @ApiOkResponse({ type: SigningSecretDto })
  @ApiGraphErrors(400)
  makeSigningSecret(@TenantId() tenantId: string, @Req() req: GatewayRequest): Promise<SigningSecretDto> {
    return this.rules.makeSigningSecret(tenantId, req.body);
  }
}
