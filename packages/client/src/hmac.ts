/** HMAC-SHA256 with Web Crypto (every runtime the package supports has it): a request's signature, a delivery's check. */
export async function hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  // Copies on an ArrayBuffer of their own: what Web Crypto takes in every runtime's types.
  const imported = await crypto.subtle.importKey('raw', new Uint8Array(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, new Uint8Array(data)));
}

export const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
