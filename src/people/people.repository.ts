import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { Invitation } from './invitation.entity';
import { Membership } from './membership.entity';
import { keyIdOf } from '../common/encrypted-secrets';
import { EncryptedColumnStatements } from '../database/encrypted-column-statements';
import { PasswordReset } from './password-reset.entity';
import { SignInPolicy } from './sign-in-policy.entity';
import { SsoDomain } from './sso-domain.entity';
import { User } from './user.entity';

/** A member of an organization as the members list shows them. */
export interface MemberRow {
  user_id: string;
  email: string;
  role: string;
  key_id: string;
  created_at: Date;
}

/**
 * `users`, `memberships`, `invitations`, `sign_in_policies`, `sso_domains` and `password_resets`: the
 * organizations' people.
 */
@Injectable()
export class PeopleRepository {
  constructor(private readonly dataSource: DataSource) {}

  userByEmail(email: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOne({ where: { email } });
  }

  userById(id: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOne({ where: { id } });
  }

  /** A person's organizations, oldest membership first. */
  membershipsOf(userId: string): Promise<Membership[]> {
    return this.dataSource.getRepository(Membership).find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  membership(userId: string, tenantId: string): Promise<Membership | null> {
    return this.dataSource.getRepository(Membership).findOne({ where: { userId, tenantId } });
  }

  /** The organization's members, in the order they joined. */
  members(tenantId: string): Promise<MemberRow[]> {
    return this.dataSource.query(
      `SELECT m.user_id, u.email, m.role, m.key_id, m.created_at FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE m.tenant_id = $1 ORDER BY m.created_at, m.user_id`,
      [tenantId],
    );
  }

  /** How many owners the organization has, their rows locked (a change that would leave none is refused). */
  /** Whether the organization has an owner (a machine's admin key invites the first one only). */
  async hasOwner(tenantId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM memberships WHERE tenant_id = $1 AND role = 'owner' LIMIT 1`,
      [tenantId],
    );
    return rows.length > 0;
  }

  async lockOwners(manager: EntityManager, tenantId: string): Promise<string[]> {
    const rows = await manager.query<Array<{ user_id: string }>>(
      `SELECT user_id FROM memberships WHERE tenant_id = $1 AND role = 'owner' ORDER BY user_id FOR UPDATE`,
      [tenantId],
    );
    return rows.map((row) => row.user_id);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The person, made now (with `passwordHash`) unless they have an account already. */
  async ensureUser(manager: EntityManager, id: string, email: string, passwordHash: string | null): Promise<void> {
    await manager.query(
      `INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING`,
      [id, email, passwordHash],
    );
  }

  async addMembership(
    manager: EntityManager,
    member: { userId: string; tenantId: string; role: string; keyId: string },
  ): Promise<void> {
    await manager.getRepository(Membership).insert(member);
  }

  async setMembership(
    manager: EntityManager,
    member: { userId: string; tenantId: string; role: string; keyId: string },
  ): Promise<void> {
    await manager
      .getRepository(Membership)
      .update({ userId: member.userId, tenantId: member.tenantId }, { role: member.role, keyId: member.keyId });
  }

  async removeMembership(manager: EntityManager, userId: string, tenantId: string): Promise<boolean> {
    const result = await manager.getRepository(Membership).delete({ userId, tenantId });
    return (result.affected ?? 0) > 0;
  }

  // ---- second factor and policies --------------------------------------------------------------

  async setTotp(userId: string, secretEncrypted: string | null, enabledAt: Date | null): Promise<void> {
    await this.dataSource
      .getRepository(User)
      .update({ id: userId }, { totpSecretEncrypted: secretEncrypted, totpEnabledAt: enabledAt, totpLastStep: null });
  }

  /**
   * Takes the second factor's `step` once: false when a code of that step (or a later one) was taken
   * already, on any instance (the row is the arbiter).
   */
  async takeTotpStep(userId: string, step: number): Promise<boolean> {
    // An UPDATE answers [rows, affected] through TypeORM.
    const [rows] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)
       RETURNING id`,
      [userId, step],
    );
    return rows.length > 0;
  }

  /** The organizations of `tenantIds` that require a second factor (`totp`) or single sign-on (`sso`). */
  async requiring(what: 'totp' | 'sso', tenantIds: string[]): Promise<Set<string>> {
    if (tenantIds.length === 0) return new Set();
    const column = what === 'totp' ? 'require_totp' : 'require_sso';
    const rows = await this.dataSource.query<Array<{ tenant_id: string }>>(
      `SELECT tenant_id FROM sign_in_policies WHERE tenant_id = ANY ($1::uuid[]) AND ${column}`,
      [tenantIds],
    );
    return new Set(rows.map((row) => row.tenant_id));
  }

  policy(tenantId: string): Promise<SignInPolicy | null> {
    return this.dataSource.getRepository(SignInPolicy).findOne({ where: { tenantId } });
  }

  async domains(tenantId: string): Promise<string[]> {
    const rows = await this.dataSource.getRepository(SsoDomain).find({ where: { tenantId }, order: { domain: 'ASC' } });
    return rows.map((row) => row.domain);
  }

  /**
   * The policy's changes and, when `domains` is given, the organization's claimed domains replaced,
   * in one transaction: false (nothing changed) when another organization holds one of them.
   */
  async savePolicy(
    tenantId: string,
    changes: Partial<Pick<SignInPolicy, 'requireTotp' | 'requireSso' | 'ssoDefaultRole'>>,
    domains: string[] | undefined,
  ): Promise<boolean> {
    const taken = new Error('a domain is taken');
    const saved = this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO sign_in_policies (tenant_id) VALUES ($1) ON CONFLICT (tenant_id) DO NOTHING`, [
        tenantId,
      ]);
      if (Object.keys(changes).length > 0)
        await manager.getRepository(SignInPolicy).update({ tenantId }, { ...changes, updatedAt: new Date() });
      if (domains === undefined) return true;
      await manager.query(`DELETE FROM sso_domains WHERE tenant_id = $1`, [tenantId]);
      if (domains.length === 0) return true;
      const inserted = await manager.query<Array<{ domain: string }>>(
        `INSERT INTO sso_domains (domain, tenant_id) SELECT unnest($2::text[]), $1 ON CONFLICT (domain) DO NOTHING
         RETURNING domain`,
        [tenantId, domains],
      );
      // Another organization's domain: nothing of this change stays.
      if (inserted.length !== domains.length) throw taken;
      return true;
    });
    return saved.catch((error: unknown) => {
      if (error === taken) return false;
      throw error;
    });
  }

  /** The organization (and its default role) that claims `domain`, if one does. */
  async domainOwner(domain: string): Promise<{ tenantId: string; role: string } | undefined> {
    const [row] = await this.dataSource.query<Array<{ tenant_id: string; role: string | null }>>(
      `SELECT d.tenant_id, p.sso_default_role AS role FROM sso_domains d
       LEFT JOIN sign_in_policies p ON p.tenant_id = d.tenant_id WHERE d.domain = $1`,
      [domain],
    );
    return row && { tenantId: row.tenant_id, role: row.role ?? 'viewer' };
  }

  /** The invitations still open for `email`, oldest first (single sign-on proves the address an invitation's link does). */
  openInvitationsFor(email: string): Promise<Invitation[]> {
    return this.dataSource.query(
      `SELECT id, tenant_id AS "tenantId", role FROM invitations
       WHERE email = $1 AND accepted_at IS NULL AND expires_at > now() ORDER BY created_at`,
      [email],
    );
  }

  async setPlatformKey(userId: string, keyId: string | null): Promise<void> {
    await this.dataSource.getRepository(User).update({ id: userId }, { platformKeyId: keyId });
  }

  /** The person's account, made now unless one has the email; its id either way (two made at once: one account). */
  async ensureUserId(email: string, passwordHash: string | null): Promise<string> {
    const [row] = await this.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO users (email, password_hash) VALUES ($1, $2)
       ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
      [email, passwordHash],
    );
    return row.id;
  }

  /** A membership unless the person has one there already: whether it was added. */
  async addMembershipOnce(
    manager: EntityManager,
    member: { userId: string; tenantId: string; role: string; keyId: string },
  ): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `INSERT INTO memberships (user_id, tenant_id, role, key_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, tenant_id) DO NOTHING RETURNING user_id`,
      [member.userId, member.tenantId, member.role, member.keyId],
    );
    return rows.length > 0;
  }

  /** The TOTP secrets, for key rotation (common/encrypted-secrets.ts). */
  encryptedSecrets(): EncryptedColumnStatements {
    return new EncryptedColumnStatements(this.dataSource, 'users', ['totp_secret_encrypted'], keyIdOf);
  }

  // ---- password resets ------------------------------------------------------------------------

  async addPasswordReset(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.dataSource.getRepository(PasswordReset).insert({ userId, tokenHash, expiresAt, usedAt: null });
  }

  /**
   * Takes a reset once (not used, not expired) and sets the new password in `manager`'s transaction:
   * the person's id, or undefined when the token is no (longer a) reset.
   */
  async usePasswordReset(manager: EntityManager, tokenHash: string, passwordHash: string): Promise<string | undefined> {
    // An UPDATE answers [rows, affected] through TypeORM.
    const [[row]] = await manager.query<[Array<{ user_id: string }>, number]>(
      `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING user_id`,
      [tokenHash],
    );
    if (!row) return undefined;
    await manager.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [
      row.user_id,
      passwordHash,
    ]);
    return row.user_id;
  }

  // ---- invitations ------------------------------------------------------------------------------

  async addInvitation(invitation: Omit<Invitation, 'id' | 'createdAt' | 'acceptedAt' | 'tenant'>): Promise<Invitation> {
    const repository = this.dataSource.getRepository(Invitation);
    return repository.save(repository.create({ ...invitation, acceptedAt: null }));
  }

  invitationByToken(tokenHash: string): Promise<Invitation | null> {
    return this.dataSource.getRepository(Invitation).findOne({ where: { tokenHash } });
  }

  /** The organization's invitations not accepted yet, newest first (expired ones too: they say so). */
  pendingInvitations(tenantId: string): Promise<Invitation[]> {
    return this.dataSource.getRepository(Invitation).find({
      where: { tenantId, acceptedAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
  }

  /** Takes the invitation once: whether it was still open (not accepted, not expired) and is now used. */
  async useInvitation(manager: EntityManager, id: string): Promise<boolean> {
    // An UPDATE answers [rows, affected] through TypeORM.
    const [rows] = await manager.query<[unknown[], number]>(
      `UPDATE invitations SET accepted_at = now() WHERE id = $1 AND accepted_at IS NULL AND expires_at > now()
       RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  async removeInvitation(tenantId: string, id: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(Invitation).delete({ tenantId, id, acceptedAt: IsNull() });
    return (result.affected ?? 0) > 0;
  }
}
