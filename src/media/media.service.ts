import { Injectable } from '@nestjs/common';
import { ErrorCode, GraphError } from '../core/graph-error';
import { TenancyService } from '../tenancy/tenancy.service';
import type { HeaderHandleDto, MediaIdDto } from './dto/media.dto';
import { checkMessageMedia, checkTemplateHeaderMedia, cleanFileName } from './media-limits';
import { MediaRepository } from './media.repository';
import { MediaUpstream } from './media.upstream';

/** A file as multer holds it in memory. */
export type ReceivedFile = Pick<Express.Multer.File, 'originalname' | 'mimetype' | 'size' | 'buffer'>;

export interface PhoneNumberContext {
  tenantId: string;
  phone: { phoneNumberId: string; businessAccountId: string };
}

export interface BusinessAccountContext {
  tenantId: string;
  businessAccount: { id: string; wabaId: string };
}

export type HeaderHandleClaim = 'unknown' | 'claimed' | 'already_used';

/**
 * Uploads that go upstream: media for sends (`POST /{phoneNumberId}/media`, a media id) and
 * template header samples (`POST /{wabaId}/template_media`, a resumable upload's handle). Both are
 * checked against Meta's limits before any upstream call, and recorded once upstream accepted them.
 */
@Injectable()
export class MediaService {
  constructor(
    private readonly repository: MediaRepository,
    private readonly graph: MediaUpstream,
    private readonly tenancy: TenancyService,
  ) {}

  /** Uploads a file for sends; answers Meta's `{ id }`. */
  async uploadForMessages(ctx: PhoneNumberContext, file: ReceivedFile | undefined, type: string): Promise<MediaIdDto> {
    const received = requireFile(file);
    const { mimeType } = checkMessageMedia(type, received.size);
    const fileName = cleanFileName(received.originalname);
    const token = await this.tenancy.accessToken(ctx.phone.businessAccountId);
    const result = await this.graph.uploadMedia(ctx.phone.phoneNumberId, token, {
      bytes: received.buffer,
      fileName,
      mimeType,
    });
    if (typeof result.id !== 'string' || result.id === '') throw upstreamWithout('a media id');
    await this.repository.addUpload({
      tenantId: ctx.tenantId,
      phoneNumberId: ctx.phone.phoneNumberId,
      upstreamMediaId: result.id,
      mimeType,
      sizeBytes: received.size,
      fileName,
    });
    return { id: result.id };
  }

  /**
   * Uploads a template header sample with the resumable upload API; answers the handle. The type
   * is `type` when given, else the file part's Content-Type.
   */
  async uploadForTemplate(
    ctx: BusinessAccountContext,
    file: ReceivedFile | undefined,
    type: string | undefined,
  ): Promise<HeaderHandleDto> {
    const received = requireFile(file);
    const { mimeType } = checkTemplateHeaderMedia(
      type ?? received.mimetype,
      received.size,
      type === undefined ? 'file' : 'type',
    );
    const token = await this.tenancy.accessToken(ctx.businessAccount.id);
    const handle = await this.graph.uploadForHandle(token, {
      fileName: cleanFileName(received.originalname),
      fileType: mimeType,
      bytes: received.buffer,
    });
    if (typeof handle !== 'string' || handle === '') throw upstreamWithout('a handle');
    await this.repository.addHandle({
      tenantId: ctx.tenantId,
      businessAccountId: ctx.businessAccount.id,
      wabaId: ctx.businessAccount.wabaId,
      handle,
      mimeType,
      sizeBytes: received.size,
      usedAt: null,
    });
    return { header_handle: handle };
  }

  /** Whether `id` is a media id this organization got from `POST /{phoneNumberId}/media` (not a header handle). */
  async isMessagesMediaId(tenantId: string, id: string): Promise<boolean> {
    return this.repository.uploadExists(tenantId, id);
  }

  /**
   * Marks a header handle of this organization and business account used, atomically: of two
   * concurrent template creates with the same handle, one gets `claimed` and the other
   * `already_used`. A handle this organization did not upload for `wabaId` is `unknown`.
   */
  async claimHeaderHandle(tenantId: string, wabaId: string, handle: string): Promise<HeaderHandleClaim> {
    if (await this.repository.claimHandle(tenantId, wabaId, handle)) return 'claimed';
    const known = await this.repository.handleExists(tenantId, wabaId, handle);
    return known ? 'already_used' : 'unknown';
  }

  /** Undoes a claim (the template create it was for failed upstream): the handle can be used again. */
  async releaseHeaderHandle(tenantId: string, handle: string): Promise<void> {
    await this.repository.releaseHandle(tenantId, handle);
  }
}

function requireFile(file: ReceivedFile | undefined): ReceivedFile {
  if (!file)
    throw GraphError.invalidParameter(
      'The parameter file is required',
      'file: a multipart file part named "file" is required',
    );
  return file;
}

function upstreamWithout(what: string): GraphError {
  return new GraphError(ErrorCode.SendFailure, 'Upstream request failed', {
    status: 500,
    data: { details: `upstream accepted the upload without ${what}` },
  });
}
