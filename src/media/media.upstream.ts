import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { FormData } from 'undici';
import { GraphTransport, upstreamFailure } from '../upstream/graph-transport';

/** A file to upload for sends. */
export interface MediaUpload {
  bytes: Buffer;
  fileName: string;
  mimeType: string;
}

/**
 * Media's calls to the Cloud API: uploads for sends, media ids, downloads, and resumable uploads for header
 * handles.
 */
@Injectable()
export class MediaUpstream {
  constructor(private readonly graph: GraphTransport) {}

  uploadMedia(phoneNumberId: string, token: string, media: MediaUpload): Promise<{ id: string }> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', media.mimeType);
    form.set('file', new Blob([media.bytes], { type: media.mimeType }), media.fileName);
    return this.graph.call({ method: 'POST', path: `${phoneNumberId}/media`, token, form });
  }

  getMedia(
    mediaId: string,
    token: string,
  ): Promise<{ id: string; url: string; mime_type: string; sha256: string; file_size: number }> {
    return this.graph.call({ method: 'GET', path: mediaId, token });
  }

  deleteMedia(mediaId: string, token: string): Promise<{ success: boolean }> {
    return this.graph.call({ method: 'DELETE', path: mediaId, token });
  }

  /** Opens the download of a media URL upstream handed out, with the owner's token, for streaming. */
  openDownload(url: string, token: string): Promise<{ body: Readable; contentType: string; contentLength?: string }> {
    return this.graph.openDownload(url, token);
  }

  /** Starts a resumable upload session (template header media). */
  createUploadSession(
    token: string,
    file: { fileName: string; fileLength: number; fileType: string },
  ): Promise<{ id: string }> {
    return this.graph.call({
      method: 'POST',
      path: `${this.graph.appId}/uploads`,
      token,
      query: { file_name: file.fileName, file_length: file.fileLength, file_type: file.fileType },
    });
  }

  /** Sends bytes from `offset`; the answer carries the handle `h` once the file is complete. */
  uploadChunk(token: string, sessionId: string, bytes: Buffer, offset: number): Promise<{ h?: string }> {
    return this.graph.call({
      method: 'POST',
      path: sessionId,
      token,
      scheme: 'OAuth',
      raw: { bytes, headers: { file_offset: String(offset), 'content-type': 'application/octet-stream' } },
    });
  }

  /** Uploads a whole file through a resumable session and returns its header handle. */
  async uploadForHandle(token: string, file: { fileName: string; fileType: string; bytes: Buffer }): Promise<string> {
    const session = await this.createUploadSession(token, {
      fileName: file.fileName,
      fileLength: file.bytes.length,
      fileType: file.fileType,
    });
    const result = await this.uploadChunk(token, session.id, file.bytes, 0);
    if (!result.h) throw upstreamFailure('the upload session did not return a handle');
    return result.h;
  }
}
