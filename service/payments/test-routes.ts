import { Hono, type MiddlewareHandler } from 'hono';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { validate } from '../core/validate.js';
import { CreateTestChargeRequestSchema, SimulatePaymentRequestSchema, TEST_CHARGE_CENTS, type StripeConnection } from '../../contracts/payments/api.js';
import { handleWebhook } from './webhook.js';
import { OfflinePayments } from './offline-adapter.js';
import { META } from './port.js';

/** Calls of the payment test pages; mounted only in test mode (offline provider or TEST_PAGES=true). */
export function paymentTestRoutes(deps: AppDeps, limited: MiddlewareHandler): Hono {
  const app = new Hono();
  const payments = deps.payments;

  app.get('/test-stripe-connection', async (c) => {
    const result = await payments.checkConnection();
    return c.json((result.ok ? { success: true, provider: payments.provider } : { success: false, error: result.error, provider: payments.provider }) satisfies StripeConnection);
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

  /**
   * The enrollment test page's "payment succeeded" notification: a payment_intent.succeeded signed
   * like the provider signs it, handed to the webhook handler. POST /api/webhook itself never takes
   * an unsigned event.
   */
  app.post('/test/simulate-payment', limited, validate('json', SimulatePaymentRequestSchema), async (c) => {
    const { paymentIntentId } = c.req.valid('json');
    let signed: { payload: string; header: string } | null;
    if (payments instanceof OfflinePayments) {
      signed = payments.succeedForTest(paymentIntentId);
    } else {
      const intent = await payments.retrievePaymentIntent(paymentIntentId);
      const payload = intent
        ? JSON.stringify({
            id: `evt_simulated_${deps.newId().replace(/-/g, '')}`,
            object: 'event',
            type: 'payment_intent.succeeded',
            created: Math.floor(deps.clock().getTime() / 1000),
            data: { object: { id: intent.id, object: 'payment_intent', amount: intent.amountCents, status: 'succeeded', client_secret: intent.clientSecret, metadata: intent.metadata } },
          })
        : null;
      signed = payload ? { payload, header: payments.signForTest(payload) } : null;
    }
    if (!signed) throw notFound('No such payment intent.');
    const outcome = await handleWebhook(deps, signed.payload, signed.header);
    return c.json({ ...outcome, position: (await deps.eventStore.headPosition()).toString() });
  });

  return app;
}
