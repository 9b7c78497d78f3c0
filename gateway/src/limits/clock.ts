// Where "now" comes from for the limits. Production: the gateway's clock. Tests: with
// LIMITS_TEST_CLOCK (refused when NODE_ENV=production) a request may carry `X-Test-Now` (ISO 8601 or
// Unix ms), so bucket refills, quota windows and the Free change date are tested without sleeping, and
// two gateway processes agree on the time because the client tells both.
import type { Request } from 'express';
import { AppError } from '@astro/platform';

export type RequestClock = (req: Request) => number;

export const systemRequestClock: RequestClock = () => Date.now();

export const TEST_NOW_HEADER = 'x-test-now';

export function testRequestClock(req: Request): number {
  const raw = req.headers[TEST_NOW_HEADER];
  if (typeof raw !== 'string' || !raw) return Date.now();
  const ms = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (!Number.isFinite(ms))
    throw new AppError('invalid_request', 'X-Test-Now is not a date.', {
      errors: [{ field: 'X-Test-Now', reason: 'invalid_datetime' }],
    });
  return ms;
}
