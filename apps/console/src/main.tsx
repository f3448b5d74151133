import { render } from 'preact';
import type { ComponentChildren } from 'preact';
import { useEffect, useErrorBoundary, useState } from 'preact/hooks';
import {
  acceptInvitation,
  ApiError,
  api,
  confirmSecondFactor,
  type PersonSignIn,
  requestPasswordReset,
  resetPassword,
  setUpSecondFactor,
  currentSession,
  invitationOf,
  type Session,
  PLATFORM,
  signIn,
  signInWithPassword,
  signOut,
  singleSignOn,
  SSO_START,
  switchMode,
  switchOrganization,
  whenSignedOut,
} from './api';
import { AuditLogPage } from './pages/audit-log';
import { BroadcastPage, BroadcastsPage } from './pages/broadcasts';
import { InboxPage } from './pages/inbox';
import { AutomationsPage } from './pages/automations';
import { KeysPage } from './pages/keys';
import { MembersPage } from './pages/members';
import { BlacklistPage, ContactsPage } from './pages/lists';
import { MessagePage, MessagesPage } from './pages/messages';
import { OrganizationPage, OrganizationsPage } from './pages/organizations';
import { OverviewPage } from './pages/overview';
import { TemplatesPage } from './pages/templates';
import { TestNumbersPage } from './pages/test-numbers';
import { UsagePage } from './pages/usage';
import { InsightsPage } from './pages/insights';
import { DataRightsPage } from './pages/data-rights';
import { WebhookPage, WebhooksPage } from './pages/webhooks';
import { href, useRoute } from './router';
import './styles.css';

/** How often an open console asks whether its session still stands (a key revoked elsewhere ends it). */
const SESSION_CHECK_MS = 1500;

/** A person's sign-in answered: their session, or the second factor to set up first. */
function isSession(answer: PersonSignIn | { success: true }): answer is Session {
  return 'key' in answer;
}

/**
 * The second factor, set up where the organization requires it before the session starts (or by a
 * person who chooses to): the secret for the authenticator app, then its first code.
 */
function SecondFactorSetup({ onSignedIn, email }: { onSignedIn: (session: Session) => void; email: string }) {
  const [setup, setSetup] = useState<{ secret: string; otpauth_uri: string }>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    setUpSecondFactor().then(setSetup, (e: ApiError) => setError(e.details ?? e.message));
  }, []);
  const confirm = async (event: Event) => {
    event.preventDefault();
    try {
      const answer = await confirmSecondFactor(code.trim());
      if (isSession(answer)) onSignedIn(answer);
    } catch (e) {
      setError((e as ApiError).details ?? (e as Error).message);
    }
  };
  return (
    <main class="sign-in">
      <h1>Set up a second factor</h1>
      <p>
        The organization of {email} requires a code from an authenticator app at every sign-in. Add this account to your
        app, then give the code it shows.
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {setup && (
        <form aria-label="Confirm the second factor" onSubmit={(event) => void confirm(event)}>
          <label for="totp-secret">Secret (type it into the app)</label>
          <input id="totp-secret" readOnly value={setup.secret} />
          <label for="totp-uri">Or the app's address</label>
          <input id="totp-uri" readOnly value={setup.otpauth_uri} />
          <label for="totp-code">Code from the app</label>
          <input
            id="totp-code"
            inputMode="numeric"
            autocomplete="one-time-code"
            value={code}
            onInput={(e) => setCode((e.target as HTMLInputElement).value)}
            required
          />
          <button type="submit">Confirm and sign in</button>
        </form>
      )}
    </main>
  );
}

/** The code of a person's authenticator app, where a sign-in asks for it. */
function CodeField({ id, value, onChange }: { id: string; value: string; onChange: (code: string) => void }) {
  return (
    <>
      <label for={id}>Code from your authenticator app</label>
      <input
        id={id}
        inputMode="numeric"
        autocomplete="one-time-code"
        value={value}
        onInput={(e) => onChange((e.target as HTMLInputElement).value)}
        required
      />
    </>
  );
}

/** The operator's single sign-on, when offered: a button that leaves for their provider. */
function SingleSignOnButton() {
  const [offer, setOffer] = useState<{ enabled: boolean; label: string }>();
  useEffect(() => {
    singleSignOn().then(setOffer, () => setOffer(undefined));
  }, []);
  if (!offer?.enabled) return null;
  return (
    // A link, not a form: the provider is another origin, and the console's CSP lets forms post only to itself.
    <p>
      <a class="button" href={SSO_START}>
        Sign in with {offer.label}
      </a>
    </p>
  );
}

function SignIn({
  onSignedIn,
  notice,
  refused,
}: {
  onSignedIn: (session: Session) => void;
  notice?: string;
  /** Why a single sign-on was refused (the gateway sent the browser back with it). */
  refused?: string;
}) {
  const [key, setKey] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [enrolling, setEnrolling] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string | undefined>(refused && `Single sign-on failed: ${refused}`);
  const [busy, setBusy] = useState(false);
  const attempt = async (event: Event, work: () => Promise<Session>, refused: string) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await work());
    } catch (caught) {
      if (caught instanceof ApiError && caught.reason === 'second_factor_required') {
        setAskCode(true);
        setError('Give the code of your authenticator app.');
      } else if (caught instanceof ApiError && caught.status === 401)
        setError(caught.details?.startsWith('code:') ? 'That code is not right.' : refused);
      else setError(String((caught as Error).message));
    } finally {
      setBusy(false);
    }
  };
  const person = async () => {
    const answer = await signInWithPassword(email.trim(), password, askCode ? code.trim() : undefined);
    if (isSession(answer)) return answer;
    setEnrolling(answer.email);
    throw new ApiError(200, undefined, 'Set up a second factor first.');
  };
  const forgot = async () => {
    setError(undefined);
    if (!email.trim()) return setError('Give your email first, then ask for the link.');
    try {
      await requestPasswordReset(email.trim());
      setSent(`If ${email.trim()} has an account, a link to reset its password is on its way.`);
    } catch (e) {
      setError((e as ApiError).details ?? (e as Error).message);
    }
  };
  if (enrolling) return <SecondFactorSetup email={enrolling} onSignedIn={onSignedIn} />;
  return (
    <main class="sign-in">
      <h1>Gateway console</h1>
      {sent && <p role="status">{sent}</p>}
      {notice && <p role="status">{notice}</p>}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <SingleSignOnButton />
      <form
        aria-label="Sign in as a person"
        onSubmit={(event) => void attempt(event, person, 'That email and password do not match.')}
      >
        <label for="email">Email</label>
        <input
          id="email"
          type="email"
          autocomplete="username"
          value={email}
          onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
          required
        />
        <label for="password">Password</label>
        <input
          id="password"
          type="password"
          autocomplete="current-password"
          value={password}
          onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
          required
        />
        {askCode && <CodeField id="sign-in-code" value={code} onChange={setCode} />}
        <button type="submit" disabled={busy}>
          Log in
        </button>
        <button type="button" class="link" onClick={() => void forgot()}>
          Forgot your password?
        </button>
      </form>
      <h2>Or with a key</h2>
      <form
        aria-label="Sign in with a key"
        onSubmit={(event) => void attempt(event, () => signIn(key.trim()), 'That key is not valid.')}
      >
        <label for="key">API key</label>
        <input
          id="key"
          type="password"
          autocomplete="off"
          value={key}
          onInput={(e) => setKey((e.target as HTMLInputElement).value)}
          required
        />
        <p class="help">
          An organization, admin or platform key. It is exchanged once for a session; the browser does not keep it.
        </p>
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}

/** A new password, asked twice (an invitation's, a reset's): its two fields. */
function NewPasswordFields({
  label,
  values,
  onChange,
}: {
  label: string;
  values: { password: string; again: string };
  onChange: (values: { password: string; again: string }) => void;
}) {
  return (
    <>
      <label for="new-password">{label}</label>
      <input
        id="new-password"
        type="password"
        autocomplete="new-password"
        minLength={12}
        value={values.password}
        onInput={(e) => onChange({ ...values, password: (e.target as HTMLInputElement).value })}
        required
      />
      <label for="new-password-again">{label} again</label>
      <input
        id="new-password-again"
        type="password"
        autocomplete="new-password"
        value={values.again}
        onInput={(e) => onChange({ ...values, again: (e.target as HTMLInputElement).value })}
        required
      />
    </>
  );
}

/** A password reset link (`#/reset/<token>`): the new password, twice; then the sign-in. */
function ResetPassword({ token, onDone }: { token: string; onDone: (notice: string) => void }) {
  const [values, setValues] = useState({ password: '', again: '' });
  const [error, setError] = useState<string>();
  const submit = async (event: Event) => {
    event.preventDefault();
    if (values.password !== values.again) return setError('The two passwords differ.');
    try {
      await resetPassword(token, values.password);
      location.replace(`${location.pathname}#/overview`);
      onDone('Your password is changed: sign in with it.');
    } catch (e) {
      setError((e as ApiError).details ?? (e as Error).message);
    }
  };
  return (
    <main class="sign-in">
      <h1>Choose a new password</h1>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <form aria-label="Reset the password" onSubmit={(event) => void submit(event)}>
        <NewPasswordFields label="New password" values={values} onChange={setValues} />
        <button type="submit">Change the password</button>
      </form>
    </main>
  );
}

/** An invitation link (`#/invitation/<token>`): who it is for and the role, then a password to accept it. */
function AcceptInvitation({ token, onSignedIn }: { token: string; onSignedIn: (session: Session) => void }) {
  const [offer, setOffer] = useState<{ email: string; role: string; expires_at: string }>();
  const [values, setValues] = useState({ password: '', again: '' });
  const [error, setError] = useState<string>();
  const [enrolling, setEnrolling] = useState<string>();
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  useEffect(() => {
    invitationOf(token).then(setOffer, (e: ApiError) => setError(e.details ?? e.message));
  }, [token]);
  const signedIn = (session: Session) => {
    // A fragment navigation (it fires hashchange: the app leaves this page), replacing the link's entry.
    location.replace(`${location.pathname}#/overview`);
    onSignedIn(session);
  };
  const accept = async (event: Event) => {
    event.preventDefault();
    if (values.password !== values.again) return setError('The two passwords differ.');
    try {
      const answer = await acceptInvitation(token, values.password, askCode ? code.trim() : undefined);
      if (isSession(answer)) signedIn(answer);
      else setEnrolling(answer.email);
    } catch (e) {
      // An account with a second factor joins with its code too.
      if (e instanceof ApiError && e.reason === 'second_factor_required') {
        setAskCode(true);
        setError('This account has a second factor: give the code of your authenticator app.');
      } else setError((e as ApiError).details ?? (e as Error).message);
    }
  };
  if (enrolling) return <SecondFactorSetup email={enrolling} onSignedIn={signedIn} />;
  return (
    <main class="sign-in">
      <h1>Join the organization</h1>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {offer && (
        <form aria-label="Accept the invitation" onSubmit={(event) => void accept(event)}>
          <p>
            You are invited as <strong>{offer.role}</strong> with {offer.email}. Choose a password (at least 12
            characters), or give yours if you have an account.
          </p>
          <NewPasswordFields label="Password" values={values} onChange={setValues} />
          {askCode && <CodeField id="invitation-code" value={code} onChange={setCode} />}
          <button type="submit">Accept and sign in</button>
        </form>
      )}
    </main>
  );
}

interface Organization {
  id: string;
  name: string;
}

/**
 * Where the session acts: an admin key's organizations; a person's organizations (and the platform,
 * for an operator). Shown where there is a choice.
 */
function OrganizationPicker({ session, onChange }: { session: Session; onChange: (session: Session) => void }) {
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  const person = session.person;
  useEffect(() => {
    if (person) return;
    void api.get<{ data: Organization[] }>('/v1/tenants').then((page) => setOrganizations(page.data));
  }, [session.key.id]);
  if (person) {
    const choices = [
      ...person.memberships.map((m) => ({ id: m.organization_id, name: m.name })),
      ...(person.operator ? [{ id: PLATFORM, name: 'Platform (operator)' }] : []),
    ];
    if (choices.length < 2) return null;
    return (
      <label class="organization">
        Organization{' '}
        <select
          value={session.organization_id ?? PLATFORM}
          onChange={(e) => void switchOrganization((e.target as HTMLSelectElement).value).then(onChange)}
        >
          {choices.map((o) => (
            <option value={o.id} key={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (session.key.kind !== 'admin') return null;
  return (
    <label class="organization">
      Organization{' '}
      <select
        value={session.organization_id ?? ''}
        onChange={(e) => void switchOrganization((e.target as HTMLSelectElement).value).then(onChange)}
      >
        {!session.organization_id && <option value="">Choose…</option>}
        {organizations.map((o) => (
          <option value={o.id} key={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A page that throws while it renders says so (and how to get out) instead of leaving a blank
 * screen; moving to another page tries again.
 */
function Guarded({ page, children }: { page: string; children: ComponentChildren }) {
  const boundary: [unknown, () => void] = useErrorBoundary();
  const [error, reset] = boundary;
  useEffect(() => reset(), [page]);
  if (error === undefined) return <>{children}</>;
  const message = error instanceof Error ? error.message : JSON.stringify(error);
  return <p role="alert">This page failed: {message}. Reload, or choose another page.</p>;
}

/** A page: its route, its label, and the scope a key needs to read it (none: every key of its kind). */
type PageEntry = [name: string, label: string, scope?: string];

/** An organization's pages (org keys, and admin keys acting for one). */
const TENANT_PAGES: PageEntry[] = [
  ['overview', 'Overview', 'business:read'],
  ['inbox', 'Inbox', 'conversations:read'],
  ['automations', 'Automations', 'conversations:read'],
  ['messages', 'Messages', 'messages:read'],
  ['webhooks', 'Webhooks', 'webhooks:read'],
  ['templates', 'Templates', 'templates:read'],
  ['broadcasts', 'Broadcasts', 'broadcasts:read'],
  ['contacts', 'Contacts', 'contacts:read'],
  ['blacklist', 'Blacklist', 'blacklist:read'],
  ['members', 'Members', 'members:read'],
  ['keys', 'Keys', 'keys:read'],
  ['usage', 'Usage', 'usage:read'],
  ['insights', 'Insights', 'insights:read'],
  ['data-rights', 'Data rights', 'privacy:read'],
  ['audit', 'Audit log', 'audit:read'],
];
/** An operator's pages (platform keys): organizations and their onboarding, keys across them; no messages. */
const OPERATOR_PAGES: PageEntry[] = [
  ['organizations', 'Organizations', 'tenants:read'],
  ['keys', 'Keys', 'keys:read'],
  ['usage', 'Usage', 'billing:read'],
  ['audit', 'Audit log', 'audit:read'],
];

/**
 * With the Test data switch on: the same pages on the organization's test data, and its test numbers;
 * people are the live organization's only (their memberships and invitations have no test side).
 */
const TEST_PAGES: PageEntry[] = [
  ...TENANT_PAGES.slice(0, 1),
  ['test-numbers', 'Test numbers', 'business:read'],
  ...TENANT_PAGES.slice(1).filter(([name]) => name !== 'members'),
];

/** The pages the session's key can read: a page whose scope it lacks is not offered. */
function pagesOf(session: Session): PageEntry[] {
  const all = session.key.kind === 'platform' ? OPERATOR_PAGES : session.mode === 'test' ? TEST_PAGES : TENANT_PAGES;
  const readable = all.filter(([, , scope]) => !scope || session.key.scopes.includes(scope));
  return readable.length > 0 ? readable : [['overview', 'Overview']];
}

function Console({
  session,
  onSession,
  onSignOut,
}: {
  session: Session;
  onSession: (s: Session) => void;
  onSignOut: () => void;
}) {
  const [asked, ...rest] = useRoute();
  const pages = pagesOf(session);
  // A page this key has not (a platform key asking for messages) opens the first it has.
  const page = pages.some(([name]) => name === asked) ? asked : pages[0][0];
  const acting = session.key.kind === 'platform' || session.organization_id !== null;
  let content;
  if (!acting)
    content = (
      <section>
        <h1>Choose an organization</h1>
        <p>This admin key reaches several organizations: pick the one to work on in the header.</p>
      </section>
    );
  else if (page === 'inbox')
    content = (
      <InboxPage
        organizationId={session.organization_id}
        phoneNumberId={rest[0]}
        waId={rest[1]}
        scopes={session.key.scopes}
        test={session.mode === 'test'}
        person={session.person?.email ?? null}
      />
    );
  else if (page === 'automations')
    content = (
      <AutomationsPage
        organizationId={session.organization_id}
        canWrite={session.key.scopes.includes('members:write')}
      />
    );
  else if (page === 'test-numbers')
    content = <TestNumbersPage canWrite={session.key.scopes.includes('numbers:connect')} />;
  else if (page === 'messages' && rest.length === 2) content = <MessagePage phoneNumberId={rest[0]} id={rest[1]} />;
  else if (page === 'messages') content = <MessagesPage organizationId={session.organization_id} />;
  else if (page === 'webhooks' && rest.length === 1) content = <WebhookPage id={rest[0]} />;
  else if (page === 'webhooks') content = <WebhooksPage />;
  else if (page === 'broadcasts' && rest.length === 2) content = <BroadcastPage phoneNumberId={rest[0]} id={rest[1]} />;
  else if (page === 'broadcasts') content = <BroadcastsPage organizationId={session.organization_id} />;
  else if (page === 'templates') content = <TemplatesPage organizationId={session.organization_id} />;
  else if (page === 'organizations' && rest.length === 1) content = <OrganizationPage id={rest[0]} />;
  else if (page === 'organizations') content = <OrganizationsPage />;
  else if (page === 'keys') content = <KeysPage session={session} />;
  else if (page === 'members') content = <MembersPage session={session} />;
  else if (page === 'blacklist') content = <BlacklistPage />;
  else if (page === 'contacts') content = <ContactsPage />;
  else if (page === 'audit') content = <AuditLogPage />;
  else if (page === 'data-rights') content = <DataRightsPage canWrite={session.key.scopes.includes('privacy:write')} />;
  else if (page === 'insights')
    content = (
      <InsightsPage
        key={rest.join('/')}
        organizationId={session.organization_id}
        focus={
          rest[0] === 'template' && rest.length === 3
            ? { by: 'template', template_name: rest[1], template_language: rest[2] }
            : rest[0] === 'broadcast' && rest.length === 2
              ? { by: 'broadcast', broadcast_id: rest[1] }
              : { by: 'template' }
        }
      />
    );
  else if (page === 'usage')
    content = <UsagePage organizationId={session.organization_id} operator={session.key.kind === 'platform'} />;
  else content = <OverviewPage session={session} />;
  return (
    <>
      <header>
        <span class="brand">Gateway console</span>
        <nav aria-label="Pages">
          {pages.map(([name, label]) => (
            <a href={href(name)} aria-current={page === name ? 'page' : undefined} key={name}>
              {label}
            </a>
          ))}
        </nav>
        <OrganizationPicker session={session} onChange={onSession} />
        <TestDataSwitch session={session} onChange={onSession} />
        <span class="who">
          {session.person ? `${session.person.email} (${session.person.role})` : `${session.key.prefix}…`}
        </span>
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      {session.mode === 'test' && (
        <p class="test-banner" role="status">
          Test data: every page shows and changes the organization’s test data, answered by the simulator, never by
          Meta.
        </p>
      )}
      {/* A new mode is other data: the page starts again (its numbers, lists and filters read anew). */}
      <main key={session.mode}>
        <Guarded page={page}>{content}</Guarded>
      </main>
    </>
  );
}

/**
 * The Test data switch: the same key and role on the organization's test data (test mode), or back
 * on its live data. Not for the platform, an admin key before it picks an organization, or a test
 * key's session (test data only).
 */
function TestDataSwitch({ session, onChange }: { session: Session; onChange: (s: Session) => void }) {
  const [error, setError] = useState<string>();
  if (session.key.kind === 'platform' || session.organization_id === null) return null;
  if (session.key.prefix.startsWith('svc_test_') || session.key.prefix.startsWith('svc_admin_test_'))
    return <span class="tag">Test key</span>;
  const on = session.mode === 'test';
  return (
    <label class="check test-switch">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        aria-checked={on}
        onChange={() =>
          void switchMode(on ? 'live' : 'test').then(
            (next) => {
              setError(undefined);
              // The same page, without the other side's number or record in its address.
              const [page] = location.hash.replace(/^#\/?/, '').split('/');
              location.hash = href(page || 'overview');
              onChange(next);
            },
            (e: Error) => setError(e.message),
          )
        }
      />
      Test data
      {error && (
        <span role="alert" class="error">
          {error}
        </span>
      )}
    </label>
  );
}

function App() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    whenSignedOut((reason) => {
      setSession(null);
      setNotice(reason);
    });
    // The demo's printed link carries its key after `#key=`: signed in at once, and the key taken
    // out of the address (a fragment never reaches the server, nor its logs).
    const given = /^#key=(.+)$/.exec(location.hash)?.[1];
    if (given) {
      history.replaceState(null, '', location.pathname + '#/overview');
      signIn(decodeURIComponent(given)).then(setSession, () => {
        setSession(null);
        setNotice('The key in the link is not valid.');
      });
      return;
    }
    currentSession().then(setSession, () => setSession(null));
  }, []);

  useEffect(() => {
    if (!session) return;
    const timer = setInterval(() => {
      currentSession().catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          setSession(null);
          setNotice('Your session has ended: its key was revoked or expired, or you signed out elsewhere.');
        }
      });
    }, SESSION_CHECK_MS);
    return () => clearInterval(timer);
  }, [session?.key.id]);

  // An invitation link opens its page even in a console already open (a hash change re-renders).
  const [first, second] = useRoute();
  const invitation = first === 'invitation' ? second : undefined;
  if (first === 'reset' && second)
    return (
      <ResetPassword
        token={second}
        onDone={(done) => {
          setSession(null);
          setNotice(done);
        }}
      />
    );
  if (invitation)
    return (
      <AcceptInvitation
        token={invitation}
        onSignedIn={(s) => {
          setNotice(undefined);
          setSession(s);
        }}
      />
    );
  if (session === undefined) return <p role="status">Loading…</p>;
  if (session === null)
    return (
      <SignIn
        key={first === 'sso-error' ? second : 'sign-in'}
        refused={first === 'sso-error' ? second : undefined}
        notice={notice}
        onSignedIn={(s) => {
          setNotice(undefined);
          setSession(s);
        }}
      />
    );
  return (
    <Console
      session={session}
      onSession={setSession}
      onSignOut={() =>
        void signOut()
          .catch(() => undefined)
          .then(() => {
            setSession(null);
            setNotice('Signed out.');
          })
      }
    />
  );
}

render(<App />, document.getElementById('app')!);
