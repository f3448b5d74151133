import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { AuthContext } from '../core/gateway-request';
import { mediaFileName } from '../core/untrusted-content';
import { GraphError } from '../core/graph-error';
import { resolveTenantId } from '../tenancy/tenant-resolution';
import { TenancyService } from '../tenancy/tenancy.service';

import { type MediaOwner, MediaRepository } from './media.repository';
import { MediaUpstream } from './media.upstream';

export type { MediaOwner } from './media.repository';

export interface MediaRequest {
  auth: AuthContext;
  /** The X-Svc-Tenant-Id header, when sent. */
  headerTenantId?: string;
  mediaId: string;
}

/**
 * `GET /v1/{mediaId}`, its download, and `DELETE /v1/{mediaId}`, as Meta answers them, for media of
 * the key's organizations: media customers sent (known from inbound webhooks) and media uploaded
 * for sends. The media id plays the part of the path resource of spec 5: unknown or another
 * organization's is 401 code 190, like an invalid key; a number outside the key's allow-list is
 * 403 code 200. Upstream is asked with the owning business account's token, and the bytes are
 * streamed through, never stored.
 */
@Injectable()
export class MediaNodesService {
  constructor(
    private readonly repository: MediaRepository,
    private readonly tenancy: TenancyService,
    private readonly graph: MediaUpstream,
  ) {}

  /** Meta's media object, with `url` pointing at the gateway's download route (which needs the same key). */
  async describe(request: MediaRequest, downloadUrl: string): Promise<Record<string, unknown>> {
    const { token } = await this.authorize(request);
    const media = await this.graph.getMedia(request.mediaId, token);
    return {
      messaging_product: 'whatsapp',
      url: downloadUrl,
      mime_type: media.mime_type,
      sha256: media.sha256,
      file_size: media.file_size,
      id: request.mediaId,
    };
  }

  /** The bytes from upstream, and the file name to offer: an inbound document's own, else `media-<id>.<ext>`. */
  async download(
    request: MediaRequest,
  ): Promise<{ body: Readable; contentType: string; contentLength?: string; fileName: string }> {
    const { owner, token } = await this.authorize(request);
    const media = await this.graph.getMedia(request.mediaId, token);
    if (typeof media.url !== 'string' || !media.url)
      throw new GraphError(131000, 'Upstream request failed', {
        status: 500,
        data: { details: 'upstream gave no media URL' },
      });
    const file = await this.graph.openDownload(media.url, token);
    const given = owner.source === 'inbound' ? await this.repository.inboundFileName(request.mediaId) : undefined;
    return { ...file, fileName: mediaFileName(request.mediaId, file.contentType, given) };
  }

  async remove(request: MediaRequest): Promise<{ success: boolean }> {
    const { owner, token } = await this.authorize(request);
    const result = await this.graph.deleteMedia(request.mediaId, token);
    if (owner.source === 'inbound') await this.repository.markInboundDeleted(request.mediaId);
    else await this.repository.removeUpload(owner.tenantId, request.mediaId);
    return { success: result.success !== false };
  }

  private async authorize(request: MediaRequest): Promise<{ owner: MediaOwner; token: string }> {
    const owner = await this.owner(request.mediaId);
    resolveTenantId({
      keyKind: request.auth.kind,
      keyTenantIds: request.auth.tenantIds,
      pathTenantId: owner?.tenantId ?? null,
      headerTenantId: request.headerTenantId,
      tenantRequired: true,
    });
    if (!owner) throw GraphError.invalidToken();
    if (request.auth.allowedPhoneNumberIds && !request.auth.allowedPhoneNumberIds.has(owner.phoneNumberId)) {
      throw GraphError.permissionDenied('The API key is not allowed to use this phone number');
    }
    const phone = await this.tenancy.findPhoneNumber(owner.phoneNumberId);
    if (!phone) throw GraphError.invalidToken();
    return { owner, token: await this.tenancy.accessToken(phone.businessAccountId) };
  }

  /** Who a media id belongs to (null when the gateway does not know it). */
  async owner(mediaId: string): Promise<MediaOwner | null> {
    if (!/^\d{1,32}$/.test(mediaId)) return null;
    return (await this.repository.owner(mediaId)) ?? null;
  }
}
