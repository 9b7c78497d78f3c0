// winston JSON logs. Every line carries the request id (and tenant) of the current context. Known
// secret-bearing fields are masked before a line is written, so a careless `log.info({body})` cannot
// leak a password, token or key.
import winston from 'winston';
import { currentContext } from './context.ts';
import { activeTrace } from './trace.ts';

export type Logger = winston.Logger;

const SECRET_KEYS =
  /^(password|new_password|current_password|token|access_token|refresh_token|authorization|plaintext|key|api_key|secret|code|cookie|feed_token)$/i;
const KEY_RE = /ak_(live|test)_[A-Za-z0-9]+/g;
const JWT_RE = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
/** Calendar feed tokens (docs/calendar-feeds.md): the URL is the credential. */
export const FEED_TOKEN_RE = /ical_[A-Za-z0-9_-]{16,}/g;
// Webhook signing secrets (services/account/src/domain/webhooks/signature.ts).
const WHSEC_RE = /whsec_[A-Za-z0-9_-]+/g;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value
      .replace(KEY_RE, 'ak_$1_[redacted]')
      .replace(JWT_RE, '[jwt redacted]')
      .replace(FEED_TOKEN_RE, 'ical_[redacted]')
      .replace(WHSEC_RE, 'whsec_[redacted]');
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (value instanceof Error) return { name: value.name, message: redact(value.message), stack: value.stack };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

const withContext = winston.format((info) => {
  const ctx = currentContext();
  if (ctx) {
    info.request_id ??= ctx.requestId;
    if (ctx.tenantId) info.tenant_id ??= ctx.tenantId;
  }
  const t = activeTrace();
  if (t) info.trace_id ??= t.traceId;
  const cleaned = redact({ ...info }) as Record<string, unknown>;
  for (const k of Object.keys(cleaned)) (info as Record<string, unknown>)[k] = cleaned[k];
  return info;
});

/**
 * Drops a line below the logger's level before the other formats run: winston filters by level only
 * in the transport, after the timestamp, the redaction and the JSON text were made (the gateway's
 * profile at LOG_LEVEL=warn: 15 % of its own time went to request lines nobody would see).
 */
const enabledOnly = (logger: () => Logger) =>
  winston.format((info) => (logger().isLevelEnabled(info.level) ? info : false))();

export function createLogger(service: string, level = 'info'): Logger {
  const logger: Logger = winston.createLogger({
    level,
    defaultMeta: { service },
    format: winston.format.combine(
      enabledOnly(() => logger),
      winston.format.timestamp(),
      withContext(),
      winston.format.json(),
    ),
    transports: [new winston.transports.Console({ stderrLevels: ['error', 'warn'] })],
  });
  return logger;
}
