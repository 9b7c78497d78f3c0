// AuthenticatorService (the gateway's per-request checks) and OperatorService (the operator CLI).
// Neither is routed by the gateway.
import { AppError, invalidRequest, type Handlers, type ParkedEvent, type ParkedEvents } from '@astro/platform';
import type {
  AuthenticatorServiceService,
  AuthResult,
  OperatorServiceService,
  ParkedEventView,
} from '@astro/protos/astro/account/v1/account';
import type { AuthVerdict, Authenticator } from '../domain/authenticator.ts';
import type { InvalidationHub } from '../domain/invalidations.ts';
import type { AuditRepository, Clock } from '../domain/ports.ts';
import type { Operator } from '../domain/operator.ts';
import { tenantStateMessage } from './messages.ts';

function authResult(v: AuthVerdict): AuthResult {
  return v.ok
    ? {
        ok: true,
        reason: '',
        principal: { ...v.principal, key_mode: v.principal.key_mode ?? '' },
        expires_at_ms: v.expiresAtMs ?? 0,
      }
    : { ok: false, reason: v.reason, principal: undefined, expires_at_ms: 0 };
}

export function authenticatorHandlers(
  a: Authenticator,
  hub: InvalidationHub,
): Handlers<typeof AuthenticatorServiceService> {
  return {
    authenticateApiKey: async (req) => authResult(await a.authenticateApiKey(req.key)),
    checkSession: async (req) => authResult(await a.checkSession(req.user_id, req.tenant_id, req.issued_at_ms)),
    watchInvalidations: async (_req, ctx, send) => {
      const unsubscribe = hub.subscribe((inv) => send(inv));
      try {
        send({ kind: 'hello', id: '' });
        await new Promise<void>((resolve) => {
          if (ctx.signal.aborted) resolve();
          ctx.signal.addEventListener('abort', () => resolve(), { once: true });
        });
      } finally {
        unsubscribe();
      }
    },
  };
}

function parkedView(p: ParkedEvent): ParkedEventView {
  return {
    id: p.id,
    group: p.group,
    topic: p.topic,
    event_id: p.eventId,
    attempts: p.attempts,
    error: p.error,
    parked_at: p.parkedAt,
  };
}

export function operatorHandlers(
  o: Operator,
  hub: InvalidationHub,
  parked: ParkedEvents | null,
  audit: AuditRepository,
  clock: Clock,
  log: { info(message: string, meta?: Record<string, unknown>): void },
): Handlers<typeof OperatorServiceService> {
  const parkedStore = (): ParkedEvents => {
    if (!parked)
      throw new AppError('service_unavailable', 'This bus keeps no parked events the account service can reach.');
    return parked;
  };
  // Plan and status changes make cached API-key verdicts of the tenant stale.
  const told = async <T extends { tenant_id: string }>(state: T): Promise<T> => {
    await hub.publish({ kind: 'tenant', id: state.tenant_id });
    return state;
  };
  return {
    grantAdmin: async (req) => tenantStateMessage(await o.grantAdmin(req.target, req.admin)),
    setPlan: async (req) => tenantStateMessage(await told(await o.setPlan(req.target, req.plan_tier))),
    setStatus: async (req) => tenantStateMessage(await told(await o.setStatus(req.target, req.status, req.tenant))),
    getTenantState: async (req) => tenantStateMessage(await o.getTenantState(req.target)),
    listParked: async (req) => ({ events: (await parkedStore().listParked(req.limit || 100)).map(parkedView) }),
    // Audited like every operator action: who was replayed (ids only, never payloads).
    replayParked: async (req) => {
      const which = req.all ? 'all' : req.parked_id;
      const replayed = await parkedStore()
        .replayParked(which)
        .catch((err: unknown) => {
          // The bus's store knows its id format (PostgreSQL: a number; Kafka: <topic>.parked:<partition>:<offset>).
          if (err instanceof RangeError)
            throw invalidRequest([{ field: 'parked_id', reason: 'invalid', message: err.message }]);
          throw err;
        });
      const params = {
        replayed: replayed.map((p) => ({ id: p.id, group: p.group, topic: p.topic, event_id: p.eventId })),
      };
      await audit.record({ action: 'replay_parked', target: which, params, at: clock.now() });
      log.info('operator action', { action: 'replay_parked', target: which, replayed: replayed.length });
      return { events: replayed.map(parkedView) };
    },
  };
}
