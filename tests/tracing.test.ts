// Traces exported over OTLP: a throw-away fleet exports to an in-process OTLP/HTTP receiver, and one
// chart operation through the gateway comes back as a single trace, every span linked to its parent:
// gateway HTTP -> gateway gRPC client -> chart gRPC server -> PostgreSQL -> bus publish -> each consumer
// (the erasure participants) -> their own PostgreSQL work.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { dropDatabases } from '@astro/platform/db/index';
import { startFleet, TEST_FLEET_LIMITS, type RunningFleet } from '../scripts/fleet.ts';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './helpers/otlp-receiver.ts';

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

let receiver: OtlpReceiver;
let fleet: RunningFleet;
let dataDir: string;

async function call(
  method: string,
  urlPath: string,
  opts: { token?: string; body?: unknown; traceparent?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.traceparent) headers.traceparent = opts.traceparent;
  const res = await fetch(`${fleet.baseUrl}${urlPath}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

/** Spans of `traceId` once `done` holds for them (export is batched), or what arrived by the deadline. */
async function traceSpans(traceId: string, done: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  const until = Date.now() + 30_000;
  for (;;) {
    const spans = receiver.spans.filter((s) => s.traceId === traceId);
    if (done(spans) || Date.now() > until) return spans;
    await new Promise((r) => setTimeout(r, 200));
  }
}

function describeTrace(spans: ReceivedSpan[]): string {
  return spans.map((s) => `${s.service} ${s.kind} ${s.name} ${s.spanId}<-${s.parentSpanId}`).join('\n');
}

/** True when every span but the root has its parent among `spans`. */
function connected(spans: ReceivedSpan[], rootParent: string): boolean {
  const ids = new Set(spans.map((s) => s.spanId));
  return spans.every((s) => s.parentSpanId === rootParent || ids.has(s.parentSpanId));
}

/** Every span but the root has its parent in the trace: one connected tree. */
function assertConnected(spans: ReceivedSpan[], rootParent: string): void {
  const ids = new Set(spans.map((s) => s.spanId));
  for (const s of spans)
    assert.ok(
      s.parentSpanId === rootParent || ids.has(s.parentSpanId),
      `orphan span ${s.service} ${s.name}\n${describeTrace(spans)}`,
    );
}

/** True when `child` descends from `ancestor` in the trace. */
function descends(spans: ReceivedSpan[], child: ReceivedSpan, ancestor: ReceivedSpan): boolean {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  for (let s: ReceivedSpan | undefined = child; s; s = byId.get(s.parentSpanId)) if (s === ancestor) return true;
  return false;
}

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// The fleet's databases, dropped when the test ends (scripts/test.ts drops only its own run's).
const dbPrefix = `otlp_${process.pid}_${Date.now().toString(36)}`;

describe('OpenTelemetry export (OTLP)', () => {
  let key: string;

  before(async () => {
    receiver = await startOtlpReceiver();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-otlp-'));
    fleet = await startFleet({
      databaseUrl: ADMIN_URL,
      dataDir,
      gatewayPort: 0,
      randomPorts: true,
      dbPrefix,
      output: 'files',
      log: () => {},
      env: {
        ...TEST_FLEET_LIMITS,
        // The gateway's limiter runs its script on Redis inside each request: a node-redis span.
        REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
    });
    const email = `otlp-${Date.now()}@example.com`;
    const signup = await call('POST', '/v1/auth/signup', {
      body: { email, password: 'Correct-Horse-Battery-Staple-42!', accept_terms: true },
    });
    assert.equal(signup.status, 201);
    const created = await call('POST', '/v1/api-keys', {
      token: signup.json.session.access_token,
      body: { name: 'otlp', scopes: ['charts:read', 'charts:write'] },
    });
    assert.equal(created.status, 201);
    key = created.json.plaintext;
  });

  after(async () => {
    await fleet?.stop();
    await dropDatabases(ADMIN_URL, dbPrefix);
    await receiver?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a chart creation is one trace: gateway HTTP -> gRPC -> chart service -> PostgreSQL', async () => {
    // The caller's own trace: the gateway continues it (W3C traceparent), the export shows the rest.
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = '00f067aa0ba902b7';
    const res = await call('POST', '/v1/charts', {
      token: key,
      traceparent: `00-${traceId}-${callerSpan}-01`,
      body: { birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 }, system: 'vedic' },
    });
    assert.equal(res.status, 201);
    assert.match(res.headers.get('traceresponse') ?? '', new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    const spans = await traceSpans(
      traceId,
      (s) =>
        s.some((x) => x.service === 'chart' && x.scope.includes('pg')) &&
        s.some((x) => x.service === 'gateway' && x.kind === SERVER) &&
        s.some((x) => x.service === 'gateway' && x.scope.includes('redis')) &&
        // The outbox relay publishes later, continuing this trace from the row's stored headers: its
        // spans may arrive in a batch before their publish span does.
        connected(s, callerSpan),
    );
    const root = spans.find((s) => s.service === 'gateway' && s.kind === SERVER);
    assert.ok(root, `gateway server span\n${describeTrace(spans)}`);
    assert.equal(root.parentSpanId, callerSpan, 'the gateway span continues the caller span');
    assert.equal(root.name, 'POST /v1/charts', 'named after the route template');
    const chartServer = spans.find((s) => s.service === 'chart' && s.kind === SERVER && s.scope.includes('grpc'));
    const chartDb = spans.find((s) => s.service === 'chart' && s.scope.includes('pg'));
    assert.ok(chartServer && chartDb, describeTrace(spans));
    const client = spans.find((s) => s.spanId === chartServer.parentSpanId);
    assert.ok(
      client && client.service === 'gateway' && client.kind === CLIENT,
      'the chart call is a gateway gRPC call',
    );
    assert.ok(descends(spans, client, root));
    assert.ok(descends(spans, chartDb, chartServer), 'the query runs under the chart call');
    // The account service authenticates the API key inside the same request.
    assert.ok(
      spans.some((s) => s.service === 'account'),
      `account span\n${describeTrace(spans)}`,
    );
    // The limiter's script (EVALSHA, or EVAL when the server had not cached it): span named redis-<command>.
    const limits = spans.find((s) => s.service === 'gateway' && s.scope.includes('redis'));
    assert.ok(limits && /^redis-EVAL(SHA)?$/.test(limits.name), `gateway Redis span\n${describeTrace(spans)}`);
    assert.ok(descends(spans, limits, root), 'the Redis call runs under the request');
    assertConnected(spans, callerSpan);
  });

  it('a chart deletion reaches through the bus: publish span, then each consumer continues the trace', async () => {
    const created = await call('POST', '/v1/charts', {
      token: key,
      body: { birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 }, system: 'vedic' },
    });
    assert.equal(created.status, 201);
    const del = await call('DELETE', `/v1/charts/${created.json.id}`, { token: key });
    assert.equal(del.status, 204);
    const traceId = /^00-([0-9a-f]{32})-/.exec(del.headers.get('traceresponse') ?? '')?.[1];
    assert.ok(traceId, 'traceresponse names the trace');
    // Each service exports its spans in its own batches: wait for the whole picture (the publish span,
    // all four consumers, their database work, one connected tree), not for the first batches to land.
    const consumerServices = ['feedback', 'vedic-calc', 'western-calc', 'llm'];
    const spans = await traceSpans(
      traceId,
      (s) =>
        s.some((x) => x.kind === PRODUCER && x.name === 'publish chart.deleted') &&
        consumerServices.every((svc) =>
          s.some((x) => x.kind === CONSUMER && x.service === svc && x.name === 'process chart.deleted'),
        ) &&
        s.some((x) => x.service === 'feedback' && x.scope.includes('pg')) &&
        connected(s, ''),
    );
    const root = spans.find((s) => s.service === 'gateway' && s.kind === SERVER)!;
    assert.ok(root, describeTrace(spans));
    const publish = spans.find((s) => s.kind === PRODUCER && s.name === 'publish chart.deleted');
    assert.ok(publish, `a publish span for chart.deleted\n${describeTrace(spans)}`);
    assert.equal(publish.service, 'chart');
    assert.ok(descends(spans, publish, root));
    assert.ok(
      spans.some((s) => s.service === 'chart' && s.scope.includes('pg') && descends(spans, s, publish)),
      'the bus row is written under the publish span',
    );
    const consumers = spans.filter((s) => s.kind === CONSUMER && s.name === 'process chart.deleted');
    const services = new Set(consumers.map((s) => s.service));
    for (const svc of consumerServices)
      assert.ok(services.has(svc), `${svc} consumed chart.deleted in this trace\n${describeTrace(spans)}`);
    for (const c of consumers)
      assert.ok(descends(spans, c, publish), `${c.service} consumer continues the publish span`);
    assert.ok(
      spans.some(
        (s) =>
          s.service === 'feedback' &&
          s.scope.includes('pg') &&
          descends(
            spans,
            s,
            consumers.find((c) => c.service === 'feedback')!,
          ),
      ),
      'the consumer database work is in the trace too',
    );
    assertConnected(spans, '');
  });
});
