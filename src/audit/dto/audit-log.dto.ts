import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDateString, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageQueryDto, PagingDto } from '../../common/pagination';

export class ListAuditLogQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only this action', example: 'keys.create' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  action?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only the writes of this key' })
  @IsOptional()
  @IsUUID()
  key_id?: string;

  @ApiPropertyOptional({ description: 'Only the writes to this id (a key, an endpoint, a broadcast…)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  target_id?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'From this time on (inclusive)' })
  @IsOptional()
  @IsDateString()
  since?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Before this time' })
  @IsOptional()
  @IsDateString()
  until?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      "Platform keys: only this organization's entries. Other keys read their organization's (an admin key's, all of its organizations' unless X-Svc-Tenant-Id names one).",
  })
  @IsOptional()
  @IsUUID()
  organization_id?: string;
}

class AuditActorDto {
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'maria@shop.example',
    description: "The person whose console session made the change (null: a machine's key)",
  })
  person: string | null;

  @ApiProperty({ format: 'uuid', description: "The key it was made with (a person's: their membership's)" })
  key_id: string;

  @ApiProperty({ example: 'svc_live_AbCdEf', description: "The key's display prefix, never its text" })
  key_prefix: string;

  @ApiProperty({ enum: ['org', 'admin', 'platform'] })
  key_kind: string;

  @ApiProperty({ nullable: true, type: String, example: '203.0.113.7' })
  ip: string | null;
}

export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'The organization the change belongs to' })
  organization_id: string | null;

  @ApiProperty({ example: 'webhooks.create', description: '`<capability>.<verb>`' })
  action: string;

  @ApiProperty({ type: AuditActorDto })
  actor: AuditActorDto;

  @ApiProperty({ example: 'POST' })
  method: string;

  @ApiProperty({ example: '/v1/webhooks' })
  path: string;

  @ApiProperty({ nullable: true, type: String, description: "What changed: the answer's id, else the path's last id" })
  target_id: string | null;

  @ApiProperty({ example: 201 })
  status_code: number;

  @ApiProperty({
    nullable: true,
    type: 'object',
    additionalProperties: true,
    description:
      'What the write asked for (`query`, `body`): secrets replaced by "[redacted]", lists past 20 items and texts past ' +
      '1,000 characters shortened',
    example: { body: { url: 'https://example.com/hook', events: ['messages'], secret: '[redacted]' } },
  })
  changes: Record<string, unknown> | null;

  @ApiProperty({ nullable: true, type: String })
  request_id: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class AuditLogPageDto {
  @ApiProperty({ type: [AuditEntryDto] })
  data: AuditEntryDto[];

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;
}
