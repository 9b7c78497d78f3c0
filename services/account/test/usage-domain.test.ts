// Usage reports, pure parts: the latency histogram and its p95, the window rules and the report views.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { AppError } from '@astro/platform';
import {
  addSample,
  bucketIndex,
  bucketUpperMs,
  mergeInto,
  p95,
  P95_MIN_SAMPLES,
  type Histogram,
} from '../src/domain/usage/histogram.ts';
import { NO_KEY, rollup } from '../src/domain/usage/records.ts';
import { endpointReport, hourlyReport, type RollupRow } from '../src/domain/usage/report.ts';
import { endpointLimit, hourRange, usageWindow } from '../src/domain/usage/window.ts';

const STEP = 2 ** (1 / 16); // the histogram's bucket ratio: a reported p95 is within [exact, exact x STEP]

function hist(samples: number[]): Histogram {
  const h: Histogram = {};
  for (const s of samples) addSample(h, s);
  return h;
}

function expectCode(fn: () => unknown, code: string): AppError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    assert.equal(err.code, code);
    return err;
  }
  assert.fail(`expected ${code}`);
}

describe('latency histogram', () => {
  it('a sample lies inside its bucket: (upper(i-1), upper(i)]', () => {
    for (const ms of [0.05, 0.1, 0.11, 1, 3.7, 19, 95, 1000, 15_000]) {
      const i = bucketIndex(ms);
      assert.ok(ms <= bucketUpperMs(i) + 1e-9, `${ms} <= upper(${i})`);
      if (i > 0) assert.ok(ms > bucketUpperMs(i - 1), `${ms} > upper(${i - 1})`);
    }
  });

  it('p95 of 1..100 ms: nearest rank ceil(0.95 x 100) = 95th value = 95 ms (Wikipedia "Percentile", nearest-rank method)', () => {
    const v = p95(hist(Array.from({ length: 100 }, (_, i) => i + 1)));
    assert.ok(v !== null && v >= 95 && v <= 95 * STEP + 0.01, String(v));
  });

  it('p95 of 1..20 ms: rank ceil(19) = 19 ms; 19 samples are too few (null)', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    const v = p95(hist(twenty));
    assert.ok(v !== null && v >= 19 && v <= 19 * STEP + 0.01, String(v));
    assert.equal(P95_MIN_SAMPLES, 20);
    assert.equal(p95(hist(twenty.slice(0, 19))), null);
    assert.equal(p95({}), null);
  });

  it('merging histograms equals histogramming the union', () => {
    const a = [3, 5, 8, 13, 21, 34, 55];
    const b = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096];
    const merged = hist(a);
    mergeInto(merged, hist(b));
    assert.deepEqual(merged, hist([...a, ...b]));
  });

  it('one slow outlier among 100 fast requests does not move p95', () => {
    const v = p95(hist([...Array.from({ length: 99 }, () => 2), 5000]));
    assert.ok(v !== null && v >= 2 && v <= 2 * STEP + 0.01, String(v));
  });
});

describe('usage window', () => {
  const now = new Date('2026-11-21T10:30:00.000Z');

  it('defaults: until = now, since = until - 7 days', () => {
    const w = usageWindow({}, now);
    assert.equal(w.until.toISOString(), '2026-11-21T10:30:00.000Z');
    assert.equal(w.since.toISOString(), '2026-11-14T10:30:00.000Z');
    const onlyUntil = usageWindow({ until: '2026-11-10T00:00:00+02:00' }, now);
    assert.equal(onlyUntil.since.toISOString(), '2026-11-02T22:00:00.000Z');
  });

  it('naive since or until -> naive_datetime naming the field', () => {
    assert.equal(
      expectCode(() => usageWindow({ since: '2026-11-20T00:00:00' }, now), 'naive_datetime').details?.field,
      'since',
    );
    assert.equal(expectCode(() => usageWindow({ until: '2026-11-20' }, now), 'naive_datetime').details?.field, 'until');
  });

  it('a value that is no date-time -> invalid_request', () => {
    expectCode(() => usageWindow({ since: 'yesterday' }, now), 'invalid_request');
  });

  it('until not after since -> invalid_range (equal too); a default until before a future since too', () => {
    expectCode(
      () => usageWindow({ since: '2026-11-20T00:00:00Z', until: '2026-11-20T00:00:00Z' }, now),
      'invalid_range',
    );
    expectCode(
      () => usageWindow({ since: '2026-11-20T00:00:00Z', until: '2026-11-19T00:00:00Z' }, now),
      'invalid_range',
    );
    expectCode(() => usageWindow({ since: '2026-12-01T00:00:00Z' }, now), 'invalid_range');
  });

  it('90 days pass, 90 days and 1 ms -> range_too_large with details.max_days 90', () => {
    const w = usageWindow({ since: '2026-08-01T00:00:00Z', until: '2026-10-30T00:00:00Z' }, now); // 90 days
    assert.equal(w.until.getTime() - w.since.getTime(), 90 * 86_400_000);
    const e = expectCode(
      () => usageWindow({ since: '2026-08-01T00:00:00Z', until: '2026-10-30T00:00:00.001Z' }, now),
      'range_too_large',
    );
    assert.equal(e.details?.max_days, 90);
  });

  it('reads every hour overlapping the window', () => {
    const r = hourRange(usageWindow({ since: '2026-11-20T10:20:00Z', until: '2026-11-20T12:00:00Z' }, now));
    assert.equal(r.fromHour.toISOString(), '2026-11-20T10:00:00.000Z');
    assert.equal(r.toExclusive.toISOString(), '2026-11-20T12:00:00.000Z');
  });

  it('limit: default 20, 1-100, else invalid_request', () => {
    assert.equal(endpointLimit(undefined), 20);
    assert.equal(endpointLimit(1), 1);
    assert.equal(endpointLimit(100), 100);
    for (const bad of [0, 101, -5]) expectCode(() => endpointLimit(bad), 'invalid_request');
  });
});

describe('report views', () => {
  const w = usageWindow(
    { since: '2026-11-20T00:00:00Z', until: '2026-11-21T00:00:00Z' },
    new Date('2026-11-21T00:00:00Z'),
  );
  const row = (hour: string, route: string, requests: number, e4 = 0, e5 = 0): RollupRow => ({
    hour: new Date(hour),
    route,
    requests,
    errors4xx: e4,
    errors5xx: e5,
    hist: hist(Array.from({ length: requests }, () => 10)),
  });
  const rows = [
    row('2026-11-20T13:00:00Z', '/v1/charts', 3, 1),
    row('2026-11-20T09:00:00Z', '/v1/charts/{chart_id}', 30, 2, 1),
    row('2026-11-20T13:00:00Z', '/v1/charts/{chart_id}', 5),
    row('2026-11-20T09:00:00Z', '/v1/plans', 5),
  ];

  it('hourly: one bucket per hour with traffic, oldest first, summed over routes', () => {
    const r = hourlyReport(w, rows);
    assert.deepEqual(
      r.buckets.map((b) => [b.bucket_hour, b.requests, b.errors_4xx, b.errors_5xx]),
      [
        ['2026-11-20T09:00:00.000Z', 35, 2, 1],
        ['2026-11-20T13:00:00.000Z', 8, 1, 0],
      ],
    );
    assert.equal(r.total_requests, 43);
    assert.equal(r.total_errors, 4);
    assert.ok(r.buckets[0]!.latency_p95_ms !== null, '35 samples give a p95');
    assert.equal(r.buckets[1]!.latency_p95_ms, null, '8 samples are too few');
    assert.ok(r.buckets.every((b) => b.endpoint_path === undefined));
  });

  it('endpoints: busiest first, limit cuts the list but not the totals', () => {
    const r = endpointReport(w, rows, 2);
    assert.deepEqual(
      r.buckets.map((b) => [b.endpoint_path, b.requests]),
      [
        ['/v1/charts/{chart_id}', 35],
        ['/v1/plans', 5],
      ],
    );
    assert.equal(r.total_requests, 43);
    assert.ok(r.buckets.every((b) => b.bucket_hour === undefined));
    assert.equal(r.since, '2026-11-20T00:00:00.000Z');
    assert.equal(r.until, '2026-11-21T00:00:00.000Z');
  });

  it('an empty window has no buckets and zero totals', () => {
    assert.deepEqual(hourlyReport(w, []), {
      since: '2026-11-20T00:00:00.000Z',
      until: '2026-11-21T00:00:00.000Z',
      total_requests: 0,
      total_errors: 0,
      test_requests: 0,
      buckets: [],
    });
  });

  it('test-key rows get their own buckets, marked mode test, and are counted in test_requests', () => {
    const testRow = (hour: string, route: string, requests: number): RollupRow => ({
      ...row(hour, route, requests),
      mode: 'test',
    });
    const mixed = [...rows, testRow('2026-11-20T09:00:00Z', '/v1/charts/{chart_id}', 4)];
    const h = hourlyReport(w, mixed);
    assert.deepEqual(
      h.buckets.map((b) => [b.bucket_hour, b.mode, b.requests]),
      [
        ['2026-11-20T09:00:00.000Z', 'live', 35],
        ['2026-11-20T09:00:00.000Z', 'test', 4],
        ['2026-11-20T13:00:00.000Z', 'live', 8],
      ],
    );
    assert.equal(h.total_requests, 47);
    assert.equal(h.test_requests, 4);
    const e = endpointReport(w, mixed, 20);
    assert.deepEqual(
      e.buckets.map((b) => [b.endpoint_path, b.mode, b.requests]),
      [
        ['/v1/charts/{chart_id}', 'live', 35],
        ['/v1/plans', 'live', 5],
        ['/v1/charts/{chart_id}', 'test', 4],
        ['/v1/charts', 'live', 3],
      ],
    );
  });
});

describe('usage.recorded batches', () => {
  const tenant = '0192a5a0-0000-7000-8000-000000000001';
  const key = '0192a5a0-0000-7000-8000-0000000000aa';
  const rec = (at: string, status: number, over: Record<string, unknown> = {}) => ({
    tenant_id: tenant,
    api_key_id: key,
    route: '/v1/charts/{chart_id}',
    method: 'GET',
    status,
    latency_ms: 12.5,
    at,
    ...over,
  });

  it('sums records per (tenant, key, hour, route, method) and classifies errors', () => {
    const { deltas, skipped } = rollup({
      records: [
        rec('2026-11-20T09:59:59.999Z', 200),
        rec('2026-11-20T09:00:00.000Z', 404),
        rec('2026-11-20T10:00:00.000Z', 503),
        rec('2026-11-20T09:30:00.000Z', 200, { api_key_id: null }),
      ],
    });
    assert.equal(skipped, 0);
    assert.deepEqual(
      deltas.map((d) => [d.apiKeyId, d.hour.toISOString(), d.requests, d.errors4xx, d.errors5xx]),
      [
        [NO_KEY, '2026-11-20T09:00:00.000Z', 1, 0, 0],
        [key, '2026-11-20T09:00:00.000Z', 2, 1, 0],
        [key, '2026-11-20T10:00:00.000Z', 1, 0, 1],
      ],
    );
  });

  it('skips malformed records and keeps the rest', () => {
    const { deltas, skipped } = rollup({
      records: [
        rec('2026-11-20T09:00:00Z', 200),
        rec('not a date', 200),
        rec('2026-11-20T09:00:00Z', 200, { tenant_id: 'x' }),
        null,
      ],
    });
    assert.equal(skipped, 3);
    assert.equal(deltas.length, 1);
    assert.deepEqual(rollup({ nope: true }), { deltas: [], skipped: 0 });
  });
});
