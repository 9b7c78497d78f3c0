// The account domain's records, independent of Prisma's generated types (the store maps to these).
import type { KeyMode, PlanTier } from '@astro/platform';

export type ActiveStatus = 'active' | 'paused';

export interface TenantRecord {
  id: string;
  display_name: string;
  plan_tier: PlanTier;
  plan_status: string;
  status: ActiveStatus;
  plan_updated_at: Date;
  created_at: Date;
}

export interface UserRecord {
  id: string;
  tenant_id: string;
  email: string;
  password_hash: string;
  email_verified: boolean;
  status: ActiveStatus;
  is_admin: boolean;
  terms_version: string;
  terms_accepted_at: Date;
  created_at: Date;
  last_login_at: Date | null;
  sessions_revoked_at: Date | null;
  verification_sent_at: Date | null;
}

export interface UserWithTenant {
  user: UserRecord;
  tenant: TenantRecord;
}

export interface RefreshTokenRecord {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
  revoked_at: Date | null;
}

export interface EmailCodeRecord {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  attempts: number;
  consumed_at: Date | null;
}

export interface PasswordResetRecord {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface ApiKeyRecord {
  id: string;
  tenant_id: string;
  name: string;
  key_prefix: string;
  key_last4: string;
  key_hash: string;
  scopes: string[];
  created_by: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  metadata: Record<string, unknown>;
  /** live or test (docs/test-keys.md); fixed at creation. */
  mode: KeyMode;
}

/** What the per-request key check needs, read in one query. */
export interface ApiKeyAuthRow {
  id: string;
  tenant_id: string;
  key_hash: string;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  tenant_status: ActiveStatus;
  plan_tier: PlanTier;
  mode: KeyMode;
}

/** What the per-request session check needs, read in one query. */
export interface SessionStateRow {
  user_id: string;
  tenant_id: string;
  user_status: ActiveStatus;
  is_admin: boolean;
  sessions_revoked_at: Date | null;
  tenant_status: ActiveStatus;
  plan_tier: PlanTier;
}
