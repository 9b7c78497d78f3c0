// Login and refresh-token rotation.
import { AppError, invalidRequest, type FieldError } from '@astro/platform';
import { normalizeEmail } from './email-address.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { PASSWORD_MAX_CHARS, passwordLength } from './password-policy.ts';
import type { Clock, RefreshTokenRepository, UserRepository } from './ports.ts';
import { randomToken } from './secrets.ts';
import { hashRefreshToken, looksLikeRefreshToken, type SessionIssuer } from './session-issuer.ts';
import type { UserWithTenant } from './types.ts';
import type { SessionEnvelopeView } from './views.ts';

export interface SessionDeps {
  users: UserRepository;
  refreshTokens: RefreshTokenRepository;
  hasher: PasswordHasher;
  issuer: SessionIssuer;
  clock: Clock;
}

/** 403 for a paused user or tenant; checked only once the caller has proved who they are. */
export function assertActive(found: UserWithTenant): void {
  if (found.user.status !== 'active') throw new AppError('user_paused');
  if (found.tenant.status !== 'active') throw new AppError('tenant_paused');
}

function requiredString(field: string, v: unknown, errors: FieldError[]): void {
  if (v === undefined || v === null || v === '')
    errors.push({ field, reason: 'required', message: `${field} is required` });
  else if (typeof v !== 'string') errors.push({ field, reason: 'type', message: `${field} must be a string` });
}

export class Sessions {
  /**
   * Hash of a random password, computed once at boot: unknown e-mails are verified against it so a
   * miss costs the same argon2 time as a wrong password (no user enumeration by timing).
   */
  private readonly dummyHash: Promise<string>;

  constructor(private readonly deps: SessionDeps) {
    this.dummyHash = deps.hasher.hash(randomToken());
  }

  async login(input: { email?: unknown; password?: unknown }): Promise<SessionEnvelopeView> {
    const errors: FieldError[] = [];
    requiredString('email', input.email, errors);
    requiredString('password', input.password, errors);
    if (errors.length) throw invalidRequest(errors);
    const password = input.password as string;
    const found = await this.deps.users.findByEmail(normalizeEmail(input.email as string));
    // Unknown e-mails (and over-long passwords, which sign-up never accepts) pay the same argon2 verify
    // as a wrong password, against the dummy hash.
    const account = found && passwordLength(password) <= PASSWORD_MAX_CHARS ? found : null;
    const ok = await this.deps.hasher.verify(account ? account.user.password_hash : await this.dummyHash, password);
    if (!account || !ok) throw new AppError('invalid_email_or_password');
    assertActive(account);
    const now = this.deps.clock.now();
    await this.deps.users.setLastLogin(account.user.id, now);
    return this.deps.issuer.issue({ ...account.user, last_login_at: now }, now);
  }

  async refresh(input: { refresh_token?: unknown }): Promise<SessionEnvelopeView> {
    const token = input.refresh_token;
    if (token === undefined || token === null || token === '') {
      throw invalidRequest([{ field: 'refresh_token', reason: 'required', message: 'refresh_token is required' }]);
    }
    if (typeof token !== 'string' || !looksLikeRefreshToken(token)) throw invalidRefresh();
    const row = await this.deps.refreshTokens.findByHash(hashRefreshToken(token));
    if (!row || row.revoked_at) throw invalidRefresh();
    const now = this.deps.clock.now();
    if (row.consumed_at) {
      // A rotated token came back: either the client or a thief holds a copy. Kill the whole family,
      // so the thief's branch dies too and the user has to log in again.
      await this.deps.refreshTokens.revokeFamily(row.family_id, now);
      throw invalidRefresh();
    }
    if (row.expires_at.getTime() <= now.getTime()) throw invalidRefresh();
    const found = await this.deps.users.findById(row.user_id);
    if (!found) throw invalidRefresh();
    if (found.user.sessions_revoked_at && row.created_at.getTime() < found.user.sessions_revoked_at.getTime())
      throw invalidRefresh();
    assertActive(found);
    const next = this.deps.issuer.newRefreshRecord(found.user.id, now, row.family_id);
    if (!(await this.deps.refreshTokens.rotate(row.id, next.record, now))) {
      // Lost a race with another use of the same token: that is reuse as well.
      await this.deps.refreshTokens.revokeFamily(row.family_id, now);
      throw invalidRefresh();
    }
    return this.deps.issuer.envelope(found.user, now, next.plaintext);
  }
}

function invalidRefresh(): AppError {
  return new AppError('invalid_refresh_token');
}
