import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds buckets for request and call durations (from 1 ms to 10 s). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The gateway's Prometheus metrics (prom-client), one registry per app. Labels are bounded: route
 * templates (`/v1/:phoneNumberId/messages`), endpoint shapes (`{id}/messages`), outcomes and
 * ceilings; never an id, a key or a phone number.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'gateway_http_requests_total',
    help: 'HTTP requests answered, by route template, method and status',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'gateway_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly businessAccountSubscriptions = new Gauge({
    name: 'gateway_business_accounts',
    help: "Business accounts by the state of the gateway's Meta app subscription to their webhooks, as last checked (missing: no webhook of the account arrives)",
    labelNames: ['app_subscription'],
    registers: [this.registry],
  });

  readonly usageReconciliationFlaggedDays = new Gauge({
    name: 'gateway_usage_reconciliation_flagged_days',
    help: "Business accounts' days of the last 35 whose metering differs from Meta's pricing_analytics by more than 1 %",
    registers: [this.registry],
  });

  readonly upstreamCalls = new Counter({
    name: 'gateway_upstream_requests_total',
    help: 'Calls to the Cloud API (Graph), by endpoint shape and outcome (ok, graph_error, failure)',
    labelNames: ['method', 'endpoint', 'outcome'],
    registers: [this.registry],
  });

  readonly upstreamDuration = new Histogram({
    name: 'gateway_upstream_request_duration_seconds',
    help: 'Duration of calls to the Cloud API, by endpoint shape and outcome',
    labelNames: ['method', 'endpoint', 'outcome'],
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly paceRefusals = new Counter({
    name: 'gateway_pace_refusals_total',
    help: "Sends refused for a number's pace, by limit (throughput, pair, messaging_limit) and by whom (gateway: before Meta; upstream: Meta)",
    labelNames: ['limit', 'by'],
    registers: [this.registry],
  });

  readonly paceWaiting = new Gauge({
    name: 'gateway_pace_waiting',
    help: "Sends of this instance waiting for their number's turn (the pace's queue)",
    registers: [this.registry],
  });

  readonly paceWait = new Histogram({
    name: 'gateway_pace_wait_seconds',
    help: "Time a send waited for its number's turn",
    buckets: [0, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
    registers: [this.registry],
  });

  /**
   * The one metric with an id for a label: the phone numbers registered with the gateway are few and
   * chosen by its operators (not by its traffic), and a number's pace is what operators look at.
   */
  readonly paceThroughput = new Gauge({
    name: 'gateway_pace_throughput_mps',
    help: 'Messages per second each registered number is paced at (before the margin), as last learned or set',
    labelNames: ['phone_number_id'],
    registers: [this.registry],
  });

  readonly broadcastRecipientsWaiting = new Gauge({
    name: 'gateway_broadcast_recipients_waiting',
    help: "Recipients of running broadcasts not sent yet, by state (queued, deferred): the broadcasts' queue, as this instance last counted it",
    labelNames: ['state'],
    registers: [this.registry],
  });

  readonly idleMemoryReleases = new Counter({
    name: 'gateway_idle_memory_releases_total',
    help: 'Times this instance, idle, gave back the memory its busy time grew (IDLE_MEMORY_RELEASE_SECONDS)',
    registers: [this.registry],
  });

  readonly webhookEvents = new Counter({
    name: 'gateway_webhook_events_ingested_total',
    help: 'Changes of upstream webhooks ingested, by field and result (stored, duplicate)',
    labelNames: ['field', 'result'],
    registers: [this.registry],
  });

  readonly tenantDeliveries = new Counter({
    name: 'gateway_tenant_webhook_attempts_total',
    help: 'Attempts to deliver tenant webhooks, by outcome (delivered, retry, failed, gone)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  readonly deliveryLag = new Histogram({
    name: 'gateway_tenant_webhook_delivery_lag_seconds',
    help: 'From an event reaching the gateway to its delivery to the tenant',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600, 86400],
    registers: [this.registry],
  });

  readonly queueDepth = new Gauge({
    name: 'gateway_tenant_webhook_queue_depth',
    help: 'Tenant webhook jobs waiting or scheduled in the job engine',
    registers: [this.registry],
  });

  readonly rateLimited = new Counter({
    name: 'gateway_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by ceiling (key, organization, ip)',
    labelNames: ['ceiling'],
    registers: [this.registry],
  });

  readonly idempotency = new Counter({
    name: 'gateway_idempotency_total',
    help: 'Idempotency-Key outcomes other than a first execution (replay, in_flight, unavailable)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  readonly sendRecovery = new Counter({
    name: 'gateway_send_recovery_total',
    help: 'Sends whose upstream outcome was unknown, and what became of them (no_answer, retry_refused, retry_replayed, failed)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  readonly dependencyUp = new Gauge({
    name: 'gateway_dependency_up',
    help: 'Whether a dependency answers (1) or its circuit breaker is open (0)',
    labelNames: ['dependency'],
    registers: [this.registry],
  });

  /** Everything, this app's series and the process's, as Prometheus text. */
  text(): Promise<string> {
    return Registry.merge([this.registry, processRegistry()]).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

let processMetrics: Registry | undefined;

/**
 * Node's default process metrics, collected once per process: they install an event-loop monitor
 * and a GC observer that live as long as the process, so several apps in one process (the tests)
 * must not each start their own.
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    // The event loop's delay sampled every 100 ms rather than prom-client's 10: each sample is a timer
    // that wakes an idle process, a hundred times a second at 10 ms (on the benchmark's machine a
    // wake-up costs more than the work of many requests: docs/performance.md). A stall of the loop
    // long enough to matter still spans a sample.
    collectDefaultMetrics({ register: processMetrics, prefix: 'gateway_', eventLoopMonitoringPrecision: 100 });
  }
  return processMetrics;
}

/** The shape of a Graph path, ids replaced: `123456/messages` → `{id}/messages`. */
export function endpointShape(path: string): string {
  return path
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) ? '{id}' : /^upload:/.test(segment) ? '{upload}' : segment))
    .join('/');
}
