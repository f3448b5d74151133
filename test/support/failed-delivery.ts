import type { Sandbox } from '../../apps/sandbox/src/sandbox-server';
import { TEST_SANDBOX_TIMINGS } from './test-app';

/** The sandbox's control API (what a test tells Meta's stand-in). */
function control(sandbox: Sandbox, method: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${sandbox.url}/_sandbox${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * A number's statuses on demand (`manual`): a message sent now is held until `failMessage` says it
 * failed; `manual: false` gives the number the tests' pace again (TEST_SANDBOX_TIMINGS).
 */
export async function holdStatuses(sandbox: Sandbox, phoneNumberId: string, manual: boolean): Promise<void> {
  const body = manual ? { manual } : { manual, ...TEST_SANDBOX_TIMINGS.statusDelaysMs };
  const res = await control(sandbox, 'PUT', `/phone_numbers/${phoneNumberId}/status_delays`, body);
  if (res.status !== 200) throw new Error(`the sandbox did not hold statuses: ${res.status}`);
}

/** Meta reports the held message failed with `errorCode` (its webhook, as the sandbox sends it). */
export async function failMessage(sandbox: Sandbox, wamid: string, errorCode: number): Promise<void> {
  const res = await control(sandbox, 'POST', `/messages/${wamid}/status`, { status: 'failed', error_code: errorCode });
  if (res.status !== 200) throw new Error(`the sandbox did not fail ${wamid}: ${res.status}`);
}

/** The failure's webhook as the sandbox sent it: what Meta would deliver again. */
export async function failureWebhook(sandbox: Sandbox, wamid: string): Promise<unknown> {
  const webhooks = (await (await fetch(`${sandbox.url}/_sandbox/webhooks`)).json()) as {
    data: Array<{
      payload: { entry: Array<{ changes: Array<{ value: { statuses?: Array<{ id: string; status: string }> } }> }> };
    }>;
  };
  const failure = webhooks.data.find((w) =>
    w.payload.entry[0].changes[0].value.statuses?.some((s) => s.id === wamid && s.status === 'failed'),
  );
  if (!failure) throw new Error(`no failure webhook of ${wamid}`);
  return failure.payload;
}
