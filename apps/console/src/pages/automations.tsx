import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { time } from '../format';
import { useNumbers } from '../numbers';
import { NumberPicker, RowsTable, SecretOnce, TextField, useAction, usePaged } from '../ui';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

interface Span {
  open: string;
  close: string;
}
interface Hours {
  time_zone: string | null;
  weekly: Partial<Record<(typeof WEEKDAYS)[number], Span[]>>;
  holidays: string[];
}
interface Reply {
  enabled: boolean;
  text?: string;
  template?: { name: string };
  once_every_hours?: number;
}
interface Rule {
  id: string;
  name: string;
  position: number;
  enabled: boolean;
  trigger: string;
  conditions: Array<Record<string, unknown>>;
  actions: Array<Record<string, unknown>>;
}
interface Step {
  automation: string;
  rule_id?: string;
  rule_name?: string;
  matched: boolean;
  reason: string;
  actions: Array<{ type: string; outcome: string }>;
}
interface Run {
  id: string;
  event: string;
  wa_id: string | null;
  state: string;
  steps: Step[];
  created_at: string;
}
interface DryRun {
  inside_business_hours: boolean;
  rules: Array<{ rule_id: string; rule_name: string; matched: boolean; reason: string; actions: unknown[] }>;
}

const list = (text: string) =>
  text
    .split(/[,;\n]+/)
    .map((item) => item.trim())
    .filter(Boolean);
/** A run's steps in words: each automation, matched or not and why, its actions and their outcomes. */
const whatRan = (steps: Step[]) =>
  steps
    .map(
      (s) =>
        `${s.rule_name ?? s.automation}: ${s.matched ? 'matched' : 'no'} (${s.reason})` +
        (s.actions.length ? ` → ${s.actions.map((a) => `${a.type} ${a.outcome}`).join(', ')}` : ''),
    )
    .join('; ');
const spansText = (spans: Span[] | undefined) => (spans ?? []).map((s) => `${s.open}-${s.close}`).join(', ');
/** A scalar as text (a rule's values are texts, numbers and booleans). */
const scalar = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
const describeCondition = (c: Record<string, unknown>) =>
  Array.isArray(c.values)
    ? `${scalar(c.field)} ${scalar(c.operator)} ${c.values.map(scalar).join(', ')}`
    : `${scalar(c.field)} ${scalar(c.operator)} ${scalar(c.value)}`;
const describeAction = (a: Record<string, unknown>) =>
  a.type === 'reply'
    ? `reply "${scalar(a.text) || scalar((a.template as { name?: string } | undefined)?.name) || 'interactive'}"`
    : [a.type, a.tag, a.status, a.body, a.team_id, a.assignee_id, a.url].map(scalar).filter(Boolean).join(' ');

/**
 * Automations: a number's business hours with its away and welcome messages, the organization's rules
 * (when a message comes in, if its conditions hold, then its actions), a dry run, and the run log.
 */
export function AutomationsPage({ organizationId, canWrite }: { organizationId: string | null; canWrite: boolean }) {
  const { numbers, error: numbersError } = useNumbers(organizationId);
  const [phone, setPhone] = useState<string>();
  useEffect(() => {
    if (!phone && numbers?.length) setPhone(numbers[0].phone_number_id);
  }, [numbers]);
  const [rules, setRules] = useState<Rule[]>([]);
  const [shown, setShown] = useState<Rule>();
  const readRules = async () => setRules((await api.get<{ data: Rule[] }>('/v1/automations/rules')).data);
  const runs = usePaged<Run>(phone && `/v1/${phone}/automation_runs?limit=25`, (m) => setError(m));
  const { act, messages, setError } = useAction(async () => {
    await readRules();
    await runs.reload();
  });
  useEffect(() => void readRules().catch((e: Error) => setError(e.message)), []);
  return (
    <section>
      <h1>Automations</h1>
      {numbersError && <p role="alert">{numbersError}</p>}
      {messages}
      <NumberPicker numbers={numbers} value={phone} onChange={setPhone} />
      {phone && <NumberAutomations phone={phone} canWrite={canWrite} act={act} />}
      <h2>Rules</h2>
      <p>
        Judged in order on each event they are for (a message, an opt-out, a failed delivery, a resolution, a
        template&rsquo;s review); a rule that matches does its actions, and stops the rules after it when it says so.
      </p>
      <RowsTable
        label="Rules"
        rows={rules}
        rowKey={(rule) => rule.id}
        empty="No rules yet."
        columns={[
          ['#', (rule) => rule.position + 1],
          ['Name', (rule) => rule.name],
          ['When', (rule) => rule.trigger.replace('_', ' ')],
          ['If', (rule) => rule.conditions.map(describeCondition).join('; ') || 'always'],
          ['Then', (rule) => rule.actions.map(describeAction).join('; ')],
          ['State', (rule) => (rule.enabled ? 'enabled' : 'disabled')],
        ]}
        actions={
          canWrite
            ? (rule) => (
                <>
                  <button
                    type="button"
                    aria-label={`${rule.enabled ? 'Disable' : 'Enable'} ${rule.name}`}
                    onClick={() =>
                      void act(async () => {
                        await api.patch(`/v1/automations/rules/${rule.id}`, { enabled: !rule.enabled });
                        return `${rule.name} ${rule.enabled ? 'disabled' : 'enabled'}.`;
                      })
                    }
                  >
                    {rule.enabled ? 'Disable' : 'Enable'}
                  </button>
                  {rule.position > 0 && (
                    <button
                      type="button"
                      aria-label={`Move up ${rule.name}`}
                      onClick={() =>
                        void act(async () => {
                          await api.patch(`/v1/automations/rules/${rule.id}`, { position: rule.position - 1 });
                          return `${rule.name} moved up.`;
                        })
                      }
                    >
                      Move up
                    </button>
                  )}
                  <button type="button" aria-label={`Runs of ${rule.name}`} onClick={() => setShown(rule)}>
                    Runs
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete ${rule.name}`}
                    onClick={() =>
                      void act(async () => {
                        await api.delete(`/v1/automations/rules/${rule.id}`);
                        return `${rule.name} deleted.`;
                      })
                    }
                  >
                    Delete
                  </button>
                </>
              )
            : undefined
        }
      />
      {shown && <RuleRuns rule={shown} onError={setError} />}
      {canWrite && <NewRule phone={phone} act={act} />}
      {canWrite && <SigningSecret act={act} />}
      {phone && <TryRules phone={phone} />}
      <h2>Run log</h2>
      <RowsTable
        label="Run log"
        rows={runs.rows}
        rowKey={(run) => run.id}
        empty="Nothing has run for this number yet."
        more={runs.more}
        columns={[
          ['When', (run) => time(run.created_at)],
          ['Customer', (run) => run.wa_id],
          ['What ran', (run) => whatRan(run.steps)],
          ['State', (run) => run.state],
        ]}
      />
    </section>
  );
}

/** One rule's run log: every event it was judged on (any number, or none: a template's review). */
function RuleRuns({ rule, onError }: { rule: Rule; onError: (message: string) => void }) {
  const runs = usePaged<Run>(`/v1/automations/rules/${rule.id}/runs?limit=25`, onError);
  return (
    <>
      <h3>Runs of {rule.name}</h3>
      <RowsTable
        label={`Runs of ${rule.name}`}
        rows={runs.rows}
        rowKey={(run) => run.id}
        empty="This rule has not run yet."
        more={runs.more}
        columns={[
          ['When', (run) => time(run.created_at)],
          ['Event', (run) => run.event.replace('_', ' ')],
          ['Customer', (run) => run.wa_id ?? '—'],
          ['What it did', (run) => whatRan(run.steps.filter((s) => s.rule_id === rule.id))],
          ['State', (run) => run.state],
        ]}
      />
    </>
  );
}

type Act = (work: () => Promise<string | undefined>) => Promise<void>;

/** The number's business hours, away message and welcome message. */
function NumberAutomations({ phone, canWrite, act }: { phone: string; canWrite: boolean; act: Act }) {
  const [zone, setZone] = useState('');
  const [days, setDays] = useState<Record<string, string>>({});
  const [holidays, setHolidays] = useState('');
  const [away, setAway] = useState<Reply>({ enabled: false, text: '', once_every_hours: 24 });
  const [welcome, setWelcome] = useState<Reply>({ enabled: false, text: '' });
  // The forms show once the number's settings are read: nothing typed before is overwritten.
  const [loaded, setLoaded] = useState<string>();
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    setLoadError(undefined);
    void (async () => {
      const hours = await api.get<Hours>(`/v1/${phone}/business_hours`);
      setZone(hours.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
      setDays(Object.fromEntries(WEEKDAYS.map((d) => [d, spansText(hours.weekly[d])])));
      setHolidays(hours.holidays.join(', '));
      const replies = await api.get<{ away: Reply | null; welcome: Reply | null }>(`/v1/${phone}/automatic_replies`);
      setAway(replies.away ?? { enabled: false, text: '', once_every_hours: 24 });
      setWelcome(replies.welcome ?? { enabled: false, text: '' });
      setLoaded(phone);
    })().catch((e: Error) => setLoadError(e.message));
  }, [phone]);
  const saveHours = () =>
    act(async () => {
      const weekly = Object.fromEntries(
        WEEKDAYS.map((d) => [
          d,
          list(days[d] ?? '').map((span) => {
            const [open, close] = span.split('-').map((t) => t.trim());
            return { open, close };
          }),
        ]),
      );
      await api.put(`/v1/${phone}/business_hours`, { time_zone: zone, weekly, holidays: list(holidays) });
      return 'Business hours saved.';
    });
  const replyBody = (reply: Reply, withPeriod: boolean) =>
    reply.text || reply.template
      ? {
          enabled: reply.enabled,
          ...(reply.template ? { template: reply.template } : { text: reply.text }),
          ...(withPeriod && { once_every_hours: reply.once_every_hours ?? 24 }),
        }
      : null;
  const saveReplies = () =>
    act(async () => {
      await api.put(`/v1/${phone}/automatic_replies`, {
        away: replyBody(away, true),
        welcome: replyBody(welcome, false),
      });
      return 'Automatic replies saved.';
    });
  if (loadError) return <p role="alert">{loadError}</p>;
  if (loaded !== phone) return <p>Reading the number’s business hours…</p>;
  return (
    <>
      <h2>Business hours</h2>
      <form
        aria-label="Business hours"
        onSubmit={(e) => {
          e.preventDefault();
          void saveHours();
        }}
      >
        <TextField label="Time zone" value={zone} onValue={setZone} />
        {WEEKDAYS.map((d) => (
          <TextField
            key={d}
            label={`${d[0].toUpperCase()}${d.slice(1)} (e.g. 09:00-13:00, 15:00-19:00; empty: closed)`}
            value={days[d] ?? ''}
            onValue={(v) => setDays({ ...days, [d]: v })}
          />
        ))}
        <TextField label="Holidays (dates, comma separated)" value={holidays} onValue={setHolidays} />
        {canWrite && <button type="submit">Save business hours</button>}
      </form>
      <h2>Automatic replies</h2>
      <form
        aria-label="Automatic replies"
        onSubmit={(e) => {
          e.preventDefault();
          void saveReplies();
        }}
      >
        <ReplyFields legend="Away message (outside business hours)" name="away message" reply={away} onChange={setAway}>
          <TextField
            label="At most once per customer every (hours)"
            inputMode="numeric"
            value={String(away.once_every_hours ?? 24)}
            onValue={(v) => setAway({ ...away, once_every_hours: Number(v) })}
          />
        </ReplyFields>
        <ReplyFields
          legend="Welcome message (a customer’s first message)"
          name="welcome message"
          reply={welcome}
          onChange={setWelcome}
        />
        {canWrite && <button type="submit">Save automatic replies</button>}
      </form>
    </>
  );
}

/** An automatic reply's fields: whether it is sent, and its text (and `children`: what else it takes). */
function ReplyFields({
  legend,
  name,
  reply,
  onChange,
  children,
}: {
  legend: string;
  name: string;
  reply: Reply;
  onChange: (reply: Reply) => void;
  children?: ComponentChildren;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <label>
        <input
          type="checkbox"
          checked={reply.enabled}
          onChange={(e) => onChange({ ...reply, enabled: (e.target as HTMLInputElement).checked })}
        />
        Send the {name}
      </label>
      <label>
        {name[0].toUpperCase() + name.slice(1)}
        <textarea
          rows={2}
          value={reply.text ?? ''}
          onInput={(e) => onChange({ ...reply, text: (e.target as HTMLTextAreaElement).value })}
        />
      </label>
      {children}
    </fieldset>
  );
}

/** When a rule is judged, in the form's words. */
const TRIGGERS: Array<[string, string]> = [
  ['message_received', 'a message comes in'],
  ['conversation_opened', 'a conversation opens (first or reopened)'],
  ['opted_out', 'a customer opts out'],
  ['message_failed', 'a message to a customer fails'],
  ['conversation_resolved', 'a conversation is resolved'],
  ['template_status', 'Meta reviews a template'],
];

/**
 * A rule in a few fields: when (any trigger), if the message has these keywords (or matches), or, for a
 * template's review, if it has this status; then reply, tag, call a URL, stop.
 */
function NewRule({ phone, act }: { phone: string | undefined; act: Act }) {
  const empty = {
    name: '',
    trigger: 'message_received',
    keywords: '',
    pattern: '',
    templateStatus: '',
    reply: '',
    tag: '',
    url: '',
    stop: true,
    onlyHere: false,
  };
  const [draft, setDraft] = useState(empty);
  const set = (change: Partial<typeof empty>) => setDraft({ ...draft, ...change });
  const review = draft.trigger === 'template_status';
  const create = () =>
    act(async () => {
      const conditions: Array<Record<string, unknown>> = [];
      const actions: Array<Record<string, unknown>> = [];
      if (review) {
        if (draft.templateStatus)
          conditions.push({ field: 'template_status', operator: 'in', values: [draft.templateStatus] });
      } else {
        if (draft.onlyHere && phone) conditions.push({ field: 'phone_number_id', operator: 'in', values: [phone] });
        if (draft.keywords.trim())
          conditions.push({ field: 'text', operator: 'contains_any', values: list(draft.keywords) });
        if (draft.pattern.trim()) conditions.push({ field: 'text', operator: 'matches', value: draft.pattern });
        if (draft.reply.trim()) actions.push({ type: 'reply', text: draft.reply });
        if (draft.tag.trim()) actions.push({ type: 'add_tag', tag: draft.tag });
      }
      if (draft.url.trim()) actions.push({ type: 'call_url', url: draft.url.trim() });
      if (draft.stop) actions.push({ type: 'stop' });
      await api.post('/v1/automations/rules', { name: draft.name, trigger: draft.trigger, conditions, actions });
      setDraft(empty);
      return `Rule ${draft.name} made.`;
    });
  return (
    <form
      aria-label="New rule"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <h3>New rule</h3>
      <TextField label="Name" value={draft.name} onValue={(name) => set({ name })} required />
      <label>
        When
        <select value={draft.trigger} onChange={(e) => set({ trigger: (e.target as HTMLSelectElement).value })}>
          {TRIGGERS.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      </label>
      {review ? (
        <label>
          If the review is
          <select
            value={draft.templateStatus}
            onChange={(e) => set({ templateStatus: (e.target as HTMLSelectElement).value })}
          >
            <option value="">any status</option>
            {['APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'].map((status) => (
              <option key={status} value={status}>
                {status.toLowerCase()}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <>
          <TextField
            label="If the message has any of these words (comma separated)"
            value={draft.keywords}
            onValue={(keywords) => set({ keywords })}
          />
          <TextField
            label="If it matches this regular expression (RE2)"
            value={draft.pattern}
            onValue={(pattern) => set({ pattern })}
          />
          <label>
            <input
              type="checkbox"
              checked={draft.onlyHere}
              onChange={(e) => set({ onlyHere: (e.target as HTMLInputElement).checked })}
            />
            Only on the number chosen above
          </label>
          <label>
            Then reply
            <textarea
              rows={2}
              value={draft.reply}
              onInput={(e) => set({ reply: (e.target as HTMLTextAreaElement).value })}
            />
          </label>
          <TextField label="And tag the contact" value={draft.tag} onValue={(tag) => set({ tag })} />
        </>
      )}
      <TextField
        label="And call this URL (signed with the signing secret below)"
        value={draft.url}
        onValue={(url) => set({ url })}
      />
      <label>
        <input
          type="checkbox"
          checked={draft.stop}
          onChange={(e) => set({ stop: (e.target as HTMLInputElement).checked })}
        />
        Stop the rules after this one
      </label>
      <button type="submit">Make the rule</button>
    </form>
  );
}

/** The secret that signs the rules' calls: its hint, and a new one shown once. */
function SigningSecret({ act }: { act: Act }) {
  const [hint, setHint] = useState<string | null>();
  const [secret, setSecret] = useState<string>();
  const read = async () =>
    setHint((await api.get<{ signing_secret_hint: string | null }>('/v1/automations/settings')).signing_secret_hint);
  useEffect(() => void read().catch(() => setHint(undefined)), []);
  return (
    <section aria-label="Signing secret">
      <h3>Signing secret</h3>
      <p>
        A rule that calls a URL signs each call like the webhooks: <code>X-Hub-Signature-256</code> and the Standard
        Webhooks headers.{' '}
        {hint === null ? 'No secret yet: make one before a rule calls a URL.' : hint ? `Current: ${hint}.` : ''}
      </p>
      <button
        type="button"
        onClick={() =>
          void act(async () => {
            const made = await api.post<{ signing_secret: string }>('/v1/automations/signing_secret', {});
            setSecret(made.signing_secret);
            await read();
            return 'A new signing secret was made: the last one no longer signs.';
          })
        }
      >
        Make a new signing secret
      </button>
      {secret && <SecretOnce secret={secret} />}
    </section>
  );
}

/** The dry run: which rules would act on a message, without sending anything. */
function TryRules({ phone }: { phone: string }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<DryRun>();
  const [error, setError] = useState<string>();
  return (
    <form
      aria-label="Try the rules"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        api
          .post<DryRun>('/v1/automations/dry_run', { phone_number_id: phone, text })
          .then(setResult)
          .catch((err: Error) => setError(err.message));
      }}
    >
      <h2>Try the rules</h2>
      <TextField label="A customer writes" value={text} onValue={setText} />
      <button type="submit">Try</button>
      {error && <p role="alert">{error}</p>}
      {result && (
        <ul aria-label="Dry run">
          {result.rules.length === 0 && <li>No rule is judged on such a message.</li>}
          {result.rules.map((r) => (
            <li key={r.rule_id}>
              {r.rule_name}:{' '}
              {r.matched
                ? `matched; would ${r.actions.map((a) => describeAction(a as Record<string, unknown>)).join(', ')}`
                : `no (${r.reason})`}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
