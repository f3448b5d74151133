import { useState } from 'preact/hooks';
import { MAGIC_RECIPIENTS } from '../../../../libs/meta/magic-recipients';
import { api } from '../api';
import { time } from '../format';
import { RowsTable, TextField, useAction, usePaged } from '../ui';

interface TestNumber {
  phone_number_id: string;
  display_phone_number: string;
  quality_rating: string | null;
  messaging_limit_tier: string | null;
  created_at: string;
}

/**
 * Test mode's numbers (the Test data switch on): made here, answered by the simulator and never by
 * Meta; a simulated customer may write to one; the magic recipients give Meta's errors on demand.
 */
export function TestNumbersPage({ canWrite }: { canWrite: boolean }) {
  const { act, messages, setError } = useAction(() => list.reload());
  const list = usePaged<TestNumber>('/v1/test/phone_numbers?limit=50', setError);
  const [writer, setWriter] = useState({ number: '', from: '15551234567', text: '' });
  const number = writer.number || list.rows[0]?.phone_number_id || '';

  return (
    <section>
      <h1>Test numbers</h1>
      <p>
        Test numbers are answered by the simulator, never by Meta: sends, templates and their review, media and statuses
        follow Meta’s rules, and nothing reaches a real customer.
      </p>
      {messages}
      {canWrite && (
        <button
          type="button"
          onClick={() =>
            void act(async () => {
              const made = await api.post<TestNumber>('/v1/test/phone_numbers', {});
              return `Test number ${made.display_phone_number} created.`;
            })
          }
        >
          Create a test number
        </button>
      )}
      <RowsTable
        label="Test numbers"
        rows={list.rows}
        rowKey={(n) => n.phone_number_id}
        columns={[
          ['Number', (n) => n.display_phone_number],
          ['Phone number id', (n) => <code>{n.phone_number_id}</code>],
          ['Quality', (n) => n.quality_rating ?? '—'],
          ['Messaging limit', (n) => n.messaging_limit_tier ?? '—'],
          ['Created', (n) => time(n.created_at)],
        ]}
        actions={
          canWrite
            ? (n) => (
                <button
                  type="button"
                  onClick={() =>
                    void act(async () => {
                      await api.delete(`/v1/test/phone_numbers/${encodeURIComponent(n.phone_number_id)}`);
                      return `Test number ${n.display_phone_number} removed.`;
                    })
                  }
                >
                  Remove {n.display_phone_number}
                </button>
              )
            : undefined
        }
        empty="No test numbers yet."
        more={list.more}
      />
      {list.rows.length > 0 && (
        <>
          <h2>A customer writes</h2>
          <form
            class="stacked"
            aria-label="A customer writes"
            onSubmit={(e) => {
              e.preventDefault();
              void act(async () => {
                await api.post(`/v1/test/${encodeURIComponent(number)}/inbound`, {
                  from: writer.from,
                  type: 'text',
                  text: { body: writer.text },
                });
                setWriter({ ...writer, text: '' });
                return 'The customer’s message is on its way (see the Inbox).';
              });
            }}
          >
            <label>
              To
              <select
                value={number}
                onChange={(e) => setWriter({ ...writer, number: (e.target as HTMLSelectElement).value })}
              >
                {list.rows.map((n) => (
                  <option value={n.phone_number_id} key={n.phone_number_id}>
                    {n.display_phone_number}
                  </option>
                ))}
              </select>
            </label>
            <TextField
              label="Customer’s number"
              value={writer.from}
              onValue={(from) => setWriter({ ...writer, from })}
              required
            />
            <TextField
              label="Message"
              value={writer.text}
              onValue={(text) => setWriter({ ...writer, text })}
              required
            />
            <button type="submit">Send as the customer</button>
          </form>
        </>
      )}
      <h2>Magic recipients</h2>
      <p>A send from a test number to one of these gets Meta’s error, as Meta gives it:</p>
      <RowsTable
        label="Magic recipients"
        rows={[...MAGIC_RECIPIENTS]}
        rowKey={(m) => m.number}
        columns={[
          ['Recipient', (m) => `+${m.number}`],
          ['Meta’s error', (m) => (m.code === null ? 'no answer (timeout)' : `${m.code} ${m.title}`)],
          [
            'When',
            (m) => ({ answer: 'in the answer', status: 'a failed status', no_answer: 'never answered' })[m.when],
          ],
        ]}
        empty=""
      />
    </section>
  );
}
