// The console's only way to the gateway: its own /v1 API and /console/session, same origin, with the
// session cookie (the browser never holds the key) and the session's CSRF token on every write.

export interface Session {
  key: { id: string; prefix: string; kind: 'org' | 'admin' | 'platform'; scopes: string[]; tenant_ids: string[] };
  /** A person's session (email and password, or an accepted invitation); null for a key's. */
  person: {
    email: string;
    /** Their role where the session acts (`operator`: acting for the platform). */
    role: string;
    method: 'password' | 'sso';
    memberships: Array<{ organization_id: string; name: string; role: string }>;
    /** They may switch to the platform (PATCH with `platform: true`). */
    operator: boolean;
  } | null;
  organization_id: string | null;
  csrf_token: string;
  /** The Test data switch: `test` shows and changes the organization's test data (test mode). */
  mode: 'live' | 'test';
}

export interface Page<T> {
  data: T[];
  paging: { cursors: { before?: string; after?: string }; next?: string };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
    readonly details?: string,
    /** `error_data.reason`, when the gateway gives one (`second_factor_required`). */
    readonly reason?: string,
  ) {
    super(message);
  }
}

let csrfToken = '';
let onSignedOut: (reason: string) => void = () => undefined;

/** Called when any answer says the session has ended (401): the app shows the sign-in again. */
export function whenSignedOut(listener: (reason: string) => void): void {
  onSignedOut = listener;
}

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(method !== 'GET' && { 'x-csrf-token': csrfToken }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const error = (
      parsed as { error?: { code?: number; message?: string; error_data?: { details?: string; reason?: string } } }
    )?.error;
    if (res.status === 401 && !path.startsWith('/console/session')) onSignedOut('Your session has ended.');
    throw new ApiError(
      res.status,
      error?.code,
      error?.message ?? res.statusText,
      error?.error_data?.details,
      error?.error_data?.reason,
    );
  }
  return parsed as T;
}

/** A multipart upload (a media file for a send), with the session's CSRF token like every write. */
async function upload<T>(path: string, form: FormData): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-csrf-token': csrfToken },
    body: form,
  });
  const parsed = (await res.json()) as T & {
    error?: { code?: number; message?: string; error_data?: { details?: string } };
  };
  if (!res.ok) {
    if (res.status === 401) onSignedOut('Your session has ended.');
    throw new ApiError(
      res.status,
      parsed.error?.code,
      parsed.error?.message ?? res.statusText,
      parsed.error?.error_data?.details,
    );
  }
  return parsed;
}

export const api = {
  get: <T>(path: string) => call<T>('GET', path),
  upload,
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    call<T>('POST', path, body ?? {}, headers),
  patch: <T>(path: string, body: unknown) => call<T>('PATCH', path, body),
  put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),
  delete: <T>(path: string) => call<T>('DELETE', path),
};

function remember(session: Session): Session {
  csrfToken = session.csrf_token;
  return session;
}

/**
 * Signs in with a key. An admin key that reaches one organization acts for it at once; one that
 * reaches several picks in the header (the `X-Svc-Tenant-Id` rule).
 */
export async function signIn(key: string): Promise<Session> {
  const session = remember(await call<Session>('POST', '/console/session', { key }));
  if (session.key.kind === 'admin' && session.organization_id === null && session.key.tenant_ids.length === 1)
    return switchOrganization(session.key.tenant_ids[0]);
  return session;
}
/**
 * What a person's sign-in (or an accepted invitation) answers: their session, or, when their
 * organization requires a second factor they have not set up, the step that sets it up first.
 */
export type PersonSignIn = Session | { second_factor_setup_required: true; email: string; csrf_token: string };

function rememberSignIn(answer: PersonSignIn): PersonSignIn {
  csrfToken = answer.csrf_token;
  return answer;
}

/** A person signs in with their email, password and (when they have one) second factor's code. */
export const signInWithPassword = async (email: string, password: string, code?: string) =>
  rememberSignIn(await call<PersonSignIn>('POST', '/console/session', { email, password, ...(code && { code }) }));

/** Mails a password reset link (the same answer whether or not the email has an account). */
export const requestPasswordReset = (email: string) =>
  call<{ success: true }>('POST', '/console/session/password_reset', { email });

/** A new password by a reset link's token; the person then signs in with it. */
export const resetPassword = (token: string, password: string) =>
  call<{ success: true }>('POST', '/console/session/password', { token, password });

/** A second factor for the signed-in (or enrolling) person: the secret for their app, shown once. */
export const setUpSecondFactor = () =>
  call<{ secret: string; otpauth_uri: string }>('POST', '/console/session/totp', {});

/** Confirms it with the app's first code; a sign-in waiting on it answers its session. */
export const confirmSecondFactor = (code: string) =>
  call<PersonSignIn | { success: true }>('POST', '/console/session/totp/confirm', { code });

/** What an invitation link offers, before its password is asked. */
export const invitationOf = (token: string) =>
  call<{ email: string; role: string; organization_id: string; expires_at: string }>(
    'GET',
    `/console/session/invitation/${encodeURIComponent(token)}`,
  );

/** Accepts an invitation with a password, and signs in (or first sets up a second factor). */
export const acceptInvitation = async (token: string, password: string, code?: string) =>
  rememberSignIn(await call<PersonSignIn>('POST', '/console/session/invitation', { token, password, code }));

export const currentSession = async () => remember(await call<Session>('GET', '/console/session'));
/** Act for another organization (of an admin key's, or a person's); a platform operator: `PLATFORM`. */
export const switchOrganization = async (organizationId: string) =>
  remember(
    await call<Session>(
      'PATCH',
      '/console/session',
      organizationId === PLATFORM ? { platform: true } : { organization_id: organizationId },
    ),
  );
/** The Test data switch: the same key and role on the organization's test data, or back on its live data. */
export const switchMode = async (mode: 'live' | 'test') =>
  remember(await call<Session>('PATCH', '/console/session', { mode }));
/** The picker's value for a person's platform operator session. */
export const PLATFORM = 'platform';
/** Whether the operator offers single sign-on, and its button's words. */
export const singleSignOn = () => call<{ enabled: boolean; label: string }>('GET', '/console/session/sso');
/** Where the browser goes to sign in through the operator's provider (a navigation, not a call). */
export const SSO_START = '/console/session/sso/start';
export const signOut = () => call<{ success: true }>('DELETE', '/console/session');

/** `/v1/...?a=1` with the defined values of `query`. */
export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
