import { ApiProperty } from '@nestjs/swagger';
import { PagingDto } from '../../common/pagination';

class ExportProgressDto {
  @ApiProperty({ description: 'Kinds written (rows of a table, or files) of all' }) kinds_done: number;
  @ApiProperty() kinds_total: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { messages: 120_000 } })
  rows: Record<string, number>;
  @ApiProperty({ description: 'Media library files written' }) files: number;
  @ApiProperty({ description: 'Bytes of the archive so far (compressed)' }) bytes: number;
}

class ExportRequesterDto {
  @ApiProperty({ format: 'uuid' }) key_id: string;
  @ApiProperty({ example: 'svc_live_AbCdEf' }) key_prefix: string;
  @ApiProperty({ nullable: true, type: String }) person: string | null;
}

export class OrganizationExportDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'organization_export' }) object: string;
  @ApiProperty({ enum: ['running', 'done', 'expired'] }) status: string;
  @ApiProperty({ type: ExportProgressDto }) progress: ExportProgressDto;
  @ApiProperty({ nullable: true, type: Number }) size_bytes: number | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description:
      'Once done: where to download the .tar.gz (no key needed: the link is signed) until it expires, within ' +
      'the hour; read the export again for a new link while the archive is kept',
  })
  download_url: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'When the archive is deleted (24 hours after done)' })
  expires_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ nullable: true, type: String }) finished_at: string | null;
  @ApiProperty({ type: ExportRequesterDto }) requested_by: ExportRequesterDto;
  @ApiProperty() attempts: number;
  @ApiProperty({ nullable: true, type: String }) last_error: string | null;
}

export class OrganizationExportPageDto {
  @ApiProperty({ type: [OrganizationExportDto] }) data: OrganizationExportDto[];
  @ApiProperty({ type: PagingDto }) paging: PagingDto;
}
