// Prisma rows -> domain records. The database CHECK constraints guarantee the enum-like strings, so
// the casts below only narrow what is already enforced.
import type { PlanTier } from '@astro/platform';
import type { ApiKey, EmailCode, PasswordReset, RefreshToken, Tenant, User } from '../generated/prisma/client.ts';
import type {
  ActiveStatus,
  ApiKeyRecord,
  EmailCodeRecord,
  PasswordResetRecord,
  RefreshTokenRecord,
  TenantRecord,
  UserRecord,
} from '../domain/types.ts';

export function toTenant(t: Tenant): TenantRecord {
  return { ...t, plan_tier: t.plan_tier as PlanTier, status: t.status as ActiveStatus };
}

export function toUser(u: User): UserRecord {
  return {
    id: u.id,
    tenant_id: u.tenant_id,
    email: u.email,
    password_hash: u.password_hash,
    email_verified: u.email_verified,
    status: u.status as ActiveStatus,
    is_admin: u.is_admin,
    terms_version: u.terms_version,
    terms_accepted_at: u.terms_accepted_at,
    created_at: u.created_at,
    last_login_at: u.last_login_at,
    sessions_revoked_at: u.sessions_revoked_at,
    verification_sent_at: u.verification_sent_at,
  };
}

export function toRefreshToken(r: RefreshToken): RefreshTokenRecord {
  return { ...r };
}

export function toEmailCode(c: EmailCode): EmailCodeRecord {
  return { ...c };
}

export function toPasswordReset(p: PasswordReset): PasswordResetRecord {
  return { ...p };
}

export function toApiKey(k: ApiKey): ApiKeyRecord {
  const meta = k.metadata;
  return {
    id: k.id,
    tenant_id: k.tenant_id,
    name: k.name,
    key_prefix: k.key_prefix,
    key_last4: k.key_last4,
    key_hash: k.key_hash,
    scopes: k.scopes,
    created_by: k.created_by,
    created_at: k.created_at,
    last_used_at: k.last_used_at,
    expires_at: k.expires_at,
    revoked_at: k.revoked_at,
    metadata: meta && typeof meta === 'object' && !Array.isArray(meta) ? (meta as Record<string, unknown>) : {},
    mode: k.mode === 'test' ? 'test' : 'live',
  };
}
