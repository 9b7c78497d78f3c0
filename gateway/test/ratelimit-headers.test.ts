// RateLimit / RateLimit-Policy in the syntax of draft-ietf-httpapi-ratelimit-headers-09 §4-5
// (example there: `RateLimit-Policy: "default";q=100;w=10`, `RateLimit: "default";r=50;t=30`).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { rateLimitHeaders, windowSeconds } from '../src/limits/ratelimit-headers.ts';
import { windowsAt } from '../src/limits/policy.ts';

describe('IETF RateLimit headers', () => {
  it('a calendar month window lasts that month (30 days in November, 29 in a leap February)', () => {
    assert.equal(windowSeconds(windowsAt(Date.UTC(2026, 10, 24, 12)).month), 30 * 86_400);
    assert.equal(windowSeconds(windowsAt(Date.UTC(2028, 1, 10)).month), 29 * 86_400);
    assert.equal(windowSeconds(windowsAt(Date.UTC(2028, 1, 10)).day), 86_400);
  });

  it('lists both quotas as Structured Field items with q/w and r/t parameters', () => {
    const now = Date.UTC(2026, 10, 30, 23, 59, 30); // 30 s before both the day and the month reset
    const { day, month } = windowsAt(now);
    const h = rateLimitHeaders(
      [
        { window: day, limit: 100, used: 50 },
        { window: month, limit: 3000, used: 3100 },
      ],
      now,
    );
    assert.equal(h.policy, '"day";q=100;w=86400, "month";q=3000;w=2592000');
    assert.equal(h.limit, '"day";r=50;t=30, "month";r=0;t=30');
  });
});
