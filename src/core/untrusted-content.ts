import type { Response } from 'express';

/**
 * Bytes that someone else supplied (a customer's inbound document, an uploaded library asset) are
 * never active content on the gateway's origin: they download as an attachment, the browser may not
 * guess another type than the one sent (`nosniff`), and were a browser to render them anyway, the
 * CSP sandbox gives them an opaque origin with no script, no fetches and no forms. Nothing is cached
 * by shared caches, and no Referer leaves with a link the file holds (a download URL can carry
 * `?access_token=`).
 */
export const UNTRUSTED_CONTENT_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'",
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
};

// eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * `Content-Disposition: attachment` with a safe file name: an ASCII fallback without quotes,
 * backslashes, percent signs, path separators or control characters, and the exact name in
 * RFC 5987's `filename*` (what browsers prefer).
 */
export function attachmentDisposition(fileName: string): string {
  const base = fileName.replace(/[/\\]/g, '_').replace(CONTROL_CHARACTERS, '').trim() || 'file';
  const fallback = base.replace(/[^\x20-\x7e]|["%]/g, '_');
  const encoded = encodeURIComponent(base).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Sets every header above and the attachment disposition on `res`. */
export function markUntrustedDownload(res: Response, fileName: string): void {
  for (const [name, value] of Object.entries(UNTRUSTED_CONTENT_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Disposition', attachmentDisposition(fileName));
}

/** File name extensions for the media types WhatsApp carries (Meta gives an inbound file no name but a document's). */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'video/mp4': '.mp4',
  'video/3gpp': '.3gp',
  'audio/ogg': '.ogg',
  'audio/mpeg': '.mp3',
  'audio/mp4': '.m4a',
  'audio/aac': '.aac',
  'audio/amr': '.amr',
  'application/pdf': '.pdf',
  'text/plain': '.txt',
};

/**
 * A name for media that has none of its own: `media-<id>` and the extension of its type (none for a type not
 * listed).
 */
export function mediaFileName(mediaId: string, contentType: string | undefined, given?: string): string {
  if (given && given.trim()) return given;
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const extension = EXTENSIONS[type] ?? '';
  return `media-${mediaId}${extension}`;
}
