// Prisma repository for charts. Tenant scoping is part of every query: another tenant's chart is
// indistinguishable from an absent one.
import type { HouseCusp, Position } from '@astro/astro-core';
import { isUuid } from '@astro/platform';
import type { ChartRecord } from '../domain/chart-record.ts';
import type { Db } from './prisma.ts';

type Row = Awaited<ReturnType<Db['chart']['findFirst']>> & {};

function toRecord(row: Row): ChartRecord {
  return {
    ...row,
    system: row.system as ChartRecord['system'],
    ayanamsha: row.ayanamsha as ChartRecord['ayanamsha'],
    birth_utc_ms: Number(row.birth_utc_ms),
    planets: row.planets as unknown as Position[],
    houses: row.houses as unknown as HouseCusp[],
  };
}

export class ChartStore {
  constructor(private readonly db: Db) {}

  async insert(r: ChartRecord): Promise<void> {
    await this.db.chart.create({
      data: {
        ...r,
        birth_utc_ms: BigInt(r.birth_utc_ms),
        planets: r.planets as object[],
        houses: r.houses as object[],
      },
    });
  }

  async find(tenantId: string, id: string): Promise<ChartRecord | null> {
    if (!isUuid(id)) return null;
    const row = await this.db.chart.findFirst({ where: { id, tenant_id: tenantId } });
    return row ? toRecord(row) : null;
  }

  /** True when a row was deleted. */
  async delete(tenantId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const r = await this.db.chart.deleteMany({ where: { id, tenant_id: tenantId } });
    return r.count > 0;
  }
}
