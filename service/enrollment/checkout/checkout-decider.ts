import type { Decider } from '../../../platform/command/decider.js';
import type { CheckoutEvent, CheckoutRefused } from '../../../contracts/enrollment/checkout.js';

export type CheckoutCommand = { type: 'RefuseCheckout'; refusal: CheckoutRefused };
export type CheckoutRecordState = { refused: boolean };

/**
 * The stream `checkout-<enrollmentId>`: a checkout that never became an enrollment is said to be
 * refused once; the checkout workflow gives back what it may hold.
 */
export const checkoutDecider: Decider<CheckoutCommand, CheckoutEvent, CheckoutRecordState> = {
  initialState: { refused: false },
  evolve: (state, event) => (event.type === 'CheckoutRefused' ? { refused: true } : state),
  decide: (command, state) => (state.refused ? [] : [{ type: 'CheckoutRefused', data: command.refusal }]),
};
