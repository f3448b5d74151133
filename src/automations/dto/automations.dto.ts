import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PagingDto } from '../../common/pagination';

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
  @ApiProperty({ example: { code: 'en_US' } }) language: { code: string };
  @ApiPropertyOptional({ type: 'array', items: { type: 'object' } }) components?: unknown[];
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
  @ApiProperty({ enum: ['sent', 'refused', 'failed'] }) outcome: string;
  @ApiPropertyOptional({ description: "Meta's id of the reply" }) message_id?: string;
  @ApiPropertyOptional({ description: 'Found sent by an earlier attempt of the job (its instance died after sending)' })
  recovered?: boolean;
  @ApiPropertyOptional({ example: { code: 131026, message: 'Message undeliverable' } }) error?: {
    code: number;
    message: string;
  };
}

class AutomationStepDto {
  @ApiProperty({ example: 'away' }) automation: string;
  @ApiProperty() matched: boolean;
  @ApiProperty({ example: 'outside business hours (sunday 2026-11-29 23:04 Europe/Madrid)' }) reason: string;
  @ApiProperty({ type: [AutomationActionDto] }) actions: AutomationActionDto[];
}

export class AutomationRunDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'message', description: 'What happened' }) event: string;
  @ApiProperty({ example: 'message:wamid.HBgL…' }) event_id: string;
  @ApiProperty({ example: '15551234567' }) wa_id: string;
  @ApiProperty({ enum: ['running', 'done'] }) state: string;
  @ApiProperty({ description: 'Runs of the job (more than one: its instance died, or a reply had to wait)' })
  attempts: number;
  @ApiProperty({ type: [AutomationStepDto] }) steps: AutomationStepDto[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at: string | null;
}

export class AutomationRunListDto {
  @ApiProperty({ type: [AutomationRunDto] }) data: AutomationRunDto[];
  @ApiProperty({ type: PagingDto }) paging: PagingDto;
}
