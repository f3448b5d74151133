import { createHmac, randomBytes, randomInt } from 'node:crypto';

/**
 * Identifier formats copied from what Graph API hands out, so code that logs, stores or parses
 * them meets the same shapes it will meet in production.
 */

/** Graph's `fbtrace_id`: 27 URL-safe characters, random per error. */
export function newFbtraceId(): string {
  return 'A' + randomBytes(20).toString('base64url').slice(0, 26);
}

/** A numeric Graph object id (templates, media): 15 digits, below 2^53 so it survives JSON numbers. */
export function newNumericId(): string {
  return (
    String(randomInt(1, 10)) + String(randomInt(0, 1e7)).padStart(7, '0') + String(randomInt(0, 1e7)).padStart(7, '0')
  );
}

/**
 * A WhatsApp message id. Meta's are base64 of a small binary record: 0x1C 0x18, the length and
 * ASCII digits of the user's number, 0x15 0x02 0x00, a direction byte (0x11 sent by the business,
 * 0x12 received from the user), 0x18, the length of an uppercase hex id, the id, 0x00. For example
 * `wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJCOTY3NDc0NDFDRUI3NTA0Q0UA`. 72 or 80 random bits per id.
 */
export function newWamid(userDigits: string, direction: 'outbound' | 'inbound'): string {
  const digits = Buffer.from(userDigits.slice(0, 32), 'ascii');
  const hex = Buffer.from(
    randomBytes(direction === 'outbound' ? 9 : 10)
      .toString('hex')
      .toUpperCase(),
    'ascii',
  );
  const record = Buffer.concat([
    Buffer.from([0x1c, 0x18, digits.length]),
    digits,
    Buffer.from([0x15, 0x02, 0x00, direction === 'outbound' ? 0x11 : 0x12, 0x18, hex.length]),
    hex,
    Buffer.from([0x00]),
  ]);
  return 'wamid.' + record.toString('base64');
}

/** Conversation ids in status webhooks: 32 lowercase hex characters. */
export function newConversationId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * A resumable upload session id, shaped like Meta's
 * `upload:MTphdHRhY2htZW50Ojlk...==?sig=ARZxs0TzqOxO_39UlW0`: base64 of the session's description,
 * then a signature the client sends back as a query parameter.
 */
export function newUploadSession(fileName: string, fileLength: number, fileType: string): { key: string; sig: string } {
  const description = `1:attachment:${randomBytes(16).toString('hex')}?file_name=${encodeURIComponent(fileName)}&file_length=${fileLength}&file_type=${encodeURIComponent(fileType)}`;
  // URL-safe alphabet (Meta's ids never carry '/' or '+', which would break the request path).
  const key = Buffer.from(description).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  return { key, sig: 'AR' + randomBytes(13).toString('base64url') };
}

/**
 * A header handle for template creation, shaped like Meta's
 * `4::aW1hZ2UvanBn:ARYytyb0kLp5...:e:1681000441:634974688087057:100089620928913:ARbB4l0IPRncfMF-1sE`.
 */
export function newHeaderHandle(mimeType: string, appId: string, expiresAtSeconds: number): string {
  const mime = Buffer.from(mimeType).toString('base64');
  const body = 'AR' + randomBytes(72).toString('base64url');
  const owner = String(randomInt(1e14, 2 ** 48));
  return `4::${mime}:${body}:e:${expiresAtSeconds}:${appId}:${owner}:AR${randomBytes(13).toString('base64url')}`;
}

/** The `hash` query parameter of a media download URL: binds the media id and its expiry to the app secret. */
export function mediaUrlHash(secret: string, mediaId: string, expiresAtSeconds: number): string {
  return 'AT' + createHmac('sha256', secret).update(`${mediaId}:${expiresAtSeconds}`).digest('base64url').slice(0, 22);
}
