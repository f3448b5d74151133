import { ApiKey } from './auth/api-key.entity';
import { BroadcastRecipient } from './broadcasts/broadcast-recipient.entity';
import { Broadcast } from './broadcasts/broadcast.entity';
import { BlacklistEntry } from './blacklist/blacklist-entry.entity';
import { OptOutSettings } from './blacklist/opt-out-settings.entity';
import { Contact } from './contacts/contact.entity';
import { MediaAsset } from './media/media-asset.entity';
import { MediaAssetChunk } from './media/media-asset-chunk.entity';
import { MediaUpload } from './media/media-upload.entity';
import { TemplateMediaHandle } from './media/template-media-handle.entity';
import { Conversation } from './messages/conversation.entity';
import { ConversationNote } from './messages/conversation-note.entity';
import { NoteMention } from './messages/note-mention.entity';
import { ConversationResolution } from './messages/conversation-resolution.entity';
import { InboundMessage } from './messages/inbound-message.entity';
import { MessageStatusEvent } from './messages/message-status.entity';
import { Message } from './messages/message.entity';
import { MessageTemplate } from './templates/message-template.entity';
import { WebhookEvent } from './webhooks/webhook-event.entity';
import { UnprocessableWebhook } from './webhooks/unprocessable-webhook.entity';
import { WebhookDelivery } from './tenant-webhooks/webhook-delivery.entity';
import { WebhookEndpoint } from './tenant-webhooks/webhook-endpoint.entity';
import { InboundMedia } from './media/inbound-media.entity';
import { BusinessAccount } from './tenancy/business-account.entity';
import { Organization } from './tenancy/organization.entity';
import { PhoneNumber } from './tenancy/phone-number.entity';
import { UpstreamObject } from './passthrough/upstream-object.entity';
import { AuditEntry } from './audit/audit-entry.entity';
import { Invitation } from './people/invitation.entity';
import { SignInPolicy } from './people/sign-in-policy.entity';
import { PasswordReset } from './people/password-reset.entity';
import { SsoDomain } from './people/sso-domain.entity';
import { NumberSignup } from './signup/number-signup.entity';
import { OrganizationMarkup } from './usage/organization-markup.entity';
import { SpendingLimit } from './usage/spending-limit.entity';
import { SpendingThreshold } from './usage/spending-threshold.entity';
import { UsageReconciliation } from './usage/usage-reconciliation.entity';
import { UsageMonth } from './usage/usage-month.entity';
import { RateCardCountry } from './usage/rate-card-country.entity';
import { RateCardPrice } from './usage/rate-card-price.entity';
import { RateCard } from './usage/rate-card.entity';
import { UsageDay } from './usage/usage-day.entity';
import { FunnelButton } from './messages/funnels/funnel-button.entity';
import { FunnelDay } from './messages/funnels/funnel-day.entity';
import { FunnelFailure } from './messages/funnels/funnel-failure.entity';
import { TemplateAnalyticsDay } from './insights/template-analytics-day.entity';
import { UsageEntry } from './usage/usage-entry.entity';
import { Membership } from './people/membership.entity';
import { User } from './people/user.entity';
import { AssignmentPolicy } from './inbox/assignment-policy.entity';
import { InboxAgent } from './inbox/inbox-agent.entity';
import { InboxSettings } from './inbox/inbox-settings.entity';
import { TeamMember } from './inbox/team-member.entity';
import { SavedReply } from './inbox/saved-reply.entity';
import { AutomationJob } from './automations/automation-job.entity';
import { AwayMark } from './automations/away-mark.entity';
import { AutomationReplyCount, AutomationSettings } from './automations/automation-settings.entity';
import { CustomerErasure } from './data-rights/customer-erasure.entity';
import { OrganizationDeletion } from './data-rights/organization-deletion.entity';
import { OrganizationExport, OrganizationExportChunk } from './data-rights/organization-export.entity';
import { RetentionSettings } from './data-rights/retention-settings.entity';
import { AutomationRule } from './automations/rule.entity';
import { NumberAutomation } from './automations/number-automation.entity';
import { Team } from './inbox/team.entity';

/** Every entity, listed once for the app and for the TypeORM CLI. */
export const ENTITIES = [
  Organization,
  BusinessAccount,
  PhoneNumber,
  ApiKey,
  User,
  Membership,
  Invitation,
  SignInPolicy,
  PasswordReset,
  SsoDomain,
  Team,
  TeamMember,
  SavedReply,
  NumberAutomation,
  AutomationJob,
  AwayMark,
  AutomationRule,
  AutomationSettings,
  AutomationReplyCount,
  RetentionSettings,
  CustomerErasure,
  OrganizationExport,
  OrganizationExportChunk,
  OrganizationDeletion,
  InboxAgent,
  InboxSettings,
  AssignmentPolicy,
  NumberSignup,
  RateCard,
  RateCardPrice,
  RateCardCountry,
  OrganizationMarkup,
  SpendingLimit,
  SpendingThreshold,
  UsageReconciliation,
  UsageMonth,
  UsageEntry,
  UsageDay,
  FunnelDay,
  FunnelFailure,
  FunnelButton,
  TemplateAnalyticsDay,
  WebhookEvent,
  UnprocessableWebhook,
  MessageStatusEvent,
  Conversation,
  ConversationNote,
  NoteMention,
  ConversationResolution,
  InboundMessage,
  MessageTemplate,
  Message,
  BlacklistEntry,
  OptOutSettings,
  Contact,
  MediaUpload,
  TemplateMediaHandle,
  MediaAsset,
  MediaAssetChunk,
  WebhookEndpoint,
  WebhookDelivery,
  UpstreamObject,
  InboundMedia,
  Broadcast,
  BroadcastRecipient,
  AuditEntry,
];
