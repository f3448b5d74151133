import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS } from '../opt-out-keywords';

const keywordsDescription = (what: string) =>
  `Whole messages that ${what}: compared without case, accents, extra spaces or closing punctuation. ` +
  `1 to ${MAX_KEYWORDS} keywords of 1 to ${MAX_KEYWORD_LENGTH} characters.`;

function Keywords(): PropertyDecorator {
  return (target, key) => {
    for (const decorate of [
      IsOptional(),
      IsArray(),
      ArrayMinSize(1),
      ArrayMaxSize(MAX_KEYWORDS),
      IsString({ each: true }),
      MaxLength(MAX_KEYWORD_LENGTH, { each: true }),
      Matches(/\p{L}|\p{N}/u, { each: true, message: `${String(key)}: a keyword must hold a letter or a digit` }),
    ])
      decorate(target, key);
  };
}

export class PutOptOutSettingsDto {
  @ApiPropertyOptional({ type: [String], description: keywordsDescription('opt a customer out'), example: ['STOP'] })
  @Keywords()
  opt_out_keywords?: string[];

  @ApiPropertyOptional({ type: [String], description: keywordsDescription('opt them back in'), example: ['START'] })
  @Keywords()
  opt_in_keywords?: string[];

  @ApiPropertyOptional({ description: 'Refuse utility templates to opted-out customers too' })
  @IsOptional()
  @IsBoolean()
  refuse_utility?: boolean;

  @ApiPropertyOptional({ description: 'Refuse authentication templates to opted-out customers too' })
  @IsOptional()
  @IsBoolean()
  refuse_authentication?: boolean;
}

export class OptOutSettingsDto {
  @ApiProperty({ type: [String], example: ['STOP', 'UNSUBSCRIBE', 'STOP PROMOTIONS'] })
  opt_out_keywords: string[];

  @ApiProperty({ type: [String], example: ['START', 'SUBSCRIBE'] })
  opt_in_keywords: string[];

  @ApiProperty({ description: 'Marketing templates are always refused to opted-out customers; utility ones too?' })
  refuse_utility: boolean;

  @ApiProperty({ description: 'Authentication templates too?' })
  refuse_authentication: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null: the defaults, never changed' })
  updated_at: string | null;
}
