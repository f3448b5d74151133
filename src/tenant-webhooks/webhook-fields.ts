/**
 * Meta's webhook fields of a WhatsApp Business Account, the `events` an endpoint may select. The
 * gateway forwards what upstream sends under each; today upstream events of the first three are
 * the ones the Cloud API sends for messaging (messages and statuses, template reviews, quality).
 */
export const WEBHOOK_FIELDS = [
  'messages',
  'message_template_status_update',
  'message_template_quality_update',
  'message_template_components_update',
  'template_category_update',
  'phone_number_quality_update',
  'phone_number_name_update',
  'account_update',
  'account_alerts',
  'account_review_update',
  'business_capability_update',
  'business_status_update',
  'message_echoes',
  'flows',
  'security',
  'history',
  'smb_app_state_sync',
  'smb_message_echoes',
  'user_preferences',
  'partner_solutions',
  'payment_configuration_update',
  'campaign_status_update',
  // The gateway's own: a broadcast paused or completed (src/broadcasts).
  'broadcast_status_update',
  // The gateway's own: a customer opted out or back in by keyword (src/blacklist/opt-out-events.ts).
  'contact_opt_out_update',
  // The gateway's own: 80 % or 100 % of the organization's monthly spending limit reached (src/usage).
  'usage_update',
  // The gateway's own: a conversation assigned or its status changed (src/messages/conversations).
  'conversation_update',
] as const;

export type WebhookField = (typeof WEBHOOK_FIELDS)[number];
