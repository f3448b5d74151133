/**
 * The message types a customer sends a business number, as Meta names them in its inbound webhook:
 * what the sandbox (and test mode's simulator) can play, and what test mode's simulated customers
 * may send. (Meta also delivers `order`, `system` and `unsupported`, which no customer composes.)
 */
export const CUSTOMER_MESSAGE_TYPES = [
  'text',
  'button',
  'interactive',
  'image',
  'document',
  'audio',
  'video',
  'sticker',
  'location',
  'contacts',
  'reaction',
] as const;

export type CustomerMessageType = (typeof CUSTOMER_MESSAGE_TYPES)[number];
