import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { ExactlyOneOf, IsAbsent, IsHttpUrl, IsText, isNonEmptyString } from './message-validators';

/** A media item by `id` (uploaded through POST /v1/{phoneNumberId}/media) or by public `link`: exactly one. */
export class MediaObjectDto {
  @ApiPropertyOptional({
    description: 'Media ID of a previously uploaded item. Exactly one of id or link.',
    example: '1479537139650973',
  })
  @ExactlyOneOf('link', isNonEmptyString, 'must be a non-empty string')
  id?: string;

  @ApiPropertyOptional({
    description: 'Public http(s) URL Meta downloads the media from. Exactly one of id or link.',
    example: 'https://example.com/media/summer-sale.jpg',
  })
  @IsOptional()
  @IsHttpUrl()
  link?: string;
}

/** Image and video: media plus an optional caption. */
export class CaptionedMediaObjectDto extends MediaObjectDto {
  @ApiPropertyOptional({
    description: 'Caption shown under the media, up to 1024 characters.',
    maxLength: 1024,
    example: 'Our summer sale starts today!',
  })
  @IsOptional()
  @IsText(0, 1024)
  caption?: string;
}

export class ImageObjectDto extends CaptionedMediaObjectDto {}

export class VideoObjectDto extends CaptionedMediaObjectDto {}

export class DocumentObjectDto extends CaptionedMediaObjectDto {
  @ApiPropertyOptional({
    description: 'File name shown to the recipient (and its extension decides the icon).',
    example: 'invoice-1042.pdf',
  })
  @IsOptional()
  @IsText(1)
  filename?: string;
}

/** Audio: Meta takes no caption. */
export class AudioObjectDto extends MediaObjectDto {
  @ApiPropertyOptional({ type: String, description: 'Not accepted: audio messages take no caption.', deprecated: true })
  @IsAbsent('is not supported for audio messages')
  caption?: undefined;
}

/** Sticker: Meta takes no caption. */
export class StickerObjectDto extends MediaObjectDto {
  @ApiPropertyOptional({ type: String, description: 'Not accepted: stickers take no caption.', deprecated: true })
  @IsAbsent('is not supported for sticker messages')
  caption?: undefined;
}
