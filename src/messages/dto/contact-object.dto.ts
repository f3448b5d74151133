import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsLooseObject, IsLooseObjectArray, IsText, NestedObject } from './message-validators';

export class ContactNameDto {
  @ApiProperty({ description: 'Full name as it should be displayed.', example: 'John Smith' })
  @IsText(1)
  formatted_name: string;

  @ApiPropertyOptional({ example: 'John' })
  @IsOptional()
  @IsText(0)
  first_name?: string;

  @ApiPropertyOptional({ example: 'Smith' })
  @IsOptional()
  @IsText(0)
  last_name?: string;

  @ApiPropertyOptional({ example: 'D.' })
  @IsOptional()
  @IsText(0)
  middle_name?: string;

  @ApiPropertyOptional({ example: 'Jr' })
  @IsOptional()
  @IsText(0)
  suffix?: string;

  @ApiPropertyOptional({ example: 'Dr' })
  @IsOptional()
  @IsText(0)
  prefix?: string;
}

/**
 * One contact card. Only the name is checked; the address, email, phone and URL entries and the
 * organization are loosely typed objects (their fields are Meta's to check, and Meta adds some).
 */
export class ContactObjectDto {
  @ApiProperty({ type: () => ContactNameDto })
  @NestedObject(() => ContactNameDto)
  name: ContactNameDto;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Entries like { phone, type: HOME|WORK, wa_id }.',
    example: [{ phone: '+1 (650) 555-1234', type: 'WORK', wa_id: '16505551234' }],
  })
  @IsOptional()
  @IsLooseObjectArray()
  phones?: Record<string, unknown>[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Entries like { email, type: HOME|WORK }.',
    example: [{ email: 'john@example.com', type: 'WORK' }],
  })
  @IsOptional()
  @IsLooseObjectArray()
  emails?: Record<string, unknown>[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Entries like { url, type: HOME|WORK }.',
    example: [{ url: 'https://www.example.com', type: 'WORK' }],
  })
  @IsOptional()
  @IsLooseObjectArray()
  urls?: Record<string, unknown>[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Entries like { street, city, state, zip, country, country_code, type: HOME|WORK }.',
    example: [
      {
        street: '1 Hacker Way',
        city: 'Menlo Park',
        state: 'CA',
        zip: '94025',
        country: 'United States',
        country_code: 'us',
        type: 'WORK',
      },
    ],
  })
  @IsOptional()
  @IsLooseObjectArray()
  addresses?: Record<string, unknown>[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Like { company, department, title }.',
    example: { company: 'WhatsApp', department: 'Design', title: 'Manager' },
  })
  @IsOptional()
  @IsLooseObject()
  org?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'YYYY-MM-DD.', example: '2012-08-18' })
  @IsOptional()
  @IsText(1)
  birthday?: string;
}
