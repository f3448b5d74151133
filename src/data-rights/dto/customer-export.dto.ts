import { ApiProperty } from '@nestjs/swagger';

export class CustomerExportDto {
  @ApiProperty({ example: 'customer_export' }) object: string;
  @ApiProperty({ format: 'uuid' }) organization_id: string;
  @ApiProperty({ example: '15551234567' }) wa_id: string;
  @ApiProperty({ format: 'date-time' }) exported_at: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'object', additionalProperties: true } },
    description:
      'By kind: automation_runs, blacklist, broadcast_recipients, contact, conversations, inbound_messages, ' +
      'messages (each with `statuses`), notes',
  })
  data: Record<string, unknown[]>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { messages: 12, notes: 1 } })
  counts: Record<string, number>;
}
