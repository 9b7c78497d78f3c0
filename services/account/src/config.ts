// The account process's configuration: one schema, parsed once at boot (main.ts), fatal when invalid.
import { z } from 'zod';
import { bool, commonConfig, FLEET, int, key, list, optionalStr, port, str } from '@astro/platform';
import { validateComingSoon } from './domain/plan-rules.ts';
import { AddressPolicy } from './domain/webhooks/address-policy.ts';

const account = FLEET.find((s) => s.name === 'account')!;

export const accountConfigSpec = {
  ...commonConfig,
  GRPC_PORT: key(port(account.grpcPort), 'gRPC port (AccountService, AuthenticatorService, OperatorService)'),
  METRICS_PORT: key(port(account.metricsPort), 'Prometheus /metrics port (0 = off)'),
  DATABASE_URL: key(z.string().min(1, 'required'), "PostgreSQL URL of this service's own database", { secret: true }),
  JWT_SECRET: key(
    z.string().min(1, 'required'),
    'HS256 secret shared with the gateway; also keys the e-mail code HMAC',
    { secret: true },
  ),
  JWT_ISSUER: key(str('astro-account'), 'iss claim of access tokens'),
  JWT_AUDIENCE: key(str('astro-api'), 'aud claim of access tokens'),
  ACCESS_TOKEN_TTL_SECONDS: key(int(900, 1), 'access-token lifetime (expires_in)'),
  REFRESH_TOKEN_TTL_DAYS: key(int(30, 1), 'refresh-token lifetime, renewed on each rotation'),
  SMTP_URL: key(optionalStr(), 'SMTP server (nodemailer URL); unset = write .eml files to MAILBOX_DIR', {
    secret: true,
  }),
  MAILBOX_DIR: key(str('.data/mailbox'), 'folder of the local mailbox used when SMTP_URL is unset'),
  MAIL_FROM: key(str('Astro API <no-reply@astro.local>'), 'From: of outgoing mail'),
  PUBLIC_BASE_URL: key(
    str('http://127.0.0.1:8080'),
    'base of the password-reset link (<base>/reset-password?token=...)',
  ),
  SIGNUPS_PAUSED: key(bool(false), 'refuse sign-ups with 503 signups_temporarily_paused'),
  EMAIL_DOMAIN_DENYLIST: key(
    list(),
    'comma list of e-mail domains refused at sign-up, on top of the disposable-domain list',
  ),
  TERMS_VERSION: key(str('2026-01-01'), 'terms version recorded with each sign-up'),
  RESEND_COOLDOWN_SECONDS: key(int(60), 'minimum seconds between two verification e-mails to one user'),
  BILLING_PROVIDER: key(
    z.enum(['local', 'stripe']).default('local'),
    'payment provider: local (checkouts confirmed on a local page, no money moves) or stripe',
  ),
  STRIPE_SECRET_KEY: key(optionalStr(), 'Stripe secret API key (BILLING_PROVIDER=stripe)', { secret: true }),
  STRIPE_WEBHOOK_SECRET: key(optionalStr(), 'signing secret of the Stripe webhook endpoint (BILLING_PROVIDER=stripe)', {
    secret: true,
  }),
  LOCAL_PAYMENT_SECRET: key(
    optionalStr(),
    'BILLING_PROVIDER=local: the confirmation secret a buyer must send to confirm a checkout (unset = generated into LOCAL_PAYMENT_SECRET_FILE)',
    { secret: true },
  ),
  LOCAL_PAYMENT_SECRET_FILE: key(
    str('.data/local-payment-secret'),
    'BILLING_PROVIDER=local without LOCAL_PAYMENT_SECRET: file holding the generated confirmation secret (read it there)',
  ),
  BILLING_CHECKOUT_TTL_MINUTES: key(int(60, 1), 'how long a checkout can be paid'),
  BILLING_RETURN_URL: key(optionalStr(), 'where the provider sends the buyer back (default PUBLIC_BASE_URL)'),
  PLANS_COMING_SOON: key(
    list().superRefine((tiers, ctx) => {
      for (const problem of validateComingSoon(tiers)) ctx.addIssue({ code: 'custom', message: problem });
    }),
    'comma list of paid tiers shown as coming_soon (cannot be switched to)',
  ),
  BUS_DATABASE_URL: key(optionalStr(), 'PostgreSQL URL of the event bus database (PostgreSQL adapter)', {
    secret: true,
  }),
  KAFKA_BROKERS: key(optionalStr(), 'Kafka brokers (comma list); unset = PostgreSQL event bus'),
  WEBHOOK_ALLOWED_NETWORKS: key(
    list().superRefine((nets, ctx) => {
      try {
        new AddressPolicy(nets);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
    'comma list of CIDRs webhooks may reach although private or loopback (the local fleet and tests: 127.0.0.1/32); empty in production',
  ),
  WEBHOOK_MAX_ENDPOINTS: key(int(16, 1), 'most webhook endpoints per tenant'),
  WEBHOOK_TIMEOUT_MS: key(int(10_000, 100), 'one webhook attempt: longest wait for the answer'),
  WEBHOOK_RETRY_BASE_MS: key(int(60_000, 1), 'webhook retries: delay after the first failure, doubled after each'),
  WEBHOOK_RETRY_MAX_MS: key(int(3_600_000, 1), 'webhook retries: longest delay between two attempts'),
  WEBHOOK_RETRY_WINDOW_MS: key(int(86_400_000, 1), 'webhook retries: how long after the first attempt (then failed)'),
  WEBHOOK_SECRET_OVERLAP_MS: key(int(86_400_000, 0), 'after a secret roll, how long the previous secret still signs'),
  WEBHOOK_DISPATCH_INTERVAL_MS: key(int(500, 10), 'webhook dispatcher: poll interval when nothing is due'),
};

/** Cross-key rules: the local provider never in production; Stripe needs both of its secrets. */
export function billingConfigProblems(cfg: {
  NODE_ENV: string;
  BILLING_PROVIDER: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  LOCAL_PAYMENT_SECRET?: string;
}): string[] {
  if (cfg.BILLING_PROVIDER === 'local') {
    if (cfg.NODE_ENV === 'production')
      return ['BILLING_PROVIDER: local (no money moves) is refused with NODE_ENV=production; set stripe'];
    if (cfg.LOCAL_PAYMENT_SECRET !== undefined && cfg.LOCAL_PAYMENT_SECRET.length < 16)
      return ['LOCAL_PAYMENT_SECRET: at least 16 characters'];
    return [];
  }
  return [
    ...(cfg.STRIPE_SECRET_KEY ? [] : ['STRIPE_SECRET_KEY: required with BILLING_PROVIDER=stripe']),
    ...(cfg.STRIPE_WEBHOOK_SECRET ? [] : ['STRIPE_WEBHOOK_SECRET: required with BILLING_PROVIDER=stripe']),
  ];
}
