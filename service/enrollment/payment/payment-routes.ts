import { Hono } from 'hono';
import type { AppDeps } from '../../core/deps.js';
import { validate } from '../../core/validate.js';
import { requestMetadata } from '../../core/metadata.js';
import {
  CreatePaymentIntentRequestSchema,
  VerifyPaymentRequestSchema,
  type StripeConfig,
} from '../../../contracts/payments/api.js';
import { handleWebhook } from './webhook.js';
import { createIntent } from './create-intent.js';
import { verifyPayment } from './verify-payment.js';
import { paymentTestRoutes } from './payment-test-routes.js';
import { OfflinePayments } from '../../payments/offline-adapter.js';
import { offlineRoutes } from './offline-payment-routes.js';
import { rateLimit } from '../../core/rate-limit.js';
import type { PaymentKinds } from '../../core/payment-kinds.js';

/** Routes of the payments slice, mounted under /api. */
export function paymentRoutes(deps: AppDeps, kinds: PaymentKinds): Hono {
  const app = new Hono();
  const payments = deps.payments;
  // Anonymous writes; the webhook is not among them (signed, and sent from the provider's few addresses).
  const limited = rateLimit(deps);
  // The offline provider delivers its signed events through the same handler as POST /api/webhook.
  payments.attachDelivery(async (raw, signature) => {
    await handleWebhook(deps, kinds, raw, signature);
  });

  // Public on purpose: the checkout needs the publishable key (public by design) to show Stripe Elements.
  app.get('/stripe-config', (c) =>
    c.json({
      publishableKey: payments.publishableKey,
      hasSecretKey: payments.hasSecretKey,
      provider: payments.provider,
      testPages: deps.config.testPages,
    } satisfies StripeConfig),
  );

  app.post('/create-payment-intent', limited, validate('json', CreatePaymentIntentRequestSchema), async (c) => {
    const result = await createIntent(deps, c.req.valid('json'), requestMetadata(c, deps, 'visitor'));
    return c.json(result);
  });

  app.post('/webhook', async (c) => {
    // The signature covers the exact bytes received: verify before any parsing.
    const raw = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await handleWebhook(deps, kinds, raw, c.req.header('stripe-signature')));
  });

  app.post('/payments/verify', limited, validate('json', VerifyPaymentRequestSchema), async (c) => {
    const { paymentIntentId, clientSecret } = c.req.valid('json');
    return c.json(await verifyPayment(deps, kinds, paymentIntentId, clientSecret, requestMetadata(c, deps, 'visitor')));
  });

  if (payments instanceof OfflinePayments) app.route('/', offlineRoutes(payments, limited));
  if (deps.config.testPages) app.route('/', paymentTestRoutes(deps, kinds, limited));
  return app;
}
