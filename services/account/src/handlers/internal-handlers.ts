// AuthenticatorService (the gateway's per-request checks) and OperatorService (the operator CLI).
// Neither is routed by the gateway.
import type { Handlers } from '@astro/platform';
import type {
  AuthenticatorServiceService,
  AuthResult,
  OperatorServiceService,
} from '@astro/protos/astro/account/v1/account';
import type { AuthVerdict, Authenticator } from '../domain/authenticator.ts';
import type { InvalidationHub } from '../domain/invalidations.ts';
import type { Operator } from '../domain/operator.ts';
import { tenantStateMessage } from './messages.ts';

function authResult(v: AuthVerdict): AuthResult {
  return v.ok
    ? { ok: true, reason: '', principal: { ...v.principal }, expires_at_ms: v.expiresAtMs ?? 0 }
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

export function operatorHandlers(o: Operator, hub: InvalidationHub): Handlers<typeof OperatorServiceService> {
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
  };
}
