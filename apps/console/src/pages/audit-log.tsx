import { useEffect, useState } from 'preact/hooks';
import { api, type Page, withQuery } from '../api';
import { time } from '../format';

interface AuditEntry {
  id: string;
  organization_id: string | null;
  action: string;
  actor: { key_id: string; key_prefix: string; key_kind: string; ip: string | null };
  method: string;
  path: string;
  target_id: string | null;
  changes: Record<string, unknown> | null;
  created_at: string;
}

/** Management writes, newest first: who, from where, when, and what they asked to change. */
export function AuditLogPage() {
  const [action, setAction] = useState('');
  const [rows, setRows] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<string>();
  const [error, setError] = useState<string>();
  const load = async (path: string, append: boolean) => {
    try {
      const page = await api.get<Page<AuditEntry>>(path);
      setRows((before) => (append ? [...before, ...page.data] : page.data));
      setNext(page.paging.next);
      setError(undefined);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load(withQuery('/v1/audit_log', { limit: '25', action: action.trim() || undefined }), false);
  }, [action]);
  return (
    <section>
      <h1>Audit log</h1>
      <form class="filters" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
        <label>
          Action
          <input
            value={action}
            onChange={(e) => setAction((e.target as HTMLInputElement).value)}
            placeholder="keys.create"
          />
        </label>
      </form>
      {error && <p role="alert">{error}</p>}
      <div class="table" role="region" aria-label="Audit log entries" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Action</th>
              <th scope="col">Key</th>
              <th scope="col">From</th>
              <th scope="col">Target</th>
              <th scope="col">What</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e.id}>
                <td>{time(e.created_at)}</td>
                <td>{e.action}</td>
                <td>{e.actor.key_prefix}…</td>
                <td>{e.actor.ip ?? '—'}</td>
                <td>{e.target_id ?? '—'}</td>
                <td>
                  <code>{e.changes ? JSON.stringify(e.changes) : `${e.method} ${e.path}`}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && !error && <p>No entries.</p>}
      {next && (
        <button type="button" onClick={() => void load(next, true)}>
          More
        </button>
      )}
    </section>
  );
}
