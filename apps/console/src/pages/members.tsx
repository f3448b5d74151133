import { useEffect, useState } from 'preact/hooks';
import { ROLES } from '../../../../src/people/roles';
import { api, type Session } from '../api';
import { time } from '../format';
import { RowsTable, TextField, useAction } from '../ui';

interface Member {
  user_id: string;
  email: string;
  role: string;
  joined_at: string;
}

/** How the organization signs in (GET /v1/members/sign_in_policy). */
interface SignInPolicy {
  require_totp: boolean;
  require_sso: boolean;
  sso_domains: string[];
  sso_default_role: string;
  sso_available: boolean;
}

interface Invitation {
  id: string;
  email: string;
  role: string;
  expires_at: string;
  open: boolean;
  created_at: string;
}

/**
 * The organization's people: members with their roles (change, remove), and invitations by link
 * (the link is shown once, to copy to the person).
 */
export function MembersPage({ session }: { session: Session }) {
  const [members, setMembers] = useState<Member[]>([]);
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const [draft, setDraft] = useState({ email: '', role: 'agent' });
  const [link, setLink] = useState<string>();
  const [requireTotp, setRequireTotp] = useState(false);
  const [policy, setPolicy] = useState<SignInPolicy>();
  const [sso, setSso] = useState({ domains: '', role: 'viewer', required: false });
  const canWrite = session.key.scopes.includes('members:write');
  const isOwner = session.person?.role === 'owner';
  const load = async () => {
    setMembers((await api.get<{ data: Member[] }>('/v1/members')).data);
    setInvitations((await api.get<{ data: Invitation[] }>('/v1/members/invitations')).data);
    const current = await api.get<SignInPolicy>('/v1/members/sign_in_policy');
    setRequireTotp(current.require_totp);
    setPolicy(current);
    setSso({ domains: current.sso_domains.join(', '), role: current.sso_default_role, required: current.require_sso });
  };
  const { act, messages, setError } = useAction(load);
  useEffect(() => void load().catch((e: Error) => setError(e.message)), [session.organization_id]);
  return (
    <section>
      <h1>Members</h1>
      {messages}
      <RowsTable
        label="Members"
        rows={members}
        rowKey={(m) => m.user_id}
        columns={[
          ['Email', (m) => m.email],
          [
            'Role',
            (m) =>
              canWrite ? (
                <select
                  aria-label={`Role of ${m.email}`}
                  value={m.role}
                  onChange={(e) => {
                    const role = (e.target as HTMLSelectElement).value;
                    void act(async () => {
                      await api.patch(`/v1/members/${m.user_id}`, { role });
                      return `${m.email} is now ${role}; they sign in again.`;
                    });
                  }}
                >
                  {ROLES.map((role) => (
                    <option key={role}>{role}</option>
                  ))}
                </select>
              ) : (
                m.role
              ),
          ],
          ['Joined', (m) => time(m.joined_at)],
        ]}
        actions={
          canWrite
            ? (m) => (
                <button
                  type="button"
                  aria-label={`Remove ${m.email}`}
                  onClick={() =>
                    void act(async () => {
                      await api.delete(`/v1/members/${m.user_id}`);
                      return `${m.email} removed: their sessions end within seconds.`;
                    })
                  }
                >
                  Remove
                </button>
              )
            : undefined
        }
        empty="No members yet."
      />
      {/* Shown once the policy is read: a click before would be undone by the read. */}
      {isOwner && policy && (
        <form class="stacked" aria-label="Sign-in policy" onSubmit={(e) => e.preventDefault()}>
          <label class="check">
            <input
              type="checkbox"
              checked={requireTotp}
              onChange={(e) => {
                const require_totp = (e.target as HTMLInputElement).checked;
                // The box shows the click at once (a re-render while the change is saved would undo it);
                // the reload after the save says what the server kept.
                setRequireTotp(require_totp);
                void act(async () => {
                  await api.put('/v1/members/sign_in_policy', { require_totp }).catch((error: unknown) => {
                    setRequireTotp(!require_totp);
                    throw error;
                  });
                  return require_totp
                    ? 'Every member now signs in with a second factor (those without one set it up first).'
                    : 'A second factor is now each member’s choice.';
                });
              }}
            />
            Require a second factor of every member
          </label>
        </form>
      )}
      {isOwner && policy?.sso_available && (
        <>
          <h2>Single sign-on</h2>
          <form
            class="stacked"
            aria-label="Single sign-on"
            onSubmit={(e) => {
              e.preventDefault();
              void act(async () => {
                const domains = sso.domains
                  .split(/[\s,]+/)
                  .map((d) => d.trim())
                  .filter(Boolean);
                const saved = await api.put<SignInPolicy>('/v1/members/sign_in_policy', {
                  sso_domains: domains,
                  sso_default_role: sso.role,
                  require_sso: sso.required,
                });
                setPolicy(saved);
                return saved.sso_domains.length > 0
                  ? `People at ${saved.sso_domains.join(', ')} join as ${saved.sso_default_role} when they sign in with single sign-on.`
                  : 'Single sign-on settings saved.';
              });
            }}
          >
            <TextField
              label="Email domains whose people join (comma separated)"
              value={sso.domains}
              onValue={(domains) => setSso({ ...sso, domains })}
            />
            <label>
              Their role
              <select
                value={sso.role}
                onChange={(e) => setSso({ ...sso, role: (e.target as HTMLSelectElement).value })}
              >
                {ROLES.filter((role) => role !== 'owner').map((role) => (
                  <option key={role}>{role}</option>
                ))}
              </select>
            </label>
            <label class="check">
              <input
                type="checkbox"
                checked={sso.required}
                onChange={(e) => setSso({ ...sso, required: (e.target as HTMLInputElement).checked })}
              />
              Require single sign-on (no passwords)
            </label>
            <button type="submit">Save single sign-on</button>
          </form>
        </>
      )}
      {canWrite && (
        <>
          <h2>Invite someone</h2>
          <form
            class="stacked"
            aria-label="Invite a member"
            onSubmit={(e) => {
              e.preventDefault();
              void act(async () => {
                const invited = await api.post<{ link?: string; email: string; mailed: boolean }>(
                  '/v1/members/invitations',
                  { email: draft.email.trim(), role: draft.role },
                );
                setDraft({ email: '', role: draft.role });
                if (invited.mailed) {
                  setLink(undefined);
                  return `Invitation mailed to ${invited.email} (the link works once, for 7 days).`;
                }
                setLink(`${location.origin}${invited.link}`);
                return `Invitation for ${invited.email} made: give them the link below (it works once, for 7 days).`;
              });
            }}
          >
            <TextField label="Email" value={draft.email} onValue={(email) => setDraft({ ...draft, email })} required />
            <label>
              Role
              <select
                value={draft.role}
                onChange={(e) => setDraft({ ...draft, role: (e.target as HTMLSelectElement).value })}
              >
                {ROLES.map((role) => (
                  <option key={role}>{role}</option>
                ))}
              </select>
            </label>
            <button type="submit">Invite</button>
          </form>
          {link && (
            <p>
              <label>
                Invitation link
                <input readOnly value={link} onFocus={(e) => (e.target as HTMLInputElement).select()} />
              </label>
            </p>
          )}
          <h2>Invitations</h2>
          <RowsTable
            label="Invitations"
            rows={invitations}
            rowKey={(i) => i.id}
            columns={[
              ['Email', (i) => i.email],
              ['Role', (i) => i.role],
              ['Expires', (i) => (i.open ? time(i.expires_at) : 'expired')],
            ]}
            actions={(i) => (
              <button
                type="button"
                aria-label={`Cancel the invitation of ${i.email}`}
                onClick={() =>
                  void act(async () => {
                    await api.delete(`/v1/members/invitations/${i.id}`);
                    return `The invitation of ${i.email} is cancelled.`;
                  })
                }
              >
                Cancel
              </button>
            )}
            empty="No invitations waiting."
          />
        </>
      )}
    </section>
  );
}
