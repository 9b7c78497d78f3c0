// The PostgreSQL pool of a service. A connection the server drops (a PostgreSQL restart, a failover,
// an operator's pg_terminate_backend) is an 'error' event on the pool when idle, on the client when
// checked out; without a listener Node ends the process on it. Handled here instead: the pool opens a
// new connection on the next query.
import pg from 'pg';

export function createPgPool(opts: {
  connectionString: string;
  max: number;
  logger: { warn(message: string, fields?: Record<string, unknown>): unknown };
  applicationName?: string;
}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max,
    ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
  });
  pool.on('error', (err) =>
    opts.logger.warn('database idle connection error', { error: err.message, application: opts.applicationName }),
  );
  // The pool listens only to its idle connections. A checked-out one (a transaction, the relay's batch)
  // that the server drops emits 'error' on the client itself, and with no listener that ends the
  // process: the chart service died so in the PostgreSQL-restart drill. The running query is rejected
  // with the same error and its caller answers for it; an idle drop is logged by the pool above.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * Ends a pool and resolves once every connection has closed. `pool.end()` resolves as soon as it has
 * asked its connections to close, not when they have: a `DROP DATABASE … WITH (FORCE)` right after it
 * terminates connections still closing, and the server's termination notice reaches the pool as an
 * 'error' event (with no listener, the end of the process: the flaky place-search test).
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on('remove', () => {
      if (--open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}
