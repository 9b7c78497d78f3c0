import type { KeyMode, PlanTier } from '@astro/platform';
import { activeKeyLimit, keyLimitReached } from '../domain/plan-rules.ts';
import type { ApiKeyRepository, CreateKeyOutcome } from '../domain/ports.ts';
import type { ApiKeyAuthRow, ApiKeyRecord } from '../domain/types.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { toApiKey } from './mappers.ts';
import type { Db, Tx } from './prisma.ts';

/** Active = not revoked and not expired at `now` (the same rule as domain isKeyActive). */
function activeWhere(tenantId: string, now: Date): Prisma.ApiKeyWhereInput {
  return { tenant_id: tenantId, revoked_at: null, OR: [{ expires_at: null }, { expires_at: { gt: now } }] };
}

function countActive(db: Db | Tx, tenantId: string, now: Date, mode?: KeyMode): Promise<number> {
  return db.apiKey.count({ where: mode ? { ...activeWhere(tenantId, now), mode } : activeWhere(tenantId, now) });
}

/** Runs inside the revoke's transaction when a key goes from active to revoked (webhook fan-out). */
export type OnKeyRevoked = (tx: Tx, key: ApiKeyRecord) => Promise<void>;

export class PrismaApiKeyRepository implements ApiKeyRepository {
  constructor(
    private readonly db: Db,
    private readonly onRevoked?: OnKeyRevoked,
  ) {}

  createWithinLimit(row: ApiKeyRecord, now: Date): Promise<CreateKeyOutcome> {
    return this.db.$transaction(async (tx): Promise<CreateKeyOutcome> => {
      // Lock the tenant row: concurrent creates for one tenant queue here, and each counts the keys
      // the previous one committed (READ COMMITTED re-reads per statement).
      const locked = await tx.$queryRaw<{ plan_tier: string }[]>`
        SELECT plan_tier FROM tenants WHERE id = ${row.tenant_id}::uuid FOR UPDATE`;
      const tier = locked[0]?.plan_tier as PlanTier | undefined;
      if (!tier) return { status: 'no_tenant' };
      const limit = activeKeyLimit(tier);
      // Unlimited tiers skip the count altogether. Live and test keys are counted apart: a Free account
      // may hold one of each (docs/test-keys.md), so trying the API never costs the production key.
      if (limit !== null && keyLimitReached(tier, await countActive(tx, row.tenant_id, now, row.mode))) {
        return { status: 'limit_reached', plan: tier, limit };
      }
      const created = await tx.apiKey.create({ data: { ...row, metadata: row.metadata as Prisma.InputJsonObject } });
      return { status: 'created', key: toApiKey(created) };
    });
  }

  async list(tenantId: string, includeRevoked: boolean): Promise<ApiKeyRecord[]> {
    const rows = await this.db.apiKey.findMany({
      where: includeRevoked ? { tenant_id: tenantId } : { tenant_id: tenantId, revoked_at: null },
      // uuidv7 ids are time-ordered, so they break created_at ties in creation order.
      orderBy: [{ created_at: 'desc' }, { id: 'desc' }],
    });
    return rows.map(toApiKey);
  }

  async findInTenant(id: string, tenantId: string): Promise<ApiKeyRecord | null> {
    const row = await this.db.apiKey.findFirst({ where: { id, tenant_id: tenantId } });
    return row ? toApiKey(row) : null;
  }

  async revoke(id: string, tenantId: string, at: Date): Promise<ApiKeyRecord | null> {
    if (!this.onRevoked) {
      // Conditional on revoked_at IS NULL: a second revoke leaves the first timestamp untouched.
      await this.db.apiKey.updateMany({
        where: { id, tenant_id: tenantId, revoked_at: null },
        data: { revoked_at: at },
      });
      return this.findInTenant(id, tenantId);
    }
    const onRevoked = this.onRevoked;
    // The hook's rows (webhook deliveries) commit with the revoke or not at all.
    return this.db.$transaction(async (tx) => {
      const changed = await tx.apiKey.updateMany({
        where: { id, tenant_id: tenantId, revoked_at: null },
        data: { revoked_at: at },
      });
      const row = await tx.apiKey.findFirst({ where: { id, tenant_id: tenantId } });
      const key = row ? toApiKey(row) : null;
      if (key && changed.count === 1) await onRevoked(tx, key);
      return key;
    });
  }

  /** Runs on every API-key request: one unique-index lookup joined with the tenant, raw SQL. */
  async findForAuth(keyHash: string): Promise<ApiKeyAuthRow | null> {
    const rows = await this.db.$queryRaw<ApiKeyAuthRow[]>`
      SELECT k.id::text AS id, k.tenant_id::text AS tenant_id, k.key_hash, k.scopes, k.expires_at, k.revoked_at, k.mode,
             t.status AS tenant_status, t.plan_tier
        FROM api_keys k JOIN tenants t ON t.id = k.tenant_id
       WHERE k.key_hash = ${keyHash}`;
    return rows[0] ?? null;
  }

  async touchLastUsed(id: string, at: Date): Promise<void> {
    // Never move it backwards (writes from several replicas can land out of order).
    await this.db.apiKey.updateMany({
      where: { id, OR: [{ last_used_at: null }, { last_used_at: { lt: at } }] },
      data: { last_used_at: at },
    });
  }

  countActive(tenantId: string, now: Date): Promise<number> {
    return countActive(this.db, tenantId, now);
  }
}
