import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** `GET /{wabaId}/message_templates`: Graph's query parameters. */
export class ListTemplatesQueryDto {
  @ApiPropertyOptional({ description: 'Exact, case-sensitive name' })
  @IsOptional()
  @IsString()
  name?: string;

  @ApiPropertyOptional({
    example: 'name,status,language',
    description: 'Fields of each template (id is always included)',
  })
  @IsOptional()
  @IsString()
  fields?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000, description: "Page size; given, the answer has Meta's `paging`" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;

  @ApiPropertyOptional({ description: 'The `paging.cursors.after` of the previous page' })
  @IsOptional()
  @IsString()
  after?: string;

  @ApiPropertyOptional({ example: 'APPROVED', description: 'One status or a comma-separated list' })
  @IsOptional()
  @IsString()
  status?: string;

  @ApiPropertyOptional({ example: 'UTILITY,MARKETING' })
  @IsOptional()
  @IsString()
  category?: string;

  @ApiPropertyOptional({ example: 'en_US' })
  @IsOptional()
  @IsString()
  language?: string;
}

export class DeleteTemplateQueryDto {
  @ApiPropertyOptional({ description: 'The template name (every language)' })
  @IsOptional()
  @IsString()
  name?: string;

  @ApiPropertyOptional({ description: 'The template id: only this language' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{1,32}$/, { message: 'hsm_id must be a template id (digits)' })
  hsm_id?: string;
}
