import { join } from 'node:path';
import type { Config } from '../core/config.js';
import type { Logger } from '../../platform/log.js';
import type { PaymentsPort } from './port.js';
import { OfflinePayments } from './offline-adapter.js';
import { StripePayments } from './stripe-adapter.js';

/** Chooses the payments adapter from configuration: Stripe when STRIPE_SECRET_KEY is set, else offline. */
export function createPaymentsPort(config: Config, log?: Logger): PaymentsPort {
  if (config.payments === 'stripe') {
    return new StripePayments({
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiBase: config.STRIPE_API_BASE,
    });
  }
  return new OfflinePayments({ file: join(config.DATA_DIR, 'offline-payments.db'), legacyJsonFile: join(config.DATA_DIR, 'offline-payments.json'), log });
}
