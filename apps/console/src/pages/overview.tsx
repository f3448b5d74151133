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

interface BusinessAccount {
  id: string;
  waba_id: string;
  name: string;
  app_subscription: { status: string; checked_at: string | null; error: string | null };
  partner_removed_at: string | null;
}

/** What each subscription state means for the account's webhooks, in words. */
const SUBSCRIPTION_STATES: Record<string, string> = {
  subscribed: 'subscribed',
  missing: 'not subscribed: no webhook from Meta arrives (subscribe again)',
  check_failed: 'check failed',
  unknown: 'not checked yet',
};

const STATUS_ORDER = ['pending', 'accepted', 'sent', 'delivered', 'read', 'failed'];

/**
 * The organization at a glance: its numbers with what Meta says of their limits, its business accounts
 * with whether Meta sends their webhooks (the app's subscription), the last 24 hours' messages by
 * status with the top error codes, and the webhook endpoints that are failing.
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
      {can('numbers:connect') && (
        <p>
          {/* A page of its own: the one whose CSP lets Meta's SDK run. */}
          <a class="button" href="/console/connect.html">
            Connect a WhatsApp number
          </a>
        </p>
      )}
      {can('business:read') && <Accounts organizationId={session.organization_id} />}
      {can('messages:read') && <LastDay organizationId={session.organization_id} />}
      {can('webhooks:read') && <FailingEndpoints organizationId={session.organization_id} />}
    </section>
  );
}

function Accounts({ organizationId }: { organizationId: string | null }) {
  const [accounts, setAccounts] = useState<BusinessAccount[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api.get<Page<BusinessAccount>>('/v1/business_accounts?limit=100').then(
      (page) => setAccounts(page.data),
      (e: Error) => setError(e.message),
    );
  }, [organizationId]);
  return (
    <>
      <h2>Business accounts</h2>
      {error && <p role="alert">{error}</p>}
      {accounts && (
        <RowsTable
          label="Business accounts"
          rows={accounts}
          rowKey={(a) => a.id}
          columns={[
            ['Business account', (a) => a.waba_id],
            ['Name', (a) => a.name],
            [
              'Webhooks from Meta',
              (a) => (
                <span data-testid={`subscription-${a.waba_id}`}>
                  {a.partner_removed_at
                    ? 'the business removed this gateway: its numbers send nothing (connect it again)'
                    : (SUBSCRIPTION_STATES[a.app_subscription.status] ?? a.app_subscription.status)}
                  {a.app_subscription.error ? `: ${a.app_subscription.error}` : ''}
                </span>
              ),
            ],
            [
              'Checked',
              (a) => (a.app_subscription.checked_at ? new Date(a.app_subscription.checked_at).toLocaleString() : ''),
            ],
          ]}
          empty="No business accounts yet."
        />
      )}
    </>
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
