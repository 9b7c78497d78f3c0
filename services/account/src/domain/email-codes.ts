// E-mail verification codes: 6 random digits, stored as an HMAC keyed by a server secret (a stolen
// table alone cannot be brute-forced over the 10^6 space), bound to the user, valid 15 minutes and
// for at most 5 attempts.
import { createHmac, randomInt } from 'node:crypto';
import { digestsEqual, hmacSha256Hex } from './secrets.ts';

export const CODE_DIGITS = 6;
export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_INPUT_MIN = 4;
export const CODE_INPUT_MAX = 12;

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/** A key of its own for codes, derived from JWT_SECRET so no extra secret has to be provisioned. */
export function deriveCodeKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('astro-account/email-code/v1').digest();
}

export function hashCode(key: Buffer, userId: string, code: string): string {
  return hmacSha256Hex(key, `${userId}:${code}`);
}

export function codeMatches(key: Buffer, userId: string, code: string, storedHash: string): boolean {
  return digestsEqual(hashCode(key, userId, code), storedHash);
}

export function codeExpiry(now: Date): Date {
  return new Date(now.getTime() + CODE_TTL_MS);
}

export interface CodeState {
  expires_at: Date;
  attempts: number;
  consumed_at: Date | null;
}

/** A code can still be tried while unconsumed, unexpired and under the attempt limit. */
export function isCodeLive(c: CodeState, now: Date): boolean {
  return c.consumed_at === null && c.attempts < MAX_CODE_ATTEMPTS && c.expires_at.getTime() > now.getTime();
}

/** The spec's code field bound (4-12 characters); surrounding blanks are a paste artefact, not input. */
export function codeInputError(code: unknown): string | undefined {
  if (code === undefined || code === null) return 'required';
  if (typeof code !== 'string') return 'type';
  const len = code.trim().length;
  return len < CODE_INPUT_MIN || len > CODE_INPUT_MAX ? 'length' : undefined;
}

/** Seconds left before another code may be sent, 0 when allowed now. */
export function resendWaitSeconds(lastSentAt: Date | null, now: Date, cooldownSeconds: number): number {
  if (!lastSentAt) return 0;
  const waitMs = lastSentAt.getTime() + cooldownSeconds * 1000 - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}
