import { Module } from '@nestjs/common';
import { CustomerData } from '../retention/customer-data';
import { OrganizationData } from '../retention/organization-data';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyService } from './idempotency.service';

/**
 * Idempotency-Key, end to end (spec section 8): one value per API key and organization, its 2xx
 * answer replayed for IDEMPOTENCY_TTL_SECONDS, an in-flight lock for IDEMPOTENCY_LOCK_SECONDS. The
 * path of a write that carries one, in the order it runs:
 * 1. pipeline/admission.guard.ts: the claim (the lock, or the cached answer) is made in the same Redis
 *    round trip as the key's rate-limit count, once the request's organization is resolved
 *    (`earlyClaimValue` and `keepEarlyClaim`, early-claim.ts; `IdempotencyService.prepare`/`claimed`).
 * 2. idempotency.interceptor.ts: takes that claim (or claims now, `IdempotencyService.claim`): a cached
 *    answer is replayed (`Idempotency-Replayed: true`) and nothing runs; a request in flight is 409
 *    `idempotency_in_flight` at once; otherwise the route runs, and its 2xx answer is cached (sealed
 *    under the encryption key) before it leaves, or the lock released.
 * 3. pipeline/graph-exception.filter.ts: a request refused between 1 and 2 (its organization, a scope,
 *    the organization's limit) gives its claim back (`abandonEarlyClaim`).
 * 4. messages/send-message.use-case.ts (`recover`): a send whose answer was lost (a crash, Meta's
 *    silence) is found again by its record: its wamid once Meta's statuses name it, 409
 *    `send_outcome_unknown` until then, and never a second send.
 * The store's side is idempotency.service.ts's (`IdempotencyService`: the keys, the claim, complete and
 * release over the shared store's scripts).
 */
@Module({
  providers: [IdempotencyService, IdempotencyInterceptor],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class IdempotencyModule {
  constructor(customers: CustomerData, idempotency: IdempotencyService, organization: OrganizationData) {
    // A customer's erasure: the cached answers that name them.
    organization.registerDeletion('idempotency_answers', (tenantId) => idempotency.forgetOrganization(tenantId));
    customers.registerEraser('idempotency_answers', async (e) => ({
      removed: await idempotency.eraseCustomer(e),
      next: null,
    }));
  }
}
