// Forgot / reset / change password. Both reset and change sign every earlier session out: they set
// users.sessions_revoked_at (access tokens issued before it fail CheckSession) and revoke every
// refresh token of the user.
import { AppError, invalidRequest, uuidv7, type FieldError } from '@astro/platform';
import { isValidEmail, normalizeEmail } from './email-address.ts';
import { errorText } from './email-verification.ts';
import type { Log } from './logging.ts';
import { passwordResetMail } from './messages.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { checkPasswordStrength, passwordFieldError } from './password-policy.ts';
import type { Clock, Mailer, PasswordResetRepository, UserRepository } from './ports.ts';
import { randomToken, sha256Hex } from './secrets.ts';
import type { SessionIssuer } from './session-issuer.ts';
import { weakPassword } from './signup.ts';
import type { SessionEnvelopeView } from './views.ts';

export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
/**
 * 24 bytes (192 bits, 32 characters) rather than 32: still far beyond guessing, and it keeps the link
 * under 76 characters with the default base URL, so the mail goes out as plain 7-bit text instead of
 * quoted-printable that would break the link across lines for naive readers.
 */
const RESET_TOKEN_BYTES = 24;

export interface PasswordFlowDeps {
  users: UserRepository;
  passwordResets: PasswordResetRepository;
  hasher: PasswordHasher;
  issuer: SessionIssuer;
  mailer: Mailer;
  clock: Clock;
  log: Log;
}

export interface PasswordFlowSettings {
  publicBaseUrl: string;
}

export function resetLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}

export class PasswordFlows {
  /** Background forgot-password sends, awaited on shutdown so none is cut off half-way. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly deps: PasswordFlowDeps,
    private readonly settings: PasswordFlowSettings,
  ) {}

  /**
   * Always accepted, and answered before any lookup: the reply and its timing are the same whether
   * or not the address is registered. The work happens in the background.
   */
  forgot(input: { email?: unknown }): { status: 'accepted' } {
    if (input.email === undefined || input.email === null || input.email === '') {
      throw invalidRequest([{ field: 'email', reason: 'required', message: 'email is required' }]);
    }
    if (typeof input.email !== 'string')
      throw invalidRequest([{ field: 'email', reason: 'type', message: 'email must be a string' }]);
    const email = normalizeEmail(input.email);
    if (isValidEmail(email)) {
      const job: Promise<void> = this.sendResetLink(email)
        .catch((err: unknown) => {
          this.deps.log.error('password reset e-mail failed', { err: errorText(err) });
        })
        .finally(() => this.pending.delete(job));
      this.pending.add(job);
    }
    return { status: 'accepted' };
  }

  /** Resolves when every background send started so far has finished. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private async sendResetLink(email: string): Promise<void> {
    const found = await this.deps.users.findByEmail(email);
    // Paused accounts get nothing: a reset would not let them in anyway.
    if (!found || found.user.status !== 'active' || found.tenant.status !== 'active') return;
    const now = this.deps.clock.now();
    const token = randomToken('', RESET_TOKEN_BYTES);
    await this.deps.passwordResets.create({
      id: uuidv7(),
      user_id: found.user.id,
      token_hash: sha256Hex(token),
      created_at: now,
      expires_at: new Date(now.getTime() + RESET_LINK_TTL_MS),
      used_at: null,
    });
    await this.deps.mailer.send(
      passwordResetMail(email, resetLink(this.settings.publicBaseUrl, token), RESET_LINK_TTL_MS / 60_000),
    );
    this.deps.log.info('password reset link sent', { user_id: found.user.id });
  }

  async reset(input: {
    token?: unknown;
    new_password?: unknown;
  }): Promise<{ status: 'password_reset'; sessions_revoked: true }> {
    const errors: FieldError[] = [];
    if (input.token === undefined || input.token === null || input.token === '')
      errors.push({ field: 'token', reason: 'required', message: 'token is required' });
    else if (typeof input.token !== 'string')
      errors.push({ field: 'token', reason: 'type', message: 'token must be a string' });
    const pwError = passwordFieldError('new_password', input.new_password);
    if (pwError) errors.push(pwError);
    if (errors.length) throw invalidRequest(errors);
    const now = this.deps.clock.now();
    const link = await this.deps.passwordResets.findByHash(sha256Hex(input.token as string));
    if (!link || link.used_at || link.expires_at.getTime() <= now.getTime()) throw expiredLink();
    const found = await this.deps.users.findById(link.user_id);
    if (!found) throw expiredLink();
    const newPassword = input.new_password as string;
    const strength = checkPasswordStrength(newPassword, found.user.email);
    if (!strength.ok) throw weakPassword(strength);
    const hash = await this.deps.hasher.hash(newPassword);
    if (!(await this.deps.passwordResets.completeReset(link.id, found.user.id, hash, this.deps.clock.now())))
      throw expiredLink();
    return { status: 'password_reset', sessions_revoked: true };
  }

  async change(
    userId: string,
    input: { current_password?: unknown; new_password?: unknown },
  ): Promise<SessionEnvelopeView> {
    const errors: FieldError[] = [];
    if (input.current_password === undefined || input.current_password === null || input.current_password === '') {
      errors.push({ field: 'current_password', reason: 'required', message: 'current_password is required' });
    } else if (typeof input.current_password !== 'string') {
      errors.push({ field: 'current_password', reason: 'type', message: 'current_password must be a string' });
    }
    const pwError = passwordFieldError('new_password', input.new_password);
    if (pwError) errors.push(pwError);
    if (errors.length) throw invalidRequest(errors);
    const found = await this.deps.users.findById(userId);
    if (!found) throw new AppError('user_not_found');
    if (!(await this.deps.hasher.verify(found.user.password_hash, input.current_password as string))) {
      throw new AppError('current_password_incorrect');
    }
    const newPassword = input.new_password as string;
    const strength = checkPasswordStrength(newPassword, found.user.email);
    if (!strength.ok) throw weakPassword(strength);
    const hash = await this.deps.hasher.hash(newPassword);
    // One instant for the revocation and the new session: its iat_ms equals sessions_revoked_at, and
    // CheckSession only refuses tokens issued strictly before it, so this session survives.
    const now = this.deps.clock.now();
    await this.deps.users.setPasswordAndRevokeSessions(found.user.id, hash, now);
    return this.deps.issuer.issue({ ...found.user, password_hash: hash, sessions_revoked_at: now }, now);
  }
}

function expiredLink(): AppError {
  return new AppError('invalid_or_expired_reset_link');
}
