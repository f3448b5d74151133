import { ComposedStatement } from '../database/composed-statement';
import { MessageStatusApplier, type ReportedStatus } from '../messages/message-status.applier';
import { MessagesRepository } from '../messages/messages.repository';
import { TenantWebhooksRepository } from '../tenant-webhooks/tenant-webhooks.repository';
import type { DeliveryQueue } from '../tenant-webhooks/delivery-queue';
import { WebhookOutbox } from '../tenant-webhooks/webhook-outbox';

/** The upstream webhook ingestion's one statement, as its owners' parts compose it. */
describe('the ingestion statement', () => {
  // A prepared statement is one text: the ingestion's parts must write the same text whatever the batch.
  it("gives the ingestion's parts one text for any batch, empty or not", () => {
    const outbox = new WebhookOutbox(
      { takesLocalAttempts: () => true } as unknown as DeliveryQueue,
      // The statement's parts never touch the database (only `emit` does).
      new TenantWebhooksRepository({} as never, {} as never),
      // Test mode's envelopes are decided per event (`test`); the organization is asked for own events only.
      {} as never,
      {
        get: (name: string) => ({ WEBHOOK_ATTEMPT_TIMEOUT_MS: 10_000, WEBHOOK_ENDPOINT_FAILURE_THRESHOLD: 5 })[name],
      } as never,
    );
    const status = (id: string, recordId?: string): ReportedStatus => ({
      tenantId: '00000000-0000-4000-8000-000000000001',
      phoneNumberId: '1',
      id,
      recipient: '2',
      status: 'delivered',
      at: new Date(0),
      details: '{}',
      recordId,
    });
    const compose = (statuses: ReportedStatus[]) => {
      const statement = new ComposedStatement();
      const stored = statement.with('stored', 'SELECT 1 AS id, 1 AS dedupe_key');
      new MessageStatusApplier(new MessagesRepository({} as never, {} as never)).addTo(statement, statuses);
      const events = statuses.map((s) => ({
        tenantId: s.tenantId,
        dedupeKey: s.id,
        wabaId: '3',
        field: 'messages',
        phoneNumberId: s.phoneNumberId,
        body: '{}',
        test: s.id === 'wamid.b',
      }));
      const written = outbox.addTo(statement, stored, events);
      return { text: statement.text(`SELECT * FROM ${written}`), parameters: statement.parameters };
    };
    const empty = compose([]);
    const full = compose([status('wamid.a'), status('wamid.b', '00000000-0000-4000-8000-00000000000b')]);
    expect(full.text).toBe(empty.text);
    expect(full.parameters).toHaveLength(empty.parameters.length);
    // The records named by id and by upstream id go to their own parts, never both.
    expect(full.parameters).toContainEqual(['00000000-0000-4000-8000-00000000000b']);
    expect(full.parameters).toContainEqual(['wamid.a']);
  });
});
