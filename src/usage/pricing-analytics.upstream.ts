import { Injectable } from '@nestjs/common';
import { GraphTransport } from '../upstream/graph-transport';

/** One of Meta's `pricing_analytics` data points, by country, category and pricing type. */
export interface PricingDataPoint {
  start?: number;
  end?: number;
  country?: string;
  pricing_category?: string;
  pricing_type?: string;
  volume?: number;
  cost?: number;
}

/** Meta's pricing analytics of a business account: what Meta charged, the other side of reconciliation. */
@Injectable()
export class PricingAnalyticsUpstream {
  constructor(private readonly graph: GraphTransport) {}

  /** A UTC day's data points (`[start, end)` in unix seconds) by country, pricing category and type. */
  async daily(wabaId: string, token: string, start: number, end: number): Promise<PricingDataPoint[]> {
    const answer = await this.graph.call<{
      pricing_analytics?: { data?: Array<{ data_points?: PricingDataPoint[] }> };
    }>({
      method: 'GET',
      path: wabaId,
      token,
      query: {
        fields:
          `pricing_analytics.start(${start}).end(${end}).granularity(DAILY)` +
          '.dimensions(["COUNTRY","PRICING_CATEGORY","PRICING_TYPE"])',
      },
    });
    return (answer.pricing_analytics?.data ?? []).flatMap((entry) => entry.data_points ?? []);
  }
}
