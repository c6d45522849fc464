import type { PaidCard } from '../../../contracts/enrollment/events.js';
import type { InstallmentPlanStarted } from '../../../contracts/enrollment/installment-plan.js';

/** What is asked of an instalment plan (plan-decider.ts decides each). */
export type InstallmentPlanCommand =
  | { type: 'StartPlan'; plan: InstallmentPlanStarted }
  /** Decide the next attempt at instalment `n` (or the one under way, to ask again with its key). */
  | { type: 'StartCharge'; n: number; at: string }
  /** The provider's answer to an attempt's key: paid, or declined with its words. */
  | {
      type: 'RecordCharge';
      n: number;
      attempt: number;
      paymentIntentId: string;
      amountCents: number;
      outcome: { paid: true; card?: PaidCard } | { paid: false; code: string; reason: string };
      at: string;
    }
  /** The parent told of a declined attempt (emails/installment-decline-reactor.ts), once per attempt. */
  | {
      type: 'RecordDeclineNotice';
      n: number;
      attempt: number;
      messageId: string;
      transport: 'smtp' | 'outbox';
      at: string;
    }
  /** The office's "charge now": the next attempt may start at once (the charging reactor starts it). */
  | { type: 'RequestCharge'; n: number; at: string }
  /** The office's "waive": never charged, owed no more. */
  | { type: 'Waive'; n: number; at: string }
  /** The parent's "remove my card": no instalment is charged automatically any more. */
  | { type: 'RemoveCard'; at: string }
  /** A declined instalment the parent paid by hand from the booking page. */
  | {
      type: 'RecordParentPayment';
      n: number;
      paymentIntentId: string;
      amountCents: number;
      at: string;
      card?: PaidCard;
    }
  /** The booking was cancelled or the family erased: the plan ends (and its card is forgotten). */
  | { type: 'EndPlan'; reason: 'cancelled' | 'erased'; at: string }
  /** The provider detached the saved card. */
  | { type: 'RecordCardDetached'; at: string };
