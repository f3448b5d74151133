import { ApiProperty } from '@nestjs/swagger';

class DeletionRequesterDto {
  @ApiProperty({ format: 'uuid' }) key_id: string;
  @ApiProperty({ example: 'svc_platform_AbCdEf' }) key_prefix: string;
  @ApiProperty({ nullable: true, type: String }) person: string | null;
}

export class OrganizationDeletionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'organization_deletion' }) object: string;
  @ApiProperty({ format: 'uuid' }) organization_id: string;
  @ApiProperty() organization_name: string;
  @ApiProperty({ enum: ['running', 'done'] }) status: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description:
      'Rows (or Redis keys, files) removed by kind so far; `usage_entries` counts entries kept with their ' +
      'wamid digested; `phone_numbers`, `business_accounts`, `organizations` once the organization itself went',
    example: { messages: 120_000, contacts: 10_000, organizations: 1 },
  })
  removed: Record<string, number>;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ nullable: true, type: String }) finished_at: string | null;
  @ApiProperty({ type: DeletionRequesterDto }) requested_by: DeletionRequesterDto;
  @ApiProperty() attempts: number;
  @ApiProperty({ nullable: true, type: String }) last_error: string | null;
}
