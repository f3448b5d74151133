import { render } from 'preact';
import type { ComponentChildren } from 'preact';
import { useEffect, useErrorBoundary, useState } from 'preact/hooks';
import { ApiError, currentSession, type Session, signIn, signOut, switchOrganization, whenSignedOut, api } from './api';
import { AuditLogPage } from './pages/audit-log';
import { BroadcastPage, BroadcastsPage } from './pages/broadcasts';
import { InboxPage } from './pages/inbox';
import { KeysPage } from './pages/keys';
import { BlacklistPage, ContactsPage } from './pages/lists';
import { MessagePage, MessagesPage } from './pages/messages';
import { OrganizationPage, OrganizationsPage } from './pages/organizations';
import { OverviewPage } from './pages/overview';
import { TemplatesPage } from './pages/templates';
import { WebhookPage, WebhooksPage } from './pages/webhooks';
import { href, useRoute } from './router';
import './styles.css';

/** How often an open console asks whether its session still stands (a key revoked elsewhere ends it). */
const SESSION_CHECK_MS = 1500;

function SignIn({ onSignedIn, notice }: { onSignedIn: (session: Session) => void; notice?: string }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signIn(key.trim()));
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 401
          ? 'That key is not valid.'
          : String((caught as Error).message),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="sign-in">
      <h1>Gateway console</h1>
      {notice && <p role="status">{notice}</p>}
      <form onSubmit={(event) => void submit(event)}>
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
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}

interface Organization {
  id: string;
  name: string;
}

function OrganizationPicker({ session, onChange }: { session: Session; onChange: (session: Session) => void }) {
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  useEffect(() => {
    void api.get<{ data: Organization[] }>('/v1/tenants').then((page) => setOrganizations(page.data));
  }, [session.key.id]);
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
  ['messages', 'Messages', 'messages:read'],
  ['webhooks', 'Webhooks', 'webhooks:read'],
  ['templates', 'Templates', 'templates:read'],
  ['broadcasts', 'Broadcasts', 'broadcasts:read'],
  ['contacts', 'Contacts', 'contacts:read'],
  ['blacklist', 'Blacklist', 'blacklist:read'],
  ['keys', 'Keys', 'keys:read'],
  ['audit', 'Audit log', 'audit:read'],
];
/** An operator's pages (platform keys): organizations and their onboarding, keys across them; no messages. */
const OPERATOR_PAGES: PageEntry[] = [
  ['organizations', 'Organizations', 'tenants:read'],
  ['keys', 'Keys', 'keys:read'],
  ['audit', 'Audit log', 'audit:read'],
];

/** The pages the session's key can read: a page whose scope it lacks is not offered. */
function pagesOf(session: Session): PageEntry[] {
  const all = session.key.kind === 'platform' ? OPERATOR_PAGES : TENANT_PAGES;
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
      />
    );
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
  else if (page === 'blacklist') content = <BlacklistPage />;
  else if (page === 'contacts') content = <ContactsPage />;
  else if (page === 'audit') content = <AuditLogPage />;
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
        <span class="who">{session.key.prefix}…</span>
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <main>
        <Guarded page={page}>{content}</Guarded>
      </main>
    </>
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

  if (session === undefined) return <p role="status">Loading…</p>;
  if (session === null)
    return (
      <SignIn
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
