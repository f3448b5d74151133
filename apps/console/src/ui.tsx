import { useState } from 'preact/hooks';
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

/** Runs a write, then says what happened (or why not); `after` reads the page again. */
export function useAction(after: () => Promise<unknown>) {
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const act = async (work: () => Promise<string | undefined>) => {
    setError(undefined);
    setNotice(undefined);
    try {
      setNotice(await work());
      await after();
    } catch (e) {
      setError((e as Error).message);
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
