// An in-process OTLP/HTTP trace receiver for tests: accepts POST /v1/traces in the JSON encoding of
// the OTLP protocol (what @opentelemetry/exporter-trace-otlp-http sends) and keeps the spans.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  service: string;
  scope: string;
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttr {
  key: string;
  value: OtlpValue;
}
const valueOf = (v: OtlpValue) => v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue;
const attrs = (list: OtlpAttr[] = []) => Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

export interface OtlpReceiver {
  endpoint: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !/json/.test(req.headers['content-type'] ?? '')) {
        res.writeHead(415).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      for (const rs of body.resourceSpans ?? []) {
        const service = String(attrs(rs.resource?.attributes)['service.name'] ?? '');
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            spans.push({
              service,
              scope: ss.scope?.name ?? '',
              name: s.name,
              kind: s.kind,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId ?? '',
              attributes: attrs(s.attributes),
            });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
