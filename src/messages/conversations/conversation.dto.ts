import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { PageQueryDto, PagingDto } from '../../common/pagination';
import { CONVERSATION_STATUSES, type ConversationStatus } from '../conversation.entity';

/** The Inbox's views: the caller's, nobody's, their teams', every conversation. */
export const CONVERSATION_VIEWS = ['mine', 'unassigned', 'team', 'all'] as const;
export type ConversationView = (typeof CONVERSATION_VIEWS)[number];

/** `a,b` in a query string as a list. */
const commaList = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.split(',').map((part) => part.trim()) : value;

/** `true` / `false` in a query string as booleans; anything else stays as given, for IsBoolean to refuse. */
export const queryBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' ? false : value;

export class ListConversationsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only conversations with unread customer messages (true) or none (false)' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  unread?: boolean;

  @ApiPropertyOptional({ enum: ['open', 'closed'], description: 'The 24-hour customer service window' })
  @IsOptional()
  @IsIn(['open', 'closed'])
  window?: 'open' | 'closed';

  @ApiPropertyOptional({ description: 'Only customers who opted out (true), or only those who did not (false)' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  opted_out?: boolean;

  @ApiPropertyOptional({ description: 'The start of a WhatsApp id, or part of the profile name', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  q?: string;

  @ApiPropertyOptional({
    enum: CONVERSATION_VIEWS,
    description:
      "mine: the caller's (a person's session); unassigned: nobody's; team: their teams' (or `team_id`'s); all",
  })
  @IsOptional()
  @IsIn(CONVERSATION_VIEWS)
  view?: ConversationView;

  @ApiPropertyOptional({ description: 'Any of these statuses, comma-separated', example: 'open,pending' })
  @IsOptional()
  @Transform(commaList)
  @IsIn(CONVERSATION_STATUSES, { each: true, message: 'status must be open, pending, snoozed or resolved' })
  status?: ConversationStatus[];

  @ApiPropertyOptional({ description: "A member's user id (their conversations)" })
  @IsOptional()
  @IsUUID('all', { message: 'assignee_id must be a user id' })
  assignee_id?: string;

  @ApiPropertyOptional({ description: "A team's id (its conversations)" })
  @IsOptional()
  @IsUUID('all', { message: 'team_id must be a team id' })
  team_id?: string;
}

export class AssignConversationDto {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'A member; null: nobody' })
  @IsOptional()
  @IsUUID('all', { message: 'assignee_id must be a user id or null' })
  assignee_id?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'A team; null: none' })
  @IsOptional()
  @IsUUID('all', { message: 'team_id must be a team id or null' })
  team_id?: string | null;
}

export class SetConversationStatusDto {
  @ApiProperty({ enum: CONVERSATION_STATUSES })
  @IsIn(CONVERSATION_STATUSES)
  status: ConversationStatus;

  @ApiPropertyOptional({ format: 'date-time', description: 'With `snoozed`: when it opens again (within a year)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'snoozed_until must be a date and time (ISO 8601)' })
  snoozed_until?: string;
}

/** `after` (from PageQueryDto) pages older messages; `before` newer ones. */
export class ThreadQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Newer messages than this cursor (`paging.cursors.before` of a page)' })
  @IsOptional()
  @IsString()
  before?: string;

  @ApiPropertyOptional({ description: 'Start at this message (wamid) and go older; page newer with `before`' })
  @IsOptional()
  @IsString()
  @Matches(/^wamid\.[A-Za-z0-9+/=_.-]{1,500}$/, { message: 'at must be a message id (wamid)' })
  at?: string;
}

export class MarkConversationReadDto {
  @ApiPropertyOptional({ description: "Show the customer the typing indicator (Meta's, up to 25 s or until a reply)" })
  @IsOptional()
  @IsBoolean()
  typing_indicator?: boolean;
}

class LastMessageDto {
  @ApiProperty({ enum: ['inbound', 'outbound'] })
  direction: 'inbound' | 'outbound';

  @ApiProperty({ example: 'text' })
  type: string;

  @ApiProperty({ description: 'Its text, caption, template name, reply or reaction, up to 100 characters' })
  preview: string;

  @ApiProperty({ format: 'date-time' })
  timestamp: string;

  @ApiProperty({ type: String, nullable: true, description: "Meta's message id" })
  id: string | null;
}

class ServiceWindowDto {
  @ApiProperty({ description: 'Whether free-form messages may be sent now' })
  open: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it closes (null: closed)' })
  closes_at: string | null;
}

export class ConversationDto {
  @ApiProperty({ example: '15551234567' })
  wa_id: string;

  @ApiProperty({ type: String, nullable: true, description: "The customer's WhatsApp profile name" })
  profile_name: string | null;

  @ApiProperty({ type: LastMessageDto, nullable: true })
  last_message: LastMessageDto | null;

  @ApiProperty({ description: "The customer's messages not read yet" })
  unread_count: number;

  @ApiProperty({ type: ServiceWindowDto })
  window: ServiceWindowDto;

  @ApiProperty({ description: 'The customer opted out (an opt-out keyword): marketing templates are refused' })
  opted_out: boolean;

  @ApiProperty({ enum: CONVERSATION_STATUSES })
  status: ConversationStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When a snooze ends' })
  snoozed_until: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The member who has it (a user id)' })
  assignee_id: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  assigned_at: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  team_id: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it was last resolved' })
  resolved_at: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Who last resolved it (a member)' })
  resolved_by: string | null;
}

export class ConversationPageDto {
  @ApiProperty({ type: [ConversationDto] })
  data: ConversationDto[];

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;
}

class ReactionDto {
  @ApiProperty({ example: '👍' })
  emoji: string;

  @ApiProperty({ enum: ['customer', 'business'] })
  by: 'customer' | 'business';

  @ApiProperty({ format: 'date-time' })
  timestamp: string;
}

class ThreadMediaDto {
  @ApiProperty({ description: "Meta's media id" })
  id: string;

  @ApiProperty({ type: String, nullable: true })
  mime_type: string | null;

  @ApiProperty({
    description: "The gateway's download route (the same key reads it)",
    example: '/v1/media/123/download',
  })
  url: string;
}

export class ThreadMessageDto {
  @ApiProperty({ description: "Meta's id (wamid); a send Meta has not accepted has the gateway's record id" })
  id: string;

  @ApiProperty({ enum: ['inbound', 'outbound'] })
  direction: 'inbound' | 'outbound';

  @ApiProperty({ example: 'text' })
  type: string;

  @ApiProperty({ format: 'date-time', description: "Meta's time (inbound) or the record's (outbound)" })
  timestamp: string;

  @ApiPropertyOptional({
    description: 'Outbound: the record status (pending, accepted, sent, delivered, read, failed)',
  })
  status?: string;

  @ApiPropertyOptional({ description: "Outbound: the gateway's record id (GET /v1/{phone}/messages/{id})" })
  record_id?: string;

  @ApiPropertyOptional({
    nullable: true,
    type: 'object',
    additionalProperties: true,
    description: 'Outbound, failed: the error',
  })
  error?: Record<string, unknown> | null;

  @ApiPropertyOptional({ description: 'Inbound: whether it was marked read' })
  read?: boolean;

  @ApiProperty({
    type: 'object',
    properties: { id: { type: 'string' } },
    nullable: true,
    description: 'The message it replies to: `{ id }` (a wamid)',
  })
  context: { id: string } | null;

  @ApiProperty({ type: [ReactionDto] })
  reactions: ReactionDto[];

  @ApiProperty({ type: ThreadMediaDto, nullable: true })
  media: ThreadMediaDto | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "Meta's message object (inbound) or the send's body (outbound)",
  })
  message: Record<string, unknown>;
}

export class ThreadPagingDto {
  @ApiProperty({
    type: 'object',
    properties: { before: { type: 'string' }, after: { type: 'string' } },
    description: '`before`: the newest message of the page; `after`: the oldest',
  })
  cursors: { before?: string; after?: string };

  @ApiPropertyOptional({ description: 'Older messages' })
  next?: string;

  @ApiPropertyOptional({ description: 'Newer messages' })
  previous?: string;
}

export class ThreadPageDto {
  @ApiProperty({ type: [ThreadMessageDto], description: 'Newest first' })
  data: ThreadMessageDto[];

  @ApiProperty({ type: ThreadPagingDto })
  paging: ThreadPagingDto;
}

export class MarkReadResultDto {
  @ApiProperty({ example: true })
  success: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The message Meta was told is read (null: nothing to read)',
  })
  message_id: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  read_through: string | null;

  @ApiProperty()
  unread_count: number;
}
