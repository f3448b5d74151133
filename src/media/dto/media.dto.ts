import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto, PagingDto } from '../../common/pagination';
import { MEDIA_KINDS, MEDIA_MIME_TYPES, TEMPLATE_HEADER_MEDIA } from '../media-limits';

const FILE_PROPERTY = { type: 'string', format: 'binary' } as const;

const KIND_LIMITS = Object.entries(MEDIA_KINDS)
  .map(([kind, { mimeTypes, maxBytes }]) => `${kind}: ${mimeTypes.join(', ')} (max ${maxBytes} bytes)`)
  .join('; ');

// --- POST /v1/{phoneNumberId}/media --------------------------------------------------------------

/** The text fields of a media upload (the file comes through the interceptor). */
export class UploadMediaDto {
  /** Required, here or (as Graph takes any parameter) in the query string; checked by the controller. */
  @IsOptional()
  @IsIn(['whatsapp'])
  messaging_product?: string;

  /** The file's MIME type; omitted, the file part's own Content-Type. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  type?: string;
}

/** The multipart body as /docs shows it. */
export const UPLOAD_MEDIA_BODY_SCHEMA = {
  type: 'object',
  required: ['file', 'type', 'messaging_product'],
  properties: {
    file: { ...FILE_PROPERTY, description: `The file. Limits per kind: ${KIND_LIMITS}.` },
    type: {
      type: 'string',
      enum: [...MEDIA_MIME_TYPES],
      example: 'image/jpeg',
      description: 'MIME type of the file; it decides the kind and its size limit',
    },
    messaging_product: { type: 'string', enum: ['whatsapp'] },
  },
};

export class MediaIdDto {
  @ApiProperty({
    example: '1037543291543636',
    description: 'Upstream media id: use it as `image.id` (and so on) in a send',
  })
  id: string;
}

// --- POST /v1/{wabaId}/template_media ------------------------------------------------------------

export class UploadTemplateMediaDto {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  type?: string;
}

export const UPLOAD_TEMPLATE_MEDIA_BODY_SCHEMA = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      ...FILE_PROPERTY,
      description: `The header sample: ${Object.entries(TEMPLATE_HEADER_MEDIA)
        .map(([mimeType, { format, maxBytes }]) => `${mimeType} (${format}, max ${maxBytes} bytes)`)
        .join(', ')}.`,
    },
    type: {
      type: 'string',
      enum: Object.keys(TEMPLATE_HEADER_MEDIA),
      description: "MIME type of the file; defaults to the file part's Content-Type",
    },
  },
};

export class HeaderHandleDto {
  @ApiProperty({
    example: '4::aW1hZ2UvcG5n:ARZxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    description: 'Put it in `components[].example.header_handle` of one template create (a handle is used once)',
  })
  header_handle: string;
}

// --- /v1/media_library ---------------------------------------------------------------------------

export class UploadLibraryAssetDto {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name?: string;
}

export const UPLOAD_LIBRARY_ASSET_BODY_SCHEMA = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      ...FILE_PROPERTY,
      description: "Any media type WhatsApp accepts, as the file part's Content-Type, up to 104857600 bytes (100 MB).",
    },
    name: {
      type: 'string',
      maxLength: 255,
      description: "The asset's file name; defaults to the uploaded file's name",
    },
  },
};

export class MediaAssetDto {
  @ApiProperty({ format: 'uuid', description: 'Use it as `header_media_file_id` when creating a template' })
  id: string;

  @ApiProperty({ example: 'brochure.pdf' })
  file_name: string;

  @ApiProperty({ example: 'application/pdf' })
  mime_type: string;

  @ApiProperty({ example: 482113 })
  size_bytes: number;

  @ApiProperty({ example: 'd2c8…', description: 'Lower-case hex SHA-256 of the bytes' })
  sha256: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class ListMediaAssetsQueryDto extends PageQueryDto {}

export class MediaAssetPageDto {
  @ApiProperty({ type: [MediaAssetDto] })
  data: MediaAssetDto[];

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;
}
