import type { DemoHitStore } from '../domain/demo-limiter.ts';
import type { Db } from './prisma.ts';

/** Sliding-window hits in PostgreSQL; a per-client advisory lock makes check-and-record atomic. */
export class PgDemoHitStore implements DemoHitStore {
  constructor(private readonly db: Db) {}

  tryHit(clientKey: string, now: Date, windowStart: Date, limit: number) {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('demo:' || ${clientKey}))`;
      const rows = await tx.$queryRaw<{ n: bigint; oldest: Date | null }[]>`
        SELECT count(*) AS n, min(at) AS oldest FROM demo_hits WHERE client_key = ${clientKey} AND at > ${windowStart}`;
      const n = Number(rows[0]?.n ?? 0);
      if (n >= limit) return { allowed: false, oldest: rows[0]?.oldest ?? null };
      await tx.demoHit.create({ data: { client_key: clientKey, at: now } });
      // Keep the table small: this client's hits that left the window are no longer needed.
      await tx.demoHit.deleteMany({ where: { client_key: clientKey, at: { lte: windowStart } } });
      return { allowed: true, oldest: rows[0]?.oldest ?? now };
    });
  }
}
