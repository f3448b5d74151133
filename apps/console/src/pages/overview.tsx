import type { Session } from '../api';
import { useNumbers } from '../numbers';

/** The organization's numbers with what Meta says of their limits. */
export function OverviewPage({ session }: { session: Session }) {
  if (session.key.kind === 'platform')
    return (
      <section>
        <h1>Overview</h1>
        <p>
          A platform key manages organizations, business accounts, numbers and keys; it reads no organization's
          messages.
        </p>
      </section>
    );
  return <Numbers organizationId={session.organization_id} />;
}

function Numbers({ organizationId }: { organizationId: string | null }) {
  const { numbers, error } = useNumbers(organizationId);
  return (
    <section>
      <h1>Overview</h1>
      <h2>Phone numbers</h2>
      {error && <p role="alert">{error}</p>}
      {numbers && numbers.length === 0 && <p>No phone numbers yet.</p>}
      {numbers && numbers.length > 0 && (
        <div class="table" role="region" aria-label="Phone numbers" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Id</th>
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
      )}
    </section>
  );
}
