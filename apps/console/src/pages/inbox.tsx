import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { placeholdersOf } from '../../../../src/templates/template-create-rules';
import { api, type Page, withQuery } from '../api';
import { time } from '../format';
import { useNumbers } from '../numbers';
import { href } from '../router';
import { Bubble, NumberPicker, TextField, useLive } from '../ui';

interface Conversation {
  wa_id: string;
  profile_name: string | null;
  last_message: { direction: string; type: string; preview: string; timestamp: string; id: string | null } | null;
  unread_count: number;
  window: { open: boolean; closes_at: string | null };
  opted_out: boolean;
}

interface ThreadItem {
  id: string;
  direction: 'inbound' | 'outbound';
  type: string;
  timestamp: string;
  status?: string;
  read?: boolean;
  error?: Record<string, unknown> | null;
  context: { id: string } | null;
  reactions: Array<{ emoji: string; by: string }>;
  media: { id: string; mime_type: string | null; url: string } | null;
  message: Record<string, unknown>;
}

interface ThreadPage {
  data: ThreadItem[];
  paging: { next?: string };
}

interface Template {
  name: string;
  language: string;
  category: string;
  components: Array<{ type: string; format?: string; text?: string; buttons?: Array<{ text?: string }> }>;
}

/** How often the open Inbox reads its list and thread: a customer's message shows within two seconds. */
const LIVE_MS = 1000;

/** What a message says, in a line: its text, caption, reply, template, place or reaction. */
function textOf(item: ThreadItem): string {
  const m = item.message as Record<string, Record<string, unknown> | undefined>;
  const own = m[item.type];
  const interactive = m.interactive as Record<string, Record<string, string> | undefined> | undefined;
  const said =
    (m.text?.body as string | undefined) ??
    (own?.caption as string | undefined) ??
    (m.button?.text as string | undefined) ??
    interactive?.button_reply?.title ??
    interactive?.list_reply?.title ??
    (interactive?.body as unknown as { text?: string } | undefined)?.text ??
    (item.type === 'template' ? `Template: ${String(m.template?.name)}` : undefined) ??
    placeOf(m.location) ??
    (own?.filename as string | undefined);
  return said ?? `[${item.type}]`;
}

/** A location's name, or its coordinates. */
function placeOf(location: { name?: string; latitude?: number; longitude?: number } | undefined): string | undefined {
  if (!location) return undefined;
  return location.name ?? `${location.latitude ?? '?'}, ${location.longitude ?? '?'}`;
}

/** "closes in 3 h 20 min", from now. */
function timeLeft(closesAt: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(closesAt) - Date.now()) / 60_000));
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

/** The message type a file is sent as (Meta's media types). */
function mediaTypeOf(file: File): 'image' | 'video' | 'audio' | 'document' {
  for (const type of ['image', 'video', 'audio'] as const) if (file.type.startsWith(`${type}/`)) return type;
  return 'document';
}

/**
 * The Inbox: the number's conversations on the left, the chosen customer's thread on the right, both
 * read again every second; opening a conversation with unread messages marks them read (at Meta
 * too). The composer offers free text and files while the customer's window is open, and approved
 * templates with their parameters and a live preview once it has closed.
 */
export function InboxPage({
  organizationId,
  phoneNumberId,
  waId,
  scopes,
  test,
}: {
  organizationId: string | null;
  phoneNumberId?: string;
  waId?: string;
  scopes: string[];
  /** The Test data switch is on: the thread offers to reply as the (simulated) customer. */
  test: boolean;
}) {
  const { numbers } = useNumbers(organizationId);
  const [picked, setPicked] = useState<string>();
  const number = phoneNumberId ?? picked ?? numbers?.[0]?.phone_number_id;
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [q, setQ] = useState('');
  const [conversations, setConversations] = useState<Conversation[]>();
  const [error, setError] = useState<string>();
  useLive(
    () =>
      number
        ? api
            .get<Page<Conversation>>(
              withQuery(`/v1/${encodeURIComponent(number)}/conversations`, {
                limit: '50',
                unread: unreadOnly ? 'true' : undefined,
                q: q.trim() || undefined,
              }),
            )
            .then((page) => setConversations(page.data))
        : Promise.resolve(),
    LIVE_MS,
    setError,
    [number, unreadOnly, q],
  );
  const selected = conversations?.find((c) => c.wa_id === waId);
  return (
    <section>
      <h1>Inbox</h1>
      {numbers && numbers.length === 0 && <p>No phone numbers yet.</p>}
      {error && <p role="alert">{error}</p>}
      <div class="inbox">
        <div class="inbox-list">
          <form class="filters" onSubmit={(e) => e.preventDefault()} aria-label="Conversation filters">
            <NumberPicker
              numbers={numbers}
              value={number}
              onChange={(id) => {
                setPicked(id);
                location.hash = href('inbox');
              }}
            />
            <TextField label="Search" value={q} onValue={setQ} on="change" />
            <label class="check">
              <input
                type="checkbox"
                checked={unreadOnly}
                onChange={(e) => setUnreadOnly((e.target as HTMLInputElement).checked)}
              />
              Unread only
            </label>
          </form>
          <ul class="conversations" aria-label="Conversations">
            {conversations?.map((c) => (
              <li key={c.wa_id} class={c.wa_id === waId ? 'current' : undefined}>
                <a href={href('inbox', number!, c.wa_id)} aria-current={c.wa_id === waId ? 'true' : undefined}>
                  <span class="who">{c.profile_name ?? c.wa_id}</span>
                  {c.unread_count > 0 && (
                    <span class="badge" aria-label={`${c.unread_count} unread`}>
                      {c.unread_count}
                    </span>
                  )}
                  {c.opted_out && <span class="tag">opted out</span>}
                  <span class="preview">
                    {c.last_message
                      ? `${c.last_message.direction === 'outbound' ? 'You: ' : ''}${c.last_message.preview || c.last_message.type}`
                      : ''}
                  </span>
                  <span class="when">{time(c.last_message?.timestamp)}</span>
                </a>
              </li>
            ))}
          </ul>
          {conversations && conversations.length === 0 && <p>No conversations match.</p>}
        </div>
        {number && waId ? (
          <Thread phoneNumberId={number} conversation={selected} waId={waId} scopes={scopes} test={test} />
        ) : (
          <p class="inbox-empty">Choose a conversation.</p>
        )}
      </div>
    </section>
  );
}

function Thread({
  phoneNumberId,
  waId,
  conversation,
  scopes,
  test,
}: {
  phoneNumberId: string;
  waId: string;
  conversation: Conversation | undefined;
  scopes: string[];
  test: boolean;
}) {
  const base = `/v1/${encodeURIComponent(phoneNumberId)}/conversations/${encodeURIComponent(waId)}`;
  const [latest, setLatest] = useState<ThreadPage>();
  const [older, setOlder] = useState<ThreadItem[]>([]);
  const [olderNext, setOlderNext] = useState<string>();
  const [error, setError] = useState<string>();
  const reload = () => api.get<ThreadPage>(`${base}/messages?limit=50`).then(setLatest);
  useLive(reload, LIVE_MS, setError, [base]);
  useEffect(() => {
    setOlder([]);
    setOlderNext(undefined);
  }, [base]);
  // Opening a conversation with unread messages reads them (Meta's blue ticks too).
  const marking = useRef(false);
  useEffect(() => {
    if (!conversation || conversation.unread_count === 0 || marking.current) return;
    if (!scopes.includes('conversations:write')) return;
    marking.current = true;
    api
      .post(`${base}/read`, {})
      .catch((e: Error) => setError(e.message))
      .finally(() => (marking.current = false));
  }, [base, conversation?.unread_count]);
  const items = useMemo(() => {
    const seen = new Set(latest?.data.map((m) => m.id));
    return [...(latest?.data ?? []), ...older.filter((m) => !seen.has(m.id))].reverse();
  }, [latest, older]);
  const next = olderNext ?? (older.length === 0 ? latest?.paging.next : undefined);
  const loadOlder = async () => {
    if (!next) return;
    const page = await api.get<ThreadPage>(next);
    setOlder((before) => [...before, ...page.data]);
    setOlderNext(page.paging.next);
  };
  const name = conversation?.profile_name ?? waId;
  return (
    <div class="inbox-thread">
      <h2>{name === waId ? waId : `${name} (${waId})`}</h2>
      {conversation && (
        <p class="window" role="status">
          {conversation.window.open && conversation.window.closes_at
            ? `Customer service window open: closes in ${timeLeft(conversation.window.closes_at)}.`
            : 'Customer service window closed: only approved templates can be sent.'}
          {conversation.opted_out && ' The customer opted out: marketing templates are refused.'}
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      {next && (
        <button type="button" onClick={() => void loadOlder().catch((e: Error) => setError(e.message))}>
          Older messages
        </button>
      )}
      <ol class="thread" aria-label={`Messages with ${name}`} tabIndex={0}>
        {items.map((m) => (
          <li key={m.id} class={`msg ${m.direction}`}>
            <span class="sr-only">{m.direction === 'inbound' ? `${name} wrote` : 'You sent'}: </span>
            {m.context && <span class="quote">Reply to an earlier message</span>}
            {m.media && m.type === 'image' ? (
              <img src={m.media.url} alt={(m.message.image as { caption?: string } | undefined)?.caption ?? 'Image'} />
            ) : (
              m.media && (
                <a href={m.media.url} download>
                  Download {m.type}
                </a>
              )
            )}
            <span class="text">{textOf(m)}</span>
            {m.reactions.length > 0 && (
              <span class="reactions" aria-label="Reactions">
                {m.reactions.map((r) => r.emoji).join(' ')}
              </span>
            )}
            <span class="meta">
              {time(m.timestamp)}
              {m.direction === 'outbound' && <span class={`status status-${m.status ?? ''}`}> {m.status}</span>}
            </span>
          </li>
        ))}
      </ol>
      {scopes.includes('messages:send') && conversation && (
        <Composer
          phoneNumberId={phoneNumberId}
          waId={waId}
          windowOpen={conversation.window.open}
          onSent={() => void reload().catch((e: Error) => setError(e.message))}
        />
      )}
      {test && scopes.includes('conversations:write') && (
        <CustomerReply
          phoneNumberId={phoneNumberId}
          waId={waId}
          onSent={() => void reload().catch((e: Error) => setError(e.message))}
        />
      )}
    </div>
  );
}

/**
 * Test mode: the simulated customer answers (their message comes in through the simulator's webhook,
 * as Meta's would, so the thread shows it within a moment).
 */
function CustomerReply({ phoneNumberId, waId, onSent }: { phoneNumberId: string; waId: string; onSent: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      await api.post(`/v1/test/${encodeURIComponent(phoneNumberId)}/inbound`, {
        from: waId,
        type: 'text',
        text: { body: text },
      });
      setText('');
      setError(undefined);
      onSent();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <form class="reply customer" onSubmit={(e) => void submit(e)} aria-label="Reply as the customer">
      {error && <p role="alert">{error}</p>}
      <label>
        Reply as the customer
        <input value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} required />
      </label>
      <button type="submit">Send as the customer</button>
    </form>
  );
}

function Composer({
  phoneNumberId,
  waId,
  windowOpen,
  onSent,
}: {
  phoneNumberId: string;
  waId: string;
  windowOpen: boolean;
  onSent: () => void;
}) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const path = `/v1/${encodeURIComponent(phoneNumberId)}/messages`;
  const send = async (body: Record<string, unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await api.post(path, { messaging_product: 'whatsapp', to: waId, ...body });
      onSent();
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  if (!windowOpen) return <TemplateComposer phoneNumberId={phoneNumberId} send={send} busy={busy} error={error} />;
  const sendText = async (event: Event) => {
    event.preventDefault();
    if (text.trim() && (await send({ type: 'text', text: { body: text } }))) setText('');
  };
  const sendFile = async (event: Event) => {
    event.preventDefault();
    if (!file) return;
    const type = mediaTypeOf(file);
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('type', file.type || 'application/octet-stream');
    form.append('file', file);
    try {
      const uploaded = await api.upload<{ id: string }>(`/v1/${encodeURIComponent(phoneNumberId)}/media`, form);
      const media = type === 'document' ? { id: uploaded.id, filename: file.name } : { id: uploaded.id };
      if (await send({ type, [type]: media })) setFile(undefined);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div class="reply">
      <form onSubmit={(e) => void sendText(e)} aria-label="Reply">
        <label for="reply-text">Message</label>
        <textarea
          id="reply-text"
          rows={3}
          value={text}
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
        />
        <button type="submit" disabled={busy}>
          Send
        </button>
      </form>
      <form onSubmit={(e) => void sendFile(e)} aria-label="Send a file">
        <label for="reply-file">File</label>
        <input id="reply-file" type="file" onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0])} />
        <button type="submit" disabled={busy || !file}>
          Send file
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

interface BusinessAccount {
  id: string;
  waba_id: string;
}

function TemplateComposer({
  phoneNumberId,
  send,
  busy,
  error,
}: {
  phoneNumberId: string;
  send: (body: Record<string, unknown>) => Promise<boolean>;
  busy: boolean;
  error?: string;
}) {
  const [templates, setTemplates] = useState<Template[]>();
  const [chosen, setChosen] = useState(0);
  const [values, setValues] = useState<Record<string, string>>({});
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    (async () => {
      const numbers =
        await api.get<Page<{ phone_number_id: string; business_account_id: string }>>('/v1/phone_numbers?limit=100');
      const accounts = await api.get<Page<BusinessAccount>>('/v1/business_accounts?limit=100');
      const accountId = numbers.data.find((n) => n.phone_number_id === phoneNumberId)?.business_account_id;
      const waba = accounts.data.find((a) => a.id === accountId)?.waba_id;
      if (!waba) return setTemplates([]);
      const page = await api.get<Page<Template>>(
        `/v1/${encodeURIComponent(waba)}/message_templates?status=APPROVED&limit=100`,
      );
      setTemplates(page.data);
    })().catch((e: Error) => setLoadError(e.message));
  }, [phoneNumberId]);
  const template = templates?.[chosen];
  const body = template?.components.find((c) => c.type === 'BODY')?.text ?? '';
  const header = template?.components.find((c) => c.type === 'HEADER' && c.format === 'TEXT')?.text;
  const footer = template?.components.find((c) => c.type === 'FOOTER')?.text;
  const buttons = template?.components.find((c) => c.type === 'BUTTONS')?.buttons?.map((b) => b.text ?? '') ?? [];
  const names = placeholdersOf(body);
  const positional = names.every((n) => /^\d+$/.test(n));
  const fill = (text: string) => text.replace(/\{\{([^{}]*)\}\}/g, (whole, n: string) => values[n]?.trim() || whole);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!template) return;
    const ordered = positional ? [...names].sort((x, y) => Number(x) - Number(y)) : names;
    const parameters = ordered.map((n) =>
      positional ? { type: 'text', text: values[n] ?? '' } : { type: 'text', parameter_name: n, text: values[n] ?? '' },
    );
    if (
      await send({
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          ...(parameters.length > 0 && { components: [{ type: 'body', parameters }] }),
        },
      })
    )
      setValues({});
  };
  if (loadError) return <p role="alert">{loadError}</p>;
  if (!templates) return <p role="status">Loading templates…</p>;
  if (templates.length === 0) return <p>No approved templates for this number yet.</p>;
  return (
    <form class="reply composer" onSubmit={(e) => void submit(e)} aria-label="Send a template">
      <div>
        <label>
          Template
          <select
            value={String(chosen)}
            onChange={(e) => {
              setChosen(Number((e.target as HTMLSelectElement).value));
              setValues({});
            }}
          >
            {templates.map((t, i) => (
              <option value={String(i)} key={`${t.name}:${t.language}`}>
                {t.name} ({t.language}, {t.category.toLowerCase()})
              </option>
            ))}
          </select>
        </label>
        {names.map((n) => (
          <TextField
            key={n}
            label={`Parameter {{${n}}}`}
            value={values[n] ?? ''}
            onValue={(value) => setValues({ ...values, [n]: value })}
            required
          />
        ))}
        <button type="submit" disabled={busy}>
          Send template
        </button>
        {error && <p role="alert">{error}</p>}
      </div>
      <Bubble
        header={header ? fill(header) : undefined}
        body={fill(body) || 'The message body'}
        footer={footer}
        buttons={buttons}
      />
    </form>
  );
}
