import { useEffect, useState } from 'preact/hooks';
import { api, withQuery } from '../api';
import { time } from '../format';
import { RowsTable, TextField, useAction, usePaged } from '../ui';

interface BlacklistEntry {
  id: string;
  phone_number: string;
  reason: string | null;
  source: 'api' | 'opt_out';
  opted_out_at: string | null;
  created_at: string;
}

interface OptOutSettings {
  opt_out_keywords: string[];
  opt_in_keywords: string[];
  refuse_utility: boolean;
  refuse_authentication: boolean;
  updated_at: string | null;
}

interface Contact {
  id: string;
  phone_number: string;
  name: string | null;
  tags: string[];
  created_at: string;
}

const splitList = (text: string) =>
  text
    .split(/[,;\n]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/** The organization's blacklist: numbers sends with `filter_blacklist` refuse; add several, remove one. */
export function BlacklistPage() {
  const [filter, setFilter] = useState('');
  const [draft, setDraft] = useState({ numbers: '', reason: '' });
  const { act, messages, setError } = useAction(() => list.reload());
  const list = usePaged<BlacklistEntry>(
    withQuery('/v1/blacklist', { limit: '50', phone_number: filter.trim() || undefined }),
    setError,
  );
  return (
    <section>
      <h1>Blacklist</h1>
      {messages}
      <form class="filters" aria-label="Blacklist filters" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Number" value={filter} onValue={setFilter} on="change" inputMode="tel" />
      </form>
      <RowsTable
        label="Blacklisted numbers"
        rows={list.rows}
        rowKey={(entry) => entry.id}
        columns={[
          ['Number', (entry) => entry.phone_number],
          ['Reason', (entry) => entry.reason ?? '—'],
          [
            'By',
            (entry) =>
              entry.source === 'opt_out'
                ? 'the customer (opt-out keyword)'
                : entry.opted_out_at
                  ? 'you; the customer opted out too'
                  : 'you',
          ],
          ['Added', (entry) => time(entry.created_at)],
        ]}
        actions={(entry) => (
          <button
            type="button"
            aria-label={`Remove ${entry.phone_number}`}
            onClick={() =>
              void act(async () => {
                await api.delete(`/v1/blacklist/${encodeURIComponent(entry.phone_number)}`);
                return `${entry.phone_number} removed from the blacklist.`;
              })
            }
          >
            Remove
          </button>
        )}
        empty="No numbers."
        more={list.more}
      />
      <h2>Add numbers</h2>
      <form
        class="stacked"
        aria-label="Add to the blacklist"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const done = await api.post<{ added: number; existing: number }>('/v1/blacklist', {
              phone_numbers: splitList(draft.numbers),
              ...(draft.reason.trim() && { reason: draft.reason.trim() }),
            });
            setDraft({ numbers: '', reason: '' });
            return `${done.added} added, ${done.existing} already there.`;
          });
        }}
      >
        <label>
          Numbers (separated by commas or lines)
          <textarea
            required
            rows={3}
            value={draft.numbers}
            onInput={(e) => setDraft({ ...draft, numbers: (e.target as HTMLTextAreaElement).value })}
          />
        </label>
        <TextField
          label="Reason (optional)"
          value={draft.reason}
          onValue={(value) => setDraft({ ...draft, reason: value })}
        />
        <button type="submit">Add to the blacklist</button>
      </form>
      <OptOutSettingsForm onSaved={() => list.reload()} />
    </section>
  );
}

/**
 * The organization's opt-out keywords (a customer's whole message, any case or accent), the opt-in
 * ones, and which templates an opt-out refuses besides marketing.
 */
function OptOutSettingsForm({ onSaved }: { onSaved: () => Promise<unknown> }) {
  const [draft, setDraft] = useState<{ optOut: string; optIn: string; utility: boolean; authentication: boolean }>();
  const { act, messages, setError } = useAction(onSaved);
  const load = () =>
    api.get<OptOutSettings>('/v1/opt_out_settings').then((s) =>
      setDraft({
        optOut: s.opt_out_keywords.join(', '),
        optIn: s.opt_in_keywords.join(', '),
        utility: s.refuse_utility,
        authentication: s.refuse_authentication,
      }),
    );
  useEffect(() => void load().catch((e: Error) => setError(e.message)), []);
  if (!draft) return null;
  return (
    <>
      <h2>Opt-out keywords</h2>
      <p class="help">
        A customer whose whole message is an opt-out keyword is added to the blacklist and gets no marketing templates;
        an opt-in keyword takes back what their opt-out did (never an entry you made).
      </p>
      {messages}
      <form
        class="stacked"
        aria-label="Opt-out settings"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            await api.put('/v1/opt_out_settings', {
              opt_out_keywords: splitList(draft.optOut),
              opt_in_keywords: splitList(draft.optIn),
              refuse_utility: draft.utility,
              refuse_authentication: draft.authentication,
            });
            await load();
            return 'Opt-out settings saved.';
          });
        }}
      >
        <TextField
          label="Opt-out keywords (separated by commas)"
          value={draft.optOut}
          onValue={(optOut) => setDraft({ ...draft, optOut })}
        />
        <TextField
          label="Opt-in keywords (separated by commas)"
          value={draft.optIn}
          onValue={(optIn) => setDraft({ ...draft, optIn })}
        />
        <label class="check">
          <input
            type="checkbox"
            checked={draft.utility}
            onChange={(e) => setDraft({ ...draft, utility: (e.target as HTMLInputElement).checked })}
          />
          Refuse utility templates too
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={draft.authentication}
            onChange={(e) => setDraft({ ...draft, authentication: (e.target as HTMLInputElement).checked })}
          />
          Refuse authentication templates too
        </label>
        <button type="submit">Save opt-out settings</button>
      </form>
    </>
  );
}

/** The organization's contacts: filter by tag or number, add or update one, remove one. */
export function ContactsPage() {
  const [filters, setFilters] = useState({ tag: '', phone_number: '' });
  const [draft, setDraft] = useState({ phone_number: '', name: '', tags: '' });
  const { act, messages, setError } = useAction(() => list.reload());
  const list = usePaged<Contact>(
    withQuery('/v1/contacts', {
      limit: '50',
      tag: filters.tag.trim() || undefined,
      phone_number: filters.phone_number.trim() || undefined,
    }),
    setError,
  );
  return (
    <section>
      <h1>Contacts</h1>
      {messages}
      <form class="filters" aria-label="Contact filters" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Tag"
          value={filters.tag}
          onValue={(value) => setFilters({ ...filters, tag: value })}
          on="change"
        />
        <TextField
          label="Number"
          value={filters.phone_number}
          onValue={(value) => setFilters({ ...filters, phone_number: value })}
          on="change"
          inputMode="tel"
        />
      </form>
      <RowsTable
        label="Contacts"
        rows={list.rows}
        rowKey={(contact) => contact.id}
        columns={[
          ['Number', (contact) => contact.phone_number],
          ['Name', (contact) => contact.name ?? '—'],
          ['Tags', (contact) => contact.tags.join(', ') || '—'],
          ['Added', (contact) => time(contact.created_at)],
        ]}
        actions={(contact) => (
          <button
            type="button"
            aria-label={`Remove ${contact.phone_number}`}
            onClick={() =>
              void act(async () => {
                await api.delete(`/v1/contacts/${encodeURIComponent(contact.phone_number)}`);
                return `Contact ${contact.phone_number} removed.`;
              })
            }
          >
            Remove
          </button>
        )}
        empty="No contacts."
        more={list.more}
      />
      <h2>Add or update a contact</h2>
      <form
        class="stacked"
        aria-label="Add a contact"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const done = await api.post<{ created: number; updated: number }>('/v1/contacts', {
              contacts: [
                {
                  phone_number: draft.phone_number.trim(),
                  ...(draft.name.trim() && { name: draft.name.trim() }),
                  tags: splitList(draft.tags),
                },
              ],
            });
            setDraft({ phone_number: '', name: '', tags: '' });
            return done.created ? 'Contact added.' : 'Contact updated.';
          });
        }}
      >
        <TextField
          label="Number"
          value={draft.phone_number}
          onValue={(value) => setDraft({ ...draft, phone_number: value })}
          required
          inputMode="tel"
        />
        <TextField label="Name" value={draft.name} onValue={(value) => setDraft({ ...draft, name: value })} />
        <TextField
          label="Tags (separated by commas)"
          value={draft.tags}
          onValue={(value) => setDraft({ ...draft, tags: value })}
        />
        <button type="submit">Save contact</button>
      </form>
    </section>
  );
}
