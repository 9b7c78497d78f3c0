// POST /v1/billing/webhooks/stripe: Stripe signs the exact bytes it sends, so this route keeps the raw
// body (the proto-driven dispatcher re-encodes JSON) and hands bytes and signature to the account
// service, which verifies the signature and grants what a confirmed payment bought.
import express, { type NextFunction, type Request, type Response } from 'express';
import type protobuf from 'protobufjs';
import { internalTarget, type Backends } from '../backends.ts';

export const STRIPE_WEBHOOK_PATH = '/v1/billing/webhooks/stripe';

export function stripeWebhookRouter(backends: Backends, root: protobuf.Root, deadlineMs: number, bodyLimit: number) {
  const target = internalTarget(root, 'astro.account.v1.BillingInternalService', 'HandleProviderEvent');
  const router = express.Router();
  router.post(
    STRIPE_WEBHOOK_PATH,
    express.raw({ type: () => true, limit: bodyLimit }),
    async (req: Request, res: Response, next: NextFunction) => {
      res.locals.route = STRIPE_WEBHOOK_PATH;
      try {
        const payload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const r = await backends.unary(
          target,
          { provider: 'stripe', payload, signature: String(req.headers['stripe-signature'] ?? '') },
          { requestId: res.locals.requestId, deadlineMs },
        );
        res.json({ received: true, handled: Boolean(r.handled), event_type: r.event_type ?? '' });
      } catch (err) {
        next(err);
      }
    },
  );
  return router;
}
