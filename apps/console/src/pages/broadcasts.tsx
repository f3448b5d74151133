import Papa from 'papaparse';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { BROADCAST_STATUSES, RECIPIENT_STATES } from '../../../../src/broadcasts/broadcast-states';
import { placeholdersOf } from '../../../../src/templates/template-create-rules';
import { api, type Page, withQuery } from '../api';
import { time } from '../format';
import { useNumbers } from '../numbers';
import { href } from '../router';
import { AnyOf, NumberPicker, RowsTable, TextField, useAction, useLive, usePaged } from '../ui';

type Counts = Record<(typeof RECIPIENT_STATES)[number], number>;

interface Broadcast {
  id: string;
  name: string;
  phone_number_id: string;
  template: { name: string; language: { code: string } };
  status: (typeof BROADCAST_STATUSES)[number];
  pause_reason: string | null;
  recipients: number;
  counts: Counts;
  rate_per_second: number | null;
  scheduled_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
}

interface Refused {
  index: number;
  to: string;
  error: { code?: number; message?: string; error_data?: { details?: string } };
}

interface Preflight {
  recipients: number;
  refused: Refused[];
  estimate: {
    rate_per_second: number;
    recipients_sendable: number;
    deferred_by_messaging_limit: number;
    finishes_at: string;
    messaging_limit_tier: string | null;
  };
}

interface Recipient {
  index: number;
  to: string;
  status: string;
  wamid: string | null;
  error: { code?: number; message?: string } | null;
}

interface Template {
  id: string;
  name: string;
  language: string;
  components?: Array<{ type: string; format?: string; text?: string }>;
}

/**
 * A fresh Idempotency-Key: 16 random bytes in hex (`crypto.randomUUID` exists only in secure
 * contexts, and the console may be reached over plain HTTP on a closed network).
 */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How often an open broadcast's page reads its progress again. */
const LIVE_MS = 1000;

/** The CSV columns a template's parameters take: `header:<name>` for the header's, the body's by name. */
function columnsOf(template: Template | undefined): { header: string[]; body: string[] } {
  const text = (type: string) => template?.components?.find((c) => c.type === type)?.text ?? '';
  const header = template?.components?.find((c) => c.type === 'HEADER' && (c.format ?? 'TEXT') === 'TEXT');
  return { header: header ? placeholdersOf(text('HEADER')) : [], body: placeholdersOf(text('BODY')) };
}

/**
 * The recipients a CSV describes (a header row with `to` and one column per parameter), as the
 * broadcasts API takes them: each with its components, positional or named as the template is.
 */
function recipientsOf(csv: string, columns: { header: string[]; body: string[] }) {
  const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true, skipEmptyLines: true });
  // A single column (`to` alone, a template without variables) has no delimiter to detect: not a problem.
  const problems = parsed.errors
    .filter((e) => e.code !== 'UndetectableDelimiter')
    .map((e) => `line ${(e.row ?? 0) + 2}: ${e.message}`);
  const fields = parsed.meta.fields ?? [];
  if (csv.trim() && !fields.includes('to')) problems.unshift('the first line must name the columns, one of them `to`');
  const missing = [...columns.header.map((n) => `header:${n}`), ...columns.body].filter((c) => !fields.includes(c));
  if (csv.trim() && missing.length) problems.push(`columns missing: ${missing.join(', ')}`);
  const parameters = (names: string[], row: Record<string, string>, prefix: string) =>
    names.map((name) => ({
      type: 'text',
      ...(!/^\d+$/.test(name) && { parameter_name: name }),
      text: row[prefix + name] ?? '',
    }));
  const recipients = parsed.data.map((row) => ({
    to: row.to ?? '',
    components: [
      ...(columns.header.length ? [{ type: 'header', parameters: parameters(columns.header, row, 'header:') }] : []),
      ...(columns.body.length ? [{ type: 'body', parameters: parameters(columns.body, row, '') }] : []),
    ],
  }));
  return { recipients, problems };
}

/** A number's broadcasts, and a new one from an approved template and a CSV, checked before it is created. */
export function BroadcastsPage({ organizationId }: { organizationId: string | null }) {
  const { numbers } = useNumbers(organizationId);
  const [phone, setPhone] = useState<string>();
  const [statusFilter, setStatusFilter] = useState('');
  const number = phone ?? numbers?.[0]?.phone_number_id;
  const { act, messages, setError } = useAction(() => list.reload());
  const list = usePaged<Broadcast>(
    number &&
      withQuery(`/v1/${encodeURIComponent(number)}/broadcasts`, { limit: '25', status: statusFilter || undefined }),
    setError,
  );
  return (
    <section>
      <h1>Broadcasts</h1>
      {messages}
      <form class="filters" aria-label="Broadcast filters" onSubmit={(e) => e.preventDefault()}>
        <NumberPicker numbers={numbers} value={number} onChange={setPhone} />
        <AnyOf label="Status" value={statusFilter} values={BROADCAST_STATUSES} onChange={setStatusFilter} />
      </form>
      <RowsTable
        label="Broadcasts"
        rows={list.rows}
        rowKey={(b) => b.id}
        columns={[
          ['Name', (b) => <a href={href('broadcasts', b.phone_number_id, b.id)}>{b.name}</a>],
          ['Template', (b) => `${b.template.name} (${b.template.language.code})`],
          ['Status', (b) => <span class={`status status-${b.status}`}>{b.status}</span>],
          ['Recipients', (b) => b.recipients],
          ['Read', (b) => b.counts.read],
          ['Failed', (b) => b.counts.failed],
          ['Created', (b) => time(b.created_at)],
        ]}
        empty={number ? 'No broadcasts.' : 'No phone numbers yet.'}
        more={list.more}
      />
      {number && numbers && (
        <NewBroadcast
          phoneNumberId={number}
          businessAccountId={numbers.find((n) => n.phone_number_id === number)?.business_account_id}
          act={act}
        />
      )}
    </section>
  );
}

function NewBroadcast({
  phoneNumberId,
  businessAccountId,
  act,
}: {
  phoneNumberId: string;
  businessAccountId: string | undefined;
  act: (work: () => Promise<string | undefined>) => Promise<void>;
}) {
  const [templates, setTemplates] = useState<Template[]>([]);
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [csv, setCsv] = useState('');
  const [checked, setChecked] = useState<{ for: string; answer: Preflight }>();
  // One key per filled-in form: a create sent twice (a double click, a retry) makes one broadcast.
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);

  useEffect(() => {
    void (async () => {
      const accounts = await api.get<Page<{ id: string; waba_id: string }>>('/v1/business_accounts?limit=100');
      const waba = accounts.data.find((a) => a.id === businessAccountId)?.waba_id;
      if (!waba) return;
      const page = await api.get<Page<Template>>(
        withQuery(`/v1/${encodeURIComponent(waba)}/message_templates`, {
          status: 'APPROVED',
          limit: '100',
          fields: 'id,name,language,components',
        }),
      );
      setTemplates(page.data);
    })().catch(() => setTemplates([]));
  }, [businessAccountId]);

  const template = templates.find((t) => t.id === chosen) ?? templates[0];
  const columns = columnsOf(template);
  const { recipients, problems } = useMemo(() => recipientsOf(csv, columns), [csv, template?.id]);
  const request = template && {
    name: name.trim(),
    template: { name: template.name, language: { code: template.language } },
    recipients,
  };
  const requestText = JSON.stringify(request);
  // A check answers for the request it was made with: any change to the form asks for a new one.
  const preflight = checked && request && checked.for === requestText ? checked.answer : undefined;
  const path = `/v1/${encodeURIComponent(phoneNumberId)}/broadcasts`;

  return (
    <>
      <h2>New broadcast</h2>
      <form class="stacked" aria-label="New broadcast" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Name" value={name} onValue={setName} required />
        <label>
          Template (approved)
          <select value={template?.id ?? ''} onChange={(e) => setChosen((e.target as HTMLSelectElement).value)}>
            {templates.map((t) => (
              <option value={t.id} key={t.id}>
                {t.name} ({t.language})
              </option>
            ))}
          </select>
        </label>
        {templates.length === 0 && <p>No approved template on this number's business account.</p>}
        <p class="help">
          Columns: <code>{['to', ...columns.header.map((n) => `header:${n}`), ...columns.body].join(',')}</code>
        </p>
        <label>
          Recipients (CSV)
          <textarea rows={6} value={csv} onInput={(e) => setCsv((e.target as HTMLTextAreaElement).value)} />
        </label>
        <label>
          Or a CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              const file = (e.target as HTMLInputElement).files?.[0];
              if (file) void file.text().then(setCsv);
            }}
          />
        </label>
        {problems.length > 0 && (
          <div role="alert" class="error">
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <div class="buttons">
          <button
            type="button"
            disabled={!request || recipients.length === 0 || problems.length > 0}
            onClick={() =>
              void act(async () => {
                const answer = await api.post<Preflight>(`${path}/preflight`, request);
                setChecked({ for: requestText, answer });
                return undefined;
              })
            }
          >
            Check
          </button>
          <button
            type="button"
            disabled={!preflight}
            onClick={() =>
              void act(async () => {
                const created = await api.post<Broadcast>(path, request, { 'Idempotency-Key': idempotencyKey });
                setIdempotencyKey(newKey());
                location.hash = href('broadcasts', phoneNumberId, created.id);
                return `Broadcast ${created.name} created.`;
              })
            }
          >
            Create broadcast
          </button>
        </div>
      </form>
      {preflight && (
        <div class="once" role="status" aria-label="Preflight">
          <p>
            {preflight.estimate.recipients_sendable} of {preflight.recipients} recipients will be sent, at{' '}
            {preflight.estimate.rate_per_second}/s, finishing about {time(preflight.estimate.finishes_at)}.
          </p>
          <p data-testid="deferred">
            {preflight.estimate.deferred_by_messaging_limit} deferred by the messaging limit (
            {preflight.estimate.messaging_limit_tier ?? 'tier not known yet'}).
          </p>
          {preflight.refused.length > 0 && (
            <RowsTable
              label="Refused recipients"
              rows={preflight.refused}
              rowKey={(r) => String(r.index)}
              columns={[
                ['CSV line', (r) => r.index + 2],
                ['To', (r) => r.to],
                ['Why', (r) => `${r.error.code ?? ''} ${r.error.error_data?.details ?? r.error.message ?? ''}`],
              ]}
              empty=""
            />
          )}
        </div>
      )}
    </>
  );
}

/** One broadcast: live progress, pause, resume, cancel, retry, and its failed recipients. */
export function BroadcastPage({ phoneNumberId, id }: { phoneNumberId: string; id: string }) {
  const path = `/v1/${encodeURIComponent(phoneNumberId)}/broadcasts/${encodeURIComponent(id)}`;
  const [broadcast, setBroadcast] = useState<Broadcast>();
  const [failed, setFailed] = useState<Recipient[]>([]);
  const read = () =>
    Promise.all([
      api.get<Broadcast>(path).then(setBroadcast),
      api.get<Page<Recipient>>(`${path}/recipients?status=failed&limit=50`).then((page) => setFailed(page.data)),
    ]);
  const { act, messages, error, setError } = useAction(read);
  useLive(read, LIVE_MS, setError, [path]);
  if (!broadcast) return error ? <p role="alert">{error}</p> : <p role="status">Loading…</p>;
  const done = broadcast.counts.accepted + broadcast.counts.sent + broadcast.counts.delivered + broadcast.counts.read;
  const control = (verb: 'pause' | 'resume' | 'cancel' | 'retry', label: string) => (
    <button
      type="button"
      onClick={() =>
        void act(async () => {
          await api.post(`${path}/${verb}`);
          return `${label}: done.`;
        })
      }
    >
      {label}
    </button>
  );
  return (
    <section>
      <p>
        <a href={href('broadcasts')}>← Broadcasts</a>
      </p>
      <h1>Broadcast {broadcast.name}</h1>
      <p>
        <a href={href('insights', 'broadcast', broadcast.id)}>Its funnel: delivered, read, replied, pressed</a>
      </p>
      {messages}
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <span class={`status status-${broadcast.status}`} data-testid="broadcast-status">
            {broadcast.status}
          </span>
          {broadcast.pause_reason && ` (${broadcast.pause_reason})`}
        </dd>
        <dt>Template</dt>
        <dd>
          {broadcast.template.name} ({broadcast.template.language.code})
        </dd>
        <dt>Progress</dt>
        <dd>
          <progress max={broadcast.recipients} value={done + broadcast.counts.failed + broadcast.counts.skipped}>
            {done} of {broadcast.recipients}
          </progress>{' '}
          {done} of {broadcast.recipients} sent
        </dd>
        <dt>Rate</dt>
        <dd>{broadcast.rate_per_second === null ? '—' : `${broadcast.rate_per_second}/s`}</dd>
        <dt>Started</dt>
        <dd>{time(broadcast.started_at ?? broadcast.scheduled_at)}</dd>
        <dt>Finished</dt>
        <dd>{time(broadcast.finished_at)}</dd>
      </dl>
      <dl class="counts" aria-label="Recipients by state">
        {RECIPIENT_STATES.map((state) => (
          <div key={state}>
            <dt>{state}</dt>
            <dd data-testid={`count-${state}`}>{broadcast.counts[state]}</dd>
          </div>
        ))}
      </dl>
      <div class="buttons">
        {(broadcast.status === 'running' || broadcast.status === 'scheduled') && control('pause', 'Pause')}
        {broadcast.status === 'paused' && control('resume', 'Resume')}
        {!['completed', 'cancelled'].includes(broadcast.status) && control('cancel', 'Cancel')}
        {broadcast.counts.failed > 0 && control('retry', 'Retry failed')}
      </div>
      <h2>Failed recipients</h2>
      <RowsTable
        label="Failed recipients"
        rows={failed}
        rowKey={(r) => String(r.index)}
        columns={[
          ['To', (r) => r.to],
          ['Error', (r) => (r.error ? `${r.error.code ?? ''} ${r.error.message ?? ''}` : '—')],
        ]}
        empty="None."
      />
    </section>
  );
}
