import { Hono, type MiddlewareHandler } from 'hono';
import { OfflineConfirmRequestSchema } from '../../../contracts/payments/api.js';
import { notFound } from '../../core/errors.js';
import { validate } from '../../core/validate.js';
import type { OfflinePayments } from '../../payments/offline-adapter.js';

/** POST /api/offline-payments/confirm: the test-card form's "Pay", offline provider only. */
export function offlineRoutes(offline: OfflinePayments, limited: MiddlewareHandler): Hono {
  const app = new Hono();
  app.post('/offline-payments/confirm', limited, validate('json', OfflineConfirmRequestSchema), (c) => {
    const result = offline.confirmWithTestCard(c.req.valid('json'));
    if (!result) throw notFound('This payment form has expired. Please reload the checkout page.');
    return c.json(result);
  });
  return app;
}
