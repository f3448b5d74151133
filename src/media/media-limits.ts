import { GraphError } from '../core/graph-error';

export const KB = 1024;
export const MB = 1024 * 1024;

/** The kinds of media a message can carry, as the Cloud API names them. */
export type MediaKind = 'audio' | 'document' | 'image' | 'sticker' | 'video';

/**
 * Meta's media limits per kind (Cloud API "Supported media types"). Stickers: Meta allows 100 KB
 * for a static sticker and 500 KB for an animated one; both are `image/webp`, so uploads are held
 * to the larger 500 KB and a static sticker over 100 KB is left for WhatsApp to refuse at send.
 */
export const MEDIA_KINDS: Readonly<Record<MediaKind, { mimeTypes: readonly string[]; maxBytes: number }>> = {
  audio: { mimeTypes: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'], maxBytes: 16 * MB },
  document: {
    mimeTypes: [
      'text/plain',
      'application/pdf',
      'application/vnd.ms-powerpoint',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    maxBytes: 100 * MB,
  },
  image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  sticker: { mimeTypes: ['image/webp'], maxBytes: 500 * KB },
  video: { mimeTypes: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB },
};

/** The largest file any endpoint takes (documents): multer stops reading a file part past it. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(MEDIA_KINDS).map((kind) => kind.maxBytes));

/** Template header samples (resumable upload): the types and limits Meta gives for media headers. */
export const TEMPLATE_HEADER_MEDIA: Readonly<
  Record<string, { format: 'IMAGE' | 'VIDEO' | 'DOCUMENT'; maxBytes: number }>
> = {
  'image/jpeg': { format: 'IMAGE', maxBytes: 5 * MB },
  'image/png': { format: 'IMAGE', maxBytes: 5 * MB },
  'video/mp4': { format: 'VIDEO', maxBytes: 16 * MB },
  'application/pdf': { format: 'DOCUMENT', maxBytes: 100 * MB },
};

const KIND_BY_MIME_TYPE = new Map<string, MediaKind>(
  (Object.entries(MEDIA_KINDS) as Array<[MediaKind, { mimeTypes: readonly string[] }]>).flatMap(
    ([kind, { mimeTypes }]) => mimeTypes.map((mimeType) => [mimeType, kind] as const),
  ),
);

/** Every MIME type a message can carry (and the media library stores). */
export const MEDIA_MIME_TYPES: readonly string[] = [...KIND_BY_MIME_TYPE.keys()];

/** `Image/PNG; charset=x` → `image/png`: the type without parameters, lower case. */
export function normalizeMimeType(value: string): string {
  return value.split(';', 1)[0].trim().toLowerCase();
}

/** The message media kind of a (normalized) MIME type, if WhatsApp accepts it. */
export function mediaKindOf(mimeType: string): MediaKind | undefined {
  return KIND_BY_MIME_TYPE.get(mimeType);
}

/** "5 MB", "500 KB", "123 bytes". */
export function describeSize(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= KB && bytes % KB === 0) return `${bytes / KB} KB`;
  return `${bytes} bytes`;
}

export interface CheckedMedia {
  mimeType: string;
  kind: MediaKind;
}

/**
 * Checks a file for `POST /{phoneNumberId}/media` against Meta's limits for its kind: `type` (the
 * MIME type, as Meta takes it) must be a supported type, the file non-empty and within the limit
 * of that kind. Failures are 400 code 100 naming the field (`type: …`, `file: …`).
 */
export function checkMessageMedia(declaredType: string, size: number): CheckedMedia {
  const mimeType = normalizeMimeType(declaredType);
  const kind = mediaKindOf(mimeType);
  if (!kind) {
    throw GraphError.invalidParameter(
      'Param type must be a supported media type',
      `type: ${JSON.stringify(mimeType)} is not a media type WhatsApp accepts; one of ${MEDIA_MIME_TYPES.join(', ')}`,
    );
  }
  checkSize(size, MEDIA_KINDS[kind].maxBytes, `${kind} media (${mimeType})`);
  return { mimeType, kind };
}

/**
 * Checks a template header sample (`POST /{wabaId}/template_media`): JPEG or PNG image (5 MB),
 * MP4 video (16 MB) or PDF document (100 MB). `field` names where the type came from.
 */
export function checkTemplateHeaderMedia(
  declaredType: string,
  size: number,
  field: string,
): { mimeType: string; format: 'IMAGE' | 'VIDEO' | 'DOCUMENT' } {
  const mimeType = normalizeMimeType(declaredType);
  const header = TEMPLATE_HEADER_MEDIA[mimeType];
  if (!header) {
    throw GraphError.invalidParameter(
      'Unsupported template header media type',
      `${field}: ${JSON.stringify(mimeType)} cannot be a template header sample; one of ${Object.keys(TEMPLATE_HEADER_MEDIA).join(', ')}`,
    );
  }
  checkSize(size, header.maxBytes, `${header.format} headers (${mimeType})`);
  return { mimeType, format: header.format };
}

/** Checks a media library file: any type a message can carry, up to MAX_UPLOAD_BYTES. */
export function checkLibraryMedia(declaredType: string, size: number): CheckedMedia {
  const mimeType = normalizeMimeType(declaredType);
  const kind = mediaKindOf(mimeType);
  if (!kind) {
    throw GraphError.invalidParameter(
      'Unsupported media type',
      `file: content type ${JSON.stringify(mimeType)} is not a media type WhatsApp accepts; one of ${MEDIA_MIME_TYPES.join(', ')} ` +
        '(the type is the Content-Type of the file part)',
    );
  }
  checkSize(size, MAX_UPLOAD_BYTES, 'the media library');
  return { mimeType, kind };
}

function checkSize(size: number, maxBytes: number, what: string): void {
  if (size === 0) throw GraphError.invalidParameter('Param file must not be empty', 'file: the file is empty');
  if (size > maxBytes) {
    throw GraphError.invalidParameter(
      'Param file is too large',
      `file: ${size} bytes is over the ${describeSize(maxBytes)} (${maxBytes} bytes) limit for ${what}`,
    );
  }
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * A file name safe to store and to hand upstream: the last path segment, without control
 * characters, at most 255 characters. Never used to name a file on disk.
 */
export function cleanFileName(name: string | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(CONTROL_CHARACTERS, '').trim();
  return (base || fallback).slice(0, 255);
}
