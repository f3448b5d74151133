import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { PageQueryDto, PagingDto } from '../../common/pagination';
import { NOTE_MAX_LENGTH } from '../conversation-note.entity';
import { NOTE_MENTIONS_MAX } from './conversation-notes.service';
import { queryBoolean } from './conversation.dto';

export class CreateNoteDto {
  @ApiProperty({ example: 'Asked for the invoice: @Maria can you send it?', maxLength: NOTE_MAX_LENGTH })
  @IsString()
  @MinLength(1)
  @MaxLength(NOTE_MAX_LENGTH)
  body: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: NOTE_MENTIONS_MAX,
    description: 'Members the note mentions (user ids): each is told in the console and by mail',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(NOTE_MENTIONS_MAX)
  @IsUUID('all', { each: true, message: 'mentions must be user ids' })
  mentions?: string[];
}

class NoteAuthorDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The member who wrote it' })
  user_id: string | null;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "The machine's key that wrote it (no member)",
  })
  key_id: string | null;
}

export class NoteDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: '15551234567' }) wa_id: string;
  @ApiProperty() body: string;
  @ApiProperty({ type: NoteAuthorDto }) author: NoteAuthorDto;
  @ApiProperty({ type: [String], format: 'uuid' }) mentions: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class NotePageDto {
  @ApiProperty({ type: [NoteDto] }) data: NoteDto[];
  @ApiProperty({ type: PagingDto }) paging: PagingDto;
}

export class MentionsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only the mentions not read yet' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  unread?: boolean;

  @ApiPropertyOptional({ format: 'uuid', description: "A machine's key: the member whose mentions it reads" })
  @IsOptional()
  @IsUUID('all', { message: 'user_id must be a user id' })
  user_id?: string;
}

export class MentionDto {
  @ApiProperty({ format: 'uuid' }) note_id: string;
  @ApiProperty() phone_number_id: string;
  @ApiProperty() wa_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) author_id: string | null;
  @ApiProperty() body: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() read: boolean;
  @ApiProperty({
    enum: ['sent', 'pending', 'failed', 'off'],
    description:
      'Its mail: sent; pending (being tried, again after a refusal: five tries); failed (the five were refused); ' +
      'off (the gateway sends no mail)',
  })
  mail: string;
}

export class MentionPageDto {
  @ApiProperty({ type: [MentionDto] }) data: MentionDto[];
  @ApiProperty({ type: PagingDto }) paging: PagingDto;
}

export class MarkMentionsReadDto {
  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    description: 'The notes whose mentions are read; all when left out',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true, message: 'note_ids must be note ids' })
  note_ids?: string[];

  @ApiPropertyOptional({ format: 'uuid', description: "A machine's key: the member whose mentions it marks" })
  @IsOptional()
  @IsUUID('all', { message: 'user_id must be a user id' })
  user_id?: string;
}

export class MarkMentionsReadResultDto {
  @ApiProperty({ description: 'How many mentions were unread and are read now' })
  marked: number;
}
