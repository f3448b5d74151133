import { useEffect, useState } from 'preact/hooks';
import { api, type Page, type Session, withQuery } from '../api';
import { time } from '../format';
import { RowsTable, TextField, useAction, usePaged } from '../ui';

interface ApiKey {
  id: string;
  name: string;
  kind: 'org' | 'admin' | 'platform';
  prefix: string;
  tenant_ids: string[];
  scopes: string[];
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

interface Issued {
  key: string;
  record: ApiKey;
}

interface Organization {
  id: string;
  name: string;
}

/** Which kinds a session's key may issue: never more than itself (the API's issuing policy decides the rest). */
const KINDS_FOR: Record<Session['key']['kind'], Array<ApiKey['kind']>> = {
  org: ['org'],
  admin: ['org', 'admin'],
  platform: ['org', 'admin', 'platform'],
};

/**
 * The keys the session's key manages: last use, expiry, revoked or not; issue one (its text shown
 * once), revoke, rotate. An admin key sees the keys of the organization it acts for; a platform key
 * sees every organization's, or one's.
 */
export function KeysPage({ session }: { session: Session }) {
  const platform = session.key.kind === 'platform';
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  const [organization, setOrganization] = useState('');
  const [draft, setDraft] = useState({ name: '', kind: 'org' as ApiKey['kind'], expires: '' });
  const [shown, setShown] = useState<Issued>();
  const scope = platform ? organization : (session.organization_id ?? '');

  const { act, messages, setError } = useAction(() => list.reload());
  const list = usePaged<ApiKey>(withQuery('/v1/keys', { limit: '50', organization_id: scope || undefined }), setError);
  useEffect(() => {
    if (platform)
      void api.get<Page<Organization>>('/v1/organizations?limit=100').then((page) => setOrganizations(page.data));
  }, [platform]);

  const issue = (event: Event) => {
    event.preventDefault();
    void act(async () => {
      const issued = await api.post<Issued>('/v1/keys', {
        kind: draft.kind,
        ...(draft.name.trim() && { name: draft.name.trim() }),
        ...(draft.kind !== 'platform' && scope && { tenant_ids: [scope] }),
        ...(draft.expires && { expires_at: new Date(draft.expires).toISOString() }),
      });
      setShown(issued);
      setDraft({ ...draft, name: '', expires: '' });
      return `Key ${issued.record.prefix}… issued.`;
    });
  };

  return (
    <section>
      <h1>Keys</h1>
      {messages}
      {shown && (
        <div class="once" role="status">
          <p>The key's text, shown this once: keep it now, it cannot be read again.</p>
          <code data-testid="issued-key">{shown.key}</code>
        </div>
      )}
      {platform && (
        <form class="filters" aria-label="Key filters" onSubmit={(e) => e.preventDefault()}>
          <label>
            Organization
            <select value={organization} onChange={(e) => setOrganization((e.target as HTMLSelectElement).value)}>
              <option value="">all</option>
              {organizations.map((o) => (
                <option value={o.id} key={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        </form>
      )}
      <RowsTable
        label="Keys"
        rows={list.rows}
        rowKey={(k) => k.id}
        columns={[
          ['Name', (k) => k.name || '—'],
          ['Prefix', (k) => <code>{k.prefix}…</code>],
          ['Kind', (k) => k.kind],
          ['Last used', (k) => time(k.last_used_at)],
          ['Expires', (k) => time(k.expires_at)],
          ['State', (k) => (k.revoked_at ? `revoked ${time(k.revoked_at)}` : 'active')],
        ]}
        actions={(k) =>
          !k.revoked_at && (
            <>
              <button
                type="button"
                aria-label={`Rotate ${k.prefix}`}
                onClick={() =>
                  void act(async () => {
                    const issued = await api.post<Issued>(`/v1/keys/${encodeURIComponent(k.id)}/rotate`);
                    setShown(issued);
                    return `Key ${k.prefix}… rotated: ${issued.record.prefix}… replaces it.`;
                  })
                }
              >
                Rotate
              </button>
              <button
                type="button"
                aria-label={`Revoke ${k.prefix}`}
                onClick={() =>
                  void act(async () => {
                    await api.post(`/v1/keys/${encodeURIComponent(k.id)}/revoke`);
                    return `Key ${k.prefix}… revoked.`;
                  })
                }
              >
                Revoke
              </button>
            </>
          )
        }
        empty="No keys."
        more={list.more}
      />
      {session.key.scopes.includes('keys:write') && (
        <>
          <h2>Issue a key</h2>
          <form class="stacked" onSubmit={issue} aria-label="Issue a key">
            <TextField label="Name" value={draft.name} onValue={(value) => setDraft({ ...draft, name: value })} />
            <label>
              Kind
              <select
                value={draft.kind}
                onChange={(e) => setDraft({ ...draft, kind: (e.target as HTMLSelectElement).value as ApiKey['kind'] })}
              >
                {KINDS_FOR[session.key.kind].map((kind) => (
                  <option key={kind}>{kind}</option>
                ))}
              </select>
            </label>
            <label>
              Expires (optional)
              <input
                type="datetime-local"
                value={draft.expires}
                onChange={(e) => setDraft({ ...draft, expires: (e.target as HTMLInputElement).value })}
              />
            </label>
            <p class="help">
              The kind's default scopes; an organization or admin key reaches{' '}
              {scope ? 'the organization chosen above' : 'the organization you act for'}.
            </p>
            <button type="submit">Issue key</button>
          </form>
        </>
      )}
    </section>
  );
}
