import { ApiProperty } from '@nestjs/swagger';
import type { Request } from 'express';
import type { ActiveKey, ApiKeysService } from '../auth/api-keys.service';
import { GraphError } from '../core/graph-error';
import type { PersonSession, SignInOutcome } from '../people/people.service';
import { ROLES } from '../people/roles';
import { csrf } from './console-sessions';

/**
 * How a console session starts and what it answers, for every way in (a key, a password, an
 * invitation, single sign-on): a new session id with its state and a new CSRF token, and the session
 * as JSON.
 */

export class SessionKeyDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'svc_live_AbCdEf' }) prefix: string;
  @ApiProperty({ enum: ['org', 'admin', 'platform'] }) kind: string;
  @ApiProperty({ type: [String] }) scopes: string[];
  @ApiProperty({ type: [String], description: 'The organizations it reaches' }) tenant_ids: string[];
}

export class SessionPersonDto {
  @ApiProperty() email: string;
  @ApiProperty({
    enum: [...ROLES, 'operator'],
    description: 'Their role in the organization the session acts for (operator: acting for the platform)',
  })
  role: string;
  @ApiProperty({ enum: ['password', 'sso'], description: 'How they signed in' }) method: string;
  @ApiProperty({ description: 'Their organizations, names and roles (switch with PATCH)', type: 'array' })
  memberships: Array<{ organization_id: string; name: string; role: string }>;
  @ApiProperty({ description: 'They are a platform operator too (PATCH with platform: true)' }) operator: boolean;
}

export class ConsoleSessionDto {
  @ApiProperty({ type: SessionKeyDto }) key: SessionKeyDto;
  @ApiProperty({ type: SessionPersonDto, nullable: true, description: "A person's session (null: a key's)" })
  person: SessionPersonDto | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'The organization the session acts for' })
  organization_id: string | null;
  @ApiProperty({ description: 'Send as X-CSRF-Token on every write of this session' })
  csrf_token: string;
  @ApiProperty({ enum: ['live', 'test'], description: 'The Test data switch: test shows the test data' })
  mode: 'live' | 'test';
}

export const sessionJson = (
  key: ActiveKey,
  organizationId: string | null,
  csrfToken: string,
  person: PersonSession | null = null,
  mode: 'test' | undefined = undefined,
): ConsoleSessionDto => ({
  mode: mode ?? key.mode,
  person: person && {
    email: person.email,
    role: person.role,
    method: person.method,
    memberships: person.memberships.map((m) => ({ organization_id: m.tenantId, name: m.name, role: m.role })),
    operator: person.operator,
  },
  key: {
    id: key.id,
    prefix: key.keyPrefix,
    kind: key.kind,
    scopes: [...key.scopes],
    tenant_ids: [...key.tenantIds],
  },
  organization_id: organizationId,
  csrf_token: csrfToken,
});

/** express-session's callback methods, awaited. */
export const promised = (run: (done: (error?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) =>
    run((error) => (error ? reject(error instanceof Error ? error : new Error('session store failed')) : resolve())),
  );

/**
 * A new session (a new id: whatever the browser held before is gone), filled by `fill`, saved, with a
 * new CSRF token, which it answers.
 */
export async function newSession(req: Request, fill: (state: Request['session']) => void): Promise<string> {
  await promised((done) => req.session.regenerate(done));
  fill(req.session);
  const token = csrf.generateToken(req, true);
  await promised((done) => req.session.save(done));
  return token;
}

/**
 * A person's session; or, when their organization requires a second factor they have not set up, a
 * session that can only set it up (POST …/totp, then …/totp/confirm, which starts the real one).
 */
export async function beginPersonSession(req: Request, keys: ApiKeysService, outcome: SignInOutcome) {
  if (outcome.kind === 'session') return startPersonSession(req, keys, outcome.session);
  const token = await newSession(req, (state) => {
    state.enrollment = { userId: outcome.userId, email: outcome.email, organizationId: outcome.tenantId };
  });
  return {
    second_factor_setup_required: true,
    email: outcome.email,
    organization_id: outcome.tenantId,
    csrf_token: token,
  };
}

/** A person's new session, acting as their membership's key in its organization. */
export async function startPersonSession(req: Request, keys: ApiKeysService, person: PersonSession) {
  const key = await keys.activeByHash(person.keyHash, true);
  if (!key) throw GraphError.permissionDenied('Your membership of that organization has ended');
  const token = await newSession(req, (state) => {
    state.keyHash = person.keyHash;
    state.keyId = key.id;
    state.userId = person.userId;
    state.signedInWith = person.method;
    if (person.tenantId) state.organizationId = person.tenantId;
  });
  return sessionJson(key, person.tenantId, token, person);
}
