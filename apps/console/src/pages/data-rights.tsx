import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { time } from '../format';
import { RowsTable, TextField, useAction, useLive, usePaged } from '../ui';

interface Retention {
  message_bodies_days: number | null;
  inbound_messages_days: number | null;
  media_days: number | null;
  webhook_deliveries_days: number | null;
  platform: Record<Field, number>;
  bodies_replaced_before: string | null;
}
type Field = 'message_bodies_days' | 'inbound_messages_days' | 'media_days' | 'webhook_deliveries_days';

const FIELDS: Array<[Field, string]> = [
  ['message_bodies_days', 'Message bodies (records stay, their text goes)'],
  ['inbound_messages_days', 'Inbound messages'],
  ['media_days', 'Media customers sent'],
  ['webhook_deliveries_days', 'Webhook delivery logs'],
];

/**
 * Data rights: how long the organization keeps its customers' data, each at most the platform's
 * (an empty field keeps the platform's).
 */
export function DataRightsPage({ canWrite }: { canWrite: boolean }) {
  const [retention, setRetention] = useState<Retention>();
  const [draft, setDraft] = useState<Record<Field, string>>();
  const read = async () => {
    const read = await api.get<Retention>('/v1/data_retention');
    setRetention(read);
    setDraft(
      Object.fromEntries(FIELDS.map(([field]) => [field, read[field] === null ? '' : String(read[field])])) as Record<
        Field,
        string
      >,
    );
  };
  const { act, messages, setError } = useAction(read);
  useEffect(() => void read().catch((e: Error) => setError(e.message)), []);
  return (
    <section>
      <h1>Data rights</h1>
      {messages}
      <h2>Retention</h2>
      <p>
        The organization may keep its customers&rsquo; data for less time than the platform, never more. Applied at
        once, then every hour.
        {retention?.bodies_replaced_before && ` Bodies before ${time(retention.bodies_replaced_before)} are replaced.`}
      </p>
      {retention && draft && (
        <form
          aria-label="Retention"
          onSubmit={(e) => {
            e.preventDefault();
            void act(async () => {
              await api.put(
                '/v1/data_retention',
                Object.fromEntries(
                  FIELDS.map(([field]) => [field, draft[field].trim() === '' ? null : Number(draft[field])]),
                ),
              );
              return 'Retention saved.';
            });
          }}
        >
          {FIELDS.map(([field, words]) => (
            <TextField
              key={field}
              label={`${words}: days (the platform keeps ${retention.platform[field]})`}
              value={draft[field]}
              inputMode="numeric"
              onValue={(value) => setDraft({ ...draft, [field]: value })}
            />
          ))}
          {canWrite && <button type="submit">Save retention</button>}
        </form>
      )}
      <CustomerExport act={act} />
      <CustomerErasures canWrite={canWrite} onError={setError} />
      <OrganizationExports onError={setError} />
    </section>
  );
}

/** A customer's data as one JSON file (the API's export), downloaded by the browser. */
function CustomerExport({ act }: { act: (work: () => Promise<string | undefined>) => Promise<void> }) {
  const [waId, setWaId] = useState('');
  return (
    <form
      aria-label="Export a customer"
      onSubmit={(e) => {
        e.preventDefault();
        void act(async () => {
          const file = await api.post<{ wa_id: string; counts: Record<string, number> }>(
            `/v1/customers/${encodeURIComponent(waId.trim())}/export`,
            {},
          );
          const link = document.createElement('a');
          link.href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
          link.download = `customer-${file.wa_id}.json`;
          link.click();
          URL.revokeObjectURL(link.href);
          const records = Object.values(file.counts).reduce((sum, n) => sum + n, 0);
          return `Exported ${records} records of ${file.wa_id}.`;
        });
      }}
    >
      <h2>Export a customer</h2>
      <p>Everything the organization holds about one customer, as one JSON file.</p>
      <TextField label="Customer's WhatsApp id" value={waId} onValue={setWaId} inputMode="tel" required />
      <button type="submit">Export</button>
    </form>
  );
}

interface Erasure {
  id: string;
  status: 'running' | 'done';
  customer: string;
  began_at: string;
  finished_at: string | null;
  removed: Record<string, number>;
  requested_by: { key_prefix: string; person: string | null };
  last_error: string | null;
}

/**
 * A customer's erasure (the API's job): asked for with the number typed and the consequence
 * acknowledged; the receipts below, read again every few seconds while one runs.
 */
function CustomerErasures({ canWrite, onError }: { canWrite: boolean; onError: (message: string) => void }) {
  const { rows, more, reload } = usePaged<Erasure>('/v1/customers/erasures', onError);
  const { act, messages } = useAction(reload);
  const [waId, setWaId] = useState('');
  const [understood, setUnderstood] = useState(false);
  const running = rows.some((row) => row.status === 'running');
  useLive(() => (running ? reload() : Promise.resolve()), 2_000, onError, [running]);
  return (
    <>
      {canWrite && (
        <form
          aria-label="Erase a customer"
          onSubmit={(e) => {
            e.preventDefault();
            void act(async () => {
              await api.post('/v1/customers/erasures', { wa_id: waId.trim() });
              setWaId('');
              setUnderstood(false);
              return 'Erasure started: its receipt is below.';
            });
          }}
        >
          <h2>Erase a customer</h2>
          <p>
            Their messages, conversations, notes, contact and everything the gateway keeps about them go; usage figures
            and the audit log stay with the number replaced by a digest, and an opt-out keeps refusing marketing. It
            cannot be undone.
          </p>
          {messages}
          <TextField label="Customer's WhatsApp id to erase" value={waId} onValue={setWaId} inputMode="tel" required />
          <label>
            <input
              type="checkbox"
              checked={understood}
              onChange={(e) => setUnderstood((e.target as HTMLInputElement).checked)}
              required
            />
            I understand this erases the customer's data for good
          </label>
          <button type="submit" disabled={!understood}>
            Erase
          </button>
        </form>
      )}
      <h2>Erasures</h2>
      <RowsTable
        label="Erasures"
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          ['Began', (row) => time(row.began_at)],
          ['Customer', (row) => <code>{row.customer.slice(0, 19)}…</code>],
          ['Status', (row) => (row.status === 'done' ? `done ${time(row.finished_at)}` : 'running')],
          [
            'Removed',
            (row) =>
              Object.entries(row.removed)
                .filter(([, n]) => n > 0)
                .map(([kind, n]) => `${kind.replace(/_/g, ' ')} ${n}`)
                .join(', ') || 'nothing yet',
          ],
          ['Asked by', (row) => row.requested_by.person ?? row.requested_by.key_prefix],
        ]}
        empty="No customer has been erased."
        more={more}
      />
    </>
  );
}

interface OrganizationExport {
  id: string;
  status: 'running' | 'done' | 'expired';
  progress: { kinds_done: number; kinds_total: number; bytes: number };
  size_bytes: number | null;
  download_url: string | null;
  created_at: string;
  expires_at: string | null;
}

/** The organization's whole data as one archive (the API's job): its progress, then its download link. */
function OrganizationExports({ onError }: { onError: (message: string) => void }) {
  const { rows, more, reload } = usePaged<OrganizationExport>('/v1/organization_exports', onError);
  const { act, messages } = useAction(reload);
  const running = rows.some((row) => row.status === 'running');
  useLive(() => (running ? reload() : Promise.resolve()), 2_000, onError, [running]);
  return (
    <>
      <h2>The organization's archive</h2>
      <p>
        Everything the organization holds, every kind as JSON Lines with the media library's files, in one .tar.gz kept
        for 24 hours.
      </p>
      {messages}
      <button
        type="button"
        disabled={running}
        onClick={() =>
          void act(async () => {
            await api.post('/v1/organization_exports', {});
            return 'Archive started: it is listed below.';
          })
        }
      >
        Export the organization
      </button>
      <RowsTable
        label="Archives"
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          ['Asked', (row) => time(row.created_at)],
          [
            'Status',
            (row) =>
              row.status === 'running'
                ? `running: ${row.progress.kinds_done} of ${row.progress.kinds_total} kinds`
                : row.status,
          ],
          ['Size', (row) => (row.size_bytes === null ? '' : `${Math.ceil(row.size_bytes / 1024)} KiB`)],
          [
            'Download',
            (row) =>
              row.download_url ? (
                <a href={row.download_url} download>
                  Download (until {time(row.expires_at)})
                </a>
              ) : (
                ''
              ),
          ],
        ]}
        empty="No archive has been made."
        more={more}
      />
    </>
  );
}
