import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { SAVED_REPLY_NAME } from '../saved-reply-text';

const NAME_RULE = 'name: 1 to 32 lowercase letters, digits, _ or -, starting with a letter or digit';
const BODY_DESCRIPTION =
  'Up to 4,096 characters; variables: {{contact.name}}, {{contact.wa_id}}, {{contact.attributes.<key>}}, ' +
  '{{agent.name}}, {{agent.email}}';

export class CreateSavedReplyDto {
  @ApiProperty({ example: 'thanks', description: 'The shortcut, typed as `/thanks` in the composer' })
  @IsString()
  @Matches(SAVED_REPLY_NAME, { message: NAME_RULE })
  name: string;

  @ApiProperty({ example: 'Thank you {{contact.name}}! {{agent.name}} here.', description: BODY_DESCRIPTION })
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  body: string;

  @ApiPropertyOptional({ description: "The member's own (only they see it); else the organization's", default: false })
  @IsOptional()
  @IsBoolean()
  private?: boolean;
}

export class UpdateSavedReplyDto {
  @ApiPropertyOptional({ example: 'thanks' })
  @IsOptional()
  @IsString()
  @Matches(SAVED_REPLY_NAME, { message: NAME_RULE })
  name?: string;

  @ApiPropertyOptional({ description: BODY_DESCRIPTION })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  body?: string;
}

export class SavedReplyDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'thanks' }) name: string;
  @ApiProperty() body: string;
  @ApiProperty({ description: "The member's own" }) private: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class SavedReplyListDto {
  @ApiProperty({ type: [SavedReplyDto] }) data: SavedReplyDto[];
}

export class FilledSavedReplyDto {
  @ApiProperty({ example: 'thanks' }) name: string;
  @ApiProperty({ example: 'Thank you Maria! Sam here.', description: 'The text with its variables filled' })
  text: string;
}
