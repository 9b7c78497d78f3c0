// Domain views -> ts-proto messages. null becomes undefined (an unset optional field), which the
// gateway renders as null or omits, per the field's annotation.
import type * as pb from '@astro/protos/astro/account/v1/account';
import type { SessionUser } from '@astro/platform';
import type { PlanView } from '../domain/plan-rules.ts';
import type { TenantPlanView } from '../domain/plans.ts';
import type { TenantStateView } from '../domain/operator.ts';
import type { ApiKeyView, SessionEnvelopeView } from '../domain/views.ts';

export function userMessage(u: SessionUser): pb.User {
  return {
    id: u.id,
    email: u.email,
    email_verified: u.email_verified,
    created_at: u.created_at,
    last_login_at: u.last_login_at ?? undefined,
  };
}

export function sessionEnvelopeMessage(v: SessionEnvelopeView): pb.SessionEnvelope {
  return {
    session: { ...v.session },
    user: userMessage(v.user),
    tenant: v.tenant ? { ...v.tenant } : undefined,
    email_dispatched: v.email_dispatched,
  };
}

export function apiKeyMessage(k: ApiKeyView): pb.ApiKey {
  return {
    id: k.id,
    name: k.name,
    key_prefix: k.key_prefix,
    key_last4: k.key_last4,
    display: k.display,
    scopes: k.scopes,
    owner_tenant_id: k.owner_tenant_id,
    created_at: k.created_at,
    created_by: k.created_by,
    last_used_at: k.last_used_at ?? undefined,
    expires_at: k.expires_at ?? undefined,
    revoked_at: k.revoked_at ?? undefined,
    metadata: k.metadata,
    plaintext: k.plaintext,
    mode: k.mode,
  };
}

export function planMessage(p: PlanView): pb.Plan {
  return { ...p, features: [...p.features] };
}

export function tenantPlanMessage(t: TenantPlanView): pb.TenantPlan {
  return { ...t, plan: planMessage(t.plan) };
}

export function tenantStateMessage(s: TenantStateView): pb.TenantState {
  return { ...s, users: s.users.map((u) => ({ ...u })) };
}
