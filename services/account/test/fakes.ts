// In-memory ports for use-case tests: the same contracts as the Prisma repositories, no database.
import type { PlanTier } from '@astro/platform';
import type { PasswordHasher } from '../src/domain/password-hasher.ts';
import { activeKeyLimit, keyLimitReached } from '../src/domain/plan-rules.ts';
import {
  EmailTakenError,
  type ApiKeyRepository,
  type Clock,
  type CreateKeyOutcome,
  type EmailCodeRepository,
  type Mailer,
  type OutgoingMail,
  type RefreshTokenRepository,
  type UserRepository,
} from '../src/domain/ports.ts';
import type {
  ActiveStatus,
  ApiKeyAuthRow,
  ApiKeyRecord,
  EmailCodeRecord,
  RefreshTokenRecord,
  SessionStateRow,
  TenantRecord,
  UserRecord,
  UserWithTenant,
} from '../src/domain/types.ts';

export class FakeClock implements Clock {
  constructor(public t = new Date('2026-11-21T10:00:00.000Z').getTime()) {}
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/** Not argon2: fast and transparent, for logic tests only. */
export const plainHasher: PasswordHasher = {
  hash: async (pw) => `plain:${pw}`,
  verify: async (h, pw) => h === `plain:${pw}`,
};

export class FakeMailer implements Mailer {
  sent: OutgoingMail[] = [];
  fail = false;
  async send(mail: OutgoingMail): Promise<void> {
    if (this.fail) throw new Error('smtp down');
    this.sent.push(mail);
  }
}

export class FakeDb {
  tenants = new Map<string, TenantRecord>();
  users = new Map<string, UserRecord>();
  refresh = new Map<string, RefreshTokenRecord>();
  codes = new Map<string, EmailCodeRecord>();
  keys = new Map<string, ApiKeyRecord>();
}

export class FakeUsers implements UserRepository {
  constructor(private readonly db: FakeDb) {}
  private with(u: UserRecord | undefined): UserWithTenant | null {
    return u ? { user: { ...u }, tenant: { ...this.db.tenants.get(u.tenant_id)! } } : null;
  }
  async createWithTenant(tenant: TenantRecord, user: UserRecord) {
    if ([...this.db.users.values()].some((u) => u.email === user.email)) throw new EmailTakenError();
    this.db.tenants.set(tenant.id, { ...tenant });
    this.db.users.set(user.id, { ...user });
  }
  async findByEmail(email: string) {
    return this.with([...this.db.users.values()].find((u) => u.email === email));
  }
  async findById(id: string) {
    return this.with(this.db.users.get(id));
  }
  async listByTenant(tenantId: string) {
    return [...this.db.users.values()].filter((u) => u.tenant_id === tenantId);
  }
  async sessionState(userId: string): Promise<SessionStateRow | null> {
    const u = this.db.users.get(userId);
    if (!u) return null;
    const t = this.db.tenants.get(u.tenant_id)!;
    return {
      user_id: u.id,
      tenant_id: u.tenant_id,
      user_status: u.status,
      is_admin: u.is_admin,
      sessions_revoked_at: u.sessions_revoked_at,
      tenant_status: t.status,
      plan_tier: t.plan_tier,
    };
  }
  private patch(id: string, p: Partial<UserRecord>) {
    const u = this.db.users.get(id);
    if (u) this.db.users.set(id, { ...u, ...p });
  }
  async setLastLogin(id: string, at: Date) {
    this.patch(id, { last_login_at: at });
  }
  async setVerificationSentAt(id: string, at: Date | null) {
    this.patch(id, { verification_sent_at: at });
  }
  async claimResendSlot(id: string, now: Date, notAfter: Date) {
    const u = this.db.users.get(id)!;
    if (u.verification_sent_at && u.verification_sent_at > notAfter) return false;
    this.patch(id, { verification_sent_at: now });
    return true;
  }
  async setPasswordAndRevokeSessions(id: string, passwordHash: string, at: Date) {
    this.patch(id, { password_hash: passwordHash, sessions_revoked_at: at });
    for (const r of this.db.refresh.values()) if (r.user_id === id && !r.revoked_at) r.revoked_at = at;
  }
  async setAdmin(id: string, admin: boolean) {
    this.patch(id, { is_admin: admin });
  }
  async setStatus(id: string, status: ActiveStatus) {
    this.patch(id, { status });
  }
}

export class FakeRefreshTokens implements RefreshTokenRepository {
  constructor(private readonly db: FakeDb) {}
  async create(row: RefreshTokenRecord) {
    this.db.refresh.set(row.id, { ...row });
  }
  async findByHash(h: string) {
    const r = [...this.db.refresh.values()].find((x) => x.token_hash === h);
    return r ? { ...r } : null;
  }
  async rotate(oldId: string, next: RefreshTokenRecord, at: Date) {
    const old = this.db.refresh.get(oldId);
    if (!old || old.consumed_at || old.revoked_at) return false;
    old.consumed_at = at;
    this.db.refresh.set(next.id, { ...next });
    return true;
  }
  async revokeFamily(familyId: string, at: Date) {
    for (const r of this.db.refresh.values()) if (r.family_id === familyId && !r.revoked_at) r.revoked_at = at;
  }
}

export class FakeEmailCodes implements EmailCodeRepository {
  constructor(private readonly db: FakeDb) {}
  async create(row: EmailCodeRecord) {
    this.db.codes.set(row.id, { ...row });
  }
  async findLive(userId: string, now: Date) {
    const live = [...this.db.codes.values()]
      .filter((c) => c.user_id === userId && !c.consumed_at && c.attempts < 5 && c.expires_at > now)
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
    return live[0] ? { ...live[0] } : null;
  }
  async claimAttempt(id: string, now: Date, max: number) {
    const c = this.db.codes.get(id);
    if (!c || c.consumed_at || c.attempts >= max || c.expires_at <= now) return false;
    c.attempts++;
    return true;
  }
  async consumeAndVerify(id: string, userId: string, now: Date) {
    const c = this.db.codes.get(id);
    if (!c || c.consumed_at || c.expires_at <= now) return false;
    c.consumed_at = now;
    const u = this.db.users.get(userId)!;
    this.db.users.set(userId, { ...u, email_verified: true });
    return true;
  }
  async supersede(userId: string, keepId: string) {
    for (const [id, c] of this.db.codes)
      if (c.user_id === userId && !c.consumed_at && id !== keepId) this.db.codes.delete(id);
  }
  async delete(id: string) {
    this.db.codes.delete(id);
  }
}

export class FakeApiKeys implements ApiKeyRepository {
  touches: string[] = [];
  constructor(private readonly db: FakeDb) {}
  private active(tenantId: string, now: Date) {
    return [...this.db.keys.values()].filter(
      (k) => k.tenant_id === tenantId && !k.revoked_at && (!k.expires_at || k.expires_at > now),
    );
  }
  async createWithinLimit(row: ApiKeyRecord, now: Date): Promise<CreateKeyOutcome> {
    const t = this.db.tenants.get(row.tenant_id);
    if (!t) return { status: 'no_tenant' };
    const limit = activeKeyLimit(t.plan_tier);
    // Live and test keys are counted apart, as the Prisma store does.
    const sameMode = this.active(row.tenant_id, now).filter((k) => k.mode === row.mode);
    if (limit !== null && keyLimitReached(t.plan_tier, sameMode.length)) {
      return { status: 'limit_reached', plan: t.plan_tier, limit };
    }
    this.db.keys.set(row.id, { ...row });
    return { status: 'created', key: { ...row } };
  }
  async list(tenantId: string, includeRevoked: boolean) {
    return [...this.db.keys.values()]
      .filter((k) => k.tenant_id === tenantId && (includeRevoked || !k.revoked_at))
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1));
  }
  async findInTenant(id: string, tenantId: string) {
    const k = this.db.keys.get(id);
    return k && k.tenant_id === tenantId ? { ...k } : null;
  }
  async revoke(id: string, tenantId: string, at: Date) {
    const k = this.db.keys.get(id);
    if (!k || k.tenant_id !== tenantId) return null;
    k.revoked_at ??= at;
    return { ...k };
  }
  async findForAuth(keyHash: string): Promise<ApiKeyAuthRow | null> {
    const k = [...this.db.keys.values()].find((x) => x.key_hash === keyHash);
    if (!k) return null;
    const t = this.db.tenants.get(k.tenant_id)!;
    return {
      id: k.id,
      tenant_id: k.tenant_id,
      key_hash: k.key_hash,
      scopes: k.scopes,
      expires_at: k.expires_at,
      revoked_at: k.revoked_at,
      tenant_status: t.status,
      plan_tier: t.plan_tier,
      mode: k.mode,
    };
  }
  async touchLastUsed(id: string, at: Date) {
    this.touches.push(id);
    const k = this.db.keys.get(id);
    if (k) k.last_used_at = at;
  }
  async countActive(tenantId: string, now: Date) {
    return this.active(tenantId, now).length;
  }
}

export function tenantRecord(
  id: string,
  plan_tier: PlanTier = 'free',
  at = new Date('2026-11-01T00:00:00.000Z'),
): TenantRecord {
  return {
    id,
    display_name: 'test',
    plan_tier,
    plan_status: 'active',
    status: 'active',
    plan_updated_at: at,
    created_at: at,
  };
}
