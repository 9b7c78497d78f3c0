import { uuidv7 } from '@astro/platform';
import type { AuditRepository } from '../domain/ports.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Db } from './prisma.ts';

export class PrismaAuditRepository implements AuditRepository {
  constructor(private readonly db: Db) {}

  async record(entry: { action: string; target: string; params: Record<string, unknown>; at: Date }): Promise<void> {
    await this.db.operatorAudit.create({
      data: {
        id: uuidv7(),
        action: entry.action,
        target: entry.target,
        params: entry.params as Prisma.InputJsonObject,
        created_at: entry.at,
      },
    });
  }
}
