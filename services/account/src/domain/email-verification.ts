// Use cases around the e-mail verification code: issue on sign-up, verify, resend.
import { AppError, invalidRequest, uuidv7 } from '@astro/platform';
import {
  CODE_TTL_MS,
  codeExpiry,
  codeInputError,
  codeMatches,
  generateCode,
  hashCode,
  MAX_CODE_ATTEMPTS,
  resendWaitSeconds,
} from './email-codes.ts';
import type { Log } from './logging.ts';
import { verificationMail } from './messages.ts';
import type { Clock, EmailCodeRepository, Mailer, UserRepository } from './ports.ts';
import type { SessionIssuer } from './session-issuer.ts';
import { toIso } from './datetime.ts';
import type { UserRecord } from './types.ts';
import type { SessionEnvelopeView } from './views.ts';

export interface VerificationDeps {
  users: UserRepository;
  emailCodes: EmailCodeRepository;
  mailer: Mailer;
  issuer: SessionIssuer;
  clock: Clock;
  log: Log;
}

export interface VerificationSettings {
  codeKey: Buffer;
  resendCooldownSeconds: number;
}

export interface ResendResult {
  email_dispatched: boolean;
  code_expires_at: string;
  next_resend_at: string;
}

export class EmailVerification {
  constructor(
    private readonly deps: VerificationDeps,
    private readonly settings: VerificationSettings,
  ) {}

  /**
   * Stores a new code and mails it. On success the older codes die and the resend clock starts; on
   * failure the new code is dropped, so the user keeps whatever code already reached them.
   */
  private async issueAndSend(user: UserRecord, now: Date): Promise<{ sent: boolean; expiresAt: Date }> {
    const code = generateCode();
    const expiresAt = codeExpiry(now);
    const id = uuidv7();
    await this.deps.emailCodes.create({
      id,
      user_id: user.id,
      code_hash: hashCode(this.settings.codeKey, user.id, code),
      created_at: now,
      expires_at: expiresAt,
      attempts: 0,
      consumed_at: null,
    });
    try {
      await this.deps.mailer.send(verificationMail(user.email, code, CODE_TTL_MS / 60_000, MAX_CODE_ATTEMPTS));
    } catch (err) {
      this.deps.log.warn('verification e-mail not accepted by the mailer', { user_id: user.id, err: errorText(err) });
      await this.deps.emailCodes.delete(id);
      return { sent: false, expiresAt };
    }
    await this.deps.emailCodes.supersede(user.id, id, now);
    return { sent: true, expiresAt };
  }

  /** The sign-up e-mail; returns whether the mailer accepted it (sign-up succeeds either way). */
  async sendInitial(user: UserRecord): Promise<boolean> {
    const now = this.deps.clock.now();
    const { sent } = await this.issueAndSend(user, now);
    if (sent) await this.deps.users.setVerificationSentAt(user.id, now);
    return sent;
  }

  async verify(userId: string, rawCode: unknown): Promise<SessionEnvelopeView> {
    const bad = codeInputError(rawCode);
    if (bad)
      throw invalidRequest([{ field: 'code', reason: bad, message: 'code must be a string of 4-12 characters' }]);
    const code = (rawCode as string).trim();
    const found = await this.deps.users.findById(userId);
    if (!found) throw new AppError('user_not_found');
    // A repeated verify (double submit, a second tab) is told so plainly, not "invalid code": the
    // first one already returned the session that says verified. No new session is minted here, so
    // a stolen access token cannot trade any code for a refresh token.
    if (found.user.email_verified) throw alreadyVerified();
    const now = this.deps.clock.now();
    const live = await this.deps.emailCodes.findLive(userId, now);
    // Every try counts, the right one included, and the claim is atomic: parallel guesses cannot
    // squeeze more than MAX_CODE_ATTEMPTS tries out of one code.
    const refused = async () => {
      // Two simultaneous verifies with the right code: the one that lost the race says why.
      if ((await this.deps.users.findById(userId))?.user.email_verified) return alreadyVerified();
      return expiredCode();
    };
    if (!live || !(await this.deps.emailCodes.claimAttempt(live.id, now, MAX_CODE_ATTEMPTS))) throw await refused();
    if (!codeMatches(this.settings.codeKey, userId, code, live.code_hash)) throw expiredCode();
    if (!(await this.deps.emailCodes.consumeAndVerify(live.id, userId, now))) throw await refused();
    return this.deps.issuer.issue({ ...found.user, email_verified: true }, now);
  }

  async resend(userId: string): Promise<ResendResult> {
    const found = await this.deps.users.findById(userId);
    if (!found) throw new AppError('user_not_found');
    if (found.user.email_verified) throw new AppError('already_verified');
    const cooldown = this.settings.resendCooldownSeconds;
    const now = this.deps.clock.now();
    const wait = resendWaitSeconds(found.user.verification_sent_at, now, cooldown);
    // The claim is a conditional update, so two simultaneous resends cannot both pass.
    const claimed =
      wait === 0 && (await this.deps.users.claimResendSlot(userId, now, new Date(now.getTime() - cooldown * 1000)));
    if (!claimed) {
      const retry = Math.max(1, wait || cooldown);
      throw new AppError(
        'resend_too_soon',
        `A verification code was sent recently; try again in ${retry} seconds.`,
        { retry_after_seconds: retry },
        { 'Retry-After': String(retry) },
      );
    }
    const { sent, expiresAt } = await this.issueAndSend(found.user, now);
    if (!sent) {
      // Nothing went out, so do not make the user wait for a cooldown they did not use.
      await this.deps.users.setVerificationSentAt(userId, found.user.verification_sent_at);
      throw new AppError('email_delivery_failed', 'The verification e-mail could not be sent; try again later.');
    }
    return {
      email_dispatched: true,
      code_expires_at: toIso(expiresAt),
      next_resend_at: toIso(new Date(now.getTime() + cooldown * 1000)),
    };
  }
}

function expiredCode(): AppError {
  return new AppError('invalid_or_expired_code');
}

function alreadyVerified(): AppError {
  return new AppError(
    'already_verified',
    'This e-mail address is already verified. The session returned by the first verification (or any new login or refresh) says so.',
  );
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
