// Account service process: config, database, mailer, gRPC server, metrics, signals.
import {
  createEventBus,
  createLogger,
  createPgPool,
  endPool,
  loadConfigOrExit,
  parkedEventsOf,
  serveService,
  subscribeEvent,
  EVENTS,
} from '@astro/platform';
import { accountConfigSpec, billingConfigProblems } from './config.ts';
import { LocalPaymentProvider, localConfirmationSecret } from './clients/payments/local-provider.ts';
import { StripePaymentProvider } from './clients/payments/stripe-provider.ts';
import { createMailer } from './clients/mail/create-mailer.ts';
import { InvalidationHub } from './domain/invalidations.ts';
import { USAGE_TOPIC } from './domain/usage/records.ts';
import { buildAccountServices } from './server.ts';
import { PgInvalidationBridge } from './store/pg-invalidation-bridge.ts';
import { createPrismaClient } from './store/prisma.ts';
import { PgUsageRepository } from './store/usage-store.ts';
import { HttpWebhookSender, systemResolver } from './clients/webhooks/http-sender.ts';
import { AddressPolicy } from './domain/webhooks/address-policy.ts';
import { erasureCompletedEvent, quotaThresholdEvent } from './domain/webhooks/causes.ts';
import { WebhookDispatcher } from './domain/webhooks/dispatcher.ts';
import { fanOutKeyRevoked, PgWebhookRepository } from './store/webhook-store.ts';

const cfg = loadConfigOrExit('account', accountConfigSpec);
const logger = createLogger('account', cfg.LOG_LEVEL);
for (const problem of billingConfigProblems(cfg)) {
  process.stderr.write(`account: invalid configuration\n  ${problem}\n`);
  process.exit(78);
}

const db = createPrismaClient(cfg.DATABASE_URL);
const pool = createPgPool({ connectionString: cfg.DATABASE_URL, max: 5, logger });
const bus = createEventBus({
  kafkaBrokers: cfg.KAFKA_BROKERS,
  databaseUrl: cfg.BUS_DATABASE_URL ?? cfg.DATABASE_URL,
  clientId: 'account',
  logger,
});
const mail = createMailer({ smtpUrl: cfg.SMTP_URL, mailboxDir: cfg.MAILBOX_DIR, from: cfg.MAIL_FROM });

const bridge = new PgInvalidationBridge(cfg.DATABASE_URL, logger);
const invalidations = new InvalidationHub(bridge);
await invalidations.start();

function paymentProvider() {
  if (cfg.BILLING_PROVIDER === 'stripe')
    return new StripePaymentProvider({ secretKey: cfg.STRIPE_SECRET_KEY!, webhookSecret: cfg.STRIPE_WEBHOOK_SECRET! });
  try {
    const { secret, source } = localConfirmationSecret(cfg.LOCAL_PAYMENT_SECRET, cfg.LOCAL_PAYMENT_SECRET_FILE);
    // Where the operator finds the secret, never the secret itself.
    logger.info('local payment provider: confirmations need the operator secret', { secret_source: source });
    return new LocalPaymentProvider(cfg.PUBLIC_BASE_URL, secret, cfg.NODE_ENV);
  } catch (err) {
    // A read-only file system (a container): serve checkouts, but none can be confirmed until
    // LOCAL_PAYMENT_SECRET is configured.
    logger.warn('local payment provider: no confirmation secret; set LOCAL_PAYMENT_SECRET', {
      err: (err as Error).message,
    });
    return undefined;
  }
}

// Webhooks: one address policy for registration and delivery (SSRF), one store, one dispatcher.
const webhookPolicy = new AddressPolicy(cfg.WEBHOOK_ALLOWED_NETWORKS);
const webhookRepo = new PgWebhookRepository(pool);
const webhookDispatcher = new WebhookDispatcher(
  { repo: webhookRepo, sender: new HttpWebhookSender(webhookPolicy), clock: { now: () => new Date() }, log: logger },
  {
    retry: {
      baseMs: cfg.WEBHOOK_RETRY_BASE_MS,
      maxMs: cfg.WEBHOOK_RETRY_MAX_MS,
      windowMs: cfg.WEBHOOK_RETRY_WINDOW_MS,
    },
    timeoutMs: cfg.WEBHOOK_TIMEOUT_MS,
    batchSize: 20,
    intervalMs: cfg.WEBHOOK_DISPATCH_INTERVAL_MS,
  },
);

const services = buildAccountServices({
  db,
  invalidations,
  paymentProvider: paymentProvider(),
  usage: new PgUsageRepository(pool),
  // The operator's replay-parked goes through this service, audited like its other actions; on Kafka
  // its database keeps the ledger of replays (parked_replays).
  parked: parkedEventsOf(bus, pool),
  mailer: mail.mailer,
  logger,
  webhooks: {
    repo: webhookRepo,
    onKeyRevoked: fanOutKeyRevoked,
    settings: {
      maxEndpoints: cfg.WEBHOOK_MAX_ENDPOINTS,
      secretOverlapMs: cfg.WEBHOOK_SECRET_OVERLAP_MS,
      policy: webhookPolicy,
      resolve: systemResolver,
    },
  },
  settings: {
    tokens: {
      secret: cfg.JWT_SECRET,
      issuer: cfg.JWT_ISSUER,
      audience: cfg.JWT_AUDIENCE,
      accessTtlSeconds: cfg.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlDays: cfg.REFRESH_TOKEN_TTL_DAYS,
    },
    signupsPaused: cfg.SIGNUPS_PAUSED,
    termsVersion: cfg.TERMS_VERSION,
    emailDomainDenylist: cfg.EMAIL_DOMAIN_DENYLIST,
    resendCooldownSeconds: cfg.RESEND_COOLDOWN_SECONDS,
    publicBaseUrl: cfg.PUBLIC_BASE_URL,
    plansComingSoon: cfg.PLANS_COMING_SOON,
    billing: {
      checkoutTtlMinutes: cfg.BILLING_CHECKOUT_TTL_MINUTES,
      returnUrl: cfg.BILLING_RETURN_URL ?? cfg.PUBLIC_BASE_URL,
    },
  },
});

// usage.recorded batches from the gateway -> hourly rollups (idempotent per event id).
await bus.subscribe('account-usage', USAGE_TOPIC, (event) => services.usage.ingest(event), { maxAttempts: 10 });

// tenant.data_erased -> erasure.completed webhooks, once per bus event (apply-once ledger); the tenant's
// finished deliveries (history) go first.
await subscribeEvent(bus, 'account-webhooks', EVENTS.TenantDataErased, async (p, event) => {
  await webhookRepo.enqueueOnce(`webhooks:${event.id}`, erasureCompletedEvent(p, event.id), new Date(), true);
});
// quota.threshold_reached (gateway) -> webhooks; the event id names the window and threshold, so a
// crossing reported twice adds no second delivery.
await subscribeEvent(bus, 'account-webhooks', EVENTS.QuotaThresholdReached, async (p, event) => {
  await webhookRepo.enqueueOnce(`webhooks:${event.id}`, quotaThresholdEvent(p), new Date(), false);
});
webhookDispatcher.start();

await serveService({
  name: 'account',
  logger,
  config: cfg,
  services: services.registrations,
  details: { mail: mail.description },
  cleanup: async () => {
    await webhookDispatcher.stop();
    await services.drain();
    await bus.close();
    await endPool(pool);
    await bridge.close();
    mail.close();
    await db.$disconnect();
  },
});
