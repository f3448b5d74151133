import { analyticsFilters, filterList } from './analytics-fields';
import { GraphApiError } from './graph-error';

const DAY = 86_400;
const METRICS = ['SENT', 'DELIVERED', 'READ', 'CLICKED'] as const;
type Metric = (typeof METRICS)[number];
/** Meta's limit on a request's `template_ids`. */
const MAX_TEMPLATES = 10;
/** How far back Meta keeps template analytics (days). */
const LOOKBACK_DAYS = 90;
/** Template messages remembered for their buttons' clicks (the oldest forgotten first). */
const REMEMBERED_MESSAGES = 200_000;

interface TemplateDay {
  sent: number;
  delivered: number;
  read: number;
  clicked: Map<string, { type: string; button_content: string; count: number }>;
}

/**
 * What Meta's template insights count: each template's messages sent, delivered and read, and its
 * buttons' clicks by button, per UTC day, read back as `template_analytics` on a business account
 * (`?fields=template_analytics.start(…).end(…).granularity(DAILY).metric_types([…]).template_ids([…])`):
 * `start` floored and `end` rounded up to a UTC day, DAILY the only granularity, at most 10 templates,
 * 90 days back.
 */
export class TemplateAnalytics {
  private readonly days = new Map<string, TemplateDay>();
  /** Template messages by wamid: a customer's press of their button (its `context`) is the template's click. */
  private readonly messages = new Map<string, { wabaId: string; templateId: string }>();

  /** A template message Meta accepted. */
  sentMessage(messageId: string, wabaId: string, templateId: string): void {
    this.messages.set(messageId, { wabaId, templateId });
    if (this.messages.size > REMEMBERED_MESSAGES) this.messages.delete(this.messages.keys().next().value!);
  }

  /** A status of a template message, counted when its webhook is sent (each status once: Meta never resends one here). */
  status(messageId: string, status: string, atSeconds: number): void {
    const message = this.messages.get(messageId);
    if (!message || (status !== 'sent' && status !== 'delivered' && status !== 'read')) return;
    this.dayOf(message.wabaId, message.templateId, atSeconds)[status] += 1;
  }

  /** A customer pressed a button of the message `contextId` (a quick reply, or a URL button's visit). */
  click(contextId: string | undefined, type: string, content: string, atSeconds: number): void {
    const message = contextId === undefined ? undefined : this.messages.get(contextId);
    if (!message) return;
    const clicked = this.dayOf(message.wabaId, message.templateId, atSeconds).clicked;
    const key = `${type}\u0000${content}`;
    const entry = clicked.get(key) ?? { type, button_content: content, count: 0 };
    entry.count += 1;
    clicked.set(key, entry);
  }

  /** `template_analytics` of `wabaId` for a field expression. */
  analytics(wabaId: string, expression: string, nowSeconds: number): Record<string, unknown> {
    const { filters, start, end } = analyticsFilters(expression);
    if (filters.get('granularity') !== 'DAILY')
      throw GraphApiError.invalidParameter('Param granularity must be one of {DAILY}');
    const ids = filterList(filters.get('template_ids'));
    if (ids.length === 0) throw GraphApiError.invalidParameter('The parameter template_ids is required');
    if (ids.length > MAX_TEMPLATES)
      throw GraphApiError.invalidParameter(`Param template_ids must have at most ${MAX_TEMPLATES} elements`);
    const asked = filterList(filters.get('metric_types')).map((m) => m.toUpperCase());
    for (const metric of asked)
      if (!(METRICS as readonly string[]).includes(metric))
        throw GraphApiError.invalidParameter(`Param metric_types[] must be one of {${METRICS.join(', ')}}`);
    const metrics = new Set<Metric>(asked.length ? (asked as Metric[]) : METRICS);
    const from = Math.max(Math.floor(start / DAY) * DAY, Math.floor(nowSeconds / DAY) * DAY - LOOKBACK_DAYS * DAY);
    const to = Math.ceil(end / DAY) * DAY;
    const dataPoints: Array<Record<string, unknown>> = [];
    for (const templateId of ids)
      for (let day = from; day < to; day += DAY) {
        const figures = this.days.get(`${wabaId}|${templateId}|${day}`);
        const point: Record<string, unknown> = { template_id: templateId, start: day, end: day + DAY };
        if (metrics.has('SENT')) point.sent = figures?.sent ?? 0;
        if (metrics.has('DELIVERED')) point.delivered = figures?.delivered ?? 0;
        if (metrics.has('READ')) point.read = figures?.read ?? 0;
        if (metrics.has('CLICKED')) point.clicked = [...(figures?.clicked.values() ?? [])].map((c) => ({ ...c }));
        dataPoints.push(point);
      }
    return {
      template_analytics: { data: [{ granularity: 'DAILY', product_type: 'cloud_api', data_points: dataPoints }] },
      id: wabaId,
    };
  }

  private dayOf(wabaId: string, templateId: string, atSeconds: number): TemplateDay {
    const key = `${wabaId}|${templateId}|${Math.floor(atSeconds / DAY) * DAY}`;
    let day = this.days.get(key);
    if (!day) this.days.set(key, (day = { sent: 0, delivered: 0, read: 0, clicked: new Map() }));
    return day;
  }
}
