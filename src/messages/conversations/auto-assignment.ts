import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment';
import { type Policy, InboxService } from '../../inbox/inbox.service';
import { InboxLive } from '../../inbox/live/inbox-live.service';
import { PeriodicJobs } from '../../jobs/periodic-jobs';
import type { DeliveryRow } from '../../tenant-webhooks/delivery-row';
import { ConversationEventsWriter } from './conversation-events.writer';
import { type ChangedConversation, ConversationLive } from './conversation-live';
import { ConversationsRepository } from './conversations.repository';

/** A conversation an inbound message left open: nobody's, or back with a customer (its agent's still). */
export interface CameBack {
  tenantId: string;
  phoneNumberId: string;
  waId: string;
  assigneeId: string | null;
  /** It was resolved, snoozed or pending, and the customer's message opened it again. */
  reopened: boolean;
}

/** Snoozes woken in one pass at most (the next pass takes the rest). */
const WAKE_BATCH = 500;

/**
 * Auto-assignment (issue 56): a number's open conversations nobody has go round robin to the
 * available agents of its pool (its team, or every agent), none beyond the cap of open or pending
 * conversations; a returning customer stays with their agent when that agent is available, and goes
 * back to the queue otherwise; what finds nobody waits, longest waiting first, and is given out when
 * an agent becomes available, resolves or hands one back, or at the next sweep.
 *
 * Exactly once across instances: a pass locks its pool's available agents (in one order, so passes
 * over overlapping pools take turns) before it counts their open conversations in a statement of its
 * own (which so sees every earlier pass committed), then locks the waiting conversations it gives
 * out (passing those another transaction holds) and gives each only while it is still nobody's.
 * Runs after the inbound message's commit, never inside it: Meta's 200 does not wait on agents.
 */
@Injectable()
export class AutoAssignment implements OnModuleInit {
  private readonly logger = new Logger('AutoAssignment');
  private readonly intervalMs: number;

  constructor(
    private readonly repository: ConversationsRepository,
    private readonly inbox: InboxService,
    private readonly events: ConversationEventsWriter,
    private readonly liveUpdates: ConversationLive,
    private readonly live: InboxLive,
    private readonly jobs: PeriodicJobs,
    config: ConfigService<Environment, true>,
  ) {
    this.intervalMs = config.get('INBOX_SWEEP_INTERVAL_MS', { infer: true });
    inbox.onCapacity((tenantId) => void this.forOrganization(tenantId));
  }

  onModuleInit(): void {
    this.jobs.every('inbox-sweep', this.intervalMs, async () => {
      await this.wakeSnoozed();
      await this.live.sweepAbsent();
      for (const policy of await this.inbox.enabledPolicies()) await this.pass(policy, []);
    });
  }

  /**
   * After an ingestion's commit: the conversations its messages left nobody's or reopened, on numbers
   * with auto-assignment. Never throws (what is not given out now waits for the next pass).
   */
  async afterInbound(cameBack: CameBack[]): Promise<void> {
    const byNumber = new Map<string, CameBack[]>();
    for (const c of cameBack) {
      if (c.assigneeId !== null && !c.reopened) continue;
      byNumber.set(c.phoneNumberId, [...(byNumber.get(c.phoneNumberId) ?? []), c]);
    }
    for (const [phoneNumberId, conversations] of byNumber) {
      const policy = await this.inbox.policyOf(phoneNumberId).catch(() => null);
      if (!policy || policy.tenant_id !== conversations[0].tenantId) continue;
      const returning = conversations.filter((c) => c.reopened && c.assigneeId !== null);
      await this.pass(
        policy,
        returning.map((c) => ({ waId: c.waId, assigneeId: c.assigneeId! })),
      );
    }
  }

  /** Capacity came back in an organization (an agent available, a conversation resolved or handed back). */
  async forOrganization(tenantId: string): Promise<void> {
    try {
      for (const policy of await this.inbox.enabledPolicies())
        if (policy.tenant_id === tenantId) await this.pass(policy, []);
    } catch (error) {
      this.logger.warn(`auto-assignment of ${tenantId} left to the sweep: ${(error as Error).message}`);
    }
  }

  /** One pass over a number's queue (and its returning customers first). Never throws. */
  private async pass(policy: Policy, returning: Array<{ waId: string; assigneeId: string }>): Promise<void> {
    const { tenant_id: tenantId, phone_number_id: phoneNumberId } = policy;
    try {
      const deliveries: DeliveryRow[] = [];
      const released: Array<ChangedConversation & { from: string }> = [];
      const givenRows: ChangedConversation[] = [];
      await this.repository.transaction(async (manager) => {
        deliveries.length = released.length = givenRows.length = 0;
        const agents = await this.inbox.lockAvailable(manager, tenantId, policy.team_id);
        const pool = new Set(agents);
        // A returning customer's agent keeps them when available (in the pool or not).
        const away: Array<{ waId: string; from: string }> = [];
        for (const r of returning)
          if (!pool.has(r.assigneeId) && !(await this.inbox.isAvailable(manager, tenantId, r.assigneeId)))
            away.push({ waId: r.waId, from: r.assigneeId });
        for (const row of await this.repository.releaseFrom(manager, tenantId, phoneNumberId, away)) {
          const from = away.find((a) => a.waId === row.wa_id)!.from;
          released.push({ ...row, from });
          deliveries.push(
            ...(await this.events.assigned(manager, tenantId, phoneNumberId, row, from, 'unavailable', null)),
          );
        }
        if (agents.length === 0) return;
        const open = await this.repository.openCounts(manager, tenantId, agents);
        const room = new Map(agents.map((id) => [id, Math.max(0, policy.cap - (open.get(id) ?? 0))]));
        const capacity = [...room.values()].reduce((sum, n) => sum + n, 0);
        if (capacity === 0) return;
        const waiting = await this.repository.lockWaiting(manager, tenantId, phoneNumberId, capacity);
        // Round robin: agents in the order they were last given one, each taking one a turn while room lasts.
        const given: Array<{ waId: string; userId: string }> = [];
        let turn = 0;
        for (const waId of waiting) {
          while (room.get(agents[turn % agents.length]) === 0) turn++;
          const userId = agents[turn % agents.length];
          room.set(userId, room.get(userId)! - 1);
          given.push({ waId, userId });
          turn++;
        }
        const rows = await this.repository.giveOut(manager, tenantId, phoneNumberId, given, policy.team_id);
        const order: string[] = [];
        for (const g of given) if (rows.some((row) => row.wa_id === g.waId)) order.push(g.userId);
        // Later in the list is later in the round robin: an agent's last gift decides their place.
        await this.inbox.markAssigned(manager, tenantId, [...new Set(order.reverse())].reverse());
        givenRows.push(...rows);
        for (const row of rows)
          deliveries.push(
            ...(await this.events.assigned(manager, tenantId, phoneNumberId, row, null, 'auto_assignment', null)),
          );
      });
      this.events.dispatch(deliveries);
      this.liveUpdates.changed(tenantId, phoneNumberId, released, (row) => released.find((r) => r === row)!.from);
      this.liveUpdates.changed(tenantId, phoneNumberId, givenRows, () => null);
    } catch (error) {
      this.logger.warn(`auto-assignment of ${phoneNumberId} left to the sweep: ${(error as Error).message}`);
    }
  }

  /** Snoozes whose time came, open again: each once, whichever instance's sweep finds it. */
  private async wakeSnoozed(): Promise<void> {
    for (;;) {
      const deliveries: DeliveryRow[] = [];
      const woken = await this.repository.transaction(async (manager) => {
        deliveries.length = 0;
        const rows = await this.repository.wakeSnoozed(manager, WAKE_BATCH);
        for (const row of rows)
          deliveries.push(
            ...(await this.events.statusChanged(
              manager,
              row.tenant_id,
              row.phone_number_id,
              row,
              'snoozed',
              'snooze_ended',
              null,
            )),
          );
        return rows;
      });
      this.events.dispatch(deliveries);
      for (const row of woken)
        this.liveUpdates.changed(row.tenant_id, row.phone_number_id, [row], () => row.assignee_id);
      if (woken.length < WAKE_BATCH) return;
    }
  }
}
