// Issues sessions: a short-lived HS256 access JWT the gateway verifies on its own, and an opaque
// refresh token stored only as a SHA-256 digest, rotating within a family so reuse can be detected.
import jwt from 'jsonwebtoken';
import { uuidv7 } from '@astro/platform';
import type { RefreshTokenRepository } from './ports.ts';
import { randomToken, sha256Hex } from './secrets.ts';
import type { UserRecord } from './types.ts';
import { userView, type SessionEnvelopeView } from './views.ts';

export interface TokenSettings {
  secret: string;
  issuer: string;
  audience: string;
  accessTtlSeconds: number;
  refreshTtlDays: number;
}

export const REFRESH_TOKEN_PREFIX = 'rt_';
/** Scopes every dashboard session has; admin is added for staff users. */
export const SESSION_BASE_SCOPES = ['keys:manage'];

export function sessionScopes(user: Pick<UserRecord, 'is_admin'>): string[] {
  return (user.is_admin ? [...SESSION_BASE_SCOPES, 'admin'] : [...SESSION_BASE_SCOPES]).sort();
}

export function hashRefreshToken(token: string): string {
  return sha256Hex(token);
}

/** Cheap shape check so garbage never reaches the database. */
export function looksLikeRefreshToken(token: string): boolean {
  return /^rt_[A-Za-z0-9_-]{43}$/.test(token);
}

export class SessionIssuer {
  constructor(
    private readonly settings: TokenSettings,
    private readonly refreshTokens: RefreshTokenRepository,
  ) {}

  get accessTtlSeconds(): number {
    return this.settings.accessTtlSeconds;
  }

  /**
   * The access token. iat_ms carries the issue instant in milliseconds because sign-out compares it
   * with sessions_revoked_at at millisecond precision (JWT iat is whole seconds); usr is the user
   * snapshot GET /v1/auth/me answers from without a lookup.
   */
  accessToken(user: UserRecord, now: Date): string {
    const iat = Math.floor(now.getTime() / 1000);
    return jwt.sign(
      {
        sub: user.id,
        tid: user.tenant_id,
        scopes: sessionScopes(user),
        typ: 'access',
        iat,
        iat_ms: now.getTime(),
        exp: iat + this.settings.accessTtlSeconds,
        usr: userView(user),
      },
      this.settings.secret,
      { algorithm: 'HS256', issuer: this.settings.issuer, audience: this.settings.audience },
    );
  }

  /** Creates a refresh token in `familyId` (a new family when omitted) and returns its plaintext. */
  newRefreshRecord(userId: string, now: Date, familyId: string = uuidv7()) {
    const plaintext = randomToken(REFRESH_TOKEN_PREFIX);
    const record = {
      id: uuidv7(),
      family_id: familyId,
      user_id: userId,
      token_hash: hashRefreshToken(plaintext),
      created_at: now,
      expires_at: new Date(now.getTime() + this.settings.refreshTtlDays * 86_400_000),
      consumed_at: null,
      revoked_at: null,
    };
    return { plaintext, record };
  }

  /** A new session (new refresh family) for `user`, issued at `now`. */
  async issue(user: UserRecord, now: Date): Promise<SessionEnvelopeView> {
    const { plaintext, record } = this.newRefreshRecord(user.id, now);
    await this.refreshTokens.create(record);
    return this.envelope(user, now, plaintext);
  }

  envelope(user: UserRecord, now: Date, refreshToken: string): SessionEnvelopeView {
    return {
      session: {
        access_token: this.accessToken(user, now),
        refresh_token: refreshToken,
        token_type: 'Bearer',
        expires_in: this.settings.accessTtlSeconds,
      },
      user: userView(user),
    };
  }
}
