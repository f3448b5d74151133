import { useState } from 'preact/hooks';
import { withQuery } from '../api';
import { time } from '../format';
import { RowsTable, usePaged } from '../ui';

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
  const [error, setError] = useState<string>();
  const list = usePaged<AuditEntry>(
    withQuery('/v1/audit_log', { limit: '25', action: action.trim() || undefined }),
    setError,
  );
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
      <RowsTable
        label="Audit log entries"
        rows={list.rows}
        rowKey={(e) => e.id}
        columns={[
          ['When', (e) => time(e.created_at)],
          ['Action', (e) => e.action],
          ['Key', (e) => `${e.actor.key_prefix}…`],
          ['From', (e) => e.actor.ip ?? '—'],
          ['Target', (e) => e.target_id ?? '—'],
          ['What', (e) => <code>{e.changes ? JSON.stringify(e.changes) : `${e.method} ${e.path}`}</code>],
        ]}
        empty="No entries."
        more={list.more}
      />
    </section>
  );
}
