import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsBooleanValue, IsCoordinate, IsText } from './message-validators';

/** type=text. */
export class TextObjectDto {
  @ApiProperty({
    description: 'Message text, 1 to 4096 characters; may contain URLs and formatting.',
    minLength: 1,
    maxLength: 4096,
    example: 'Hello! Your order #1042 has shipped.',
  })
  @IsText(1, 4096)
  body: string;

  @ApiPropertyOptional({ description: 'Render a link preview for the first URL in the body.', example: false })
  @IsOptional()
  @IsBooleanValue()
  preview_url?: boolean;
}

/** type=location. Coordinates are numbers (numeric strings are accepted too, as Meta does). */
export class LocationObjectDto {
  @ApiProperty({ description: 'Latitude in degrees, -90 to 90.', minimum: -90, maximum: 90, example: 37.758056 })
  @IsCoordinate(-90, 90)
  latitude: number;

  @ApiProperty({ description: 'Longitude in degrees, -180 to 180.', minimum: -180, maximum: 180, example: -122.425332 })
  @IsCoordinate(-180, 180)
  longitude: number;

  @ApiPropertyOptional({ example: 'META HQ' })
  @IsOptional()
  @IsText(0)
  name?: string;

  @ApiPropertyOptional({ example: '1 Hacker Way, Menlo Park, CA 94025' })
  @IsOptional()
  @IsText(0)
  address?: string;
}

/** type=reaction. An empty emoji removes an earlier reaction. */
export class ReactionObjectDto {
  @ApiProperty({
    description: 'The message (wamid) being reacted to.',
    example: 'wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA',
  })
  @IsText(1)
  message_id: string;

  @ApiProperty({ description: 'The emoji; an empty string removes the reaction.', example: '\u{1F600}' })
  @IsText(0)
  emoji: string;
}
