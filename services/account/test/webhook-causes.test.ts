// report.ready as a webhook event (docs/webhooks.md "report.ready"): the event id names the report, so
// two bus events for one report are one webhook event; the data is ids and file facts only; and the
// subscribable types in the domain are exactly the enum the API contract (webhooks.proto) publishes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from '@jest/globals';
import { reportReadyEvent } from '../src/domain/webhooks/causes.ts';
import { eventBody, WEBHOOK_EVENT_TYPES } from '../src/domain/webhooks/event-types.ts';

const PROTO = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../protos/astro/account/v1/webhooks.proto',
);

const ready = {
  tenant_id: '019ab3b8-0f2e-7a11-8c3d-5e9f1a2b3c4d',
  report_id: '019ab3c2-7d10-7c4e-9a51-3f0d2b6e8a41',
  chart_id: '019ab3c1-55aa-7b20-b3e4-0c9d8e7f6a5b',
  format: 'pdf',
  content_type: 'application/pdf',
  size_bytes: 48213,
  created_at: '2026-11-25T10:15:02.481Z',
};

describe('reportReadyEvent', () => {
  it('names the report in its id, so a repeated fact maps to the same event', () => {
    const e = reportReadyEvent(ready);
    assert.equal(e.id, `evt_report_ready_${ready.report_id}`);
    assert.equal(reportReadyEvent({ ...ready }).id, e.id);
    assert.notEqual(reportReadyEvent({ ...ready, report_id: ready.chart_id }).id, e.id);
  });

  it('carries ids and file facts only, timed at the report', () => {
    const e = reportReadyEvent(ready);
    assert.equal(e.type, 'report.ready');
    assert.equal(e.tenantId, ready.tenant_id);
    assert.equal(e.createdAt.toISOString(), ready.created_at);
    const { tenant_id: _tenant, ...data } = ready;
    assert.deepEqual(e.data, data);
    assert.deepEqual(JSON.parse(eventBody(e)), {
      id: e.id,
      type: 'report.ready',
      created_at: ready.created_at,
      tenant_id: ready.tenant_id,
      data,
    });
  });
});

describe('event types', () => {
  it("the domain's subscribable types are the enum of every `events` field in webhooks.proto", () => {
    const proto = fs.readFileSync(PROTO, 'utf8');
    const lists = [...proto.matchAll(/repeated string events = \d+ \[[^\]]*enum_values: \[([^\]]*)\]/g)].map((m) =>
      [...m[1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]),
    );
    assert.equal(lists.length, 3, 'Webhook, CreateWebhookRequest and UpdateWebhookRequest');
    for (const l of lists) assert.deepEqual(l, [...WEBHOOK_EVENT_TYPES]);
    assert.ok(WEBHOOK_EVENT_TYPES.includes('report.ready'));
  });
});
