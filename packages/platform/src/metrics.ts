// Prometheus metrics (prom-client) for every process: default process metrics plus the RPC and HTTP
// families. Each process serves them on its own /metrics port.
import http from 'node:http';
import client from 'prom-client';
import { EVENT_LOOP_RESOLUTION_MS } from './event-loop.ts';

export { EVENT_LOOP_RESOLUTION_MS };
export const registry = new client.Registry();
// The gauges' event-loop figures include this timer period (event-loop.ts).
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS });

export const grpcServerHandled = new client.Counter({
  name: 'grpc_server_handled_total',
  help: 'gRPC calls handled, by method and outcome code',
  labelNames: ['service', 'method', 'code'] as const,
  registers: [registry],
});

export const grpcServerLatency = new client.Histogram({
  name: 'grpc_server_handling_seconds',
  help: 'gRPC server handling latency',
  labelNames: ['service', 'method'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'HTTP requests, by route template, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

export const httpLatency = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency by route template',
  labelNames: ['route', 'method'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const busEvents = new client.Counter({
  name: 'bus_events_total',
  help: 'Event bus publishes and consumptions',
  labelNames: ['topic', 'op', 'outcome'] as const,
  registers: [registry],
});

export const busConsumerLag = new client.Gauge({
  name: 'bus_consumer_lag_seconds',
  help: 'Seconds between publication and handling of the last event, by consumer group and topic',
  labelNames: ['group', 'topic'] as const,
  registers: [registry],
});

export const busParked = new client.Counter({
  name: 'bus_parked_total',
  help: 'Events a consumer group gave up on and parked: reason invalid (malformed or unknown version, parked at once) or failed (handler failed maxAttempts times)',
  labelNames: ['group', 'topic', 'reason'] as const,
  registers: [registry],
});

export const backendRetries = new client.Counter({
  name: 'gateway_backend_retries_total',
  help: 'Idempotent gateway calls sent a second time after a transport UNAVAILABLE, by proto package',
  labelNames: ['service'] as const,
  registers: [registry],
});

export const chartAnswerReads = new client.Counter({
  name: 'gateway_chart_answers_total',
  help: 'Reads of a cacheable stored-chart answer at the gateway: result hit (answered from memory) or miss (asked the chart service)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const requestsWaiting = new client.Gauge({
  name: 'gateway_requests_waiting',
  help: 'API requests the gateway holds back while MAX_IN_FLIGHT requests are in progress (admission.ts); above 0 only when it is saturated',
  registers: [registry],
});

export const outboxPending = new client.Gauge({
  name: 'outbox_pending',
  help: 'Outbox rows committed but not yet published to the event bus, by service (sampled by the relay)',
  labelNames: ['service'] as const,
  registers: [registry],
});

export const outboxOldestPendingAge = new client.Gauge({
  name: 'outbox_oldest_pending_age_seconds',
  help: 'Age of the oldest unpublished outbox row (0 when none), by service',
  labelNames: ['service'] as const,
  registers: [registry],
});

export const outboxPublished = new client.Counter({
  name: 'outbox_published_total',
  help: 'Outbox rows the relay handed to the event bus, by service and outcome (ok, error)',
  labelNames: ['service', 'outcome'] as const,
  registers: [registry],
});

export const rateLimitRefusals = new client.Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused with 429, by error code (rate_limited, too_many_requests, llm_*, demo, auth)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const llmTokens = new client.Counter({
  name: 'llm_tokens_total',
  help: 'LLM tokens by tier and kind (prompt, completion); cached replays are not counted',
  labelNames: ['tier', 'kind'] as const,
  registers: [registry],
});

export const llmSpendUsd = new client.Counter({
  name: 'llm_spend_usd_total',
  help: 'LLM spend in USD by tier (price table of the llm service)',
  labelNames: ['tier'] as const,
  registers: [registry],
});

/** Serves GET /metrics on `port` (0 = disabled). */
export function startMetricsServer(port: number): http.Server | undefined {
  if (!port) return undefined;
  const server = http.createServer(async (req, res) => {
    if (req.url === '/metrics') {
      res.setHeader('content-type', registry.contentType);
      res.end(await registry.metrics());
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  server.listen(port, '0.0.0.0');
  return server;
}
