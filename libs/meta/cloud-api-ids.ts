/**
 * What each path parameter of Meta's Cloud API description names, read from the description's own
 * parameter names. The gateway and the sandbox share it: the gateway checks that every id in a
 * path belongs to the caller's organization, the sandbox finds the business account behind it.
 */
export const ID_KINDS = {
  'Phone-Number-ID': 'phone_number',
  'WABA-ID': 'business_account',
  'WhatsApp-Business-Account-ID': 'business_account',
  'Flow-ID': 'flow',
  group_id: 'group',
  'QR-Code-ID': 'qr_code',
  'Media-ID': 'media',
  'Media-URL': 'media_url',
  TEMPLATE_ID: 'template',
  'Message-History-ID': 'message_history',
  'Migration-Intent-ID': 'migration_intent',
  'OBO-Mobility-Intent-ID': 'obo_mobility_intent',
  'WABA-Bot-ID': 'bot',
  'WhatsApp-Business-Profile-ID': 'business_profile',
  'WhatsApp-Account-Number-ID': 'account_number',
  'Application-ID': 'application',
  'Business-ID': 'business_portfolio',
  'User-ID': 'user',
  'Solution-ID': 'solution',
  'Pre-Verified-Phone-Number-ID': 'preverified_number',
} as const;

export type IdKind = (typeof ID_KINDS)[keyof typeof ID_KINDS];

/**
 * Ids a tenant owns: its phone numbers and business accounts, and what Meta creates under them.
 * An operation is tenant-scoped when its first path id is one of these; the others (the Meta app,
 * the business portfolio, users and tokens, Multi-Partner solutions, a portfolio's pre-verified
 * numbers) are not, and the gateway refuses calls on them.
 */
export const TENANT_ID_KINDS: ReadonlySet<IdKind> = new Set<IdKind>([
  'phone_number',
  'business_account',
  'flow',
  'group',
  'qr_code',
  'media',
  'media_url',
  'template',
  'message_history',
  'migration_intent',
  'obo_mobility_intent',
  'bot',
  'business_profile',
  'account_number',
]);
