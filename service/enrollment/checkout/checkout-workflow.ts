import type { EnrollmentEvent, EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import { orderIdFor, orderReferenceFor } from '../../../contracts/enrollment/events.js';
import type { CheckoutEvent, CheckoutHolds } from '../../../contracts/enrollment/checkout.js';
import type { WorkshopCommand } from '../../catalogue/workshop-decider.js';
import type { ClientHoldsCommand } from './client-holds-decider.js';
import type { EnrollmentCommand } from '../decider/commands.js';
import type { InstallmentPlanCommand } from '../installments/plan-decider.js';
import type { ReleaseReason } from '../../pricing/credit-decider.js';
import { holdsOfPricing, releaseParts, takeParts, type LedgerCommand } from './ledger-commands.js';

/**
 * The checkout workflow, in Emmett's shape (`initialState`, `evolve`, `decide`): everything that
 * follows an enrollment request, decided once. The request holds the seats, takes the price's
 * parts and records the enrollment (confirmed at once when nothing is due by card); from there
 * this workflow, run as a reactor (checkout-reactor.ts), decides each next step from the
 * checkout's events and emits commands to the streams that own them:
 * - paid: the parts taken again if a lapse gave them back, the seats confirmed (or taken again),
 *   the enrollment confirmed; refused at any step, the money goes back (one outcome, refunded);
 * - confirmed: the seats confirmed, the client's unpaid-hold allowance given back;
 * - ended unsold (expired, withdrawn, cancelled unpaid, refunded late): seats, allowance, code use,
 *   gift-card and credit parts given back;
 * - refused or never recorded (CheckoutRefused): whatever it may hold given back.
 * Every command is idempotent on its stream, so a delivery again (a crash, another runner) repeats
 * nothing.
 */

/** What was bought and what it holds besides the seats. */
export interface CheckoutOrder {
  submission: EnrollmentSubmitted;
  holds: CheckoutHolds;
}

export interface Money {
  intentId: string;
  at: string;
  /** The card the payment saved for an instalment plan's later charges (issue 43). */
  savedCard?: { customerId: string; paymentMethodId: string };
}

export type CheckoutState =
  | { phase: 'none' }
  /** Submitted, unpaid (or free, awaiting its confirmation): seats held. */
  | { phase: 'held'; order: CheckoutOrder }
  /** The money arrived; not sold yet. */
  | { phase: 'paid'; order: CheckoutOrder; money: Money }
  | { phase: 'sold'; order: CheckoutOrder }
  /**
   * Ended before it was sold: its seats and parts go back. Money arriving after an expiry or a
   * withdrawal is honoured, seats permitting; after a person's cancellation or a refund (`final`)
   * the after-sale refunds it.
   */
  | { phase: 'unsold'; order: CheckoutOrder; reason: ReleaseReason; final: boolean }
  /**
   * The after-sale's from here (cancelled, transferred, moved, one participant gone once sold), or a
   * participant's own booking moved out of another: nothing of the checkout is left to do.
   */
  | { phase: 'elsewhere' }
  /** Refused, or never recorded: only what it may hold is known. */
  | { phase: 'refused'; workshopId: string | null; holds: CheckoutHolds };

export type CheckoutInput =
  | EnrollmentEvent
  | CheckoutEvent
  /** A command of this workflow was refused by its stream (seats gone, the workshop begun, a balance spent). */
  | { type: 'StepRefused'; data: { step: CheckoutOutput['to']; workshopBegun: boolean } };

export type CheckoutOutput =
  | { to: 'workshop'; workshopId: string; command: WorkshopCommand }
  | { to: 'client-holds'; clientKey: string; command: ClientHoldsCommand }
  | { to: 'enrollment'; enrollmentId: string; command: EnrollmentCommand }
  | { to: 'installment-plan'; enrollmentId: string; command: InstallmentPlanCommand }
  /** An effect: the money back through the payments port, then recorded on the enrollment (RecordRefund). */
  | { to: 'refund'; paymentIntentId: string; reason: 'seats-unavailable' | 'workshop-begun' }
  | LedgerCommand;

export const checkoutInitialState: CheckoutState = { phase: 'none' };

const orderOf = (s: CheckoutState): CheckoutOrder | null => ('order' in s ? s.order : null);

/** After the sale, these change the booking's seats: from then on the after-sale's seat work decides them. */
const AFTER_SALE: ReadonlySet<string> = new Set([
  'TransferRequested',
  'EnrollmentTransferred',
  'ParticipantCancelled',
  'ParticipantTransferRequested',
  'ParticipantTransferred',
  'BookingRescheduled',
]);

export function evolveCheckout(state: CheckoutState, event: EnrollmentEvent | CheckoutEvent): CheckoutState {
  const order = orderOf(state);
  switch (event.type) {
    case 'EnrollmentSubmitted': {
      if (event.data.splitFrom) return { phase: 'elsewhere' };
      const clientKey = event.data.clientKey ? { clientKey: event.data.clientKey } : {};
      const holds = { ...clientKey, ...holdsOfPricing(event.data.pricing) };
      return { phase: 'held', order: { submission: event.data, holds } };
    }
    case 'CheckoutRefused':
      return state.phase === 'none'
        ? { phase: 'refused', workshopId: event.data.workshopId, holds: event.data.holds }
        : state;
    case 'PaymentSucceeded': {
      const { savedCard } = event.data;
      const money = {
        intentId: event.data.paymentIntentId,
        at: event.data.succeededAt,
        ...(savedCard ? { savedCard } : {}),
      };
      const revives = state.phase === 'held' || (state.phase === 'unsold' && !state.final);
      return order && revives ? { phase: 'paid', order, money } : state;
    }
    case 'EnrollmentConfirmed':
      return order && state.phase !== 'elsewhere' ? { phase: 'sold', order } : state;
    case 'EnrollmentExpired':
      return order && state.phase === 'held' ? { phase: 'unsold', order, reason: 'expired', final: false } : state;
    case 'EnrollmentCancelled': {
      const { reason } = event.data;
      const byPerson = reason === 'cancelled-by-admin' || reason === 'cancelled-by-visitor';
      if (state.phase === 'sold' || (state.phase === 'paid' && byPerson)) return { phase: 'elsewhere' };
      if (!order || state.phase === 'paid' || state.phase === 'elsewhere') return state;
      if (reason === 'replaced-by-new-submission') return { phase: 'unsold', order, reason: 'replaced', final: false };
      return { phase: 'unsold', order, reason: 'cancelled', final: byPerson };
    }
    case 'RefundIssued':
      // The late payment's refund (no key): paid, never sold.
      return order && !event.data.refundKey && state.phase === 'paid'
        ? { phase: 'unsold', order, reason: 'refunded', final: true }
        : state;
    default:
      return AFTER_SALE.has(event.type) && state.phase === 'sold' ? { phase: 'elsewhere' } : state;
  }
}

/**
 * The commands that follow from `input`, decided on the checkout as it stands when the input is
 * handled (`state`, the input already in it): a delivery again after a crash decides on what has
 * happened since, and repeats nothing that no longer holds. `now` stamps what is recorded.
 */
export function decideCheckout(input: CheckoutInput, state: CheckoutState, now: Date): CheckoutOutput[] {
  const at = now.toISOString();
  switch (input.type) {
    case 'PaymentSucceeded':
      return state.phase === 'paid' ? settle(state.order, state.money, now) : [];
    case 'EnrollmentConfirmed':
      return state.phase === 'sold' ? confirmSeats(state.order, at) : [];
    case 'EnrollmentExpired':
    case 'EnrollmentCancelled':
    case 'RefundIssued':
      return state.phase === 'unsold' ? giveBack(state.order, state.reason, at) : [];
    case 'CheckoutRefused':
      return state.phase === 'refused' ? giveBackRefused(input.data.enrollmentId, state, at) : [];
    case 'StepRefused':
      // Paid when no seat could be given for it (the hold lapsed and the seats went, the workshop
      // began, a balance was spent meanwhile): the money goes back, and the refund ends it unsold.
      if (state.phase !== 'paid') return [];
      return [
        {
          to: 'refund',
          paymentIntentId: state.money.intentId,
          reason: input.data.workshopBegun ? 'workshop-begun' : 'seats-unavailable',
        },
      ];
    default:
      return [];
  }
}

/** The money arrived: the parts, then the seats, then the sale. */
function settle(order: CheckoutOrder, money: Money, now: Date): CheckoutOutput[] {
  const { submission } = order;
  const at = now.toISOString();
  const seats: CheckoutOutput[] = submission.workshopId
    ? [
        {
          to: 'workshop',
          workshopId: submission.workshopId,
          command: {
            type: 'ConfirmSeats',
            workshopId: submission.workshopId,
            enrollmentId: submission.enrollmentId,
            seats: submission.participants,
            at,
            paidAt: money.at,
          },
        },
      ]
    : [];
  return [
    ...takeParts(submission),
    ...seats,
    {
      to: 'enrollment',
      enrollmentId: submission.enrollmentId,
      command: {
        type: 'ConfirmEnrollment',
        orderId: orderIdFor(submission.test ? 'test' : 'paid', submission.enrollmentId),
        orderReference: orderReferenceFor(now),
        paymentMethod: 'Credit Card',
        at,
      },
    },
    ...startPlan(submission, money, at),
  ];
}

/** Paid in instalments: the plan starts on its own stream with the card the payment saved (issue 43). */
function startPlan(submission: EnrollmentSubmitted, money: Money, at: string): CheckoutOutput[] {
  const installments = submission.pricing?.installments;
  if (!installments || !money.savedCard) return [];
  const { enrollmentId } = submission;
  const plan = {
    enrollmentId,
    installments,
    savedCard: money.savedCard,
    firstPaymentIntentId: money.intentId,
    startedAt: at,
  };
  return [{ to: 'installment-plan', enrollmentId, command: { type: 'StartPlan', plan } }];
}

/** Sold: the seats confirmed (a paid order's already are), and the unpaid hold leaves the client's allowance. */
function confirmSeats(order: CheckoutOrder, at: string): CheckoutOutput[] {
  const { submission, holds } = order;
  const outputs: CheckoutOutput[] = [];
  if (submission.workshopId)
    outputs.push({
      to: 'workshop',
      workshopId: submission.workshopId,
      command: {
        type: 'ConfirmSeats',
        workshopId: submission.workshopId,
        enrollmentId: submission.enrollmentId,
        seats: submission.participants,
        at,
      },
    });
  return [...outputs, ...freeClient(submission.enrollmentId, holds, 'confirmed', at)];
}

function giveBack(order: CheckoutOrder, reason: ReleaseReason, at: string): CheckoutOutput[] {
  const { submission, holds } = order;
  const { enrollmentId, workshopId } = submission;
  // A cancelled booking's seats go back with the after-sale's seat work; a replaced one's went to its replacement.
  const seats: CheckoutOutput[] =
    workshopId && (reason === 'expired' || reason === 'refunded')
      ? [{ to: 'workshop', workshopId, command: { type: 'ReleaseSeats', workshopId, enrollmentId, reason: 'expired' } }]
      : [];
  return [
    ...seats,
    ...freeClient(enrollmentId, holds, reason === 'replaced' ? 'replaced' : 'released', at),
    ...releaseParts(enrollmentId, holds, reason, at),
  ];
}

function giveBackRefused(
  enrollmentId: string,
  state: Extract<CheckoutState, { phase: 'refused' }>,
  at: string,
): CheckoutOutput[] {
  const { workshopId, holds } = state;
  const seats: CheckoutOutput[] = workshopId
    ? [
        {
          to: 'workshop',
          workshopId,
          command: { type: 'ReleaseSeats', workshopId, enrollmentId, reason: 'cancelled' },
        },
      ]
    : [];
  return [
    ...seats,
    ...freeClient(enrollmentId, holds, 'refused', at),
    ...releaseParts(enrollmentId, holds, 'refused', at),
  ];
}

function freeClient(
  enrollmentId: string,
  holds: CheckoutHolds,
  reason: Extract<ClientHoldsCommand, { type: 'FreeClientSeats' }>['reason'],
  at: string,
): CheckoutOutput[] {
  if (!holds.clientKey) return [];
  return [
    { to: 'client-holds', clientKey: holds.clientKey, command: { type: 'FreeClientSeats', enrollmentId, reason, at } },
  ];
}

/** The workflow as one object, as Emmett's workflows are. */
export const checkoutWorkflow = {
  initialState: checkoutInitialState,
  evolve: evolveCheckout,
  decide: decideCheckout,
};
