// Users (and the tenant created with them at sign-up).
import type { UserRepository } from '../domain/ports.ts';
import { EmailTakenError } from '../domain/ports.ts';
import type { ActiveStatus, SessionStateRow, TenantRecord, UserRecord, UserWithTenant } from '../domain/types.ts';
import { toTenant, toUser } from './mappers.ts';
import { isUniqueViolation, type Db } from './prisma.ts';

export class PrismaUserRepository implements UserRepository {
  constructor(private readonly db: Db) {}

  async createWithTenant(tenant: TenantRecord, user: UserRecord): Promise<void> {
    try {
      await this.db.$transaction([this.db.tenant.create({ data: tenant }), this.db.user.create({ data: user })]);
    } catch (err) {
      if (isUniqueViolation(err)) throw new EmailTakenError();
      throw err;
    }
  }

  async findByEmail(email: string): Promise<UserWithTenant | null> {
    const row = await this.db.user.findUnique({ where: { email }, include: { tenant: true } });
    return row ? { user: toUser(row), tenant: toTenant(row.tenant) } : null;
  }

  async findById(id: string): Promise<UserWithTenant | null> {
    const row = await this.db.user.findUnique({ where: { id }, include: { tenant: true } });
    return row ? { user: toUser(row), tenant: toTenant(row.tenant) } : null;
  }

  async listByTenant(tenantId: string): Promise<UserRecord[]> {
    const rows = await this.db.user.findMany({ where: { tenant_id: tenantId }, orderBy: { created_at: 'asc' } });
    return rows.map(toUser);
  }

  /** Runs on every session request: one primary-key lookup joined with the tenant, raw SQL. */
  async sessionState(userId: string): Promise<SessionStateRow | null> {
    const rows = await this.db.$queryRaw<SessionStateRow[]>`
      SELECT u.id::text AS user_id, u.tenant_id::text AS tenant_id, u.status AS user_status, u.is_admin,
             u.sessions_revoked_at, t.status AS tenant_status, t.plan_tier
        FROM users u JOIN tenants t ON t.id = u.tenant_id
       WHERE u.id = ${userId}::uuid`;
    return rows[0] ?? null;
  }

  async setLastLogin(id: string, at: Date): Promise<void> {
    await this.db.user.update({ where: { id }, data: { last_login_at: at } });
  }

  async setVerificationSentAt(id: string, at: Date | null): Promise<void> {
    await this.db.user.updateMany({ where: { id }, data: { verification_sent_at: at } });
  }

  async claimResendSlot(id: string, now: Date, notAfter: Date): Promise<boolean> {
    const r = await this.db.user.updateMany({
      where: { id, OR: [{ verification_sent_at: null }, { verification_sent_at: { lte: notAfter } }] },
      data: { verification_sent_at: now },
    });
    return r.count === 1;
  }

  async setPasswordAndRevokeSessions(id: string, passwordHash: string, at: Date): Promise<void> {
    await this.db.$transaction([
      this.db.user.update({ where: { id }, data: { password_hash: passwordHash, sessions_revoked_at: at } }),
      this.db.refreshToken.updateMany({ where: { user_id: id, revoked_at: null }, data: { revoked_at: at } }),
    ]);
  }

  async setAdmin(id: string, admin: boolean): Promise<void> {
    await this.db.user.update({ where: { id }, data: { is_admin: admin } });
  }

  async setStatus(id: string, status: ActiveStatus): Promise<void> {
    await this.db.user.update({ where: { id }, data: { status } });
  }
}
