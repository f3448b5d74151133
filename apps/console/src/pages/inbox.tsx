import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { placeholdersOf } from '../../../../src/templates/template-create-rules';
import { api, type Page, withQuery } from '../api';
import { time } from '../format';
import { type LiveEvent, useCoalesced, useLiveUpdates } from '../live';
import { useNumbers } from '../numbers';
import { href } from '../router';
import { Bubble, NumberPicker, TextField } from '../ui';

interface Conversation {
  wa_id: string;
  profile_name: string | null;
  last_message: { direction: string; type: string; preview: string; timestamp: string; id: string | null } | null;
  unread_count: number;
  window: { open: boolean; closes_at: string | null };
  opted_out: boolean;
  status: 'open' | 'pending' | 'snoozed' | 'resolved';
  snoozed_until: string | null;
  assignee_id: string | null;
  team_id: string | null;
}

interface Agent {
  user_id: string;
  email: string;
  availability: string;
}

interface Note {
  id: string;
  body: string;
  author: { user_id: string | null; key_id: string | null };
  created_at: string;
}

interface Mention {
  note_id: string;
  phone_number_id: string;
  wa_id: string;
  author_id: string | null;
  body: string;
  created_at: string;
}

interface SavedReply {
  name: string;
  private: boolean;
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

/** A burst of pushed updates reads the list (or the thread) once in this long. */
const COALESCE_MS = 150;

/** A member's name as the Inbox shows it: their email. */
const nameOf = (agents: Agent[] | undefined, userId: string | null) =>
  userId === null ? 'nobody' : (agents?.find((a) => a.user_id === userId)?.email ?? 'a former member');

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
 * The Inbox: the number's conversations on the left (the views Mine, Unassigned, Team and All, and
 * their status), the chosen customer's thread on the right with the team's private notes among the
 * messages, who has it and where it stands. Nothing is polled: the gateway pushes what changed
 * (live.ts) and the page reads again what it concerns. Opening a conversation with unread messages
 * marks them read (at Meta too). The composer offers free text, saved replies (`/name`) and files while
 * the customer's window is open, and approved templates once it has closed.
 */
export function InboxPage({
  organizationId,
  phoneNumberId,
  waId,
  scopes,
  test,
  person,
}: {
  organizationId: string | null;
  phoneNumberId?: string;
  waId?: string;
  scopes: string[];
  /** The Test data switch is on: the thread offers to reply as the (simulated) customer. */
  test: boolean;
  /** The signed-in person's email (null: a key's session). */
  person: string | null;
}) {
  const { numbers } = useNumbers(organizationId);
  const [picked, setPicked] = useState<string>();
  const number = phoneNumberId ?? picked ?? numbers?.[0]?.phone_number_id;
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [view, setView] = useState('all');
  const [status, setStatus] = useState('');
  const [q, setQ] = useState('');
  const [conversations, setConversations] = useState<Conversation[]>();
  const [agents, setAgents] = useState<Agent[]>();
  const [mentions, setMentions] = useState<Mention[]>();
  const [threadVersion, setThreadVersion] = useState(0);
  const [error, setError] = useState<string>();
  const me = agents?.find((a) => a.email === person)?.user_id ?? null;
  const readList = () =>
    number
      ? api
          .get<Page<Conversation>>(
            withQuery(`/v1/${encodeURIComponent(number)}/conversations`, {
              limit: '50',
              unread: unreadOnly ? 'true' : undefined,
              q: q.trim() || undefined,
              view: view === 'all' ? undefined : view,
              status: status || undefined,
            }),
          )
          .then((page) => setConversations(page.data))
          .catch((e: Error) => setError(e.message))
      : Promise.resolve();
  const readMentions = () =>
    me
      ? api
          .get<Page<Mention>>('/v1/inbox/mentions?unread=true&limit=20')
          .then((page) => setMentions(page.data))
          .catch((e: Error) => setError(e.message))
      : Promise.resolve();
  useEffect(() => void readList(), [number, unreadOnly, q, view, status]);
  useEffect(() => {
    api
      .get<{ data: Agent[] }>('/v1/inbox/agents')
      .then((list) => setAgents(list.data))
      .catch((e: Error) => setError(e.message));
  }, [organizationId]);
  useEffect(() => void readMentions(), [me]);
  const listSoon = useCoalesced(() => void readList(), COALESCE_MS);
  const threadSoon = useCoalesced(() => setThreadVersion((v) => v + 1), COALESCE_MS);
  useLiveUpdates(
    (event: LiveEvent) => {
      if (event.type === 'note' && me && event.mentions?.includes(me)) void readMentions();
      if (event.phone_number_id !== number) return;
      if (event.type !== 'note') listSoon();
      if (event.wa_id === waId) threadSoon();
    },
    () => {
      listSoon();
      threadSoon();
      void readMentions();
    },
    [organizationId],
  );
  const selected = conversations?.find((c) => c.wa_id === waId);
  return (
    <section>
      <h1>Inbox</h1>
      {numbers && numbers.length === 0 && <p>No phone numbers yet.</p>}
      {error && <p role="alert">{error}</p>}
      {mentions && mentions.length > 0 && (
        <details class="mentions">
          <summary>
            {mentions.length} unread {mentions.length === 1 ? 'mention' : 'mentions'}
          </summary>
          <ul aria-label="Unread mentions">
            {mentions.map((m) => (
              <li key={m.note_id}>
                <a href={href('inbox', m.phone_number_id, m.wa_id)}>
                  {nameOf(agents, m.author_id)} about {m.wa_id}: {m.body.slice(0, 80)}
                </a>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() =>
              void api
                .post('/v1/inbox/mentions/read', {})
                .then(() => setMentions([]))
                .catch((e: Error) => setError(e.message))
            }
          >
            Mark mentions read
          </button>
        </details>
      )}
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
            <label>
              View
              <select value={view} onChange={(e) => setView((e.target as HTMLSelectElement).value)}>
                <option value="all">All</option>
                <option value="mine">Mine</option>
                <option value="unassigned">Unassigned</option>
                <option value="team">My teams</option>
              </select>
            </label>
            <label>
              Status
              <select value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}>
                <option value="">Any</option>
                <option value="open">Open</option>
                <option value="pending">Pending</option>
                <option value="snoozed">Snoozed</option>
                <option value="resolved">Resolved</option>
              </select>
            </label>
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
                  <span class="owner">
                    {c.assignee_id ? `Assigned to ${nameOf(agents, c.assignee_id)}` : 'Unassigned'}
                    {c.status !== 'open' && ` · ${c.status}`}
                  </span>
                </a>
              </li>
            ))}
          </ul>
          {conversations && conversations.length === 0 && <p>No conversations match.</p>}
          <TeamFiguresPanel agents={agents} />
        </div>
        {number && waId ? (
          <Thread
            phoneNumberId={number}
            conversation={selected}
            waId={waId}
            scopes={scopes}
            test={test}
            agents={agents}
            me={me}
            version={threadVersion}
            onChanged={() => void readList()}
          />
        ) : (
          <p class="inbox-empty">Choose a conversation.</p>
        )}
      </div>
    </section>
  );
}

interface Figure {
  day: string;
  agent_id: string | null;
  handled: number;
  first_response: { answered: number; average_seconds: number | null };
  resolution: { average_seconds: number | null };
}

/** "4 min", "1 h 5 min", or a dash. */
function duration(seconds: number | null): string {
  if (seconds === null) return '–';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 0 ? `${seconds} s` : `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The team's last seven days per agent: conversations resolved, average first response and resolution. */
function TeamFiguresPanel({ agents }: { agents: Agent[] | undefined }) {
  const [figures, setFigures] = useState<Figure[]>();
  const [error, setError] = useState<string>();
  const read = () =>
    api
      .get<{ data: Figure[] }>('/v1/inbox/figures?by=agent')
      .then((page) => setFigures(page.data))
      .catch((e: Error) => setError(e.message));
  const perAgent = new Map<string | null, { handled: number; answered: number; first: number; resolution: number }>();
  for (const f of figures ?? []) {
    const sum = perAgent.get(f.agent_id) ?? { handled: 0, answered: 0, first: 0, resolution: 0 };
    sum.handled += f.handled;
    sum.answered += f.first_response.answered;
    sum.first += (f.first_response.average_seconds ?? 0) * f.first_response.answered;
    sum.resolution += (f.resolution.average_seconds ?? 0) * f.handled;
    perAgent.set(f.agent_id, sum);
  }
  return (
    <details class="figures" onToggle={(e) => (e.target as HTMLDetailsElement).open && void read()}>
      <summary>Team figures (last 7 days)</summary>
      {error && <p role="alert">{error}</p>}
      {figures && perAgent.size === 0 && <p>No conversation resolved in the last 7 days.</p>}
      {perAgent.size > 0 && (
        <table aria-label="Team figures">
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Resolved</th>
              <th scope="col">First response</th>
              <th scope="col">Resolution</th>
            </tr>
          </thead>
          <tbody>
            {[...perAgent].map(([agentId, sum]) => (
              <tr key={agentId ?? 'none'}>
                <th scope="row">{agentId ? nameOf(agents, agentId) : 'An API key'}</th>
                <td>{sum.handled}</td>
                <td>{duration(sum.answered ? Math.round(sum.first / sum.answered) : null)}</td>
                <td>{duration(sum.handled ? Math.round(sum.resolution / sum.handled) : null)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

type ThreadEntry = { kind: 'message'; at: string; item: ThreadItem } | { kind: 'note'; at: string; note: Note };

function Thread({
  phoneNumberId,
  waId,
  conversation,
  scopes,
  test,
  agents,
  me,
  version,
  onChanged,
}: {
  phoneNumberId: string;
  waId: string;
  conversation: Conversation | undefined;
  scopes: string[];
  test: boolean;
  agents: Agent[] | undefined;
  me: string | null;
  /** Bumped when a pushed update concerns this conversation: the thread is read again. */
  version: number;
  onChanged: () => void;
}) {
  const base = `/v1/${encodeURIComponent(phoneNumberId)}/conversations/${encodeURIComponent(waId)}`;
  const [latest, setLatest] = useState<ThreadPage>();
  const [notes, setNotes] = useState<Note[]>([]);
  const [older, setOlder] = useState<ThreadItem[]>([]);
  const [olderNext, setOlderNext] = useState<string>();
  const [error, setError] = useState<string>();
  const reload = () =>
    Promise.all([
      api.get<ThreadPage>(`${base}/messages?limit=50`).then(setLatest),
      api.get<{ data: Note[] }>(`${base}/notes?limit=50`).then((page) => setNotes(page.data)),
    ]).catch((e: Error) => setError(e.message));
  useEffect(() => void reload(), [base, version]);
  useEffect(() => {
    setOlder([]);
    setOlderNext(undefined);
  }, [base]);
  // The window closes with time, not with an update: the page reads again when it does.
  useEffect(() => {
    const closesAt = conversation?.window.closes_at;
    if (!closesAt || !conversation.window.open) return;
    const timer = setTimeout(onChanged, Math.max(0, Math.min(Date.parse(closesAt) - Date.now() + 1000, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [conversation?.window.closes_at]);
  // Opening a conversation with unread messages reads them (Meta's blue ticks too).
  const marking = useRef(false);
  useEffect(() => {
    if (!conversation || conversation.unread_count === 0 || marking.current) return;
    if (!scopes.includes('conversations:write')) return;
    marking.current = true;
    api
      .post(`${base}/read`, {})
      .then(onChanged)
      .catch((e: Error) => setError(e.message))
      .finally(() => (marking.current = false));
  }, [base, conversation?.unread_count]);
  const entries = useMemo(() => {
    const seen = new Set(latest?.data.map((m) => m.id));
    const messages = [...(latest?.data ?? []), ...older.filter((m) => !seen.has(m.id))];
    const oldest = messages.at(-1)?.timestamp;
    const all: ThreadEntry[] = [
      ...messages.map((item) => ({ kind: 'message' as const, at: item.timestamp, item })),
      // Notes from the time of the oldest message shown (older ones with "Older messages").
      ...notes
        .filter((n) => !oldest || n.created_at >= oldest || !(olderNext ?? latest?.paging.next))
        .map((note) => ({ kind: 'note' as const, at: note.created_at, note })),
    ];
    return all.sort((x, y) => Date.parse(x.at) - Date.parse(y.at));
  }, [latest, older, notes]);
  const next = olderNext ?? (older.length === 0 ? latest?.paging.next : undefined);
  const loadOlder = async () => {
    if (!next) return;
    const page = await api.get<ThreadPage>(next);
    setOlder((before) => [...before, ...page.data]);
    setOlderNext(page.paging.next);
  };
  const name = conversation?.profile_name ?? waId;
  const canWrite = scopes.includes('conversations:write');
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
      {conversation && (
        <Ownership
          base={base}
          conversation={conversation}
          agents={agents}
          me={me}
          canWrite={canWrite}
          onChanged={onChanged}
        />
      )}
      {error && <p role="alert">{error}</p>}
      {next && (
        <button type="button" onClick={() => void loadOlder().catch((e: Error) => setError(e.message))}>
          Older messages
        </button>
      )}
      <ol class="thread" aria-label={`Messages with ${name}`} tabIndex={0}>
        {entries.map((entry) =>
          entry.kind === 'note' ? (
            <li key={`note:${entry.note.id}`} class="msg note" aria-label="Private note">
              <span class="meta">
                Private note by {entry.note.author.user_id ? nameOf(agents, entry.note.author.user_id) : 'an API key'}
              </span>
              <span class="text">{entry.note.body}</span>
              <span class="meta">{time(entry.note.created_at)}</span>
            </li>
          ) : (
            <li key={entry.item.id} class={`msg ${entry.item.direction}`}>
              <MessageBody item={entry.item} name={name} />
            </li>
          ),
        )}
      </ol>
      {scopes.includes('messages:send') && conversation && (
        <Composer
          phoneNumberId={phoneNumberId}
          waId={waId}
          base={base}
          windowOpen={conversation.window.open}
          onSent={() => void reload()}
        />
      )}
      {canWrite && <NoteComposer base={base} agents={agents} onAdded={() => void reload()} />}
      {test && canWrite && <CustomerReply phoneNumberId={phoneNumberId} waId={waId} onSent={() => void reload()} />}
    </div>
  );
}

function MessageBody({ item: m, name }: { item: ThreadItem; name: string }) {
  return (
    <>
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
    </>
  );
}

/** Who has the conversation and where it stands: assign (or take it), resolve, pend, snooze, reopen. */
function Ownership({
  base,
  conversation,
  agents,
  me,
  canWrite,
  onChanged,
}: {
  base: string;
  conversation: Conversation;
  agents: Agent[] | undefined;
  me: string | null;
  canWrite: boolean;
  onChanged: () => void;
}) {
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string>();
  const post = (path: string, body: Record<string, unknown>) =>
    api
      .post(`${base}/${path}`, body)
      .then(() => {
        setError(undefined);
        onChanged();
      })
      .catch((e: Error) => setError(e.message));
  const state =
    conversation.status === 'snoozed' && conversation.snoozed_until
      ? `snoozed until ${time(conversation.snoozed_until)}`
      : conversation.status;
  return (
    <div class="ownership" role="group" aria-label="Assignment and status">
      <p role="status" aria-label="Owner">
        {conversation.assignee_id ? `Assigned to ${nameOf(agents, conversation.assignee_id)}` : 'Unassigned'} · {state}
      </p>
      {canWrite && (
        <div class="actions">
          <label>
            Assignee
            <select
              value={conversation.assignee_id ?? ''}
              onChange={(e) => {
                const value = (e.target as HTMLSelectElement).value;
                void post('assignments', { assignee_id: value || null });
              }}
            >
              <option value="">Nobody</option>
              {agents?.map((a) => (
                <option key={a.user_id} value={a.user_id}>
                  {a.email} ({a.availability})
                </option>
              ))}
            </select>
          </label>
          {me && conversation.assignee_id !== me && (
            <button type="button" onClick={() => void post('assignments', { assignee_id: me })}>
              Assign to me
            </button>
          )}
          {conversation.status !== 'resolved' && (
            <button type="button" onClick={() => void post('status', { status: 'resolved' })}>
              Resolve
            </button>
          )}
          {conversation.status !== 'open' && (
            <button type="button" onClick={() => void post('status', { status: 'open' })}>
              Reopen
            </button>
          )}
          {conversation.status !== 'pending' && (
            <button type="button" onClick={() => void post('status', { status: 'pending' })}>
              Mark pending
            </button>
          )}
          <form
            class="snooze"
            aria-label="Snooze"
            onSubmit={(e) => {
              e.preventDefault();
              if (until) void post('status', { status: 'snoozed', snoozed_until: new Date(until).toISOString() });
            }}
          >
            <label>
              Snooze until
              <input
                type="datetime-local"
                value={until}
                onInput={(e) => setUntil((e.target as HTMLInputElement).value)}
              />
            </label>
            <button type="submit" disabled={!until}>
              Snooze
            </button>
          </form>
        </div>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

/** A private note for the team, never sent to the customer; the members it mentions are told. */
function NoteComposer({ base, agents, onAdded }: { base: string; agents: Agent[] | undefined; onAdded: () => void }) {
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!body.trim()) return;
    try {
      await api.post(`${base}/notes`, { body, mentions });
      setBody('');
      setMentions([]);
      setError(undefined);
      onAdded();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <form class="reply note-form" onSubmit={(e) => void submit(e)} aria-label="Private note">
      <label for="note-text">Private note (only your team sees it)</label>
      <textarea
        id="note-text"
        rows={2}
        value={body}
        onInput={(e) => setBody((e.target as HTMLTextAreaElement).value)}
      />
      {agents && agents.length > 0 && (
        <fieldset class="mention-picker">
          <legend>Mention</legend>
          {agents.map((a) => (
            <label class="check" key={a.user_id}>
              <input
                type="checkbox"
                checked={mentions.includes(a.user_id)}
                onChange={(e) =>
                  setMentions(
                    (e.target as HTMLInputElement).checked
                      ? [...mentions, a.user_id]
                      : mentions.filter((id) => id !== a.user_id),
                  )
                }
              />
              {a.email}
            </label>
          ))}
        </fieldset>
      )}
      <button type="submit">Add note</button>
      {error && <p role="alert">{error}</p>}
    </form>
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
  base,
  windowOpen,
  onSent,
}: {
  phoneNumberId: string;
  waId: string;
  /** The conversation's path (its saved replies are filled there). */
  base: string;
  windowOpen: boolean;
  onSent: () => void;
}) {
  const [text, setText] = useState('');
  const [replies, setReplies] = useState<SavedReply[]>([]);
  useEffect(() => {
    api
      .get<{ data: SavedReply[] }>('/v1/inbox/saved_replies')
      .then((list) => setReplies(list.data))
      .catch(() => setReplies([]));
  }, []);
  // Typing `/` offers the saved replies whose name starts with what follows; choosing one fills it in.
  const typed = /^\/([a-z0-9_-]*)$/.exec(text)?.[1];
  const offered = typed === undefined ? [] : replies.filter((r) => r.name.startsWith(typed)).slice(0, 8);
  const useReply = async (name: string) => {
    try {
      const filled = await api.get<{ text: string }>(`${base}/saved_replies/${encodeURIComponent(name)}`);
      setText(filled.text);
    } catch (e) {
      setError((e as Error).message);
    }
  };
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
          aria-describedby="reply-hint"
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
        />
        <span id="reply-hint" class="hint">
          Type / for saved replies.
        </span>
        {offered.length > 0 && (
          <ul class="saved-replies" aria-label="Saved replies">
            {offered.map((r) => (
              <li key={`${r.name}:${r.private}`}>
                <button type="button" class="link" onClick={() => void useReply(r.name)}>
                  /{r.name}
                  {r.private ? ' (yours)' : ''}
                </button>
              </li>
            ))}
          </ul>
        )}
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
