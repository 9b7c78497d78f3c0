// Errors that mean "a dependency (PostgreSQL) cannot be reached right now" rather than "this request is
// wrong" or "this code is broken": a restart or a failover of the database. The gRPC server maps them
// to 503 service_unavailable, so a client sees a retryable error during the outage, never a 500
// (README "Fault drills", PostgreSQL restart).

/** PostgreSQL SQLSTATEs: class 08 connection exception, 57P01-57P03 shutdown / not accepting, 53300 too many connections. */
const PG_STATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** Prisma: P1001 can't reach, P1002 timed out, P1008 operation timed out, P1017 server closed the connection. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017']);
/** @prisma/driver-adapter-utils error kinds. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** node-postgres raises these as plain Errors, without a code. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error/,
];

export function isDependencyUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; errorCode?: unknown; name?: unknown; message?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (PG_STATES.test(code) || NET_CODES.has(code) || PRISMA_CODES.has(code)) return true;
  if (typeof e.errorCode === 'string' && PRISMA_CODES.has(e.errorCode)) return true;
  if (e.name === 'PrismaClientInitializationError') return true;
  const cause = e.cause as { kind?: unknown; originalCode?: unknown } | undefined;
  if (cause && typeof cause === 'object') {
    if (typeof cause.kind === 'string' && ADAPTER_KINDS.has(cause.kind)) return true;
    if (typeof cause.originalCode === 'string' && PG_STATES.test(cause.originalCode)) return true;
  }
  if (typeof e.message === 'string' && PG_MESSAGES.some((re) => re.test(e.message as string))) return true;
  if (err instanceof AggregateError && err.errors.some((x) => isDependencyUnavailable(x, depth + 1))) return true;
  return isDependencyUnavailable(e.cause, depth + 1);
}
