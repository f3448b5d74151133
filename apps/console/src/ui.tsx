import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, type Page } from './api';
import type { PhoneNumber } from './numbers';

// Small pieces the pages share.

/** A labelled choice among `values`, with "any" (the empty value) first: a list filter. */
export function AnyOf({
  label,
  value,
  values,
  onChange,
}: {
  label: string;
  value: string;
  values: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        <option value="">any</option>
        {values.map((v) => (
          <option key={v}>{v}</option>
        ))}
      </select>
    </label>
  );
}

/** Runs a write, reads the page again (`after`), then says what happened; or says why not. */
export function useAction(after: () => Promise<unknown>) {
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const act = async (work: () => Promise<string | undefined>) => {
    setError(undefined);
    setNotice(undefined);
    try {
      const done = await work();
      // Said once the page shows it: the list is read again first.
      await after();
      setNotice(done);
    } catch (e) {
      // The API's details name the field and say why (a Graph error's message alone is "Invalid parameter").
      const error = e as Error & { details?: string };
      setError(error.details ? `${error.message}: ${error.details}` : error.message);
    }
  };
  const messages = (
    <>
      {notice && <p role="status">{notice}</p>}
      {error && <p role="alert">{error}</p>}
    </>
  );
  return { act, messages, error, setError };
}

/** Phone numbers with what Meta says of their limits; `wabaOf` adds each one's business account. */
export function NumbersTable({
  numbers,
  wabaOf,
}: {
  numbers: PhoneNumber[];
  wabaOf?: (businessAccountId: string) => string;
}) {
  return (
    <div class="table" role="region" aria-label="Phone numbers" tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Id</th>
            {wabaOf && <th scope="col">WABA id</th>}
            <th scope="col">Quality</th>
            <th scope="col">Throughput</th>
            <th scope="col">Messaging limit</th>
          </tr>
        </thead>
        <tbody>
          {numbers.map((n) => (
            <tr key={n.phone_number_id}>
              <td>{n.display_phone_number}</td>
              <td>{n.phone_number_id}</td>
              {wabaOf && <td>{wabaOf(n.business_account_id)}</td>}
              <td>{n.quality_rating ?? 'not known yet'}</td>
              <td>
                {n.throughput_override_mps !== null
                  ? `${n.throughput_override_mps}/s (set by the operator)`
                  : (n.throughput_level ?? 'not known yet')}
              </td>
              <td>{n.messaging_limit_tier ?? 'not known yet'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A list read a page at a time from `path` (a `/v1` list with cursor paging): the rows so far,
 * whether more are left, and `reload` after a write. Read again whenever `path` changes; nothing
 * is read while it is undefined (what it depends on is still loading).
 */
export function usePaged<T>(path: string | undefined, onError: (message: string) => void) {
  const [rows, setRows] = useState<T[]>([]);
  const [next, setNext] = useState<string>();
  const read = async (from: string, append: boolean) => {
    const page = await api.get<Page<T>>(from);
    setRows((before) => (append ? [...before, ...page.data] : page.data));
    setNext(page.paging.next);
  };
  useEffect(() => {
    if (path) read(path, false).catch((e: Error) => onError(e.message));
  }, [path]);
  const more = next ? () => void read(next, true).catch((e: Error) => onError(e.message)) : undefined;
  return { rows, more, reload: () => (path ? read(path, false) : Promise.resolve()) };
}

/** A column: its heading and what a row shows in it. */
export type Column<T> = [heading: string, cell: (row: T) => ComponentChildren];

/**
 * Rows as a table in a scrollable, focusable region named `label` (narrow screens scroll it
 * sideways), with an optional actions column, what to say when there are none, and "More" when
 * `more` is given.
 */
export function RowsTable<T>({
  label,
  rows,
  rowKey,
  columns,
  actions,
  empty,
  more,
}: {
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: Array<Column<T>>;
  actions?: (row: T) => ComponentChildren;
  empty: string;
  more?: () => void;
}) {
  return (
    <>
      <div class="table" role="region" aria-label={label} tabIndex={0}>
        <table>
          <thead>
            <tr>
              {columns.map(([heading]) => (
                <th scope="col" key={heading}>
                  {heading}
                </th>
              ))}
              {actions && (
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map(([heading, cell]) => (
                  <td key={heading}>{cell(row)}</td>
                ))}
                {actions && <td class="buttons">{actions(row)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && <p>{empty}</p>}
      {more && (
        <button type="button" onClick={more}>
          More
        </button>
      )}
    </>
  );
}

/**
 * Reads with `read` now and every `everyMs` while the page is open (and again from the start when
 * `deps` change): how the console shows statuses, deliveries and progress live without a reload.
 */
export function useLive(
  read: () => Promise<unknown>,
  everyMs: number,
  onError: (message: string) => void,
  deps: unknown[],
): void {
  useEffect(() => {
    let stopped = false;
    const tick = () => void read().catch((e: Error) => !stopped && onError(e.message));
    tick();
    const timer = setInterval(tick, everyMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, deps);
}

/** The choice of one of the organization's numbers (a filter of the pages that work per number). */
export function NumberPicker({
  numbers,
  value,
  onChange,
}: {
  numbers: PhoneNumber[] | undefined;
  value: string | undefined;
  onChange: (phoneNumberId: string) => void;
}) {
  return (
    <label>
      Number
      <select value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        {numbers?.map((n) => (
          <option value={n.phone_number_id} key={n.phone_number_id}>
            {n.display_phone_number}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A labelled plain text input (URLs, times and secrets keep their own). `onValue` gets the text as typed (`on: 'input'`, forms) or once it is
 * committed (`on: 'change'`: a list's filters, which read the list again).
 */
export function TextField({
  label,
  value,
  onValue,
  on = 'input',
  required,
  inputMode,
  autocomplete,
}: {
  label: ComponentChildren;
  value: string;
  onValue: (value: string) => void;
  on?: 'input' | 'change';
  required?: boolean;
  inputMode?: 'tel' | 'numeric';
  autocomplete?: 'off';
}) {
  const handler = (e: Event) => onValue((e.target as HTMLInputElement).value);
  return (
    <label>
      {label}
      <input
        value={value}
        required={required}
        inputMode={inputMode}
        autocomplete={autocomplete}
        onInput={on === 'input' ? handler : undefined}
        onChange={on === 'change' ? handler : undefined}
      />
    </label>
  );
}

/**
 * A message as WhatsApp shows it: header, body, footer and quick-reply buttons in a bubble (the
 * Templates page's live preview, and the Inbox's template composer).
 */
export function Bubble({
  header,
  body,
  footer,
  buttons = [],
  label = 'Preview',
}: {
  header?: string;
  body: string;
  footer?: string;
  buttons?: string[];
  label?: string;
}) {
  return (
    <figure class="bubble-wrap" aria-label={label}>
      <div class="bubble" data-testid="preview">
        {header && <p class="bubble-header">{header}</p>}
        <p class="bubble-body">{body}</p>
        {footer && <p class="bubble-footer">{footer}</p>}
      </div>
      {buttons.map((text) => (
        <div class="bubble-button" key={text}>
          {text}
        </div>
      ))}
      <figcaption class="sr-only">How the message reads on WhatsApp</figcaption>
    </figure>
  );
}

/** A secret the gateway shows once (a webhook endpoint's, the automations' signing secret). */
export function SecretOnce({ secret }: { secret: string }) {
  return (
    <div class="once" role="status">
      <p>The signing secret, shown this once:</p>
      <code data-testid="secret">{secret}</code>
    </div>
  );
}

/** The range of a report: from and to, as UTC days. */
export function RangeForm({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const [draft, setDraft] = useState({ from, to });
  return (
    <form
      class="filters"
      aria-label="Range"
      onSubmit={(e) => {
        e.preventDefault();
        onChange(draft);
      }}
    >
      <label>
        From
        <input type="date" value={draft.from} onInput={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
      </label>
      <label>
        To
        <input type="date" value={draft.to} onInput={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
      </label>
      <button type="submit">Show</button>
    </form>
  );
}

/** Downloads the same report as CSV (the API's `Accept: text/csv`), named by its range. */
export async function exportCsv(path: string, name: string): Promise<void> {
  const res = await fetch(path, { credentials: 'same-origin', headers: { accept: 'text/csv' } });
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([await res.text()], { type: 'text/csv' }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
