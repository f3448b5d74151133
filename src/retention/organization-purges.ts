import { Injectable } from '@nestjs/common';

/**
 * What an organization may keep for less time than the platform does (its data-retention settings):
 * message bodies (replaced, the records kept), inbound messages, the media customers sent, and the
 * webhook delivery logs.
 */
export const PURGE_KINDS = ['message_bodies', 'inbound_messages', 'media', 'webhook_deliveries'] as const;
export type PurgeKind = (typeof PURGE_KINDS)[number];

/**
 * One owner's part of a kind, for one organization: what of its tables is older than `before` (and, for
 * a kind that replaces rather than deletes, not older than `from`, where the last complete pass ended),
 * at most `limit` rows a call; how many rows it changed (fewer than `limit`: done).
 */
export type Purge = (tenantId: string, range: { from: Date | null; before: Date }, limit: number) => Promise<number>;

/**
 * Where the owners of tables holding customers' data say how to purge an organization's rows of each
 * kind (registered from their modules, as tables partitioned by time are with RecordRetention), and
 * where data-rights/ runs them with the organization's settings. This folder owns no table and knows no
 * feature.
 */
@Injectable()
export class OrganizationPurges {
  private readonly purges = new Map<PurgeKind, Array<{ owner: string; purge: Purge }>>();

  register(kind: PurgeKind, owner: string, purge: Purge): void {
    this.purges.set(kind, [...(this.purges.get(kind) ?? []), { owner, purge }]);
  }

  /** Every owner's part of `kind`, each until done, in batches of `limit`: rows changed, by owner. */
  async run(
    kind: PurgeKind,
    tenantId: string,
    range: { from: Date | null; before: Date },
    limit: number,
  ): Promise<Record<string, number>> {
    const changed: Record<string, number> = {};
    for (const { owner, purge } of this.purges.get(kind) ?? []) {
      let total = 0;
      for (;;) {
        const n = await purge(tenantId, range, limit);
        total += n;
        if (n < limit) break;
      }
      changed[owner] = (changed[owner] ?? 0) + total;
    }
    return changed;
  }

  /** Who registered what (for tests and /docs). */
  registered(): Record<string, string[]> {
    return Object.fromEntries([...this.purges].map(([kind, list]) => [kind, list.map((p) => p.owner)]));
  }
}
