// Cross-replica invalidations over PostgreSQL LISTEN/NOTIFY on the account database: a replica's
// change reaches the gateways connected to the other replicas within milliseconds.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Invalidation, InvalidationBridge } from '../domain/invalidations.ts';
import { createPgPool, endPool } from '@astro/platform';

const CHANNEL = 'auth_invalidations';

export class PgInvalidationBridge implements InvalidationBridge {
  private readonly origin = randomUUID();
  private listener?: pg.Client;
  private readonly pool: pg.Pool;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly log: { warn(msg: string, meta?: object): void },
  ) {
    // A connection dropped by a PostgreSQL restart must not end the process (npm run drills).
    this.pool = createPgPool({ connectionString, max: 2, logger: log, applicationName: 'account:invalidations' });
  }

  async start(onRemote: (inv: Invalidation) => void): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      try {
        const { origin, inv } = JSON.parse(msg.payload ?? '{}') as { origin: string; inv: Invalidation };
        if (origin !== this.origin) onRemote(inv);
      } catch {
        /* not ours */
      }
    });
    client.on('error', (err) => {
      this.log.warn('invalidation listener lost', { err: err.message });
      // Reconnect; meanwhile remote changes reach local watchers only through the cache TTL.
      if (!this.closed) setTimeout(() => void this.start(onRemote).catch(() => {}), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  async notify(inv: Invalidation): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin: this.origin, inv })]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => {});
    await endPool(this.pool);
  }
}
