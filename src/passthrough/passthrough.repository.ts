import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { UpstreamObject } from './upstream-object.entity';

/** Where an object lives: the organization and business account that own it, and its number if any. */
export interface ObjectOwner {
  kind: string;
  tenantId: string;
  businessAccountId: string;
  phoneNumberId: string | null;
}

/** Every statement on `upstream_objects`: the registry of ids Meta created or listed for an organization. */
@Injectable()
export class PassthroughRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get objects() {
    return this.dataSource.getRepository(UpstreamObject);
  }

  /**
   * The object `objectId` as one of `tenantIds` knows it (of `kind` when given, under the number when
   * given), or null: an id no organization of the key has seen is the same as one that does not exist.
   */
  async find(
    objectId: string,
    tenantIds: readonly string[],
    where: { kind?: string; phoneNumberId?: string } = {},
  ): Promise<ObjectOwner | null> {
    if (tenantIds.length === 0 || objectId.length > 128) return null;
    const row = await this.objects.findOne({
      where: {
        objectId,
        tenantId: In([...tenantIds]),
        ...(where.kind && { kind: where.kind }),
        ...(where.phoneNumberId && { phoneNumberId: where.phoneNumberId }),
      },
      order: { createdAt: 'ASC' },
    });
    return row
      ? {
          kind: row.kind,
          tenantId: row.tenantId,
          businessAccountId: row.businessAccountId,
          phoneNumberId: row.phoneNumberId,
        }
      : null;
  }

  /** Records ids Meta revealed to an organization's call (already known ones are kept as they are). */
  async remember(
    owner: { tenantId: string; businessAccountId: string; phoneNumberId: string | null },
    objects: ReadonlyArray<{ kind: string; objectId: string }>,
  ): Promise<void> {
    // Once each, in one order, so two calls listing the same ids lock their rows alike (no deadlock).
    const unique = [...new Map(objects.map((object) => [`${object.kind}\u0000${object.objectId}`, object])).entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, object]) => object);
    if (unique.length === 0) return;
    await this.objects
      .createQueryBuilder()
      .insert()
      .values(unique.map((object) => ({ ...owner, kind: object.kind, objectId: object.objectId })))
      .orIgnore()
      .execute();
  }

  /** Forgets an object Meta deleted. */
  async forget(businessAccountId: string, kind: string, objectId: string): Promise<void> {
    await this.objects.delete({ businessAccountId, kind, objectId });
  }
}
