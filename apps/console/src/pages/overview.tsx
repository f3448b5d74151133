import { useEffect, useState } from 'preact/hooks';
import { api, type Page, type Session } from '../api';
import { useNumbers } from '../numbers';
import { href } from '../router';
import { NumbersTable, RowsTable } from '../ui';

interface Statistics {
  since: string;
  by_status: Record<string, number>;
  top_errors: Array<{ code: number; title: string; count: number }>;
}

interface Endpoint {
  id: string;
  url: string;
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  consecutive_failures: number;
}

const STATUS_ORDER = ['pending', 'accepted', 'sent', 'delivered', 'read', 'failed'];

/**
 * The organization at a glance: its numbers with what Meta says of their limits, the last 24 hours'
 * messages by status with the top error codes, and the webhook endpoints that are failing.
 */
export function OverviewPage({ session }: { session: Session }) {
  const { numbers, error } = useNumbers(session.organization_id);
  const can = (scope: string) => session.key.scopes.includes(scope);
  return (
    <section>
      <h1>Overview</h1>
      <h2>Phone numbers</h2>
      {error && <p role="alert">{error}</p>}
      {numbers && numbers.length === 0 && <p>No phone numbers yet.</p>}
      {numbers && numbers.length > 0 && <NumbersTable numbers={numbers} />}
      {can('messages:read') && <LastDay organizationId={session.organization_id} />}
      {can('webhooks:read') && <FailingEndpoints organizationId={session.organization_id} />}
    </section>
  );
}

function LastDay({ organizationId }: { organizationId: string | null }) {
  const [stats, setStats] = useState<Statistics>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api.get<Statistics>('/v1/message_statistics?hours=24').then(setStats, (e: Error) => setError(e.message));
  }, [organizationId]);
  const statuses = stats ? STATUS_ORDER.filter((status) => stats.by_status[status] !== undefined) : [];
  return (
    <>
      <h2>Messages in the last 24 hours</h2>
      {error && <p role="alert">{error}</p>}
      {stats && statuses.length === 0 && <p>No messages sent in the last 24 hours.</p>}
      {stats && statuses.length > 0 && (
        <dl class="counts" aria-label="Messages by status">
          {statuses.map((status) => (
            <div key={status}>
              <dt>
                <a href={href('messages')}>{status}</a>
              </dt>
              <dd data-testid={`count-${status}`}>{stats.by_status[status]}</dd>
            </div>
          ))}
        </dl>
      )}
      {stats && stats.top_errors.length > 0 && (
        <RowsTable
          label="Top error codes"
          rows={stats.top_errors}
          rowKey={(e) => String(e.code)}
          columns={[
            ['Code', (e) => e.code],
            ['Meaning', (e) => e.title],
            ['Messages', (e) => e.count],
          ]}
          empty=""
        />
      )}
    </>
  );
}

function FailingEndpoints({ organizationId }: { organizationId: string | null }) {
  const [endpoints, setEndpoints] = useState<Endpoint[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api.get<Page<Endpoint>>('/v1/webhooks?limit=100').then(
      (page) => setEndpoints(page.data.filter((e) => e.status === 'disabled' || e.consecutive_failures > 0)),
      (e: Error) => setError(e.message),
    );
  }, [organizationId]);
  return (
    <>
      <h2>Failing webhook endpoints</h2>
      {error && <p role="alert">{error}</p>}
      {endpoints && (
        <RowsTable
          label="Failing webhook endpoints"
          rows={endpoints}
          rowKey={(e) => e.id}
          columns={[
            ['URL', (e) => <a href={href('webhooks', e.id)}>{e.url}</a>],
            ['State', (e) => (e.status === 'disabled' ? `disabled: ${e.disabled_reason ?? ''}` : 'failing')],
            ['Failures in a row', (e) => e.consecutive_failures],
          ]}
          empty="None: every endpoint answers."
        />
      )}
    </>
  );
}
