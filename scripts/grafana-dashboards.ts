// Writes the Grafana dashboards under infra/grafana/dashboards (provisioned by infra/docker-compose.yml):
// fleet overview, per-route latency, LLM spend, bus health. Panels query the metric families of
// packages/platform/src/metrics.ts; tests/observability.test.ts checks every query names one of them.
//   npm run dashboards
import fs from 'node:fs';
import path from 'node:path';
import { EVENT_LOOP_RESOLUTION_MS } from '@astro/platform/event-loop';

const DIR = path.resolve(import.meta.dirname, '..', 'infra', 'grafana', 'dashboards');

interface Panel {
  title: string;
  exprs: Array<{ expr: string; legend: string }>;
  unit?: string;
  kind?: 'timeseries' | 'stat';
}

function dashboard(uid: string, title: string, panels: Panel[]) {
  return {
    uid,
    title,
    tags: ['astro-api'],
    timezone: 'utc',
    schemaVersion: 39,
    refresh: '30s',
    time: { from: 'now-6h', to: 'now' },
    templating: { list: [] },
    panels: panels.map((p, i) => ({
      id: i + 1,
      type: p.kind ?? 'timeseries',
      title: p.title,
      datasource: { type: 'prometheus', uid: 'prometheus' },
      gridPos: { x: (i % 2) * 12, y: Math.floor(i / 2) * 8, w: 12, h: 8 },
      fieldConfig: { defaults: { unit: p.unit ?? 'short' }, overrides: [] },
      targets: p.exprs.map((e, j) => ({
        refId: String.fromCharCode(65 + j),
        expr: e.expr,
        legendFormat: e.legend,
        datasource: { type: 'prometheus', uid: 'prometheus' },
      })),
    })),
  };
}

const q = (le: string, by: string, metric: string, selector = '') =>
  `histogram_quantile(${le}, sum by (le, ${by}) (rate(${metric}_bucket${selector}[5m])))`;

export const DASHBOARDS = {
  'fleet-overview.json': dashboard('astro-fleet', 'Astro API: fleet overview', [
    {
      title: 'Requests per second by status',
      exprs: [{ expr: 'sum by (status) (rate(http_requests_total[5m]))', legend: '{{status}}' }],
      unit: 'reqps',
    },
    {
      title: '5xx ratio',
      exprs: [
        {
          expr: 'sum(rate(http_requests_total{status=~"5.."}[5m])) / clamp_min(sum(rate(http_requests_total[5m])), 1e-9)',
          legend: '5xx',
        },
      ],
      unit: 'percentunit',
    },
    {
      title: 'gRPC calls by service and code',
      exprs: [{ expr: 'sum by (service, code) (rate(grpc_server_handled_total[5m]))', legend: '{{service}} {{code}}' }],
      unit: 'reqps',
    },
    {
      title: 'gRPC p95 by service',
      exprs: [{ expr: q('0.95', 'service', 'grpc_server_handling_seconds'), legend: '{{service}}' }],
      unit: 's',
    },
    {
      title: 'Process CPU',
      exprs: [{ expr: 'sum by (service) (rate(process_cpu_seconds_total[5m]))', legend: '{{service}}' }],
      unit: 'percentunit',
    },
    {
      title: 'Resident memory',
      exprs: [{ expr: 'sum by (service) (process_resident_memory_bytes)', legend: '{{service}}' }],
      unit: 'bytes',
    },
    {
      title: 'Rate-limit refusals by reason',
      exprs: [{ expr: 'sum by (reason) (rate(rate_limit_refusals_total[5m]))', legend: '{{reason}}' }],
      unit: 'reqps',
    },
    {
      // prom-client's gauge is the timer's whole interval: minus its period, the delay itself.
      title: 'Event loop delay p99',
      exprs: [
        {
          expr: `max by (service) (nodejs_eventloop_lag_p99_seconds) - ${EVENT_LOOP_RESOLUTION_MS / 1000}`,
          legend: '{{service}}',
        },
      ],
      unit: 's',
    },
    {
      title: 'Gateway requests waiting for a place (MAX_IN_FLIGHT)',
      exprs: [{ expr: 'sum by (service) (gateway_requests_waiting)', legend: '{{service}}' }],
      unit: 'short',
    },
  ]),
  'route-latency.json': dashboard('astro-routes', 'Astro API: per-route latency', [
    {
      title: 'p50 by route',
      exprs: [{ expr: q('0.5', 'route', 'http_request_duration_seconds'), legend: '{{route}}' }],
      unit: 's',
    },
    {
      title: 'p95 by route',
      exprs: [{ expr: q('0.95', 'route', 'http_request_duration_seconds'), legend: '{{route}}' }],
      unit: 's',
    },
    {
      title: 'p99 by route',
      exprs: [{ expr: q('0.99', 'route', 'http_request_duration_seconds'), legend: '{{route}}' }],
      unit: 's',
    },
    {
      title: 'Busiest routes',
      exprs: [{ expr: 'topk(15, sum by (route) (rate(http_requests_total[5m])))', legend: '{{route}}' }],
      unit: 'reqps',
    },
    {
      title: 'gRPC p95 by method',
      exprs: [{ expr: q('0.95', 'method', 'grpc_server_handling_seconds'), legend: '{{method}}' }],
      unit: 's',
    },
    {
      title: 'Errors by route',
      exprs: [
        {
          expr: 'topk(15, sum by (route, status) (rate(http_requests_total{status=~"[45].."}[5m])))',
          legend: '{{route}} {{status}}',
        },
      ],
      unit: 'reqps',
    },
  ]),
  'llm-spend.json': dashboard('astro-llm', 'Astro API: LLM spend', [
    {
      title: 'Spend per hour by tier (USD)',
      exprs: [{ expr: 'sum by (tier) (increase(llm_spend_usd_total[1h]))', legend: '{{tier}}' }],
      unit: 'currencyUSD',
    },
    {
      title: 'Tokens per second by tier and kind',
      exprs: [{ expr: 'sum by (tier, kind) (rate(llm_tokens_total[5m]))', legend: '{{tier}} {{kind}}' }],
    },
    {
      title: 'Spend this month (USD)',
      exprs: [{ expr: 'sum(increase(llm_spend_usd_total[30d]))', legend: 'month' }],
      unit: 'currencyUSD',
      kind: 'stat',
    },
    {
      title: 'LLM refusals (429) by reason',
      exprs: [
        { expr: 'sum by (reason) (rate(rate_limit_refusals_total{reason=~"llm_.*"}[5m]))', legend: '{{reason}}' },
      ],
      unit: 'reqps',
    },
    {
      title: 'LLM route p95',
      exprs: [
        { expr: q('0.95', 'route', 'http_request_duration_seconds', '{route=~"/v1/llm/.*"}'), legend: '{{route}}' },
      ],
      unit: 's',
    },
  ]),
  'bus-health.json': dashboard('astro-bus', 'Astro API: event bus health', [
    {
      title: 'Published per second by topic',
      exprs: [{ expr: 'sum by (topic) (rate(bus_events_total{op="publish"}[5m]))', legend: '{{topic}}' }],
      unit: 'ops',
    },
    {
      title: 'Consumed per second by topic and outcome',
      exprs: [
        { expr: 'sum by (topic, outcome) (rate(bus_events_total{op="consume"}[5m]))', legend: '{{topic}} {{outcome}}' },
      ],
      unit: 'ops',
    },
    {
      title: 'Consumer lag (seconds)',
      exprs: [{ expr: 'max by (group, topic) (bus_consumer_lag_seconds)', legend: '{{group}} {{topic}}' }],
      unit: 's',
    },
    {
      title: 'Parked events (15 min)',
      exprs: [
        {
          expr: 'sum by (topic) (increase(bus_events_total{op="consume",outcome="parked"}[15m]))',
          legend: '{{topic}}',
        },
      ],
      kind: 'stat',
    },
  ]),
};

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.mkdirSync(DIR, { recursive: true });
  for (const [file, d] of Object.entries(DASHBOARDS))
    fs.writeFileSync(path.join(DIR, file), `${JSON.stringify(d, null, 2)}\n`);
  console.log(`[dashboards] wrote ${Object.keys(DASHBOARDS).length} dashboards to infra/grafana/dashboards`);
}
