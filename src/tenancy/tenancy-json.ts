import type { BusinessAccount } from './business-account.entity';
import type { Organization } from './organization.entity';
import type { PhoneNumber } from './phone-number.entity';

// How the management API and the CLI print onboarding records (snake_case; never an access token).

export const organizationJson = (o: Organization) => ({
  id: o.id,
  name: o.name,
  // Test mode: the live organization whose test twin this is (null for a live organization).
  test_of: o.testOf,
  created_at: o.createdAt.toISOString(),
});

export const businessAccountJson = (b: BusinessAccount) => ({
  id: b.id,
  tenant_id: b.tenantId,
  waba_id: b.wabaId,
  name: b.name,
  app_subscription: {
    status: b.appSubscription,
    checked_at: b.appSubscriptionCheckedAt?.toISOString() ?? null,
    error: b.appSubscriptionError,
  },
  partner_removed_at: b.partnerRemovedAt?.toISOString() ?? null,
  created_at: b.createdAt.toISOString(),
});

export const phoneNumberJson = (p: PhoneNumber) => ({
  id: p.id,
  tenant_id: p.tenantId,
  business_account_id: p.businessAccountId,
  phone_number_id: p.phoneNumberId,
  display_phone_number: p.displayPhoneNumber,
  enforce_service_window: p.enforceServiceWindow,
  // What Meta said of its limits (null until learned) and an operator's throughput (null: Meta's level).
  throughput_level: p.throughputLevel,
  is_on_biz_app: p.isOnBizApp,
  messaging_limit_tier: p.messagingLimitTier,
  quality_rating: p.qualityRating,
  limits_learned_at: p.limitsLearnedAt?.toISOString() ?? null,
  throughput_override_mps: p.throughputOverrideMps,
  created_at: p.createdAt.toISOString(),
});
