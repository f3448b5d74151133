import { createHash, timingSafeEqual } from 'node:crypto';
import { GraphApiError } from './graph-error';
import { mediaUrlHash, newHeaderHandle, newUploadSession } from './ids';
import { nowSeconds } from './messages-service';
import type { Media, PhoneNumber, SandboxState, UploadSession } from './sandbox-state';
import { textOf } from '../../../libs/meta/text-of';

const MB = 1024 * 1024;

/** Media Meta accepts on `POST /{phone-number-id}/media`, with its size limit per type. */
const MEDIA_LIMITS: Record<string, number> = {
  'audio/aac': 16 * MB,
  'audio/amr': 16 * MB,
  'audio/mpeg': 16 * MB,
  'audio/mp4': 16 * MB,
  'audio/ogg': 16 * MB,
  'text/plain': 100 * MB,
  'application/pdf': 100 * MB,
  'application/vnd.ms-powerpoint': 100 * MB,
  'application/msword': 100 * MB,
  'application/vnd.ms-excel': 100 * MB,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 100 * MB,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 100 * MB,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 100 * MB,
  'image/jpeg': 5 * MB,
  'image/png': 5 * MB,
  'image/webp': 500 * 1024,
  'video/3gpp': 16 * MB,
  'video/mp4': 16 * MB,
};
export const MAX_MEDIA_BYTES = 100 * MB;

/** File types the resumable upload API takes for template header samples. */
const RESUMABLE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'video/mp4']);
/** Download URLs are valid for five minutes, like Meta's. */
const MEDIA_URL_TTL_SECONDS = 5 * 60;
const HANDLE_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface UploadedFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

/** Media for sends (upload, read, download, delete) and resumable uploads for template headers. */
export class MediaService {
  constructor(
    private readonly state: SandboxState,
    /** The app (its id can change: test mode's gateway tells its simulator its own, `PUT /_sandbox/app`). */
    private readonly app: { readonly appId: string },
    private readonly appSecret: string,
  ) {}

  /** `POST /{phone-number-id}/media` (multipart: file, type, messaging_product). */
  upload(phone: PhoneNumber, fields: Record<string, unknown>, files: UploadedFile[]): { id: string } {
    if (fields.messaging_product === undefined)
      throw GraphApiError.invalidParameter('The parameter messaging_product is required.');
    if (fields.messaging_product !== 'whatsapp') {
      throw GraphApiError.invalidParameter(
        `Param messaging_product must be one of {whatsapp} - got ${JSON.stringify(fields.messaging_product)}.`,
      );
    }
    const file = files.find((candidate) => candidate.fieldname === 'file');
    if (!file) throw GraphApiError.invalidParameter('The parameter file is required.');
    const declared = typeof fields.type === 'string' && fields.type !== '' ? fields.type : file.mimetype;
    const mimeType = declared.split(';')[0].trim().toLowerCase();
    const limit = MEDIA_LIMITS[mimeType];
    if (limit === undefined) {
      throw GraphApiError.invalidParameter(
        `Param file must be a file with one of the following types: ${Object.keys(MEDIA_LIMITS).join(', ')}. Received file of type '${mimeType}'.`,
      );
    }
    if (file.size === 0) throw GraphApiError.invalidParameter('Param file must not be empty.');
    if (file.size > limit)
      throw GraphApiError.invalidParameter(`Param file must be at most ${limit} bytes for ${mimeType}.`);
    const media = this.state.addMedia({
      phoneNumberId: phone.id,
      mimeType,
      sha256: createHash('sha256').update(file.buffer).digest('hex'),
      bytes: file.buffer,
      fileName: file.originalname || undefined,
    });
    return { id: media.id };
  }

  /** `GET /{media-id}`: a download URL valid for five minutes, and the file's facts. */
  describe(media: Media, baseUrl: string): Record<string, unknown> {
    const expires = nowSeconds() + MEDIA_URL_TTL_SECONDS;
    const url = new URL('/whatsapp_business/attachments/', baseUrl);
    url.searchParams.set('mid', media.id);
    url.searchParams.set('ext', String(expires));
    url.searchParams.set('hash', mediaUrlHash(this.appSecret, media.id, expires));
    return {
      messaging_product: 'whatsapp',
      url: url.toString(),
      mime_type: media.mimeType,
      sha256: media.sha256,
      // Meta's reference shows the size as a string.
      file_size: String(media.bytes.length),
      id: media.id,
    };
  }

  /** The media a download URL points at, if the URL is intact and unexpired. */
  resolveDownload(query: Record<string, unknown>): Media | undefined {
    const { mid, ext, hash } = query;
    if (typeof mid !== 'string' || typeof ext !== 'string' || typeof hash !== 'string') return undefined;
    const expires = Number(ext);
    if (!Number.isInteger(expires) || expires < nowSeconds()) return undefined;
    const expected = Buffer.from(mediaUrlHash(this.appSecret, mid, expires));
    const given = Buffer.from(hash);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return this.state.mediaById(mid);
  }

  /** `POST /{app-id}/uploads?file_name&file_length&file_type`: opens a resumable upload session. */
  openUpload(query: Record<string, unknown>): { id: string } {
    const fileLength =
      typeof query.file_length === 'string' && /^\d+$/.test(query.file_length) ? Number(query.file_length) : NaN;
    if (query.file_length === undefined) throw GraphApiError.invalidParameter('The parameter file_length is required.');
    if (!Number.isSafeInteger(fileLength) || fileLength < 1 || fileLength > MAX_MEDIA_BYTES) {
      throw GraphApiError.invalidParameter(`Param file_length must be an integer between 1 and ${MAX_MEDIA_BYTES}.`);
    }
    if (query.file_type === undefined) throw GraphApiError.invalidParameter('The parameter file_type is required.');
    const fileType = textOf(query.file_type).toLowerCase();
    if (!RESUMABLE_TYPES.has(fileType)) {
      throw GraphApiError.invalidParameter(
        `Param file_type must be one of {${[...RESUMABLE_TYPES].join(', ')}} - got "${fileType}".`,
      );
    }
    const fileName = typeof query.file_name === 'string' && query.file_name !== '' ? query.file_name : 'upload';
    const { key, sig } = newUploadSession(fileName, fileLength, fileType);
    const session: UploadSession = {
      id: `upload:${key}`,
      sig,
      fileName,
      fileLength,
      fileType,
      offset: 0,
    };
    this.state.addUpload(session);
    return { id: `${session.id}?sig=${sig}` };
  }

  /**
   * Finds a session from the path node (`upload:<key>`, possibly still carrying `?sig=` when the
   * client percent-encoded the whole id) and the `sig` query parameter. A signature, when given,
   * must match.
   */
  findUpload(node: string, querySig: unknown): UploadSession | undefined {
    const [id, inlineQuery] = node.split('?', 2);
    const session = this.state.upload(id);
    if (!session) return undefined;
    const sig =
      typeof querySig === 'string' ? querySig : (new URLSearchParams(inlineQuery ?? '').get('sig') ?? undefined);
    return sig === undefined || sig === session.sig ? session : undefined;
  }

  /** `POST /upload:<id>` with `file_offset` and raw bytes: appends; returns the handle once complete. */
  appendUpload(session: UploadSession, offsetHeader: unknown, bytes: Buffer): Record<string, unknown> {
    if (offsetHeader === undefined) throw GraphApiError.invalidParameter('The header file_offset is required.');
    const offset = typeof offsetHeader === 'string' && /^\d+$/.test(offsetHeader.trim()) ? Number(offsetHeader) : NaN;
    if (!Number.isSafeInteger(offset))
      throw GraphApiError.invalidParameter('Header file_offset must be a non-negative integer.');
    if (offset !== session.offset) {
      throw GraphApiError.invalidParameter(
        `Header file_offset must equal the bytes received so far (${session.offset}); got ${offset}. Resume from ${session.offset}.`,
      );
    }
    if (session.offset + bytes.length > session.fileLength) {
      throw GraphApiError.invalidParameter(`The upload is longer than its file_length (${session.fileLength} bytes).`);
    }
    // Only the count matters: the sandbox keeps no header samples, just the handle it issues.
    session.offset += bytes.length;
    if (session.offset < session.fileLength)
      return { id: `${session.id}?sig=${session.sig}`, file_offset: session.offset };
    if (!session.handle) {
      session.handle = newHeaderHandle(session.fileType, this.app.appId, nowSeconds() + HANDLE_TTL_SECONDS);
      this.state.addHeaderHandle({ handle: session.handle, mimeType: session.fileType, byteLength: session.offset });
    }
    return { h: session.handle };
  }

  /** `GET /upload:<id>`: how far the upload got (where to resume). */
  uploadStatus(session: UploadSession): { id: string; file_offset: number } {
    return { id: `${session.id}?sig=${session.sig}`, file_offset: session.offset };
  }
}
