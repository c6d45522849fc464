import type { AppDeps } from '../core/deps.js';
import type { PaymentsPort } from './port.js';
import { createPaymentsPort } from './create-payments.js';

const fallback = new WeakMap<AppDeps, PaymentsPort>();

/** The app's payments port; built from config once per deps when the composition root gave none. */
export function paymentsOf(deps: AppDeps): PaymentsPort {
  if (deps.payments) return deps.payments;
  let port = fallback.get(deps);
  if (!port) {
    port = createPaymentsPort(deps.config, deps.log);
    fallback.set(deps, port);
  }
  return port;
}
