import { Init1763700000000 } from './1763700000000-Init';
import { UpstreamWebhooks1763700100000 } from './1763700100000-UpstreamWebhooks';
import { BlacklistAndContacts1763700200000 } from './1763700200000-BlacklistAndContacts';
import { Messages1763700300000 } from './1763700300000-Messages';
import { Media1763700400000 } from './1763700400000-Media';
import { TemplateCatalog1763700500000 } from './1763700500000-TemplateCatalog';
import { TenantWebhooks1763700600000 } from './1763700600000-TenantWebhooks';
import { KeyIssuer1763700700000 } from './1763700700000-KeyIssuer';
import { SendRecovery1763700800000 } from './1763700800000-SendRecovery';
import { UnansweredSendsIndex1763700900000 } from './1763700900000-UnansweredSendsIndex';
import { UnprocessableWebhooks1763701000000 } from './1763701000000-UnprocessableWebhooks';
import { TemplateReservation1763701100000 } from './1763701100000-TemplateReservation';
import { UpstreamObjects1763701200000 } from './1763701200000-UpstreamObjects';
import { MessageRecordsRoomForUpdates1763701300000 } from './1763701300000-MessageRecordsRoomForUpdates';
import { PhoneNumberLimits1763701400000 } from './1763701400000-PhoneNumberLimits';
import { Broadcasts1763701500000 } from './1763701500000-Broadcasts';
import { InboundMediaFileName1763701600000 } from './1763701600000-InboundMediaFileName';
import { AuditLog1763701700000 } from './1763701700000-AuditLog';
import { WebhookSecretOverlap1763701800000 } from './1763701800000-WebhookSecretOverlap';
import { PartitionedRecords1763701900000 } from './1763701900000-PartitionedRecords';
import { AppSubscriptions1763702000000 } from './1763702000000-AppSubscriptions';
import { MediaAssetChunks1763702100000 } from './1763702100000-MediaAssetChunks';
import { Conversations1763702200000 } from './1763702200000-Conversations';
import { People1763702300000 } from './1763702300000-People';
import { SecondFactor1763702400000 } from './1763702400000-SecondFactor';
import { PasswordResets1763702500000 } from './1763702500000-PasswordResets';
import { SingleSignOn1763702600000 } from './1763702600000-SingleSignOn';
import { EmbeddedSignup1763702700000 } from './1763702700000-EmbeddedSignup';
import { RateCards1763702800000 } from './1763702800000-RateCards';
import { UsageMetering1763702900000 } from './1763702900000-UsageMetering';
import { SpendingLimits1764270000000 } from './1764270000000-SpendingLimits';
import { UsageReconciliations1764270100000 } from './1764270100000-UsageReconciliations';
import { UsageByBroadcast1764270200000 } from './1764270200000-UsageByBroadcast';
import { UsageMonths1764270300000 } from './1764270300000-UsageMonths';
import { TestTwins1764270400000 } from './1764270400000-TestTwins';
import { OperatorInvitations1764270500000 } from './1764270500000-OperatorInvitations';
import { TeamInbox1764300000000 } from './1764300000000-TeamInbox';
import { AssigneeIndexNarrowed1764300100000 } from './1764300100000-AssigneeIndexNarrowed';
import { NotesAndSavedReplies1764300200000 } from './1764300200000-NotesAndSavedReplies';
import { TeamFigures1764300300000 } from './1764300300000-TeamFigures';
import { Automations1764400000000 } from './1764400000000-Automations';
import { AutomationCalls1764500000000 } from './1764500000000-AutomationCalls';
import { RetentionSettings1764500100000 } from './1764500100000-RetentionSettings';
import { MentionMailRetries1764500200000 } from './1764500200000-MentionMailRetries';
import { CustomerErasures1764500300000 } from './1764500300000-CustomerErasures';
import { OrganizationExports1764500400000 } from './1764500400000-OrganizationExports';
import { MessageFunnels1764600000000 } from './1764600000000-MessageFunnels';
import { OrganizationDeletions1764500500000 } from './1764500500000-OrganizationDeletions';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [
  Init1763700000000,
  UpstreamWebhooks1763700100000,
  BlacklistAndContacts1763700200000,
  Messages1763700300000,
  Media1763700400000,
  TemplateCatalog1763700500000,
  TenantWebhooks1763700600000,
  KeyIssuer1763700700000,
  SendRecovery1763700800000,
  UnansweredSendsIndex1763700900000,
  UnprocessableWebhooks1763701000000,
  TemplateReservation1763701100000,
  UpstreamObjects1763701200000,
  MessageRecordsRoomForUpdates1763701300000,
  PhoneNumberLimits1763701400000,
  Broadcasts1763701500000,
  InboundMediaFileName1763701600000,
  AuditLog1763701700000,
  WebhookSecretOverlap1763701800000,
  PartitionedRecords1763701900000,
  AppSubscriptions1763702000000,
  MediaAssetChunks1763702100000,
  Conversations1763702200000,
  People1763702300000,
  SecondFactor1763702400000,
  PasswordResets1763702500000,
  SingleSignOn1763702600000,
  EmbeddedSignup1763702700000,
  RateCards1763702800000,
  UsageMetering1763702900000,
  SpendingLimits1764270000000,
  UsageReconciliations1764270100000,
  UsageByBroadcast1764270200000,
  UsageMonths1764270300000,
  TestTwins1764270400000,
  OperatorInvitations1764270500000,
  TeamInbox1764300000000,
  AssigneeIndexNarrowed1764300100000,
  NotesAndSavedReplies1764300200000,
  TeamFigures1764300300000,
  Automations1764400000000,
  AutomationCalls1764500000000,
  RetentionSettings1764500100000,
  MentionMailRetries1764500200000,
  CustomerErasures1764500300000,
  OrganizationExports1764500400000,
  OrganizationDeletions1764500500000,
  MessageFunnels1764600000000,
];
