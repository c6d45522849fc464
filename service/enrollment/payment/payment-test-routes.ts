import { Hono, type MiddlewareHandler } from 'hono';
import type { AppDeps } from '../../core/deps.js';
import { conflict, notFound } from '../../core/errors.js';
import { validate } from '../../core/validate.js';
import {
  CreateTestChargeRequestSchema,
  SimulatePaymentRequestSchema,
  TEST_CHARGE_CENTS,
  type StripeConnection,
} from '../../../contracts/payments/api.js';
import { handleWebhook } from './webhook.js';
import { OfflinePayments } from '../../payments/offline-adapter.js';
import { META } from '../../payments/port.js';
import type { PaymentKinds } from '../../core/payment-kinds.js';

/** Calls of the payment test pages; mounted only in test mode (offline provider or TEST_PAGES=true). */
export function paymentTestRoutes(deps: AppDeps, kinds: PaymentKinds, limited: MiddlewareHandler): Hono {
  const app = new Hono();
  const payments = deps.payments;

  app.get('/test-stripe-connection', async (c) => {
    const result = await payments.checkConnection();
    return c.json(
      (result.ok
        ? { success: true, provider: payments.provider }
        : { success: false, error: result.error, provider: payments.provider }) satisfies StripeConnection,
    );
  });

  app.post('/create-test-charge', limited, validate('json', CreateTestChargeRequestSchema), async (c) => {
    const intent = await payments.createPaymentIntent({
      amountCents: TEST_CHARGE_CENTS,
      idempotencyKey: `test-charge-${deps.newId()}`,
      description: c.req.valid('json').description,
      metadata: { [META.kind]: 'test-charge' },
    });
    return c.json({ clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountCents: intent.amountCents });
  });

  // The enrollment test page's "payment succeeded" notification exists only with the offline
  // provider: with Stripe, only Stripe may say a payment succeeded.
  if (payments instanceof OfflinePayments) {
    const offline = payments;
    /**
     * A payment_intent.succeeded signed like the provider signs it, handed to the webhook handler
     * (POST /api/webhook itself never takes an unsigned event). It is signed only once the offline
     * provider holds the intent as succeeded: an unpaid intent is paid first with the test card
     * that always succeeds (see OfflinePayments.payForTest).
     */
    app.post('/test/simulate-payment', limited, validate('json', SimulatePaymentRequestSchema), async (c) => {
      const outcome = offline.payForTest(c.req.valid('json').paymentIntentId);
      if (outcome.kind === 'unknown') throw notFound('No such payment intent.');
      if (outcome.kind === 'not_succeeded') throw conflict(`The test payment did not succeed: ${outcome.message}`);
      const result = await handleWebhook(deps, kinds, outcome.payload, outcome.header);
      return c.json({ ...result, position: (await deps.eventStore.headPosition()).toString() });
    });
  }

  return app;
}
