import { useState } from 'preact/hooks';

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
