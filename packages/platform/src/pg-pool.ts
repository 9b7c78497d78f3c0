// The PostgreSQL pool of a service. An idle connection the server drops (a PostgreSQL restart, a
// failover, an operator's pg_terminate_backend) is an 'error' event on the pool; without a listener
// Node ends the process on it. Logged here instead: the pool opens a new connection on the next query.
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
  return pool;
}
