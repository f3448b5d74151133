import { eventually } from './eventually';
import type { TestApp } from './test-app';

/**
 * A customer's message simulated at the sandbox (Meta's webhook to the gateway), once the gateway has
 * stored it: the sandbox's answer (its message id, and the media id of a media message).
 */
export async function inboundStored(
  t: TestApp,
  number: { phoneNumberId: string },
  from: string,
  input: Record<string, unknown>,
): Promise<{ message_id: string; media_id?: string }> {
  const simulated = await t.sandbox.simulateInbound({ phone_number_id: number.phoneNumberId, from, ...input });
  await eventually(async () => {
    const rows = await t.dataSource.query(`SELECT 1 FROM inbound_messages WHERE message_id = $1`, [
      simulated.message_id,
    ]);
    return rows.length === 1 ? true : undefined;
  });
  return simulated;
}
