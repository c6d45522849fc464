import { SCHOOL } from '../../../contracts/core/school.js';
import type { InstallmentPaymentRecorded } from '../../../contracts/enrollment/events.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import { cardWords } from '../../../contracts/enrollment/payment-words.js';
import type { AppDeps } from '../../core/deps.js';
import type { MailMessage } from '../../mail/port.js';
import { receiptPdfAttachment } from '../../mail/receipt-pdf.js';
import { renderEmail } from '../../mail/templates/index.js';
import { bookingUrl } from '../after-sale/booking-link.js';
import { hasSale, oneCardOf, paymentOf, pricingOfState, type EnrollmentState } from '../decider/enrollment-state.js';
import { leftParticipantsOf, stayingAttendees } from '../decider/participants.js';
import { balanceDueCents } from '../decider/refundable.js';
import { confirmationReceiptOrder } from './confirmation-email.js';
import { installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import { installmentPlanDecider } from '../installments/plan-decider.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/**
 * The payer's receipt for one instalment of a plan (issue 43): which of how many, its amount, when
 * and how, what is paid and left, and the booking's PDF receipt as it now stands.
 */
export async function installmentReceipt(
  deps: AppDeps,
  state: EnrollmentState,
  paid: InstallmentPaymentRecorded,
  position: bigint,
): Promise<MailMessage | null> {
  if (!hasSale(state) || !state.submission || !state.order) return null;
  const { submission } = state;
  const conf = state.order.confirmation;
  const order = confirmationReceiptOrder(
    { ...submission, item: state.item, attendees: stayingAttendees(state) },
    conf,
    leftParticipantsOf(state),
    paymentOf(state)?.card,
  );
  const paidWithCard = oneCardOf(state);
  const left = balanceDueCents(state);
  const paidCents = Math.max(0, state.priceCents - left);
  const count = pricingOfState(state)?.installments?.length ?? paid.n;
  // Once the parent removed the card (or the plan ended), nothing left is charged to it.
  const plan = await deps.commands.state(installmentPlanDecider, installmentPlanStream(paid.enrollmentId));
  const onCard = plan.phase === 'active' && !plan.cardRemoved && !plan.ended;
  const how = onCard
    ? 'charged to the saved card on its dates'
    : 'to pay from your booking page by each instalment’s date';
  const pdf = await receiptPdfAttachment(
    conf.orderId,
    {
      ...order,
      isFree: false,
      status: 'completed',
      paidCents,
      refundsUnderwayCents: 0,
      balanceCents: left,
      ...(paidWithCard ? { paidWithCard } : {}),
    },
    deps.clock(),
  );
  const rendered = await renderEmail('payment-receipt', {
    firstName: submission.form.firstName,
    receiptNumber: conf.orderId,
    what: `Instalment ${paid.n} of ${count} of ${state.item.title}`,
    amountCents: paid.amountCents,
    paidAt: paid.paidAt,
    method: paid.card ? cardWords(paid.card) : 'Credit Card',
    note:
      left > 0
        ? `${formatUsd(paidCents)} of ${formatUsd(state.priceCents)} paid; ${formatUsd(left)} left, ${how}. The receipt attached is the booking's, as it now stands.`
        : `Your booking is now paid in full: ${formatUsd(paidCents)} in all. The receipt attached is the booking's, as it now stands.`,
    manageUrl: await bookingUrl(deps, paid.enrollmentId),
    publicUrl: deps.config.PUBLIC_URL ?? null,
  });
  return {
    to: submission.form.email,
    ...rendered,
    messageId: `<receipt-installment-${conf.orderId}-${paid.n}-${position}@${DOMAIN}>`,
    attachments: [pdf],
  };
}
