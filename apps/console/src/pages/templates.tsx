import { useEffect, useMemo, useState } from 'preact/hooks';
import {
  placeholdersOf,
  TEMPLATE_CATEGORIES,
  TemplateRuleBroken,
  validateTemplateCreate,
} from '../../../../src/templates/template-create-rules';
import { TEMPLATE_LANGUAGES } from '../../../../src/templates/locales';
import { href } from '../router';
import { api, type Page, withQuery } from '../api';
import { AnyOf, Bubble, RowsTable, TextField } from '../ui';

interface Template {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  rejected_reason?: string;
}

interface BusinessAccount {
  id: string;
  waba_id: string;
  name: string;
}

const STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'];

interface Draft {
  name: string;
  language: string;
  category: string;
  header: string;
  body: string;
  footer: string;
  quickReplies: string;
  examples: Record<string, string>;
}

const EMPTY: Draft = {
  name: '',
  language: 'en_US',
  category: 'UTILITY',
  header: '',
  body: '',
  footer: '',
  quickReplies: '',
  examples: {},
};

/** `{{1}}`-style names are positional; any other name makes the template NAMED (Meta's two formats). */
const isPositional = (names: string[]) => names.every((name) => /^\d+$/.test(name));

/** The example of one text's placeholders, in the shape Meta's create call takes; undefined when one is missing. */
function exampleOf(
  names: string[],
  examples: Record<string, string>,
  prefix: 'header' | 'body',
): Record<string, unknown> | undefined {
  if (names.length === 0) return undefined;
  const values = names.map((name) => examples[`${prefix}:${name}`]?.trim() ?? '');
  if (values.some((value) => value === '')) return undefined;
  if (isPositional(names)) {
    const ordered = [...names].sort((x, y) => Number(x) - Number(y)).map((n) => examples[`${prefix}:${n}`].trim());
    return prefix === 'header' ? { header_text: ordered } : { body_text: [ordered] };
  }
  const named = names.map((name, i) => ({ param_name: name, example: values[i] }));
  return prefix === 'header' ? { header_text_named_params: named } : { body_text_named_params: named };
}

/** The create request the form describes, exactly as the API is sent it. */
function requestOf(draft: Draft): Record<string, unknown> {
  const headerNames = placeholdersOf(draft.header);
  const bodyNames = placeholdersOf(draft.body);
  const components: Array<Record<string, unknown>> = [];
  if (draft.header.trim()) {
    const example = exampleOf(headerNames, draft.examples, 'header');
    components.push({ type: 'HEADER', format: 'TEXT', text: draft.header, ...(example && { example }) });
  }
  const example = exampleOf(bodyNames, draft.examples, 'body');
  components.push({ type: 'BODY', text: draft.body, ...(example && { example }) });
  if (draft.footer.trim()) components.push({ type: 'FOOTER', text: draft.footer });
  const replies = draft.quickReplies
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean);
  if (replies.length > 0)
    components.push({ type: 'BUTTONS', buttons: replies.map((text) => ({ type: 'QUICK_REPLY', text })) });
  const names = [...headerNames, ...bodyNames];
  return {
    name: draft.name.trim(),
    language: draft.language,
    category: draft.category,
    ...(names.length > 0 && { parameter_format: isPositional(names) ? 'POSITIONAL' : 'NAMED' }),
    components,
  };
}

/** The first create rule the request breaks, in the API's own words (the API runs this very code). */
function brokenRule(request: Record<string, unknown>): string | undefined {
  try {
    validateTemplateCreate(request);
    return undefined;
  } catch (error) {
    if (error instanceof TemplateRuleBroken) return error.message;
    throw error;
  }
}

/** A text with its placeholders replaced by their examples where given. */
function filled(text: string, examples: Record<string, string>, prefix: string): string {
  return text.replace(/\{\{([^{}]*)\}\}/g, (whole, name: string) => examples[`${prefix}:${name}`]?.trim() || whole);
}

/** The template as a WhatsApp message bubble: header, body with examples, footer, buttons. */
function Preview({ draft }: { draft: Draft }) {
  return (
    <Bubble
      header={draft.header.trim() ? filled(draft.header, draft.examples, 'header') : undefined}
      body={filled(draft.body, draft.examples, 'body') || 'The message body'}
      footer={draft.footer.trim() || undefined}
      buttons={draft.quickReplies
        .split(',')
        .map((label) => label.trim())
        .filter(Boolean)}
    />
  );
}

/** The catalog of a business account, with filters; create with a live preview and the API's rules; delete. */
export function TemplatesPage({ organizationId }: { organizationId: string | null }) {
  const [accounts, setAccounts] = useState<BusinessAccount[]>();
  const [waba, setWaba] = useState<string>();
  const [filters, setFilters] = useState({ status: '', name: '' });
  const [templates, setTemplates] = useState<Template[]>([]);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const account = waba ?? accounts?.[0]?.waba_id;

  useEffect(() => {
    api.get<Page<BusinessAccount>>('/v1/business_accounts?limit=100').then(
      (page) => setAccounts(page.data),
      (e: Error) => setError(e.message),
    );
  }, [organizationId]);

  const load = () =>
    account
      ? api
          .get<Page<Template>>(
            withQuery(`/v1/${encodeURIComponent(account)}/message_templates`, {
              limit: '100',
              fields: 'id,name,language,status,category,rejected_reason',
              status: filters.status || undefined,
              name: filters.name.trim() || undefined,
            }),
          )
          .then((page) => setTemplates(page.data))
      : Promise.resolve();
  useEffect(() => {
    load().catch((e: Error) => setError(e.message));
  }, [account, filters]);

  const request = useMemo(() => requestOf(draft), [draft]);
  const broken = brokenRule(request);
  const names = { header: placeholdersOf(draft.header), body: placeholdersOf(draft.body) };

  const create = async (event: Event) => {
    event.preventDefault();
    if (!account || broken) return;
    setError(undefined);
    try {
      const created = await api.post<{ id: string; status: string }>(
        `/v1/${encodeURIComponent(account)}/message_templates`,
        request,
      );
      setNotice(`Template ${draft.name} created: ${created.status}.`);
      setDraft(EMPTY);
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const remove = async (template: Template) => {
    if (!account) return;
    setError(undefined);
    try {
      await api.delete(
        withQuery(`/v1/${encodeURIComponent(account)}/message_templates`, { name: template.name, hsm_id: template.id }),
      );
      setNotice(`Template ${template.name} (${template.language}) deleted.`);
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const set = (name: keyof Draft) => (e: Event) => setDraft({ ...draft, [name]: (e.target as HTMLInputElement).value });
  const setExample = (key: string) => (e: Event) =>
    setDraft({ ...draft, examples: { ...draft.examples, [key]: (e.target as HTMLInputElement).value } });

  return (
    <section>
      <h1>Templates</h1>
      {notice && <p role="status">{notice}</p>}
      {error && <p role="alert">{error}</p>}
      <form class="filters" aria-label="Template filters" onSubmit={(e) => e.preventDefault()}>
        {accounts && accounts.length > 1 && (
          <label>
            Business account
            <select value={account} onChange={(e) => setWaba((e.target as HTMLSelectElement).value)}>
              {accounts.map((a) => (
                <option value={a.waba_id} key={a.waba_id}>
                  {a.name || a.waba_id}
                </option>
              ))}
            </select>
          </label>
        )}
        <AnyOf
          label="Status"
          value={filters.status}
          values={STATUSES}
          onChange={(status) => setFilters({ ...filters, status })}
        />
        <TextField
          label="Name"
          value={filters.name}
          onValue={(value) => setFilters({ ...filters, name: value })}
          on="change"
        />
      </form>
      <RowsTable
        label="Templates"
        rows={templates}
        rowKey={(t) => t.id}
        columns={[
          ['Name', (t) => t.name],
          ['Language', (t) => t.language],
          ['Category', (t) => t.category],
          [
            'Insights',
            (t) => (
              <a
                href={href('insights', 'template', t.name, t.language)}
                aria-label={`Funnel of ${t.name} (${t.language})`}
              >
                Funnel
              </a>
            ),
          ],
          [
            'Status',
            (t) => (
              <>
                <span class={`status status-${t.status.toLowerCase()}`}>{t.status}</span>
                {t.rejected_reason && t.rejected_reason !== 'NONE' && ` (${t.rejected_reason})`}
              </>
            ),
          ],
        ]}
        actions={(t) => (
          <button type="button" aria-label={`Delete ${t.name} (${t.language})`} onClick={() => void remove(t)}>
            Delete
          </button>
        )}
        empty="No templates match."
      />

      <h2>New template</h2>
      <div class="composer">
        <form class="stacked" onSubmit={(e) => void create(e)} aria-label="New template">
          <label>
            Name
            <input value={draft.name} onInput={set('name')} required />
          </label>
          <label>
            Language
            <select value={draft.language} onChange={set('language')}>
              {TEMPLATE_LANGUAGES.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>
          </label>
          <label>
            Category
            <select value={draft.category} onChange={set('category')}>
              {TEMPLATE_CATEGORIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <label>
            Header (optional)
            <input value={draft.header} onInput={set('header')} />
          </label>
          {names.header.map((name) => (
            <label key={`header:${name}`}>
              Header example for {`{{${name}}}`}
              <input value={draft.examples[`header:${name}`] ?? ''} onInput={setExample(`header:${name}`)} />
            </label>
          ))}
          <label>
            Body
            <textarea value={draft.body} onInput={set('body')} rows={4} />
          </label>
          {names.body.map((name) => (
            <label key={`body:${name}`}>
              Example for {`{{${name}}}`}
              <input value={draft.examples[`body:${name}`] ?? ''} onInput={setExample(`body:${name}`)} />
            </label>
          ))}
          <label>
            Footer (optional)
            <input value={draft.footer} onInput={set('footer')} />
          </label>
          <label>
            Quick replies (comma separated, optional)
            <input value={draft.quickReplies} onInput={set('quickReplies')} />
          </label>
          <p class="rule" role="status" aria-live="polite" data-testid="rule">
            {broken ? `Not yet valid: ${broken}` : 'Meets the create rules.'}
          </p>
          <button type="submit" disabled={!!broken || !account}>
            Create template
          </button>
        </form>
        <Preview draft={draft} />
      </div>
    </section>
  );
}
