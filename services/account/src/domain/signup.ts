// Sign-up: validation in the order the spec's error table implies, then one transaction creating the
// Free tenant and its user, then the verification e-mail and the first session.
import { AppError, invalidRequest, uuidv7, type FieldError } from '@astro/platform';
import { DomainBlocklist, domainOf, isValidEmail, localPartOf, normalizeEmail } from './email-address.ts';
import type { EmailVerification } from './email-verification.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { checkPasswordStrength, passwordFieldError, type StrengthVerdict } from './password-policy.ts';
import { EmailTakenError, type Clock, type UserRepository } from './ports.ts';
import type { SessionIssuer } from './session-issuer.ts';
import type { TenantRecord, UserRecord } from './types.ts';
import { tenantView, type SessionEnvelopeView } from './views.ts';

export interface SignupInput {
  email?: unknown;
  password?: unknown;
  accept_terms?: unknown;
}

export interface SignupSettings {
  signupsPaused: boolean;
  termsVersion: string;
  blocklist: DomainBlocklist;
}

export interface SignupDeps {
  users: UserRepository;
  hasher: PasswordHasher;
  issuer: SessionIssuer;
  verification: EmailVerification;
  clock: Clock;
}

export function weakPassword(v: Exclude<StrengthVerdict, { ok: true }>): AppError {
  return new AppError('password_too_weak', v.message, { reason_code: v.reason_code, suggestions: v.suggestions });
}

export class Signup {
  constructor(
    private readonly deps: SignupDeps,
    private readonly settings: SignupSettings,
  ) {}

  async execute(input: SignupInput): Promise<SessionEnvelopeView> {
    if (this.settings.signupsPaused) throw new AppError('signups_temporarily_paused');

    const errors: FieldError[] = [];
    if (input.email === undefined || input.email === null)
      errors.push({ field: 'email', reason: 'required', message: 'email is required' });
    else if (typeof input.email !== 'string')
      errors.push({ field: 'email', reason: 'type', message: 'email must be a string' });
    const pwError = passwordFieldError('password', input.password);
    if (pwError) errors.push(pwError);
    if (input.accept_terms !== undefined && input.accept_terms !== null && typeof input.accept_terms !== 'boolean') {
      errors.push({ field: 'accept_terms', reason: 'type', message: 'accept_terms must be a boolean' });
    }
    if (errors.length) throw invalidRequest(errors);

    const email = normalizeEmail(input.email as string);
    const password = input.password as string;
    if (!isValidEmail(email)) throw new AppError('invalid_email', 'The e-mail address is invalid.', { field: 'email' });
    // Omitted counts as not accepted: acceptance must be an explicit `true`.
    if (input.accept_terms !== true)
      throw new AppError('terms_not_accepted', 'The terms must be accepted (accept_terms: true).');
    const domain = domainOf(email);
    if (this.settings.blocklist.isBlocked(domain)) {
      throw new AppError('email_domain_not_allowed', `Sign-ups from ${domain} are not allowed.`, { domain });
    }
    const strength = checkPasswordStrength(password, email);
    if (!strength.ok) throw weakPassword(strength);

    const passwordHash = await this.deps.hasher.hash(password);
    const now = this.deps.clock.now();
    const tenant: TenantRecord = {
      id: uuidv7(),
      display_name: localPartOf(email),
      plan_tier: 'free',
      plan_status: 'active',
      status: 'active',
      plan_updated_at: now,
      created_at: now,
    };
    const user: UserRecord = {
      id: uuidv7(),
      tenant_id: tenant.id,
      email,
      password_hash: passwordHash,
      email_verified: false,
      status: 'active',
      is_admin: false,
      terms_version: this.settings.termsVersion,
      terms_accepted_at: now,
      created_at: now,
      last_login_at: null,
      sessions_revoked_at: null,
      verification_sent_at: null,
    };
    try {
      // No existence check first: the unique index decides, so two racing sign-ups get one 201 and one 409.
      await this.deps.users.createWithTenant(tenant, user);
    } catch (err) {
      if (err instanceof EmailTakenError) throw new AppError('email_already_registered');
      throw err;
    }
    const emailDispatched = await this.deps.verification.sendInitial(user);
    const envelope = await this.deps.issuer.issue(user, now);
    return { ...envelope, tenant: tenantView(tenant), email_dispatched: emailDispatched };
  }
}
