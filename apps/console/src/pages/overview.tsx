import type { Session } from '../api';
import { useNumbers } from '../numbers';
import { NumbersTable } from '../ui';

/** The organization's numbers with what Meta says of their limits. */
export function OverviewPage({ session }: { session: Session }) {
  const { numbers, error } = useNumbers(session.organization_id);
  return (
    <section>
      <h1>Overview</h1>
      <h2>Phone numbers</h2>
      {error && <p role="alert">{error}</p>}
      {numbers && numbers.length === 0 && <p>No phone numbers yet.</p>}
      {numbers && numbers.length > 0 && <NumbersTable numbers={numbers} />}
    </section>
  );
}
