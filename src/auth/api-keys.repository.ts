import { keyIdOf } from '../common/encrypted-secrets';
import { EncryptedColumnStatements } from '../database/encrypted-column-statements';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type Page, pageOldestFirst } from '../common/keyset';
import { rowExists } from '../database/exists';
import { ApiKey } from './api-key.entity';

/** A key's columns as written when it is issued (the rest take their defaults). */
export type NewApiKey = Pick<
  ApiKey,
  | 'name'
  | 'kind'
  | 'tenantIds'
  | 'scopes'
  | 'allowedPhoneNumberIds'
  | 'allowedIps'
  | 'rateLimitPerSecond'
  | 'expiresAt'
  | 'keyHash'
  | 'keyPrefix'
  | 'hmacSecretEncrypted'
  | 'issuedByKeyId'
> &
  Partial<Pick<ApiKey, 'rotatedFromId' | 'memberUserId'>>;

/** Every statement on api_keys. */
@Injectable()
export class ApiKeysRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The keys' HMAC signing secrets, for key rotation (common/encrypted-secrets.ts). */
  encryptedSecrets(): EncryptedColumnStatements {
    return new EncryptedColumnStatements(this.dataSource, 'api_keys', ['hmac_secret_encrypted'], keyIdOf);
  }

  private get keys() {
    return this.dataSource.getRepository(ApiKey);
  }

  byHash(keyHash: string): Promise<ApiKey | null> {
    return this.keys.findOne({ where: { keyHash } });
  }

  byId(id: string): Promise<ApiKey | null> {
    return this.keys.findOne({ where: { id } });
  }

  create(row: NewApiKey): Promise<ApiKey> {
    return this.keys.save(this.keys.create(row));
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.keys.update({ id }, { lastUsedAt: at });
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.keys.update({ id }, { revokedAt: at });
  }

  /** Issues `next` and revokes `oldId` in one transaction (a rotation). */
  rotate(oldId: string, next: NewApiKey): Promise<ApiKey> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(ApiKey);
      const row = await repository.save(repository.create({ ...next, rotatedFromId: oldId }));
      await repository.update({ id: oldId }, { revokedAt: new Date() });
      return row;
    });
  }

  /** Every key, or those of one organization, oldest first. */
  all(tenantId?: string): Promise<ApiKey[]> {
    const query = this.keys.createQueryBuilder('key').orderBy('key.created_at', 'ASC');
    if (tenantId) query.where(':tenantId = ANY(key.tenant_ids)', { tenantId });
    return query.getMany();
  }

  /**
   * A page of the keys an issuer manages, oldest first: never platform keys; with `within`, only keys
   * whose organizations are all among them; with `tenantId`, only that organization's.
   */
  page<T>(
    filter: { within?: string[]; tenantId?: string },
    query: { limit: number; after?: string },
    originalUrl: string,
    view: (row: ApiKey) => T,
  ): Promise<Page<T>> {
    const rows = this.keys.createQueryBuilder('key').where("key.kind <> 'platform' AND key.member_user_id IS NULL");
    if (filter.within) rows.andWhere('key.tenant_ids <@ CAST(:own AS uuid[])', { own: filter.within });
    if (filter.tenantId) rows.andWhere(':tenantId = ANY(key.tenant_ids)', { tenantId: filter.tenantId });
    return pageOldestFirst(rows, query, originalUrl, view);
  }

  /**
   * Whether machines' keys that are not revoked reach the organization (its delete is refused while
   * they do); its members' keys go with it (revokeMemberKeys).
   */
  hasLiveKeys(manager: EntityManager, tenantId: string): Promise<boolean> {
    return rowExists(
      manager,
      'SELECT 1 FROM api_keys WHERE $1 = ANY(tenant_ids) AND revoked_at IS NULL AND member_user_id IS NULL',
      [tenantId],
    );
  }

  /** Revokes the keys of the organization's members (in the transaction that deletes it): their hashes. */
  async revokeMemberKeys(manager: EntityManager, tenantId: string): Promise<string[]> {
    // An UPDATE answers [rows, affected] through TypeORM.
    const [rows] = await manager.query<[Array<{ key_hash: string }>, number]>(
      `UPDATE api_keys SET revoked_at = now() WHERE $1 = ANY(tenant_ids) AND member_user_id IS NOT NULL
       AND revoked_at IS NULL RETURNING key_hash`,
      [tenantId],
    );
    return rows.map((row) => row.key_hash);
  }
}
