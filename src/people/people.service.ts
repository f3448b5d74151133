import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiKeysService } from '../auth/api-keys.service';
import { EncryptedSecrets } from '../common/encrypted-secrets';
import { SecretBox } from '../common/secret-box';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { Mailer } from './mailer';
import { isUuid } from '../common/uuid';
import { isEmail } from 'class-validator';
import type { AuthContext } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import type {
  InvitationDto,
  InvitationListDto,
  MemberListDto,
  NewInvitationDto,
  PutSignInPolicyDto,
  SignInPolicyDto,
} from './dto/members.dto';
import type { Invitation } from './invitation.entity';
import { burnVerification, hashPassword, passwordMatches } from './passwords';
import { PeopleRepository } from './people.repository';
import { isRole, type Role, ROLE_KEYS, ROLES } from './roles';
import { newTotpSecret, totpStep, totpUri } from './second-factor';
import { SingleSignOn, type SsoIdentity } from './single-sign-on';
import type { User } from './user.entity';
import { SCOPES_BY_KIND } from '../core/scopes';
import { OnboardingService } from '../tenancy/onboarding.service';
import { TenancyService } from '../tenancy/tenancy.service';
import { SignInLockout } from './sign-in-lockout';

/** How long an invitation link can be used. */
export const INVITATION_DAYS = 7;
/** Where the console opens an invitation (the token after it, in the fragment: never sent to a server log). */
export const INVITATION_PATH = '/console/#/invitation/';
/** Where the console opens a password reset (the same: the token in the fragment). */
export const RESET_PATH = '/console/#/reset/';
/** How long a password reset link can be used. */
export const RESET_MINUTES = 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A sign-in's outcome: a session, or (an organization that requires a second factor, a person who has
 * none) the enrollment that must come first.
 */
export type SignInOutcome =
  { kind: 'session'; session: PersonSession } | { kind: 'enroll'; userId: string; email: string; tenantId: string };

/** How a person signed in: their password (and code), or the operator's OpenID provider. */
export type SignInMethod = 'password' | 'sso';

/** The target of a session that acts as the person's platform operator key instead of an organization's. */
export const PLATFORM = 'platform';

/**
 * A person signed in to one of their organizations (or, as a platform operator, to the platform:
 * `tenantId` null): the key their session acts as, and where else they may switch.
 */
export interface PersonSession {
  userId: string;
  email: string;
  tenantId: string | null;
  role: Role | 'operator';
  keyHash: string;
  method: SignInMethod;
  memberships: Array<{ tenantId: string; name: string; role: string }>;
  /** They are a platform operator too (PATCH the session with `platform: true`). */
  operator: boolean;
}

function invitationJson(row: Invitation): InvitationDto {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    expires_at: row.expiresAt.toISOString(),
    open: row.acceptedAt === null && row.expiresAt.getTime() > Date.now(),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The organizations' people (API keys stay, for machines): invitations by link, accepted with a
 * password; sign-in by email and password; members with roles (roles.ts). A person's sessions in an
 * organization act as their membership's key (issued with the role's scopes, never shown): the
 * guards, scopes, audit log and revocation of keys apply to people unchanged, and removing a member
 * or changing their role revokes that key, which ends their sessions there within seconds.
 */
@Injectable()
export class PeopleService {
  constructor(
    private readonly repository: PeopleRepository,
    private readonly keys: ApiKeysService,
    private readonly lockout: SignInLockout,
    private readonly box: SecretBox,
    private readonly mailer: Mailer,
    private readonly sso: SingleSignOn,
    private readonly tenancy: TenancyService,
    secrets: EncryptedSecrets,
    config: ConfigService<Environment, true>,
    onboarding: OnboardingService,
  ) {
    secrets.register('second factor secrets', repository.encryptedSecrets());
    // An organization created with its first owner's email (POST /v1/organizations, org:create).
    onboarding.registerFirstOwnerInvitation((tenantId, email, keyId) =>
      this.inviteAsOperator(tenantId, { email, role: 'owner' }, keyId, { linkIfMailFails: true }),
    );
    // Links in mail: never from a request's Host header (a reset requested with another Host would
    // mail the person a link to someone else's site, token and all).
    this.publicBase = (
      config.get('PUBLIC_BASE_URL', { infer: true }) ?? `http://localhost:${config.get('PORT', { infer: true })}`
    ).replace(/\/+$/, '');
  }

  private readonly publicBase: string;

  async members(tenantId: string): Promise<MemberListDto> {
    const rows = await this.repository.members(tenantId);
    return {
      data: rows.map((row) => ({
        user_id: row.user_id,
        email: row.email,
        role: row.role,
        joined_at: row.created_at.toISOString(),
      })),
    };
  }

  /**
   * The organization's members among `userIds` (others are left out), by user id: what the inbox
   * checks before it gives a member a conversation, and how it names them.
   */
  async membersAmong(
    tenantId: string,
    userIds: readonly string[],
  ): Promise<Map<string, { email: string; role: Role }>> {
    const wanted = new Set(userIds.filter(isUuid));
    const found = new Map<string, { email: string; role: Role }>();
    if (wanted.size === 0) return found;
    for (const row of await this.repository.members(tenantId))
      if (wanted.has(row.user_id) && isRole(row.role)) found.set(row.user_id, { email: row.email, role: row.role });
    return found;
  }

  /**
   * Mails each of `userIds` who is a member of the organization (a mention, say), one at a time;
   * answers those mailed. Without SMTP_URL, none; a refused mail is logged by Mailer and passed over
   * (the console still tells them): nothing here fails the caller's write, already committed.
   */
  /** Whether the gateway sends mail (SMTP_URL is set). */
  get mails(): boolean {
    return this.mailer.enabled;
  }

  async mailMembers(
    tenantId: string,
    userIds: readonly string[],
    mail: { subject: string; text: string },
  ): Promise<string[]> {
    if (!this.mailer.enabled || userIds.length === 0) return [];
    const mailed: string[] = [];
    for (const [userId, member] of await this.membersAmong(tenantId, userIds)) {
      try {
        await this.mailer.send({ to: member.email, ...mail });
        mailed.push(userId);
      } catch {
        // told by Mailer's log line (the recipient's domain only)
      }
    }
    return mailed;
  }

  /** The console's address of a path under it (a link in a mail). */
  consoleUrl(path: string): string {
    return `${this.publicBase}${path}`;
  }

  async invitations(tenantId: string): Promise<InvitationListDto> {
    return { data: (await this.repository.pendingInvitations(tenantId)).map(invitationJson) };
  }

  /**
   * An invitation link for `email` with `role`, by a key of the organization (the members API). Who
   * may invite an owner (docs/decisions.md, "An organization's first owner"): an owner's session; a
   * machine's admin key while the organization has no owner yet; nobody else by this route.
   */
  async invite(auth: AuthContext, tenantId: string, input: { email: string; role: Role }): Promise<NewInvitationDto> {
    if (input.role === 'owner') {
      const machineAdmin = auth.kind === 'admin' && auth.person === null;
      if (!machineAdmin) await this.requireOwner(auth, tenantId, 'invite an owner');
      else if (await this.repository.hasOwner(tenantId))
        throw GraphError.permissionDenied(
          'Only an owner can invite an owner: this organization has one (an admin key invites its first owner only)',
        );
    }
    return this.sendInvitation(tenantId, input, auth.keyId);
  }

  /**
   * An invitation by the platform's operator (a platform key's `POST /v1/organizations/{id}/invitations`,
   * the CLI's `member:invite`, an organization created with its first owner's email): any role,
   * owners included. `keyId` is the platform key, or null for the CLI (whoever runs it holds the
   * database). With `linkIfMailFails`, a mail the SMTP server refuses leaves the link in the answer
   * instead of a 502 (the organization just made stays, and the operator hands the link over).
   */
  async inviteAsOperator(
    tenantId: string,
    input: { email: string; role: Role },
    keyId: string | null,
    options: { linkIfMailFails?: boolean } = {},
  ): Promise<NewInvitationDto> {
    if (!isRole(input.role)) throw GraphError.invalidParameter('Invalid parameter', `role: one of ${ROLES.join(', ')}`);
    const email = input.email.trim().toLowerCase();
    if (!isEmail(email) || email.length > 254)
      throw GraphError.invalidParameter('Invalid parameter', 'email: must be an email address');
    const [organization] = isUuid(tenantId) ? await this.tenancy.listOrganizations([tenantId]) : [];
    if (!organization) throw GraphError.notFound(`Organization ${tenantId} does not exist`);
    if (organization.testOf !== null)
      throw GraphError.invalidParameter(
        'Invalid parameter',
        'organizationId: a test twin has no people of its own; invite to the live organization',
      );
    return this.sendInvitation(tenantId, { email, role: input.role }, keyId, options.linkIfMailFails ?? false);
  }

  private async sendInvitation(
    tenantId: string,
    input: { email: string; role: Role },
    keyId: string | null,
    linkIfMailFails = false,
  ): Promise<NewInvitationDto> {
    const token = randomBytes(32).toString('base64url');
    const row = await this.repository.addInvitation({
      tenantId,
      email: input.email,
      role: input.role,
      tokenHash: sha256(token),
      invitedByKeyId: keyId,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    });
    const link = `${INVITATION_PATH}${token}`;
    if (!this.mailer.enabled) return { ...invitationJson(row), mailed: false, link };
    try {
      await this.mailer.send({
        to: input.email,
        subject: 'You are invited to the WhatsApp gateway console',
        text:
          `You are invited to an organization on the WhatsApp gateway as ${input.role}.\n\n` +
          `Accept with a password of your own (the link works once, within ${INVITATION_DAYS} days):\n` +
          `${this.publicBase}${link}\n`,
      });
    } catch (error) {
      if (!linkIfMailFails) throw error;
      return { ...invitationJson(row), mailed: false, link };
    }
    return { ...invitationJson(row), mailed: true };
  }

  /** The console's address of an invitation link (for the CLI, which prints it whole). */
  linkUrl(link: string): string {
    return `${this.publicBase}${link}`;
  }

  // ---- password reset -------------------------------------------------------------------------

  /**
   * A reset link mailed to the person, if the email has an account; the same answer either way. Only
   * where the operator set SMTP_URL (else 400 naming `email`: there is no other way to reach them).
   */
  async requestPasswordReset(email: string): Promise<void> {
    if (!this.mailer.enabled)
      throw GraphError.invalidParameter(
        'Password reset is not offered here',
        'email: password reset needs the operator to set SMTP_URL; ask an owner of your organization to invite you again',
      );
    const user = await this.repository.userByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.repository.addPasswordReset(user.id, sha256(token), new Date(Date.now() + RESET_MINUTES * 60_000));
    await this.mailer.send({
      to: user.email,
      subject: 'Reset your password',
      text:
        `Someone asked to reset the password of ${user.email} on the WhatsApp gateway console.\n\n` +
        `Choose a new one here (the link works once, within ${RESET_MINUTES} minutes):\n` +
        `${this.publicBase}${RESET_PATH}${token}\n\nIf it was not you, ignore this mail: nothing changes.\n`,
    });
  }

  /**
   * A new password by a reset link (used once): every session of the person ends (each membership's
   * key is issued again, the old one revoked), and they sign in with it.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const userId =
      token.length <= 200
        ? await this.repository.transaction((manager) =>
            this.repository.usePasswordReset(manager, sha256(token), passwordHash),
          )
        : undefined;
    if (!userId)
      throw GraphError.invalidParameter('Invalid parameter', 'token: not a password reset link, or used, or expired');
    const user = (await this.repository.userById(userId))!;
    for (const membership of await this.repository.membershipsOf(userId)) {
      const key = await this.issueKey(userId, user.email, membership.tenantId, membership.role as Role);
      await this.repository.transaction((manager) =>
        this.repository.setMembership(manager, {
          userId,
          tenantId: membership.tenantId,
          role: membership.role,
          keyId: key.id,
        }),
      );
      await this.keys.revoke(membership.keyId);
    }
  }

  async cancelInvitation(tenantId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.repository.removeInvitation(tenantId, id)))
      throw GraphError.notFound(`Invitation ${id} does not exist or was accepted`);
  }

  /** What an invitation link offers (the console's page before the password is asked). */
  async invitation(token: string): Promise<{ email: string; role: string; tenantId: string; expires_at: string }> {
    const row = await this.openInvitation(token);
    return { email: row.email, role: row.role, tenantId: row.tenantId, expires_at: row.expiresAt.toISOString() };
  }

  /**
   * Accepts an invitation: the person's account is made with `password` (or, when they have one,
   * their password must match), they join the organization with the invitation's role, and the
   * invitation is used up. Signs them in there.
   */
  async accept(token: string, password: string, code?: string): Promise<SignInOutcome> {
    const invitation = await this.openInvitation(token);
    if ((await this.repository.requiring('sso', [invitation.tenantId])).size > 0)
      throw GraphError.permissionDenied(
        'This organization signs in through single sign-on: accept by signing in with it (the invitation is taken there)',
      );
    const existing = await this.repository.userByEmail(invitation.email);
    if (existing && !(existing.passwordHash && (await passwordMatches(existing.passwordHash, password))))
      throw GraphError.invalidParameter(
        'Invalid parameter',
        'password: this email has an account: give its password to accept the invitation',
      );
    // An account with a second factor shows it here too: a password alone does not join it to more.
    if (existing) await this.checkSecondFactor(existing, code);
    const userId = existing?.id ?? randomUUID();
    const passwordHash = existing ? existing.passwordHash! : await hashPassword(password);
    if (existing && (await this.repository.membership(userId, invitation.tenantId)))
      throw GraphError.conflict('This person is already a member of the organization');
    const key = await this.issueKey(userId, invitation.email, invitation.tenantId, invitation.role as Role);
    try {
      await this.repository.transaction(async (manager) => {
        if (!(await this.repository.useInvitation(manager, invitation.id)))
          throw GraphError.invalidParameter('Invalid parameter', 'token: the invitation was used or has expired');
        await this.repository.ensureUser(manager, userId, invitation.email, passwordHash);
        await this.repository.addMembership(manager, {
          userId,
          tenantId: invitation.tenantId,
          role: invitation.role,
          keyId: key.id,
        });
      });
    } catch (error) {
      await this.keys.revoke(key.id);
      throw error;
    }
    return this.outcome(userId, invitation.email, invitation.tenantId, existing?.totpEnabledAt ?? null);
  }

  /**
   * A person the operator's OpenID provider vouches for (their email verified there): their open
   * invitations are taken, the organization that claims their email's domain joined with its default
   * role, and they are signed in (to `target` if asked: an organization of theirs, or the platform).
   * Their account is made now if they have none (no password: they sign in through the provider).
   * The provider's own factors stand for the second factor (an organization's require_totp is for
   * password sign-ins).
   */
  async signInBySso(identity: SsoIdentity, target?: string): Promise<PersonSession> {
    if (!identity.emailVerified)
      throw GraphError.permissionDenied(`The sign-in provider has not verified ${identity.email}`);
    const email = identity.email;
    const invitations = await this.repository.openInvitationsFor(email);
    const domain = await this.repository.domainOwner(email.slice(email.lastIndexOf('@') + 1));
    const user = await this.repository.userByEmail(email);
    const joins = [
      ...invitations.map((i) => ({ tenantId: i.tenantId, role: i.role, invitationId: i.id })),
      ...(domain ? [{ tenantId: domain.tenantId, role: domain.role, invitationId: undefined }] : []),
    ];
    if (!user && joins.length === 0)
      throw GraphError.permissionDenied(
        `${email} belongs to no organization here: ask an owner of yours to invite you`,
      );
    const userId = user?.id ?? (await this.repository.ensureUserId(email, null));
    for (const join of joins) {
      if (join.invitationId === undefined && (await this.repository.membership(userId, join.tenantId))) continue;
      const role = isRole(join.role) ? join.role : 'viewer';
      const key = await this.issueKey(userId, email, join.tenantId, role);
      const added = await this.repository
        .transaction(async (manager) => {
          if (join.invitationId !== undefined && !(await this.repository.useInvitation(manager, join.invitationId)))
            return false;
          return this.repository.addMembershipOnce(manager, { userId, tenantId: join.tenantId, role, keyId: key.id });
        })
        .catch(async (error: unknown) => {
          await this.keys.revoke(key.id);
          throw error;
        });
      if (!added) await this.keys.revoke(key.id);
    }
    return this.sessionOf(userId, email, target, 'sso');
  }

  /**
   * Email and password; the organization asked for (one of theirs), else their first. A wrong email
   * and a wrong password answer alike, in the same time; SIGN_IN_MAX_FAILURES of them lock the
   * account for SIGN_IN_LOCK_SECONDS on every instance (sign-in-lockout.ts).
   */
  async signIn(email: string, password: string, tenantId?: string, code?: string): Promise<SignInOutcome> {
    const normalized = email.trim().toLowerCase();
    await this.lockout.check(normalized);
    const user = await this.repository.userByEmail(normalized);
    // An account without a password (single sign-on only) answers as an unknown one, in the same time.
    const matches = user?.passwordHash
      ? await passwordMatches(user.passwordHash, password)
      : await burnVerification(password);
    if (!user || !matches) {
      // Counted for unknown emails too: a locked address says nothing of whether it has an account.
      await this.lockout.failed(normalized);
      throw wrongCredentials();
    }
    await this.checkSecondFactor(user, code);
    return this.outcome(user.id, user.email, tenantId, user.totpEnabledAt);
  }

  /**
   * A person with a second factor gives its code (401 asking for it otherwise); a wrong code counts
   * as a wrong password, and a code is taken once (the same code again within its 30 s is refused).
   */
  private async checkSecondFactor(user: User, code: string | undefined): Promise<void> {
    if (!user.totpEnabledAt || !user.totpSecretEncrypted) return;
    if (code === undefined) throw secondFactorRequired();
    const step = totpStep(this.box.decrypt(user.totpSecretEncrypted), code);
    if (step === undefined || !(await this.repository.takeTotpStep(user.id, step))) {
      await this.lockout.failed(user.email);
      throw wrongCode();
    }
  }

  /** The session, or the enrollment first when the organization requires a second factor they lack. */
  private async outcome(
    userId: string,
    email: string,
    tenantId: string | undefined,
    totpEnabledAt: Date | null,
  ): Promise<SignInOutcome> {
    const session = await this.sessionOf(userId, email, tenantId);
    if (!totpEnabledAt && session.tenantId && (await this.repository.requiring('totp', [session.tenantId])).size > 0)
      return { kind: 'enroll', userId, email, tenantId: session.tenantId };
    return { kind: 'session', session };
  }

  // ---- the second factor (TOTP) ---------------------------------------------------------------

  /**
   * A new secret for the person's authenticator app, kept encrypted until it is confirmed: the answer
   * of enrollment is the only place it is ever shown (it is never read back).
   */
  async setupTotp(userId: string): Promise<{ secret: string; otpauth_uri: string }> {
    const user = await this.repository.userById(userId);
    if (!user) throw GraphError.invalidToken();
    if (user.totpEnabledAt)
      throw GraphError.conflict('A second factor is set up already: remove it first to set up another');
    const secret = newTotpSecret();
    await this.repository.setTotp(userId, this.box.encrypt(secret), null);
    return { secret, otpauth_uri: totpUri(secret, user.email) };
  }

  /** The first code from the app: the second factor is on from now. */
  async confirmTotp(userId: string, code: string): Promise<void> {
    const user = await this.repository.userById(userId);
    if (!user?.totpSecretEncrypted || user.totpEnabledAt)
      throw GraphError.invalidParameter('Invalid parameter', 'code: set up a second factor first');
    const step = totpStep(this.box.decrypt(user.totpSecretEncrypted), code);
    if (step === undefined) throw wrongCode();
    await this.repository.setTotp(userId, user.totpSecretEncrypted, new Date());
    await this.repository.takeTotpStep(userId, step);
  }

  /** Off again, with a current code, unless an organization of theirs requires it. */
  async removeTotp(userId: string, code: string): Promise<void> {
    const user = await this.repository.userById(userId);
    if (!user?.totpEnabledAt || !user.totpSecretEncrypted)
      throw GraphError.invalidParameter('Invalid parameter', 'code: no second factor is set up');
    const step = totpStep(this.box.decrypt(user.totpSecretEncrypted), code);
    if (step === undefined || !(await this.repository.takeTotpStep(userId, step))) throw wrongCode();
    const tenants = (await this.repository.membershipsOf(userId)).map((m) => m.tenantId);
    if ((await this.repository.requiring('totp', tenants)).size > 0)
      throw GraphError.conflict('An organization you belong to requires a second factor');
    await this.repository.setTotp(userId, null, null);
  }

  async policy(tenantId: string): Promise<SignInPolicyDto> {
    const row = await this.repository.policy(tenantId);
    return {
      require_totp: row?.requireTotp ?? false,
      require_sso: row?.requireSso ?? false,
      sso_domains: await this.repository.domains(tenantId),
      sso_default_role: (row?.ssoDefaultRole ?? 'viewer') as Role,
      sso_available: this.sso.enabled,
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  }

  /**
   * Only an owner sets how the organization signs in; what is not given stays. Single sign-on
   * settings need the operator's provider; a domain another organization claims is 409, and then
   * nothing of the change is kept.
   */
  async setPolicy(auth: AuthContext, tenantId: string, input: PutSignInPolicyDto): Promise<SignInPolicyDto> {
    await this.requireOwner(auth, tenantId, 'change how the organization signs in');
    if (input.require_sso) this.sso.requireEnabled('require_sso');
    if (input.sso_domains?.length) this.sso.requireEnabled('sso_domains');
    if (input.sso_default_role === 'owner')
      throw GraphError.invalidParameter(
        'Invalid parameter',
        'sso_default_role: joining by domain cannot make an owner',
      );
    const domains = input.sso_domains && [...new Set(input.sso_domains)];
    const saved = await this.repository.savePolicy(
      tenantId,
      {
        ...(input.require_totp !== undefined && { requireTotp: input.require_totp }),
        ...(input.require_sso !== undefined && { requireSso: input.require_sso }),
        ...(input.sso_default_role !== undefined && { ssoDefaultRole: input.sso_default_role }),
      },
      domains,
    );
    if (!saved) throw GraphError.conflict('sso_domains: a domain is claimed by another organization already');
    return this.policy(tenantId);
  }

  /**
   * The person's session in `target`: one of their organizations, or the platform (PLATFORM) for an
   * operator; none given, their first organization that lets them in by `method`, else the platform
   * if they operate it. An organization that requires single sign-on refuses a password's session.
   */
  async sessionOf(
    userId: string,
    email: string,
    target?: string,
    method: SignInMethod = 'password',
    enforce = true,
  ): Promise<PersonSession> {
    const [memberships, user] = await Promise.all([
      this.repository.membershipsOf(userId),
      this.repository.userById(userId),
    ]);
    const names = new Map(
      (await this.tenancy.listOrganizations(memberships.map((m) => m.tenantId))).map((o) => [o.id, o.name]),
    );
    const operatorKey = user?.platformKeyId ? await this.keys.activeHashOf(user.platformKeyId) : null;
    const ssoOnly =
      method === 'password' && enforce
        ? await this.repository.requiring(
            'sso',
            memberships.map((m) => m.tenantId),
          )
        : new Set();
    const session = (tenantId: string | null, role: PersonSession['role'], keyHash: string): PersonSession => ({
      userId,
      email,
      tenantId,
      role,
      keyHash,
      method,
      memberships: memberships.map(({ tenantId, role }) => ({ tenantId, name: names.get(tenantId) ?? '', role })),
      operator: operatorKey !== null,
    });
    if (target === PLATFORM || (target === undefined && operatorKey && memberships.length === 0)) {
      if (!operatorKey) throw GraphError.permissionDenied('You are not a platform operator');
      return session(null, 'operator', operatorKey);
    }
    const membership = target
      ? memberships.find((m) => m.tenantId === target)
      : (memberships.find((m) => !ssoOnly.has(m.tenantId)) ?? memberships[0]);
    if (!membership)
      throw target
        ? GraphError.permissionDenied('You are not a member of that organization')
        : GraphError.permissionDenied('You are not a member of any organization');
    if (ssoOnly.has(membership.tenantId)) {
      if (!target && operatorKey) return session(null, 'operator', operatorKey);
      throw GraphError.permissionDenied('This organization requires single sign-on: sign in with it');
    }
    const keyHash = await this.keys.activeHashOf(membership.keyId);
    if (!keyHash) throw GraphError.permissionDenied('Your membership of that organization has ended');
    return session(membership.tenantId, membership.role as Role, keyHash);
  }

  // ---- platform operators ---------------------------------------------------------------------

  /**
   * Makes `email` a platform operator (the CLI: whoever runs it holds the database): a platform key of
   * theirs, never shown, that their sessions as operator act as. A new account gets `password` (none:
   * they sign in through single sign-on). Again for an operator: nothing changes.
   */
  async makeOperator(email: string, password: string | undefined): Promise<{ user_id: string; created: boolean }> {
    const normalized = email.trim().toLowerCase();
    const existing = await this.repository.userByEmail(normalized);
    if (existing?.platformKeyId && (await this.keys.activeHashOf(existing.platformKeyId)))
      return { user_id: existing.id, created: false };
    const userId =
      existing?.id ??
      (await this.repository.ensureUserId(normalized, password === undefined ? null : await hashPassword(password)));
    const issued = await this.keys.create({
      kind: 'platform',
      tenantIds: [],
      name: normalized,
      scopes: [...SCOPES_BY_KIND.platform],
      memberUserId: userId,
    });
    await this.repository.setPlatformKey(userId, issued.record.id);
    if (existing?.platformKeyId) await this.keys.revoke(existing.platformKeyId);
    return { user_id: userId, created: existing === null };
  }

  /** No longer an operator: their key is revoked (their sessions as operator end within seconds). */
  async removeOperator(email: string): Promise<{ user_id: string }> {
    const user = await this.repository.userByEmail(email.trim().toLowerCase());
    if (!user?.platformKeyId) throw GraphError.notFound(`${email} is not a platform operator`);
    await this.repository.setPlatformKey(user.id, null);
    await this.keys.revoke(user.platformKeyId);
    return { user_id: user.id };
  }

  /**
   * A member's new role: a new key with its scopes, the old one revoked (their sessions there end;
   * they sign in again). Owners are made and unmade by owners only, and the last owner stays one.
   */
  async changeRole(auth: AuthContext, tenantId: string, userId: string, role: Role): Promise<void> {
    const member = await this.member(tenantId, userId);
    if (member.role === role) return;
    if (role === 'owner' || member.role === 'owner') await this.requireOwner(auth, tenantId, 'change an owner');
    const user = (await this.repository.userById(userId))!;
    const key = await this.issueKey(userId, user.email, tenantId, role);
    try {
      await this.repository.transaction(async (manager) => {
        const owners = await this.repository.lockOwners(manager, tenantId);
        if (member.role === 'owner' && owners.length === 1)
          throw GraphError.conflict('The last owner of an organization cannot lose the role: make another owner first');
        await this.repository.setMembership(manager, { userId, tenantId, role, keyId: key.id });
      });
    } catch (error) {
      await this.keys.revoke(key.id);
      throw error;
    }
    await this.keys.revoke(member.keyId);
  }

  /** A member leaves the organization: their key is revoked (their sessions there end within seconds). */
  async remove(auth: AuthContext, tenantId: string, userId: string): Promise<void> {
    const member = await this.member(tenantId, userId);
    if (member.role === 'owner') await this.requireOwner(auth, tenantId, 'remove an owner');
    await this.repository.transaction(async (manager) => {
      const owners = await this.repository.lockOwners(manager, tenantId);
      if (member.role === 'owner' && owners.length === 1)
        throw GraphError.conflict('The last owner of an organization cannot be removed');
      await this.repository.removeMembership(manager, userId, tenantId);
    });
    await this.keys.revoke(member.keyId);
  }

  /**
   * An organization's first owner, made by an operator (the CLI, the demo): their account with
   * `password` unless they have one, and the membership. No invitation.
   */
  async addOwner(tenantId: string, email: string, password: string): Promise<void> {
    await this.addMember(tenantId, email, password, 'owner');
  }

  /**
   * A member made by an operator (the demo's agents, an operator's own tooling): their account with
   * `password` unless they have one, and the membership with `role`. No invitation.
   */
  async addMember(tenantId: string, email: string, password: string, role: Role): Promise<string> {
    const normalized = email.trim().toLowerCase();
    const existing = await this.repository.userByEmail(normalized);
    const userId = existing?.id ?? randomUUID();
    const passwordHash = existing ? existing.passwordHash : await hashPassword(password);
    const key = await this.issueKey(userId, normalized, tenantId, role);
    await this.repository.transaction(async (manager) => {
      await this.repository.ensureUser(manager, userId, normalized, passwordHash);
      await this.repository.addMembership(manager, { userId, tenantId, role, keyId: key.id });
    });
    return userId;
  }

  private async member(tenantId: string, userId: string) {
    const member = isUuid(userId) ? await this.repository.membership(userId, tenantId) : null;
    if (!member) throw GraphError.notFound(`Member ${userId} does not exist`);
    return member;
  }

  /** Owner-only changes: a person's session whose role here is owner. */
  private async requireOwner(auth: AuthContext, tenantId: string, what: string): Promise<void> {
    const mine = (await this.repository.members(tenantId)).find((m) => m.key_id === auth.keyId);
    if (mine?.role !== 'owner') throw GraphError.permissionDenied(`Only an owner can ${what}`);
  }

  private async openInvitation(token: string): Promise<Invitation> {
    const row = token.length <= 200 ? await this.repository.invitationByToken(sha256(token)) : null;
    if (!row) throw GraphError.invalidParameter('Invalid parameter', 'token: not an invitation');
    if (row.acceptedAt !== null)
      throw GraphError.invalidParameter('Invalid parameter', 'token: the invitation was used');
    if (row.expiresAt.getTime() <= Date.now())
      throw GraphError.invalidParameter('Invalid parameter', 'token: the invitation has expired');
    return row;
  }

  private async issueKey(userId: string, email: string, tenantId: string, role: Role) {
    if (!isRole(role)) throw GraphError.invalidParameter('Invalid parameter', `role: not a role: ${String(role)}`);
    const { kind, scopes } = ROLE_KEYS[role];
    const issued = await this.keys.create({
      kind,
      tenantIds: [tenantId],
      name: email,
      scopes: [...scopes],
      memberUserId: userId,
    });
    return issued.record;
  }
}

/** A person with a second factor gave no code: the console asks for it. */
function secondFactorRequired(): GraphError {
  return new GraphError(190, 'A second factor is required', {
    status: 401,
    data: { reason: 'second_factor_required', details: 'code: the 6-digit code of your authenticator app' },
  });
}

function wrongCode(): GraphError {
  return GraphError.invalidParameter('Invalid parameter', 'code: not the code of your authenticator app now', 401);
}

function wrongCredentials(): GraphError {
  return new GraphError(190, 'The email or password is not right', { status: 401 });
}
