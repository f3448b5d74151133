import { useEffect, useState } from 'preact/hooks';
import { api, type Page, withQuery } from '../api';
import { time } from '../format';
import { href } from '../router';
import { AnyOf, RowsTable, SecretOnce, TextField, useAction, useLive } from '../ui';

interface Endpoint {
  id: string;
  kind: string;
  url: string;
  description: string | null;
  events: string[] | null;
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  consecutive_failures: number;
  secret_hint: string;
  previous_secret_expires_at: string | null;
  created_at: string;
}

interface Attempt {
  at: string;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
}

interface Delivery {
  id: string;
  event: string;
  test: boolean;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  attempt_log: Attempt[];
  next_attempt_at: string | null;
  created_at: string;
}

/** How often an endpoint's page reads its deliveries again while it is open. */
const LIVE_MS = 2000;
/** The overlap windows offered when rotating a secret (the API takes any up to a week). */
const OVERLAPS: Array<[number, string]> = [
  [0, 'none: the old secret stops at once'],
  [3600, '1 hour'],
  [86_400, '24 hours'],
];

/** The organization's endpoints, and a new one (its secret shown once). */
export function WebhooksPage() {
  const [endpoints, setEndpoints] = useState<Endpoint[]>();
  const [error, setError] = useState<string>();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<{ id: string; secret: string }>();

  const load = () =>
    api.get<Page<Endpoint>>('/v1/webhooks?limit=100').then(
      (page) => setEndpoints(page.data),
      (e: Error) => setError(e.message),
    );
  useEffect(() => void load(), []);

  const create = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      const endpoint = await api.post<Endpoint & { secret: string }>('/v1/webhooks', {
        url: url.trim(),
        ...(description.trim() && { description: description.trim() }),
      });
      setCreated({ id: endpoint.id, secret: endpoint.secret });
      setUrl('');
      setDescription('');
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <section>
      <h1>Webhooks</h1>
      {error && <p role="alert">{error}</p>}
      <RowsTable
        label="Endpoints"
        rows={endpoints ?? []}
        rowKey={(e) => e.id}
        columns={[
          [
            'URL',
            (e) => (
              <>
                <a href={href('webhooks', e.id)}>{e.url}</a>
                {e.description && <div class="muted">{e.description}</div>}
              </>
            ),
          ],
          ['Status', (e) => <span class={`status status-${e.status}`}>{e.status}</span>],
          ['Events', (e) => e.events?.join(', ') ?? 'all'],
          ['Failures in a row', (e) => e.consecutive_failures],
        ]}
        empty={endpoints ? 'No endpoints yet.' : 'Loading…'}
      />
      <h2>Add an endpoint</h2>
      <form class="stacked" onSubmit={(e) => void create(e)}>
        <label>
          URL
          <input type="url" required value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />
        </label>
        <TextField label="Description" value={description} onValue={setDescription} />
        <button type="submit">Add endpoint</button>
      </form>
      {created && <SecretOnce secret={created.secret} />}
    </section>
  );
}

/** One endpoint: edit, disable, test, rotate its secret; its deliveries, attempts and redelivery. */
export function WebhookPage({ id }: { id: string }) {
  const [endpoint, setEndpoint] = useState<Endpoint>();
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const [statusFilter, setStatusFilter] = useState('');
  const [range, setRange] = useState({ since: '', until: '' });
  const [secret, setSecret] = useState<string>();
  const [overlap, setOverlap] = useState(0);
  const [draft, setDraft] = useState({ url: '', description: '' });
  const path = `/v1/webhooks/${encodeURIComponent(id)}`;

  const readEndpoint = () =>
    api.get<Endpoint>(path).then((e) => {
      setEndpoint(e);
      setDraft({ url: e.url, description: e.description ?? '' });
    });
  const readDeliveries = () =>
    api
      .get<Page<Delivery>>(withQuery(`${path}/deliveries`, { limit: '50', status: statusFilter || undefined }))
      .then((page) => setDeliveries(page.data));

  const { act, messages, error, setError } = useAction(() => Promise.all([readEndpoint(), readDeliveries()]));
  useEffect(() => {
    readEndpoint().catch((e: Error) => setError(e.message));
  }, [id]);
  useLive(readDeliveries, LIVE_MS, setError, [id, statusFilter]);

  if (!endpoint) return error ? <p role="alert">{error}</p> : <p role="status">Loading…</p>;
  const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);
  return (
    <section>
      <p>
        <a href={href('webhooks')}>← Webhooks</a>
      </p>
      <h1>Endpoint {endpoint.url}</h1>
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <span class={`status status-${endpoint.status}`} data-testid="endpoint-status">
            {endpoint.status}
          </span>
          {endpoint.disabled_reason && ` (${endpoint.disabled_reason})`}
        </dd>
        <dt>Secret</dt>
        <dd>
          {endpoint.secret_hint}
          {endpoint.previous_secret_expires_at &&
            ` (the previous one also signs until ${time(endpoint.previous_secret_expires_at)})`}
        </dd>
        <dt>Failures in a row</dt>
        <dd>{endpoint.consecutive_failures}</dd>
      </dl>
      {messages}

      <h2>Settings</h2>
      <form
        class="stacked"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            await api.patch(path, { url: draft.url.trim(), description: draft.description.trim() || null });
            return 'Saved.';
          });
        }}
      >
        <label>
          URL
          <input
            type="url"
            required
            value={draft.url}
            onInput={(e) => setDraft({ ...draft, url: (e.target as HTMLInputElement).value })}
          />
        </label>
        <TextField
          label="Description"
          value={draft.description}
          onValue={(value) => setDraft({ ...draft, description: value })}
        />
        <div class="buttons">
          <button type="submit">Save</button>
          <button
            type="button"
            onClick={() =>
              void act(async () => {
                const next = endpoint.status === 'active' ? 'disabled' : 'active';
                await api.patch(path, { status: next });
                return next === 'active' ? 'Enabled.' : 'Disabled.';
              })
            }
          >
            {endpoint.status === 'active' ? 'Disable' : 'Enable'}
          </button>
          <button
            type="button"
            onClick={() =>
              void act(async () => {
                const sent = await api.post<Delivery>(`${path}/test`, {});
                const last = sent.attempt_log[sent.attempt_log.length - 1];
                return `Test event ${sent.status}${last?.status_code ? ` (HTTP ${last.status_code})` : ''}.`;
              })
            }
          >
            Send a test event
          </button>
        </div>
      </form>

      <h2>Signing secret</h2>
      <form
        class="stacked"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const rotated = await api.post<{ secret: string }>(`${path}/rotate_secret`, { overlap_seconds: overlap });
            setSecret(rotated.secret);
            return 'Secret rotated.';
          });
        }}
      >
        <label>
          Old secret keeps signing for
          <select value={overlap} onChange={(e) => setOverlap(Number((e.target as HTMLSelectElement).value))}>
            {OVERLAPS.map(([seconds, label]) => (
              <option value={seconds} key={seconds}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Rotate secret</button>
      </form>
      {secret && <SecretOnce secret={secret} />}

      <h2>Deliveries</h2>
      <form class="filters" aria-label="Delivery filters" onSubmit={(e) => e.preventDefault()}>
        <AnyOf
          label="Status"
          value={statusFilter}
          values={['pending', 'delivered', 'failed']}
          onChange={setStatusFilter}
        />
      </form>
      <form
        class="filters"
        aria-label="Redeliver failed deliveries"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const done = await api.post<{ redelivered: number; has_more: boolean }>(`${path}/deliveries/redeliver`, {
              since: iso(range.since),
              until: iso(range.until),
            });
            return `${done.redelivered} failed deliveries sent again${done.has_more ? '; more are left' : ''}.`;
          });
        }}
      >
        <label>
          Failed from
          <input
            type="datetime-local"
            value={range.since}
            onChange={(e) => setRange({ ...range, since: (e.target as HTMLInputElement).value })}
          />
        </label>
        <label>
          to
          <input
            type="datetime-local"
            value={range.until}
            onChange={(e) => setRange({ ...range, until: (e.target as HTMLInputElement).value })}
          />
        </label>
        <button type="submit">Redeliver all failed</button>
      </form>
      <ol class="deliveries" aria-label="Deliveries">
        {deliveries.map((d) => (
          <li key={d.id} data-delivery={d.id}>
            <p>
              <span class={`status status-${d.status}`}>{d.status}</span> {d.test ? 'test event' : d.event},{' '}
              <time dateTime={d.created_at}>{time(d.created_at)}</time>, {d.attempts} attempt
              {d.attempts === 1 ? '' : 's'}
              {d.next_attempt_at && d.status === 'pending' && `, next ${time(d.next_attempt_at)}`}{' '}
              {d.status !== 'pending' && (
                <button
                  type="button"
                  aria-label={`Redeliver the delivery of ${time(d.created_at)}`}
                  onClick={() =>
                    void act(async () => {
                      await api.post(`${path}/deliveries/${encodeURIComponent(d.id)}/redeliver`);
                      return 'Queued again.';
                    })
                  }
                >
                  Redeliver
                </button>
              )}
            </p>
            <div class="table" role="region" aria-label={`Attempts of ${time(d.created_at)}`} tabIndex={0}>
              <table class="attempts">
                <thead>
                  <tr>
                    <th scope="col">At</th>
                    <th scope="col">Status code</th>
                    <th scope="col">Latency</th>
                    <th scope="col">Response</th>
                  </tr>
                </thead>
                <tbody>
                  {d.attempt_log.map((a) => (
                    <tr key={a.at}>
                      <td>{time(a.at)}</td>
                      <td>{a.status_code ?? 'none'}</td>
                      <td>{a.latency_ms} ms</td>
                      <td>{a.error ?? 'OK'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </li>
        ))}
      </ol>
      {deliveries.length === 0 && <p>No deliveries.</p>}
    </section>
  );
}
