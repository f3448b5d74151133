import { ApiProperty } from '@nestjs/swagger';
import { PagingDto } from '../../common/pagination';

export class EraseCustomerDto {
  @ApiProperty({ example: '15551234567', description: "The customer's WhatsApp id (digits; a leading + is dropped)" })
  wa_id: string;
}

class ErasureRequesterDto {
  @ApiProperty({ format: 'uuid' }) key_id: string;
  @ApiProperty({ example: 'svc_live_AbCdEf' }) key_prefix: string;
  @ApiProperty({ nullable: true, type: String, description: 'The person whose console session asked' })
  person: string | null;
}

export class ErasureDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'customer_erasure' }) object: string;
  @ApiProperty({ enum: ['running', 'done'] }) status: string;
  @ApiProperty({
    example: 'erased:3f1c…',
    description: "The customer's one-way digest: what the blacklist and the audit log keep instead of the number",
  })
  customer: string;
  @ApiProperty({ nullable: true, type: String, description: 'The number while the erasure runs; null once done' })
  wa_id: string | null;
  @ApiProperty({
    format: 'date-time',
    description: 'What was there from then back is erased; what the customer sends after starts afresh',
  })
  began_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) finished_at: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description:
      'Rows removed by kind (so far, while running). `usage_entries`, `audit_log`, `blacklist` and `pacing` ' +
      'count rows kept with the number replaced by the digest.',
    example: { messages: 120, message_statuses: 360, inbound_messages: 40, conversations: 1 },
  })
  removed: Record<string, number>;
  @ApiProperty({ type: ErasureRequesterDto }) requested_by: ErasureRequesterDto;
  @ApiProperty({ description: 'Runs of the job (more than 1: an instance stopped and another went on)' })
  attempts: number;
  @ApiProperty({ nullable: true, type: String, description: 'Why the last run stopped, while it is taken over' })
  last_error: string | null;
}

export class ErasurePageDto {
  @ApiProperty({ type: [ErasureDto] }) data: ErasureDto[];
  @ApiProperty({ type: PagingDto }) paging: PagingDto;
}
