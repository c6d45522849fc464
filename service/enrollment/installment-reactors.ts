import type { AnyReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { installmentDeclineReactor } from './emails/installment-decline-reactor.js';
import { installmentCardRemovalReactor } from './installments/card-removal-reactor.js';
import { installmentChargeRequestReactor } from './installments/charge-request-reactor.js';
import { installmentPaymentReactor } from './installments/installment-payment-reactor.js';
import { installmentPlanEndReactor } from './installments/plan-end-reactor.js';

/**
 * The reactors of a plan's stream (issue 43): each instalment paid or waived recorded on the
 * booking, the parent told of a decline, the office's "charge now" charged, a cancelled booking's
 * plan ended, and the card of a plan ended or removed by the parent detached.
 */
export const installmentReactors = (deps: AppDeps): AnyReactor[] => [
  installmentPaymentReactor(deps),
  installmentDeclineReactor(deps),
  installmentChargeRequestReactor(deps),
  installmentCardRemovalReactor(deps),
  installmentPlanEndReactor(deps),
];
