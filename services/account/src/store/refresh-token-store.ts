import type { RefreshTokenRepository } from '../domain/ports.ts';
import type { RefreshTokenRecord } from '../domain/types.ts';
import { toRefreshToken } from './mappers.ts';
import type { Db } from './prisma.ts';

export class PrismaRefreshTokenRepository implements RefreshTokenRepository {
  constructor(private readonly db: Db) {}

  async create(row: RefreshTokenRecord): Promise<void> {
    await this.db.refreshToken.create({ data: row });
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRecord | null> {
    const row = await this.db.refreshToken.findUnique({ where: { token_hash: tokenHash } });
    return row ? toRefreshToken(row) : null;
  }

  async rotate(oldId: string, next: RefreshTokenRecord, at: Date): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      // The conditional update is the claim: of two concurrent rotations only one sees count 1.
      const claimed = await tx.refreshToken.updateMany({
        where: { id: oldId, consumed_at: null, revoked_at: null },
        data: { consumed_at: at },
      });
      if (claimed.count !== 1) return false;
      await tx.refreshToken.create({ data: next });
      return true;
    });
  }

  async revokeFamily(familyId: string, at: Date): Promise<void> {
    await this.db.refreshToken.updateMany({
      where: { family_id: familyId, revoked_at: null },
      data: { revoked_at: at },
    });
  }
}
