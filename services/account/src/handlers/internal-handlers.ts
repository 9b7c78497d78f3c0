// AuthenticatorService (the gateway's per-request checks) and OperatorService (the operator CLI).
// Neither is routed by the gateway.
import type { Handlers } from '@astro/platform';
import type {
  AuthenticatorServiceService,
  AuthResult,
  OperatorServiceService,
} from '@astro/protos/astro/account/v1/account';
import type { AuthVerdict, Authenticator } from '../domain/authenticator.ts';
import type { Operator } from '../domain/operator.ts';
import { tenantStateMessage } from './messages.ts';

function authResult(v: AuthVerdict): AuthResult {
  return v.ok
    ? { ok: true, reason: '', principal: { ...v.principal } }
    : { ok: false, reason: v.reason, principal: undefined };
}

export function authenticatorHandlers(a: Authenticator): Handlers<typeof AuthenticatorServiceService> {
  return {
    authenticateApiKey: async (req) => authResult(await a.authenticateApiKey(req.key)),
    checkSession: async (req) => authResult(await a.checkSession(req.user_id, req.tenant_id, req.issued_at_ms)),
  };
}

export function operatorHandlers(o: Operator): Handlers<typeof OperatorServiceService> {
  return {
    grantAdmin: async (req) => tenantStateMessage(await o.grantAdmin(req.target, req.admin)),
    setPlan: async (req) => tenantStateMessage(await o.setPlan(req.target, req.plan_tier)),
    setStatus: async (req) => tenantStateMessage(await o.setStatus(req.target, req.status, req.tenant)),
    getTenantState: async (req) => tenantStateMessage(await o.getTenantState(req.target)),
  };
}
