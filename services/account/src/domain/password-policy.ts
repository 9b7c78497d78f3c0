// Password rules: the bounds every password field shares (1-512 characters, checked as a validation
// error) and the strength policy new passwords must pass (zxcvbn, NIST 800-63B style: length and
// guessability, no composition rules).
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import type { FieldError } from '@astro/platform';
import { localPartOf } from './email-address.ts';

export const PASSWORD_MAX_CHARS = 512;
export const PASSWORD_MIN_CHARS_FOR_STRENGTH = 10;
/** zxcvbn score 3 = "safely unguessable: moderate protection from offline slow-hash scenario". */
export const MIN_ZXCVBN_SCORE = 3;
/**
 * zxcvbn's l33t matcher is combinatorial: measured here, a 64-character l33t-heavy string took ~4 s
 * with the default settings and a 512-character one minutes, all on the event loop. So only the first
 * 64 characters are scored (a long passphrase must be strong in its first 64 anyway) and l33t
 * substitutions are capped, which keeps the worst case near 0.3 s and ordinary passwords at a few ms.
 */
export const SCORED_PREFIX_CHARS = 64;
const L33T_MAX_SUBSTITUTIONS = 3;

let configured = false;
/** Builds zxcvbn's dictionaries (~0.3 s); call at boot so the first sign-up does not pay it. */
export function warmUpPasswordPolicy(): void {
  configure();
  zxcvbn('warm-up passphrase');
}

function configure(): void {
  if (configured) return;
  zxcvbnOptions.setOptions({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  });
  configured = true;
}

/** Length in characters (code points), so an emoji counts once, as users expect. */
export function passwordLength(pw: string): number {
  let n = 0;
  for (const _ of pw) n++;
  return n;
}

/** The shared field bounds; a missing or out-of-range password is a plain validation error. */
export function passwordFieldError(field: string, pw: unknown): FieldError | undefined {
  if (pw === undefined || pw === null) return { field, reason: 'required', message: `${field} is required` };
  if (typeof pw !== 'string') return { field, reason: 'type', message: `${field} must be a string` };
  const len = passwordLength(pw);
  if (len < 1 || len > PASSWORD_MAX_CHARS) {
    return { field, reason: 'length', message: `${field} must be 1-${PASSWORD_MAX_CHARS} characters` };
  }
  return undefined;
}

export type StrengthVerdict = { ok: true } | { ok: false; reason_code: string; message: string; suggestions: string[] };

/**
 * Strength check for a new password. `email` feeds zxcvbn's user inputs and the contains_email rule:
 * a password built from the account's own address is the first thing an attacker tries.
 */
export function checkPasswordStrength(pw: string, email: string): StrengthVerdict {
  if (passwordLength(pw) < PASSWORD_MIN_CHARS_FOR_STRENGTH) {
    return {
      ok: false,
      reason_code: 'too_short',
      message: `Use at least ${PASSWORD_MIN_CHARS_FOR_STRENGTH} characters.`,
      suggestions: [`Use at least ${PASSWORD_MIN_CHARS_FOR_STRENGTH} characters; a few unrelated words work well.`],
    };
  }
  const lowered = pw.toLowerCase();
  const local = localPartOf(email).toLowerCase();
  if (email && (lowered.includes(email.toLowerCase()) || (local.length >= 4 && lowered.includes(local)))) {
    return {
      ok: false,
      reason_code: 'contains_email',
      message: 'The password must not contain your e-mail address.',
      suggestions: ['Avoid your e-mail address or name in the password.'],
    };
  }
  configure();
  const userInputs = [email, local, ...local.split(/[^a-z0-9]+/i)].filter((s) => s.length >= 3);
  const result = zxcvbn([...pw].slice(0, SCORED_PREFIX_CHARS).join(''), userInputs);
  if (result.score < MIN_ZXCVBN_SCORE) {
    const suggestions = [...result.feedback.suggestions];
    if (result.feedback.warning) suggestions.unshift(result.feedback.warning);
    if (suggestions.length === 0) suggestions.push('Add another word or two; uncommon words are better.');
    return { ok: false, reason_code: 'too_guessable', message: 'The password is too easy to guess.', suggestions };
  }
  return { ok: true };
}
