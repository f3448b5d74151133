import { Injectable } from '@nestjs/common';
import { GraphTransport } from '../upstream/graph-transport';
import type { MetaButtonClicks } from './template-analytics-day.entity';

/** One of Meta's `template_analytics` data points: a template's day. */
export interface TemplateDataPoint {
  template_id?: string;
  start?: number;
  end?: number;
  sent?: number;
  delivered?: number;
  read?: number;
  clicked?: MetaButtonClicks[];
}

/** Meta's limit on the templates of one request. */
export const TEMPLATES_PER_REQUEST = 10;

/** Meta's template insights of a business account: the other side of the funnels' comparison. */
@Injectable()
export class TemplateAnalyticsUpstream {
  constructor(private readonly graph: GraphTransport) {}

  /** The days of `[start, end)` (unix seconds, UTC days) of at most 10 templates (Meta's ids). */
  async daily(wabaId: string, token: string, templateIds: string[], start: number, end: number) {
    const answer = await this.graph.call<{
      template_analytics?: { data?: Array<{ data_points?: TemplateDataPoint[] }> };
    }>({
      method: 'GET',
      path: wabaId,
      token,
      query: {
        fields:
          `template_analytics.start(${start}).end(${end}).granularity(DAILY)` +
          `.metric_types(["SENT","DELIVERED","READ","CLICKED"]).template_ids(${JSON.stringify(templateIds)})`,
      },
    });
    return (answer.template_analytics?.data ?? []).flatMap((entry) => entry.data_points ?? []);
  }
}
