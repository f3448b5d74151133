import { useState } from 'preact/hooks';
import { api, ApiError, withQuery } from '../api';
import { explainError, time } from '../format';
import { useNumbers } from '../numbers';
import { href } from '../router';
import { AnyOf, NumberPicker, RowsTable, TextField, useLive, usePaged } from '../ui';

interface MessageRecord {
  id: string;
  wamid: string | null;
  phone_number_id: string;
  recipient: string;
  type: string;
  status: string;
  error: Record<string, unknown> | null;
  idempotency_key: string | null;
  broadcast_id: string | null;
  payload: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  history?: Array<{ status: string; timestamp: string; details?: Record<string, unknown> }>;
}

const STATUSES = ['pending', 'accepted', 'sent', 'delivered', 'read', 'failed'];
/** How often an open message's page reads it again, so new statuses appear without a reload. */
const LIVE_MS = 1000;

/** Records newest first, filtered, a page at a time; a wamid or id opens its message. */
export function MessagesPage({ organizationId }: { organizationId: string | null }) {
  const { numbers } = useNumbers(organizationId);
  const [phone, setPhone] = useState<string>();
  const [filters, setFilters] = useState({
    recipient: '',
    status: '',
    error_code: '',
    idempotency_key: '',
    since: '',
    until: '',
  });
  const [error, setError] = useState<string>();
  const [lookup, setLookup] = useState('');
  const number = phone ?? numbers?.[0]?.phone_number_id;
  const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);
  const list = usePaged<MessageRecord>(
    number &&
      withQuery(`/v1/${encodeURIComponent(number)}/messages`, {
        limit: '25',
        recipient: filters.recipient || undefined,
        status: filters.status || undefined,
        error_code: filters.error_code.trim() || undefined,
        idempotency_key: filters.idempotency_key.trim() || undefined,
        since: iso(filters.since),
        until: iso(filters.until),
      }),
    setError,
  );

  const open = async (event: Event) => {
    event.preventDefault();
    if (!number || !lookup.trim()) return;
    try {
      const record = await api.get<MessageRecord>(
        `/v1/${encodeURIComponent(number)}/messages/${encodeURIComponent(lookup.trim())}`,
      );
      location.hash = href('messages', number, record.id);
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 404
          ? `No message ${lookup.trim()} on this number.`
          : (e as Error).message,
      );
    }
  };

  const field = (name: keyof typeof filters) => (e: Event) =>
    setFilters({ ...filters, [name]: (e.target as HTMLInputElement).value });

  return (
    <section>
      <h1>Messages</h1>
      {numbers && numbers.length === 0 && <p>No phone numbers yet.</p>}
      <form class="filters" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
        <NumberPicker numbers={numbers} value={number} onChange={setPhone} />
        <label>
          Recipient
          <input value={filters.recipient} onChange={field('recipient')} inputMode="tel" />
        </label>
        <AnyOf
          label="Status"
          value={filters.status}
          values={STATUSES}
          onChange={(status) => setFilters({ ...filters, status })}
        />
        <label>
          Error code
          <input value={filters.error_code} onChange={field('error_code')} inputMode="numeric" />
        </label>
        <label>
          Idempotency key
          <input value={filters.idempotency_key} onChange={field('idempotency_key')} />
        </label>
        <label>
          From
          <input type="datetime-local" value={filters.since} onChange={field('since')} />
        </label>
        <label>
          To
          <input type="datetime-local" value={filters.until} onChange={field('until')} />
        </label>
      </form>
      <form class="filters" onSubmit={(event) => void open(event)} aria-label="Open a message">
        <TextField label="Wamid or id" value={lookup} onValue={setLookup} />
        <button type="submit">Open</button>
      </form>
      {error && <p role="alert">{error}</p>}
      <RowsTable
        label="Messages"
        rows={list.rows}
        rowKey={(r) => r.id}
        columns={[
          ['Sent', (r) => <a href={href('messages', r.phone_number_id, r.id)}>{time(r.created_at)}</a>],
          ['Recipient', (r) => r.recipient],
          ['Type', (r) => r.type],
          ['Status', (r) => <span class={`status status-${r.status}`}>{r.status}</span>],
          ['Error', (r) => explainError(r.error)?.code ?? ''],
        ]}
        empty={number ? 'No messages match.' : 'Loading…'}
        more={list.more}
      />
    </section>
  );
}

/** One message: its payload, its status timeline (live while open) and its error explained. */
export function MessagePage({ phoneNumberId, id }: { phoneNumberId: string; id: string }) {
  const [record, setRecord] = useState<MessageRecord>();
  const [error, setError] = useState<string>();
  useLive(
    () =>
      api
        .get<MessageRecord>(`/v1/${encodeURIComponent(phoneNumberId)}/messages/${encodeURIComponent(id)}`)
        .then(setRecord),
    LIVE_MS,
    setError,
    [phoneNumberId, id],
  );
  if (error) return <p role="alert">{error}</p>;
  if (!record) return <p role="status">Loading…</p>;
  const failure = explainError(record.error);
  return (
    <section>
      <p>
        <a href={href('messages')}>← Messages</a>
      </p>
      <h1>Message to {record.recipient}</h1>
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <span class={`status status-${record.status}`} data-testid="message-status">
            {record.status}
          </span>
        </dd>
        <dt>Wamid</dt>
        <dd>{record.wamid ?? '—'}</dd>
        <dt>Id</dt>
        <dd>{record.id}</dd>
        <dt>Type</dt>
        <dd>{record.type}</dd>
        <dt>Idempotency key</dt>
        <dd>{record.idempotency_key ?? '—'}</dd>
        {record.broadcast_id && (
          <>
            <dt>Broadcast</dt>
            <dd>{record.broadcast_id}</dd>
          </>
        )}
      </dl>
      {failure && (
        <div class="failure" role="note">
          <h2>Why it failed</h2>
          <p>
            <strong>
              {failure.code !== undefined ? `${failure.code}: ` : ''}
              {failure.title}
            </strong>
          </p>
          {failure.message && failure.message !== failure.title && <p>{failure.message}</p>}
          {failure.hint && <p>{failure.hint}</p>}
        </div>
      )}
      <h2>Timeline</h2>
      <ol class="timeline" aria-label="Status timeline">
        {(record.history ?? []).map((step) => (
          <li key={`${step.status}-${step.timestamp}`}>
            <span class={`status status-${step.status}`}>{step.status}</span>{' '}
            <time dateTime={step.timestamp}>{time(step.timestamp)}</time>
          </li>
        ))}
      </ol>
      {record.wamid && <Deliveries wamid={record.wamid} since={record.created_at} />}
      <h2>Payload</h2>
      <pre class="payload" tabIndex={0} aria-label="Payload as sent">
        <code>{JSON.stringify(record.payload, null, 2)}</code>
      </pre>
    </section>
  );
}

interface Delivery {
  id: string;
  endpoint_id: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  created_at: string;
  payload: { entry?: Array<{ changes?: Array<{ value?: { statuses?: Array<{ status?: string }> } }> }> };
}

/** The tenant webhook deliveries that carried this message's events (read again while the page is open). */
function Deliveries({ wamid, since }: { wamid: string; since: string }) {
  const [deliveries, setDeliveries] = useState<Delivery[]>();
  const [error, setError] = useState<string>();
  useLive(
    () =>
      api
        .get<{ data: Delivery[] }>(withQuery('/v1/webhook_deliveries', { wamid, since }))
        .then((page) => setDeliveries(page.data))
        .catch((e: ApiError) => {
          throw e.status === 403 ? new Error('This key cannot read webhook deliveries.') : e;
        }),
    LIVE_MS * 2,
    setError,
    [wamid, since],
  );
  const eventOf = (d: Delivery) => d.payload.entry?.[0]?.changes?.[0]?.value?.statuses?.[0]?.status ?? 'event';
  return (
    <>
      <h2>Webhook deliveries</h2>
      {error && <p role="alert">{error}</p>}
      {deliveries && (
        <RowsTable
          label="Webhook deliveries"
          rows={deliveries}
          rowKey={(d) => d.id}
          columns={[
            ['Event', eventOf],
            ['Delivery', (d) => <a href={href('webhooks', d.endpoint_id)}>{d.status}</a>],
            ['Attempts', (d) => d.attempts],
            ['Last answer', (d) => d.last_status_code ?? '—'],
            ['Created', (d) => time(d.created_at)],
          ]}
          empty="No deliveries: no endpoint receives this message's events, or none has arrived yet."
        />
      )}
    </>
  );
}
