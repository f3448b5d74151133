import { useEffect, useState } from 'preact/hooks';
import { api, type Page } from '../api';
import { time } from '../format';
import type { PhoneNumber } from '../numbers';
import { href } from '../router';
import { NumbersTable, RowsTable, TextField, useAction } from '../ui';

interface Organization {
  id: string;
  name: string;
  created_at: string;
}

interface BusinessAccount {
  id: string;
  waba_id: string;
  name: string;
  created_at: string;
}

/** Operators (platform keys): every organization, and a new one. No organization's messages. */
export function OrganizationsPage() {
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  const [name, setName] = useState('');
  const load = () => api.get<Page<Organization>>('/v1/organizations?limit=100').then((p) => setOrganizations(p.data));
  const { act, messages, setError } = useAction(load);
  useEffect(() => void load().catch((e: Error) => setError(e.message)), []);
  return (
    <section>
      <h1>Organizations</h1>
      {messages}
      <RowsTable
        label="Organizations"
        rows={organizations}
        rowKey={(o) => o.id}
        columns={[
          ['Name', (o) => <a href={href('organizations', o.id)}>{o.name}</a>],
          ['Id', (o) => <code>{o.id}</code>],
          ['Created', (o) => time(o.created_at)],
        ]}
        empty="No organizations yet."
      />
      <h2>New organization</h2>
      <form
        class="stacked"
        aria-label="New organization"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const created = await api.post<Organization>('/v1/organizations', { name: name.trim() });
            setName('');
            return `Organization ${created.name} created.`;
          });
        }}
      >
        <TextField label="Name" value={name} onValue={setName} required />
        <button type="submit">Create organization</button>
      </form>
    </section>
  );
}

/** One organization: its business accounts and numbers, and the forms that onboard them. */
export function OrganizationPage({ id }: { id: string }) {
  const [organization, setOrganization] = useState<Organization>();
  const [accounts, setAccounts] = useState<BusinessAccount[]>([]);
  const [numbers, setNumbers] = useState<PhoneNumber[]>([]);
  const [account, setAccount] = useState({ waba_id: '', name: '', access_token: '' });
  const [number, setNumber] = useState({ waba_id: '', phone_number_id: '', display_phone_number: '' });
  const base = `/v1/organizations/${encodeURIComponent(id)}`;
  const load = async () => {
    const [org, accountPage, numberPage] = await Promise.all([
      api.get<Organization>(base),
      api.get<Page<BusinessAccount>>(`${base}/business_accounts?limit=100`),
      api.get<Page<PhoneNumber>>(`${base}/phone_numbers?limit=100`),
    ]);
    setOrganization(org);
    setAccounts(accountPage.data);
    setNumbers(numberPage.data);
  };
  const { act, messages, setError } = useAction(load);
  useEffect(() => void load().catch((e: Error) => setError(e.message)), [id]);
  const wabaOf = (businessAccountId: string) => accounts.find((a) => a.id === businessAccountId)?.waba_id ?? '—';
  const numberWaba = number.waba_id || accounts[0]?.waba_id || '';

  return (
    <section>
      <p>
        <a href={href('organizations')}>← Organizations</a>
      </p>
      <h1>{organization ? `Organization ${organization.name}` : 'Organization'}</h1>
      {messages}
      <h2>Business accounts</h2>
      <RowsTable
        label="Business accounts"
        rows={accounts}
        rowKey={(a) => a.id}
        columns={[
          ['WABA id', (a) => a.waba_id],
          ['Name', (a) => a.name || '—'],
          ['Added', (a) => time(a.created_at)],
        ]}
        empty="No business accounts yet."
      />
      <form
        class="stacked"
        aria-label="Add a business account"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            await api.post(`${base}/business_accounts`, {
              waba_id: account.waba_id.trim(),
              access_token: account.access_token,
              ...(account.name.trim() && { name: account.name.trim() }),
            });
            setAccount({ waba_id: '', name: '', access_token: '' });
            return 'Business account added.';
          });
        }}
      >
        <TextField
          label="WABA id"
          value={account.waba_id}
          onValue={(value) => setAccount({ ...account, waba_id: value })}
          required
          inputMode="numeric"
        />
        <TextField label="Name" value={account.name} onValue={(value) => setAccount({ ...account, name: value })} />
        <label>
          Access token (stored encrypted, never shown again)
          <input
            required
            type="password"
            autocomplete="off"
            value={account.access_token}
            onInput={(e) => setAccount({ ...account, access_token: (e.target as HTMLInputElement).value })}
          />
        </label>
        <button type="submit">Add business account</button>
      </form>

      <h2>Phone numbers</h2>
      <NumbersTable numbers={numbers} wabaOf={wabaOf} />
      {accounts.length > 0 && (
        <form
          class="stacked"
          aria-label="Add a phone number"
          onSubmit={(e) => {
            e.preventDefault();
            void act(async () => {
              await api.post(`${base}/phone_numbers`, {
                waba_id: numberWaba,
                phone_number_id: number.phone_number_id.trim(),
                display_phone_number: number.display_phone_number.trim(),
              });
              setNumber({ waba_id: '', phone_number_id: '', display_phone_number: '' });
              return 'Phone number added: its limits are read from Meta now.';
            });
          }}
        >
          <label>
            Business account
            <select
              value={numberWaba}
              onChange={(e) => setNumber({ ...number, waba_id: (e.target as HTMLSelectElement).value })}
            >
              {accounts.map((a) => (
                <option value={a.waba_id} key={a.id}>
                  {a.name ? `${a.name} (${a.waba_id})` : a.waba_id}
                </option>
              ))}
            </select>
          </label>
          <TextField
            label="Phone number id"
            value={number.phone_number_id}
            onValue={(value) => setNumber({ ...number, phone_number_id: value })}
            required
            inputMode="numeric"
          />
          <TextField
            label="Display number"
            value={number.display_phone_number}
            onValue={(value) => setNumber({ ...number, display_phone_number: value })}
            required
          />
          <button type="submit">Add phone number</button>
        </form>
      )}
    </section>
  );
}
