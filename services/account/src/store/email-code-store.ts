import { MAX_CODE_ATTEMPTS } from '../domain/email-codes.ts';
import type { EmailCodeRepository } from '../domain/ports.ts';
import type { EmailCodeRecord } from '../domain/types.ts';
import { toEmailCode } from './mappers.ts';
import type { Db } from './prisma.ts';

export class PrismaEmailCodeRepository implements EmailCodeRepository {
  constructor(private readonly db: Db) {}

  async create(row: EmailCodeRecord): Promise<void> {
    await this.db.emailCode.create({ data: row });
  }

  async findLive(userId: string, now: Date): Promise<EmailCodeRecord | null> {
    const row = await this.db.emailCode.findFirst({
      where: { user_id: userId, consumed_at: null, attempts: { lt: MAX_CODE_ATTEMPTS }, expires_at: { gt: now } },
      orderBy: [{ created_at: 'desc' }, { id: 'desc' }],
    });
    return row ? toEmailCode(row) : null;
  }

  async claimAttempt(id: string, now: Date, maxAttempts: number): Promise<boolean> {
    const r = await this.db.emailCode.updateMany({
      where: { id, consumed_at: null, attempts: { lt: maxAttempts }, expires_at: { gt: now } },
      data: { attempts: { increment: 1 } },
    });
    return r.count === 1;
  }

  async consumeAndVerify(id: string, userId: string, now: Date): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const r = await tx.emailCode.updateMany({
        where: { id, consumed_at: null, expires_at: { gt: now } },
        data: { consumed_at: now },
      });
      if (r.count !== 1) return false;
      await tx.user.update({ where: { id: userId }, data: { email_verified: true } });
      return true;
    });
  }

  async supersede(userId: string, keepId: string, _now: Date): Promise<void> {
    await this.db.emailCode.deleteMany({ where: { user_id: userId, consumed_at: null, id: { not: keepId } } });
  }

  async delete(id: string): Promise<void> {
    await this.db.emailCode.deleteMany({ where: { id } });
  }
}
