import { defineProjector } from '../../platform/processor/projector.js';
import type { InstallmentPlanEvent } from '../../contracts/enrollment/installment-plan.js';

/** One instalment as the booking page and the charging pass read it (issue 43). */
export interface InstallmentRow {
  n: number;
  amountCents: number;
  dueAt: string;
  status: 'paid' | 'due' | 'failed' | 'waived';
  paidAt?: string;
  /** A declined instalment's next try; null after the last. */
  nextAttemptAt?: string | null;
  /** When the office asked to charge it now, until that charge is answered. */
  requestedAt?: string;
}

/** `installment-plans`: each plan's instalments, and when the next charge is due (null: none left to charge). */
export interface InstallmentPlanDoc {
  [field: string]: unknown;
  id: string;
  enrollmentId: string;
  installments: InstallmentRow[];
  /** The parent removed the saved card: nothing is charged automatically, each left is paid by hand. */
  cardRemoved?: boolean;
  /** Why the plan is over (InstallmentPlanEnded): nothing more is charged, and none of it is past due. */
  ended?: 'paid' | 'cancelled' | 'erased';
  /**
   * When its first instalment past due falls due (declined at its last try, or unpaid once the
   * parent removed the card), for the dashboard; null when none can be (`watched` false).
   */
  pastDueFrom?: string | null;
  watched?: boolean;
  /** Whether an instalment is left to charge; with `nextChargeAt` (UTC ISO, so strings sort as instants), when. */
  open: boolean;
  nextChargeAt: string | null;
}

/** When an instalment is next charged: at once when the office asked, its date while due, its retry once declined, never once paid or waived. */
export const chargeAt = (i: InstallmentRow): string | null =>
  i.status === 'paid' || i.status === 'waived'
    ? null
    : (i.requestedAt ?? (i.status === 'due' ? i.dueAt : (i.nextAttemptAt ?? null)));

/** Whether an instalment is owed past its date with nothing more tried: declined at its last try, or unpaid once the card is gone. */
export const pastDue = (i: InstallmentRow, cardRemoved: boolean): boolean =>
  (i.status === 'failed' && !i.nextAttemptAt && !i.requestedAt) ||
  (cardRemoved && (i.status === 'due' || i.status === 'failed'));

type PlanFields = Pick<InstallmentPlanDoc, 'id' | 'enrollmentId' | 'installments' | 'cardRemoved' | 'ended'>;

function withNext(doc: PlanFields): InstallmentPlanDoc {
  const owed = doc.ended ? [] : doc.installments.filter((i) => pastDue(i, doc.cardRemoved === true));
  const pastDueFrom = owed.map((i) => i.dueAt).sort()[0] ?? null;
  const times = (doc.cardRemoved || doc.ended ? [] : doc.installments)
    .map(chargeAt)
    .filter((t): t is string => t !== null)
    .sort();
  const next = times[0] ?? null;
  return { ...doc, open: next !== null, nextChargeAt: next, pastDueFrom, watched: pastDueFrom !== null };
}

export const installmentPlansProjector = defineProjector<InstallmentPlanEvent, InstallmentPlanDoc>({
  name: 'installment-plans',
  collection: 'installment-plans',
  // The charging pass takes the open plans whose next charge comes first.
  // The dashboard takes those with an instalment past due, the oldest first.
  indexes: [
    [{ field: 'open' }, { field: 'nextChargeAt' }],
    [{ field: 'watched' }, { field: 'pastDueFrom' }],
  ],
  eventTypes: [
    'InstallmentPlanStarted',
    'InstallmentPaid',
    'InstallmentChargeFailed',
    'InstallmentChargeRequested',
    'InstallmentWaived',
    'InstallmentCardRemoved',
    'InstallmentPlanEnded',
  ],
  keys: (event) => [event.data.enrollmentId],
  project(doc, e) {
    if (e.type === 'InstallmentPlanStarted') {
      const { enrollmentId, installments, startedAt } = e.data;
      return withNext({
        id: enrollmentId,
        enrollmentId,
        installments: installments.map(({ n, amountCents, dueAt }) =>
          n === 1
            ? { n, amountCents, dueAt, status: 'paid' as const, paidAt: startedAt }
            : { n, amountCents, dueAt, status: 'due' as const },
        ),
      });
    }
    if (!doc) return undefined;
    const change = (n: number, f: (i: InstallmentRow) => InstallmentRow) =>
      withNext({ ...doc, installments: doc.installments.map((i) => (i.n === n ? f(i) : i)) });
    if (e.type === 'InstallmentPaid')
      return change(e.data.n, ({ nextAttemptAt: _retry, requestedAt: _asked, ...i }) =>
        i.status === 'paid' ? i : { ...i, status: 'paid', paidAt: e.data.paidAt },
      );
    // A decline answered after the parent paid it by hand leaves it paid.
    if (e.type === 'InstallmentChargeFailed')
      return change(e.data.n, ({ requestedAt: _asked, ...i }) =>
        i.status === 'paid' ? i : { ...i, status: 'failed', nextAttemptAt: e.data.nextAttemptAt },
      );
    if (e.type === 'InstallmentChargeRequested')
      return change(e.data.n, (i) => ({ ...i, requestedAt: e.data.requestedAt }));
    if (e.type === 'InstallmentCardRemoved') return withNext({ ...doc, cardRemoved: true });
    if (e.type === 'InstallmentPlanEnded') return withNext({ ...doc, ended: e.data.reason });
    if (e.type === 'InstallmentWaived')
      return change(e.data.n, ({ nextAttemptAt: _retry, requestedAt: _asked, ...i }) => ({ ...i, status: 'waived' }));
    return undefined;
  },
});
