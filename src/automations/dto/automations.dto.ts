import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PagingDto } from '../../common/pagination';
import { TRIGGERS } from '../rule';

class OpenSpanDto {
  @ApiProperty({ example: '09:00', description: 'HH:MM in the time zone' }) open: string;
  @ApiProperty({ example: '17:30', description: 'HH:MM after open (24:00: midnight at the day’s end)' }) close: string;
}

class WeeklyHoursDto {
  @ApiPropertyOptional({ type: [OpenSpanDto] }) monday?: OpenSpanDto[];
  @ApiPropertyOptional({ type: [OpenSpanDto] }) tuesday?: OpenSpanDto[];
  @ApiPropertyOptional({ type: [OpenSpanDto] }) wednesday?: OpenSpanDto[];
  @ApiPropertyOptional({ type: [OpenSpanDto] }) thursday?: OpenSpanDto[];
  @ApiPropertyOptional({ type: [OpenSpanDto] }) friday?: OpenSpanDto[];
  @ApiPropertyOptional({ type: [OpenSpanDto] }) saturday?: OpenSpanDto[];
  @ApiPropertyOptional({ type: [OpenSpanDto] }) sunday?: OpenSpanDto[];
}

export class BusinessHoursDto {
  @ApiProperty({ type: String, nullable: true, example: 'Europe/Madrid', description: 'IANA time zone' })
  time_zone: string | null;

  @ApiProperty({ type: WeeklyHoursDto, description: 'Open spans per weekday; a day left out is closed' })
  weekly: WeeklyHoursDto;

  @ApiProperty({ type: [String], example: ['2026-12-25'], description: 'Dates closed all day (in the time zone)' })
  holidays: string[];
}

class ReplyTemplateDto {
  @ApiProperty({ example: 'after_hours' }) name: string;
  @ApiProperty({ type: 'object', properties: { code: { type: 'string', example: 'en_US' } }, required: ['code'] })
  language: { code: string };
  @ApiPropertyOptional({ type: 'array', items: { type: 'object', additionalProperties: true } }) components?: unknown[];
}

export class AutomaticReplyDto {
  @ApiProperty({ default: true }) enabled: boolean;
  @ApiPropertyOptional({ maxLength: 4096, description: 'Free text (one of text and template)' }) text?: string;
  @ApiPropertyOptional({ type: ReplyTemplateDto, description: 'An APPROVED template (one of text and template)' })
  template?: ReplyTemplateDto;
  @ApiPropertyOptional({
    minimum: 1,
    maximum: 720,
    default: 24,
    description: 'Away only: at most once per customer in this many hours',
  })
  once_every_hours?: number;
}

export class AutomaticRepliesDto {
  @ApiProperty({
    type: AutomaticReplyDto,
    nullable: true,
    description: 'Sent when a customer writes outside business hours',
  })
  away: AutomaticReplyDto | null;

  @ApiProperty({
    type: AutomaticReplyDto,
    nullable: true,
    description: "Sent on a customer's first message to the number",
  })
  welcome: AutomaticReplyDto | null;
}

class AutomationActionDto {
  @ApiProperty({ example: 'reply' }) type: string;
  @ApiProperty({ enum: ['sent', 'done', 'refused', 'capped', 'failed', 'retrying'] }) outcome: string;
  @ApiPropertyOptional({ description: "Meta's id of the reply" }) message_id?: string;
  @ApiPropertyOptional({ description: 'Found sent by an earlier attempt of the job (its instance died after sending)' })
  recovered?: boolean;
  @ApiPropertyOptional({
    type: 'object',
    properties: { code: { type: 'integer' }, message: { type: 'string' } },
    example: { code: 131026, message: 'Message undeliverable' },
  })
  error?: {
    code: number;
    message: string;
  };
  @ApiPropertyOptional({ example: 200, description: "A call's answer (or its last try's)" }) status_code?: number;
  @ApiPropertyOptional({ example: 1, description: "A call's tries so far" }) attempts?: number;
  @ApiPropertyOptional({ format: 'date-time', description: 'When a call that failed is tried again' })
  next_attempt_at?: string;
  @ApiPropertyOptional({ type: () => AutomationActionDto, description: "The reply a call's answer carried" })
  reply?: AutomationActionDto;
}

class AutomationStepDto {
  @ApiProperty({ example: 'rule', description: '`welcome`, `away` or `rule`' }) automation: string;
  @ApiPropertyOptional({ format: 'uuid' }) rule_id?: string;
  @ApiPropertyOptional({ example: 'Prices' }) rule_name?: string;
  @ApiProperty() matched: boolean;
  @ApiProperty({ example: 'outside business hours (sunday 2026-11-29 23:04 Europe/Madrid)' }) reason: string;
  @ApiProperty({ type: [AutomationActionDto] }) actions: AutomationActionDto[];
}

export class AutomationRunDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({
    example: 'message',
    enum: ['message', 'message_failed', 'conversation_resolved', 'template_status'],
    description: 'What happened (a customer’s message, an outbound message Meta failed, a resolution, a review)',
  })
  event: string;
  @ApiProperty({ example: 'message:wamid.HBgL…' }) event_id: string;
  @ApiProperty({ type: String, nullable: true, example: '106540352242922', description: 'Null: a template review' })
  phone_number_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: '15551234567', description: 'Null: a template review' })
  wa_id: string | null;
  @ApiProperty({
    enum: ['running', 'done'],
    description: 'running: not finished (a failed call waits for its next try)',
  })
  state: string;
  @ApiProperty({
    description: 'Runs of the job (more than one: its instance died, a reply had to wait, a call failed)',
  })
  attempts: number;
  @ApiProperty({ type: [AutomationStepDto] }) steps: AutomationStepDto[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at: string | null;
}

export class AutomationRunListDto {
  @ApiProperty({ type: [AutomationRunDto] }) data: AutomationRunDto[];
  @ApiProperty({ type: PagingDto }) paging: PagingDto;
}

export class RuleInputDto {
  @ApiProperty({ example: 'Prices', maxLength: 200 }) name: string;
  @ApiPropertyOptional({ default: true }) enabled?: boolean;
  @ApiProperty({ enum: TRIGGERS }) trigger: string;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    example: [{ field: 'text', operator: 'contains_any', values: ['price', 'how much'] }],
    description: 'All must hold (at most 20)',
  })
  conditions: Array<Record<string, unknown>>;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    example: [{ type: 'reply', text: 'Our prices are at https://example.com/prices' }, { type: 'stop' }],
    description: 'In order (1 to 10)',
  })
  actions: Array<Record<string, unknown>>;
  @ApiPropertyOptional({ minimum: 0, description: 'Where it is judged among the rules (0: first); absent: last' })
  position?: number;
}

export class AutomationRuleDto extends RuleInputDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class AutomationRuleListDto {
  @ApiProperty({ type: [AutomationRuleDto] }) data: AutomationRuleDto[];
}

export class AutomationSettingsDto {
  @ApiProperty({
    minimum: 1,
    maximum: 100,
    default: 10,
    description: "The rules' automatic replies a conversation gets per clock hour at most",
  })
  replies_per_conversation_per_hour: number;
}

/** The settings as read: with the hint of the secret that signs the rules' calls. */
export class AutomationSettingsReadDto extends AutomationSettingsDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: '…k3Q=',
    description:
      "The last characters of the secret that signs the rules' calls (`call_url`); null until one is made " +
      '(POST /v1/automations/signing_secret)',
  })
  signing_secret_hint: string | null;
}

export class SigningSecretInputDto {
  @ApiPropertyOptional({
    description: 'Your own secret (at least 16 characters); without it the gateway makes one (`whsec_…`)',
  })
  secret?: string;
}

export class SigningSecretDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description:
      "The secret that signs the rules' calls from now on, shown this once: verify `X-Hub-Signature-256` " +
      '(HMAC-SHA256 of the raw body, hex) or the Standard Webhooks headers with it, as for /v1/webhooks',
  })
  signing_secret: string;
}

export class DryRunDto {
  @ApiProperty({ example: '106540352242922' }) phone_number_id: string;
  @ApiPropertyOptional({ example: 'What is the price?', description: 'A text message (or give `message`)' })
  text?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'A Cloud API message object' })
  message?: Record<string, unknown>;
  @ApiPropertyOptional({ example: '15551234567', description: 'The customer (their contact’s tags and attributes)' })
  from?: string;
  @ApiPropertyOptional({ description: "The customer's first message (conversation_opened rules too)" }) first?: boolean;
}

class DryRunRuleDto {
  @ApiProperty({ format: 'uuid' }) rule_id: string;
  @ApiProperty() rule_name: string;
  @ApiProperty() matched: boolean;
  @ApiProperty() reason: string;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'What it would do',
  })
  actions: unknown[];
}

export class DryRunResultDto {
  @ApiProperty() inside_business_hours: boolean;
  @ApiProperty({ type: [DryRunRuleDto] }) rules: DryRunRuleDto[];
}
