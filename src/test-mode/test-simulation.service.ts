import { Injectable } from '@nestjs/common';
import { GraphError } from '../core/graph-error';
import { TemplatesService } from '../templates/templates.service';
import { customerMessageInput } from './customer-message';
import { SimulatorControl } from './simulator-control';
import { TestNumbersService } from './test-numbers.service';

/** The review outcomes a test template may be given on demand, as Meta's review events name them. */
export const REVIEW_OUTCOMES = ['APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'] as const;
const QUALITY_FIELDS = ['quality_rating', 'messaging_limit_tier', 'throughput_level'] as const;

/**
 * What Meta's side does to a test number on demand, played by the simulator: a customer writes,
 * a message's status moves, a template is reviewed, the number's quality or tier changes. Each comes
 * back through the simulator's webhooks, exactly as Meta's would (so the window opens, the catalog
 * moves, the tenant's webhook hears of it). Test numbers only: their organization is a test twin.
 */
@Injectable()
export class TestSimulationService {
  constructor(
    private readonly numbers: TestNumbersService,
    private readonly simulator: SimulatorControl,
    private readonly templates: TemplatesService,
  ) {}

  /** A customer's message to the number (Meta's inbound webhook follows); its wamid. */
  async inbound(tenantId: string, phoneNumberId: string, body: unknown) {
    await this.numbers.requireTest(tenantId);
    const input = customerMessageInput(phoneNumberId, body);
    const made = await this.simulator.call<{ message_id: string; media_id?: string }>(
      'POST',
      '/_sandbox/inbound',
      input,
    );
    return {
      messaging_product: 'whatsapp' as const,
      messages: [{ id: made.message_id, ...(made.media_id !== undefined && { media_id: made.media_id }) }],
    };
  }

  /** A status of one of the number's messages, now (its statuses on demand). */
  async status(
    tenantId: string,
    phoneNumberId: string,
    body: { message_id: string; status: string; error_code?: number },
  ) {
    await this.numbers.requireTest(tenantId);
    return this.simulator.call<{ id: string; statuses: string[] }>(
      'POST',
      `/_sandbox/messages/${encodeURIComponent(body.message_id)}/status`,
      {
        phone_number_id: phoneNumberId,
        status: body.status,
        ...(body.error_code !== undefined && { error_code: body.error_code }),
      },
    );
  }

  /** When the number's statuses come: delays from the send, or only on demand (`manual`). */
  async statusDelays(
    tenantId: string,
    phoneNumberId: string,
    body: { manual?: boolean; sent_ms?: number; delivered_ms?: number; read_ms?: number },
  ) {
    await this.numbers.requireTest(tenantId);
    const missing = (['sent_ms', 'delivered_ms', 'read_ms'] as const).filter((f) => body[f] === undefined);
    if (body.manual !== true && missing.length)
      throw GraphError.invalidParameter(
        'Invalid parameter',
        `${missing.join(', ')}: give all three delays (milliseconds from the send), or manual: true`,
      );
    const delays =
      body.manual === true
        ? { manual: true }
        : { sent: body.sent_ms, delivered: body.delivered_ms, read: body.read_ms };
    return this.simulator.call('PUT', `/_sandbox/phone_numbers/${phoneNumberId}/status_delays`, delays);
  }

  /** The number's quality rating, messaging limit tier or throughput level, changed (Meta's webhook follows). */
  async quality(tenantId: string, phoneNumberId: string, body: Record<string, unknown>) {
    await this.numbers.requireTest(tenantId);
    const change = Object.fromEntries(QUALITY_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
    if (Object.keys(change).length === 0)
      throw GraphError.invalidParameter('Invalid parameter', `body: give one of ${QUALITY_FIELDS.join(', ')}`);
    return this.simulator.call('POST', `/_sandbox/phone_numbers/${phoneNumberId}/limits`, change);
  }

  /** A template of the account reviewed now: approved, rejected with a reason, paused or disabled. */
  async review(
    tenantId: string,
    wabaId: string,
    templateId: string,
    body: { status: string; reason?: string; description?: string },
  ) {
    await this.numbers.requireTest(tenantId);
    const template = await this.templates.findByUpstreamId(templateId);
    if (!template || template.tenantId !== tenantId || template.wabaId !== wabaId)
      throw GraphError.notFound(`Message template ${templateId} does not exist in business account ${wabaId}`);
    return this.simulator.call('POST', `/_sandbox/templates/${templateId}/review`, body);
  }
}
