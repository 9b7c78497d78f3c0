import type { PasswordResetRepository } from '../domain/ports.ts';
import type { PasswordResetRecord } from '../domain/types.ts';
import { toPasswordReset } from './mappers.ts';
import type { Db } from './prisma.ts';

export class PrismaPasswordResetRepository implements PasswordResetRepository {
  constructor(private readonly db: Db) {}

  async create(row: PasswordResetRecord): Promise<void> {
    await this.db.passwordReset.create({ data: row });
  }

  async findByHash(tokenHash: string): Promise<PasswordResetRecord | null> {
    const row = await this.db.passwordReset.findUnique({ where: { token_hash: tokenHash } });
    return row ? toPasswordReset(row) : null;
  }

  async completeReset(resetId: string, userId: string, passwordHash: string, at: Date): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const claimed = await tx.passwordReset.updateMany({
        where: { id: resetId, used_at: null, expires_at: { gt: at } },
        data: { used_at: at },
      });
      if (claimed.count !== 1) return false;
      await tx.user.update({ where: { id: userId }, data: { password_hash: passwordHash, sessions_revoked_at: at } });
      await tx.refreshToken.updateMany({ where: { user_id: userId, revoked_at: null }, data: { revoked_at: at } });
      // Any other link still in the inbox dies with this one: the password it would reset is gone.
      await tx.passwordReset.updateMany({ where: { user_id: userId, used_at: null }, data: { used_at: at } });
      return true;
    });
  }
}
