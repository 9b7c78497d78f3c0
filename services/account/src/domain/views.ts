// Response shapes in domain terms (plain objects with ISO strings); handlers copy them into proto
// messages. Keeping them here lets the use cases be tested without gRPC.
import type { KeyMode, SessionUser } from '@astro/platform';
import { displayOf } from './api-key-format.ts';
import { toIso } from './datetime.ts';
import type { ApiKeyRecord, TenantRecord, UserRecord } from './types.ts';

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface TenantView {
  id: string;
  display_name: string;
  plan_tier: string;
  plan_status: string;
  status: string;
}

export interface SessionEnvelopeView {
  session: SessionTokens;
  user: SessionUser;
  tenant?: TenantView;
  email_dispatched?: boolean;
}

export function userView(u: UserRecord): SessionUser {
  return {
    id: u.id,
    email: u.email,
    email_verified: u.email_verified,
    created_at: toIso(u.created_at),
    last_login_at: u.last_login_at ? toIso(u.last_login_at) : null,
  };
}

export function tenantView(t: TenantRecord): TenantView {
  return {
    id: t.id,
    display_name: t.display_name,
    plan_tier: t.plan_tier,
    plan_status: t.plan_status,
    status: t.status,
  };
}

export interface ApiKeyView {
  id: string;
  name: string;
  key_prefix: string;
  key_last4: string;
  display: string;
  scopes: string[];
  owner_tenant_id: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  metadata: Record<string, unknown>;
  mode: KeyMode;
  plaintext?: string;
}

export function apiKeyView(k: ApiKeyRecord, plaintext?: string): ApiKeyView {
  const view: ApiKeyView = {
    id: k.id,
    name: k.name,
    key_prefix: k.key_prefix,
    key_last4: k.key_last4,
    display: displayOf(k.key_prefix, k.key_last4),
    scopes: [...k.scopes],
    owner_tenant_id: k.tenant_id,
    created_at: toIso(k.created_at),
    created_by: k.created_by,
    last_used_at: k.last_used_at ? toIso(k.last_used_at) : null,
    expires_at: k.expires_at ? toIso(k.expires_at) : null,
    revoked_at: k.revoked_at ? toIso(k.revoked_at) : null,
    metadata: k.metadata,
    mode: k.mode,
  };
  if (plaintext !== undefined) view.plaintext = plaintext;
  return view;
}
