import { Injectable, Logger } from '@nestjs/common';
import { OnboardingService } from '../tenancy/onboarding.service';

/** Meta's webhook field about a business account's partners (and other account events). */
export const ACCOUNT_UPDATE_FIELD = 'account_update';

/**
 * Meta's `account_update` about the gateway's access: `PARTNER_REMOVED` (the business removed the
 * gateway's app from its account) stops the account's numbers (tenancy refuses their token from
 * then on) until a new signup connects them again. The change itself reaches the organization's
 * webhook endpoints like any other (the ingestion's outbox): that is the tenant's event.
 */
@Injectable()
export class PartnerUpdates {
  private readonly logger = new Logger('PartnerUpdates');

  constructor(private readonly onboarding: OnboardingService) {}

  /** Applies one `account_update` change of the account `entryId` (after it is stored). */
  async apply(entryId: string, value: unknown): Promise<void> {
    const change = (value ?? {}) as { event?: unknown; waba_info?: { waba_id?: unknown } };
    if (change.event !== 'PARTNER_REMOVED') return;
    const wabaId = typeof change.waba_info?.waba_id === 'string' ? change.waba_info.waba_id : entryId;
    const account = await this.onboarding.markPartnerRemoved(wabaId);
    if (account) this.logger.warn(`business account ${wabaId} removed the gateway as its partner: its numbers stop`);
  }
}
