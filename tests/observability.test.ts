// Observability wiring: the Grafana dashboards and alert rules only query metric families that the
// processes export, the gateway exposes its request metrics, and a caller's W3C traceparent is
// continued (the gateway answers `traceresponse` with the caller's trace id and its own span).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import { parse } from 'yaml';
import { registry } from '@astro/platform';
import { DASHBOARDS } from '../scripts/grafana-dashboards.ts';
import { api, BASE_URL, ROOT } from './helpers/client.ts';

const PROMQL_WORDS = new Set([
  'sum',
  'by',
  'rate',
  'increase',
  'histogram_quantile',
  'topk',
  'max',
  'clamp_min',
  'le',
  'route',
  'status',
  'service',
  'method',
  'code',
  'topic',
  'op',
  'outcome',
  'group',
  'reason',
  'tier',
  'kind',
  'month',
]);

/** Metric names referenced by a PromQL expression (identifiers followed by `{`, `[` or `)`). */
function metricNames(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""');
  return [...withoutStrings.matchAll(/([a-z_][a-z0-9_]*)\s*(?=[{[)])/g)]
    .map((m) => m[1]!)
    .filter((n) => !PROMQL_WORDS.has(n))
    .map((n) => n.replace(/_bucket$/, ''));
}

describe('observability', () => {
  const exported = new Set(registry.getMetricsAsArray().map((m) => m.name));

  it('the committed dashboards are what scripts/grafana-dashboards.ts writes (npm run dashboards)', () => {
    for (const [file, d] of Object.entries(DASHBOARDS)) {
      const committed = fs.readFileSync(path.join(ROOT, 'infra', 'grafana', 'dashboards', file), 'utf8');
      assert.equal(committed, `${JSON.stringify(d, null, 2)}\n`, `${file} is stale`);
    }
  });

  it('every dashboard panel and alert rule queries an exported metric family', () => {
    const exprs: string[] = [];
    for (const d of Object.values(DASHBOARDS)) for (const p of d.panels) for (const t of p.targets) exprs.push(t.expr);
    const alerts = parse(fs.readFileSync(path.join(ROOT, 'infra', 'prometheus', 'alerts.yml'), 'utf8'));
    for (const g of alerts.groups) for (const r of g.rules) exprs.push(r.expr);
    assert.ok(exprs.length >= 25);
    for (const e of exprs) {
      const names = metricNames(e);
      assert.ok(names.length > 0, `no metric found in ${e}`);
      for (const n of names) assert.ok(exported.has(n), `${n} (in ${e}) is not an exported metric family`);
    }
  });

  it('the gateway continues a W3C trace and counts the request by route template', async () => {
    const parent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const res = await api('GET', '/v1/plans', { headers: { traceparent: parent } });
    assert.equal(res.status, 200);
    const m = /^00-4bf92f3577b34da6a3ce929d0e0e4736-([0-9a-f]{16})-01$/.exec(res.headers.get('traceresponse') ?? '');
    assert.ok(m, `traceresponse continues the trace: ${res.headers.get('traceresponse')}`);
    assert.notEqual(m[1], '00f067aa0ba902b7');
    const fresh = await api('GET', '/v1/plans');
    // A trace the gateway starts is sampled only when spans are exported (OTEL_EXPORTER_OTLP_ENDPOINT).
    assert.match(fresh.headers.get('traceresponse') ?? '', /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    // /metrics is on the gateway's admin port; the public port answers 404 there.
    assert.equal((await fetch(`${BASE_URL}/metrics`)).status, 404);
    const text = await (await fetch(process.env.GATEWAY_METRICS_URL!)).text();
    assert.match(text, /http_requests_total\{route="\/v1\/plans",method="GET",status="200"\} \d+/);
    assert.match(text, /# TYPE rate_limit_refusals_total counter/);
  });
});
