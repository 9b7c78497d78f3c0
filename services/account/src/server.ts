// Wiring: repositories -> use cases -> handlers -> gRPC services. No logic of its own.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { service, type Logger, type ParkedEvents, type Registration } from '@astro/platform';
import {
  AccountServiceService,
  AuthenticatorServiceService,
  OperatorServiceService,
} from '@astro/protos/astro/account/v1/account';
import { BillingInternalServiceService, BillingServiceService } from '@astro/protos/astro/account/v1/billing';
import { ApiKeys } from './domain/api-keys.ts';
import { Authenticator } from './domain/authenticator.ts';
import { DomainBlocklist } from './domain/email-address.ts';
import { deriveCodeKey } from './domain/email-codes.ts';
import { EmailVerification } from './domain/email-verification.ts';
import { InvalidationHub } from './domain/invalidations.ts';
import { Operator } from './domain/operator.ts';
import { Argon2Hasher, type PasswordHasher } from './domain/password-hasher.ts';
import { PasswordFlows } from './domain/password-flows.ts';
import { warmUpPasswordPolicy } from './domain/password-policy.ts';
import { Plans } from './domain/plans.ts';
import { systemClock, type Clock, type Mailer } from './domain/ports.ts';
import { SessionIssuer, type TokenSettings } from './domain/session-issuer.ts';
import { Sessions } from './domain/sessions.ts';
import { Signup } from './domain/signup.ts';
import { TenantProvisioner } from './domain/tenant-provisioner.ts';
import { Usage } from './domain/usage/usage.ts';
import { apiKeyAndPlanHandlers } from './handlers/api-key-handlers.ts';
import { billingHandlers, billingInternalHandlers } from './handlers/billing-handlers.ts';
import { Billing, type BillingSettings } from './domain/billing/billing.ts';
import type { PaymentProvider } from './domain/billing/ports.ts';
import { LocalPaymentProvider } from './clients/payments/local-provider.ts';
import { PrismaBillingRepository } from './store/billing-store.ts';
import { authHandlers } from './handlers/auth-handlers.ts';
import { authenticatorHandlers, operatorHandlers } from './handlers/internal-handlers.ts';
import { usageHandlers } from './handlers/usage-handlers.ts';
import { PrismaApiKeyRepository } from './store/api-key-store.ts';
import { PrismaAuditRepository } from './store/audit-store.ts';
import { PrismaEmailCodeRepository } from './store/email-code-store.ts';
import { PrismaPasswordResetRepository } from './store/password-reset-store.ts';
import type { Db } from './store/prisma.ts';
import { PrismaRefreshTokenRepository } from './store/refresh-token-store.ts';
import { PrismaTenantRepository } from './store/tenant-store.ts';
import { PrismaUserRepository } from './store/user-store.ts';
import type { UsageRepository } from './domain/usage/usage.ts';
import { WebhookServiceService } from '@astro/protos/astro/account/v1/webhooks';
import type { WebhookRepository } from './domain/webhooks/ports.ts';
import { Webhooks, type WebhookSettings } from './domain/webhooks/webhooks.ts';
import { webhookHandlers } from './handlers/webhook-handlers.ts';
import type { OnKeyRevoked } from './store/api-key-store.ts';

export interface AccountSettings {
  tokens: TokenSettings;
  signupsPaused: boolean;
  termsVersion: string;
  emailDomainDenylist: string[];
  resendCooldownSeconds: number;
  publicBaseUrl: string;
  plansComingSoon: string[];
  /** Billing: checkout lifetime and default return URL (defaults: 60 minutes, PUBLIC_BASE_URL). */
  billing?: Partial<BillingSettings>;
}

export interface AccountServerDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  settings: AccountSettings;
  clock?: Clock;
  hasher?: PasswordHasher;
  /** Where cached-verdict invalidations go (the gateway's watch stream, other replicas). */
  invalidations?: InvalidationHub;
  /** Payment provider (main.ts: Stripe or the local one from config); default a local provider whose
   * confirmation secret is random and known to nobody (nothing can be confirmed). */
  paymentProvider?: PaymentProvider;
  /** Usage rollups (raw SQL on the service's pool). */
  usage: UsageRepository;
  /** Parked bus events, for the operator's list/replay (null: the bus keeps none this service can reach). */
  parked?: ParkedEvents | null;
  /** Webhook endpoints (main.ts: pg store, SSRF policy, settings from config); absent = no WebhookService. */
  webhooks?: { repo: WebhookRepository; settings: WebhookSettings; onKeyRevoked: OnKeyRevoked };
}

export interface AccountServices {
  registrations: Registration[];
  /** Folds usage.recorded events into the rollups (subscribed by main.ts). */
  usage: Usage;
  /** Waits for background work (forgot-password e-mails) before shutdown. */
  drain(): Promise<void>;
}

/** The disposable-mail lists shipped by disposable-email-domains (exact and wildcard entries). */
function disposableDomains(): string[] {
  const require = createRequire(import.meta.url);
  return [
    ...(require('disposable-email-domains') as string[]),
    ...(require('disposable-email-domains/wildcard.json') as string[]),
  ];
}

export function buildAccountServices(deps: AccountServerDeps): AccountServices {
  const { db, mailer, logger, settings } = deps;
  const clock = deps.clock ?? systemClock;
  const hasher = deps.hasher ?? new Argon2Hasher();
  const log = logger;
  warmUpPasswordPolicy();

  const users = new PrismaUserRepository(db);
  const tenants = new PrismaTenantRepository(db);
  const refreshTokens = new PrismaRefreshTokenRepository(db);
  const emailCodes = new PrismaEmailCodeRepository(db);
  const passwordResets = new PrismaPasswordResetRepository(db);
  const apiKeyRepo = new PrismaApiKeyRepository(db, deps.webhooks?.onKeyRevoked);
  const audit = new PrismaAuditRepository(db);

  const issuer = new SessionIssuer(settings.tokens, refreshTokens);
  const provisioner = new TenantProvisioner(tenants);
  const verification = new EmailVerification(
    { users, emailCodes, mailer, issuer, clock, log },
    { codeKey: deriveCodeKey(settings.tokens.secret), resendCooldownSeconds: settings.resendCooldownSeconds },
  );
  const signup = new Signup(
    { users, hasher, issuer, verification, clock },
    {
      signupsPaused: settings.signupsPaused,
      termsVersion: settings.termsVersion,
      blocklist: new DomainBlocklist(disposableDomains(), settings.emailDomainDenylist),
    },
  );
  const sessions = new Sessions({ users, refreshTokens, hasher, issuer, clock });
  const passwords = new PasswordFlows(
    { users, passwordResets, hasher, issuer, mailer, clock, log },
    { publicBaseUrl: settings.publicBaseUrl },
  );
  const apiKeys = new ApiKeys({ apiKeys: apiKeyRepo, tenants: provisioner, clock });
  const plans = new Plans({ tenants, provisioner, clock }, settings.plansComingSoon);
  const authenticator = new Authenticator({ apiKeys: apiKeyRepo, users, clock, log });
  const operator = new Operator({ users, tenants, apiKeys: apiKeyRepo, audit, clock, log });
  const invalidations = deps.invalidations ?? new InvalidationHub();
  const billing = new Billing(
    {
      repo: new PrismaBillingRepository(db),
      tenants,
      provisioner,
      provider:
        deps.paymentProvider ?? new LocalPaymentProvider(settings.publicBaseUrl, randomBytes(32).toString('hex')),
      invalidations,
      clock,
      log,
    },
    { checkoutTtlMinutes: 60, returnUrl: settings.publicBaseUrl, ...settings.billing },
  );
  const usage = new Usage({ usage: deps.usage, apiKeys: apiKeyRepo, clock, log });
  const webhooks = deps.webhooks && new Webhooks({ repo: deps.webhooks.repo, clock }, deps.webhooks.settings);

  return {
    registrations: [
      service('astro.account.v1.AccountService', AccountServiceService, {
        ...authHandlers({ signup, sessions, verification, passwords, users }),
        ...apiKeyAndPlanHandlers({ apiKeys, plans, invalidations }),
        ...usageHandlers(usage),
      }),
      service(
        'astro.account.v1.AuthenticatorService',
        AuthenticatorServiceService,
        authenticatorHandlers(authenticator, invalidations),
      ),
      service(
        'astro.account.v1.OperatorService',
        OperatorServiceService,
        operatorHandlers(operator, invalidations, deps.parked ?? null, audit, clock, log),
      ),
      service('astro.account.v1.BillingService', BillingServiceService, billingHandlers(billing)),
      service(
        'astro.account.v1.BillingInternalService',
        BillingInternalServiceService,
        billingInternalHandlers(billing, operator),
      ),
      ...(webhooks
        ? [service('astro.account.v1.WebhookService', WebhookServiceService, webhookHandlers(webhooks))]
        : []),
    ],
    usage,
    drain: () => passwords.drain(),
  };
}
