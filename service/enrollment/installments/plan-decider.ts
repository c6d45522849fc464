import type { Installment } from '../../../contracts/catalogue/payment-plan.js';
import {
  INSTALLMENT_RETRY_DAYS,
  installmentChargeKey,
  type InstallmentPlanEvent,
  type InstallmentPlanStarted,
} from '../../../contracts/enrollment/installment-plan.js';
import type { Decider } from '../../../platform/command/decider.js';
import { refuse } from '../decider/refusals.js';
import type { InstallmentPlanCommand } from './plan-commands.js';

/** One instalment as the plan stands: paid, or its attempts so far and the one under way. */
interface InstallmentState extends Installment {
  paid: boolean;
  /** Attempts recorded (declined), and the attempt started but not yet recorded, if any. */
  failures: number;
  charging: { attempt: number; idempotencyKey: string } | null;
  nextAttemptAt: string | null;
  /** The declined attempts the parent was told of. */
  noticed: number[];
  /** Waived by the office: never charged. */
  waived: boolean;
  /** The office asked to charge it now, and no attempt has started since. */
  requested: boolean;
}

export type InstallmentPlanState =
  | { phase: 'none' }
  | {
      phase: 'active';
      enrollmentId: string;
      savedCard: InstallmentPlanStarted['savedCard'];
      installments: InstallmentState[];
      /** Every PaymentIntent recorded as paying an instalment, so each is recorded once. */
      paidIntents: string[];
      /** The parent removed the saved card: nothing more is charged automatically. */
      cardRemoved: boolean;
      /** Paid or waived in full, its booking cancelled, or its family erased: nothing more is charged. */
      ended: boolean;
      /** The saved card was detached at the provider (once per plan). */
      cardDetached: boolean;
    };

export type { InstallmentPlanCommand } from './plan-commands.js';

const evolve = (state: InstallmentPlanState, event: InstallmentPlanEvent): InstallmentPlanState => {
  if (event.type === 'InstallmentPlanStarted') {
    const { enrollmentId, savedCard, installments } = event.data;
    return {
      phase: 'active',
      enrollmentId,
      savedCard,
      installments: installments.map((i) => ({
        ...i,
        paid: i.n === 1,
        failures: 0,
        charging: null,
        nextAttemptAt: null,
        noticed: [],
        waived: false,
        requested: false,
      })),
      paidIntents: [event.data.firstPaymentIntentId],
      cardRemoved: false,
      ended: false,
      cardDetached: false,
    };
  }
  if (state.phase !== 'active') return state;
  if (event.type === 'InstallmentCardRemoved') return { ...state, cardRemoved: true };
  if (event.type === 'InstallmentPlanEnded') return { ...state, ended: true };
  if (event.type === 'InstallmentCardDetached') return { ...state, cardDetached: true };
  const change = (n: number, f: (i: InstallmentState) => InstallmentState) => ({
    ...state,
    installments: state.installments.map((i) => (i.n === n ? f(i) : i)),
  });
  switch (event.type) {
    case 'InstallmentChargeStarted':
      return change(event.data.n, (i) => ({
        ...i,
        charging: { attempt: event.data.attempt, idempotencyKey: event.data.idempotencyKey },
        requested: false,
      }));
    case 'InstallmentChargeRequested':
      return change(event.data.n, (i) => ({ ...i, requested: true }));
    case 'InstallmentWaived':
      return change(event.data.n, (i) => ({ ...i, waived: true, nextAttemptAt: null }));
    case 'InstallmentPaid': {
      // Paid by hand, an attempt of the saved card still under way is still answered and recorded.
      const byParent = event.data.paidBy === 'parent';
      const changed = change(event.data.n, (i) => ({
        ...i,
        paid: true,
        charging: byParent ? i.charging : null,
        nextAttemptAt: null,
      }));
      return { ...changed, paidIntents: [...state.paidIntents, event.data.paymentIntentId] };
    }
    case 'InstallmentDeclineNoticeSent':
      return change(event.data.n, (i) => ({ ...i, noticed: [...i.noticed, event.data.attempt] }));
    case 'InstallmentChargeFailed':
      return change(event.data.n, (i) => ({
        ...i,
        failures: i.failures + 1,
        charging: null,
        nextAttemptAt: event.data.nextAttemptAt,
      }));
  }
};

/**
 * The office's "charge now" and "waive" of one instalment: refused once it is paid, waived, or an
 * attempt is under way (its answer decides it); a second "charge now" before the first started
 * changes nothing.
 */
function officeDecision(
  command: Extract<InstallmentPlanCommand, { type: 'RequestCharge' | 'Waive' }>,
  i: InstallmentState,
  enrollmentId: string,
): InstallmentPlanEvent[] {
  const { n } = i;
  if (i.paid) throw refuse({ code: 'installment_paid', n });
  if (i.waived) throw refuse({ code: 'installment_waived', n });
  if (i.charging) throw refuse({ code: 'installment_charging', n });
  if (command.type === 'Waive')
    return [{ type: 'InstallmentWaived', data: { enrollmentId, n, amountCents: i.amountCents, waivedAt: command.at } }];
  return i.requested
    ? []
    : [{ type: 'InstallmentChargeRequested', data: { enrollmentId, n, requestedAt: command.at } }];
}

/** When a declined attempt is tried again: 3 and 7 days after the due date, then no more. */
const nextAttemptAt = (i: InstallmentState, failures: number): string | null => {
  const days = INSTALLMENT_RETRY_DAYS[failures - 1];
  return days === undefined ? null : new Date(Date.parse(i.dueAt) + days * 86_400_000).toISOString();
};

/**
 * The plan's decisions. A charge is started at most once per attempt: a second runner (a retry
 * after a crash, the office pressing "charge now" beside the timer) finds the attempt under way and
 * asks the provider again with its key, so the card is charged once; the answer is recorded once.
 */
export const installmentPlanDecider: Decider<InstallmentPlanCommand, InstallmentPlanEvent, InstallmentPlanState> = {
  initialState: { phase: 'none' },
  evolve,
  decide(command, state) {
    const events = decideEach(command, state);
    // The instalment that completes the plan (the last paid or waived, no attempt left under way) ends it.
    if (state.phase !== 'active' || state.ended || events.length === 0 || !('at' in command)) return events;
    const after = events.reduce(evolve, state);
    const done = after.phase === 'active' && after.installments.every((i) => (i.paid || i.waived) && !i.charging);
    if (!done || after.phase !== 'active' || after.ended) return events;
    return [
      ...events,
      { type: 'InstallmentPlanEnded', data: { enrollmentId: state.enrollmentId, reason: 'paid', endedAt: command.at } },
    ];
  },
};

/** The plan's decision for one command, before the plan's end is added. */
function decideEach(command: InstallmentPlanCommand, state: InstallmentPlanState): InstallmentPlanEvent[] {
  if (command.type === 'StartPlan')
    return state.phase === 'none' ? [{ type: 'InstallmentPlanStarted', data: command.plan }] : [];
  if (command.type === 'RemoveCard') {
    if (state.phase !== 'active') throw refuse({ code: 'no_saved_card' });
    if (state.cardRemoved) return [];
    return [{ type: 'InstallmentCardRemoved', data: { enrollmentId: state.enrollmentId, removedAt: command.at } }];
  }
  if (command.type === 'EndPlan') {
    if (state.phase !== 'active' || state.ended) return [];
    const { reason, at } = command;
    return [{ type: 'InstallmentPlanEnded', data: { enrollmentId: state.enrollmentId, reason, endedAt: at } }];
  }
  if (command.type === 'RecordCardDetached') {
    if (state.phase !== 'active' || state.cardDetached) return [];
    return [{ type: 'InstallmentCardDetached', data: { enrollmentId: state.enrollmentId, detachedAt: command.at } }];
  }
  const office = command.type === 'RequestCharge' || command.type === 'Waive';
  const count = state.phase === 'active' ? state.installments.length : 0;
  const i = state.phase === 'active' ? state.installments.find((x) => x.n === command.n) : undefined;
  if (!i || state.phase !== 'active') {
    if (office) throw refuse({ code: 'no_such_installment', n: command.n, count });
    return [];
  }
  const { enrollmentId } = state;
  if (command.type === 'RecordDeclineNotice') {
    const { n, attempt, messageId, transport, at } = command;
    if (i.noticed.includes(attempt)) return [];
    return [
      { type: 'InstallmentDeclineNoticeSent', data: { enrollmentId, n, attempt, messageId, transport, sentAt: at } },
    ];
  }
  if (command.type === 'RecordParentPayment') {
    const { n, paymentIntentId, amountCents, at, card } = command;
    // Each intent once. One that comes after the instalment was paid (the retry charged the saved
    // card meanwhile) is still recorded: the booking gives back what it was paid beyond its price.
    if (state.paidIntents.includes(paymentIntentId)) return [];
    const attempt = Math.max(1, i.failures);
    return [
      {
        type: 'InstallmentPaid',
        data: {
          enrollmentId,
          n,
          attempt,
          amountCents,
          paymentIntentId,
          paidAt: at,
          paidBy: 'parent',
          ...(card ? { card } : {}),
        },
      },
    ];
  }
  if (command.type === 'RequestCharge' && state.cardRemoved && !i.paid) throw refuse({ code: 'card_removed', n: i.n });
  if (command.type === 'RequestCharge' || command.type === 'Waive') return officeDecision(command, i, enrollmentId);
  if (command.type === 'StartCharge') {
    if (i.paid || i.waived || i.charging || state.cardRemoved || state.ended) return [];
    const attempt = i.failures + 1;
    // Not yet due, or declined and not yet time to try again, or tried for the last time; unless the office asked.
    const due = i.requested ? command.at : i.failures === 0 ? i.dueAt : i.nextAttemptAt;
    if (!due || Date.parse(due) > Date.parse(command.at)) return [];
    const idempotencyKey = installmentChargeKey(enrollmentId, i.n, attempt);
    return [
      {
        type: 'InstallmentChargeStarted',
        data: { enrollmentId, n: i.n, attempt, amountCents: i.amountCents, idempotencyKey, startedAt: command.at },
      },
    ];
  }
  // The answer of the attempt under way, recorded even when the parent paid by hand meanwhile.
  if (i.charging?.attempt !== command.attempt) return [];
  const { n, attempt, paymentIntentId, amountCents, at } = command;
  if (command.outcome.paid) {
    const { card } = command.outcome;
    return [
      {
        type: 'InstallmentPaid',
        data: { enrollmentId, n, attempt, amountCents, paymentIntentId, paidAt: at, ...(card ? { card } : {}) },
      },
    ];
  }
  const { code, reason } = command.outcome;
  return [
    {
      type: 'InstallmentChargeFailed',
      data: {
        enrollmentId,
        n,
        attempt,
        paymentIntentId,
        code,
        reason,
        failedAt: at,
        nextAttemptAt: nextAttemptAt(i, i.failures + 1),
      },
    },
  ];
}

/** The attempt under way at instalment `n`, to ask the provider with its key. */
export const chargeUnderWay = (state: InstallmentPlanState, n: number) =>
  state.phase === 'active' ? (state.installments.find((i) => i.n === n)?.charging ?? null) : null;
