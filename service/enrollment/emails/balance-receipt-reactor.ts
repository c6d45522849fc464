import { SCHOOL } from '../../../contracts/core/school.js';
import { enrollmentIdOf, enrollmentStream, type EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import { cardWords } from '../../../contracts/enrollment/payment-words.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { receiptPdfAttachment } from '../../mail/receipt-pdf.js';
import { renderEmail } from '../../mail/templates/index.js';
import { sendPaymentReceipt } from '../../receipts/receipt-mail.js';
import { bookingUrl } from '../after-sale/booking-link.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { hasSale, oneCardOf, paymentOf } from '../decider/enrollment-state.js';
import { leftParticipantsOf, stayingAttendees } from '../decider/participants.js';
import { confirmationReceiptOrder } from './confirmation-email.js';
import { installmentReceipt } from './installment-receipt.js';

export const BALANCE_RECEIPT_REACTOR = 'balance-receipt';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/**
 * The payer's receipt for a deposit booking's balance (issue 37): the balance, its amount, when
 * and how it was paid, in text, and the booking's PDF receipt as it now stands (paid in full).
 * Once per BalancePaid, by its position (service/receipts/receipt-mail.ts). Likewise the receipt
 * of each instalment of a plan (InstallmentPaymentRecorded, installment-receipt.ts).
 */
export function balanceReceiptReactor(deps: AppDeps) {
  return defineReactor<Extract<EnrollmentEvent, { type: 'BalancePaid' | 'InstallmentPaymentRecorded' }>>({
    name: BALANCE_RECEIPT_REACTOR,
    eventTypes: ['BalancePaid', 'InstallmentPaymentRecorded'],
    async handle(event, { metadata }) {
      const enrollmentId = enrollmentIdOf(event);
      if (event.type === 'InstallmentPaymentRecorded') {
        const state = () => deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
        const paid = { position: event.position, paid: `installment:${enrollmentId}:${event.data.n}` };
        await sendPaymentReceipt(
          deps,
          paid,
          async () => installmentReceipt(deps, await state(), event.data, event.position),
          metadata,
        );
        return;
      }
      await sendPaymentReceipt(
        deps,
        { position: event.position, paid: `balance:${enrollmentId}` },
        async () => {
          const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
          if (!hasSale(state) || !state.submission || !state.order) return null;
          const { submission } = state;
          const conf = state.order.confirmation;
          const paid = event.data;
          const order = confirmationReceiptOrder(
            { ...submission, item: state.item, attendees: stayingAttendees(state) },
            conf,
            leftParticipantsOf(state),
            paymentOf(state)?.card,
          );
          const paidWithCard = oneCardOf(state);
          const depositCents = order.amountCents - (order.balanceCents ?? 0);
          const pdf = await receiptPdfAttachment(
            conf.orderId,
            {
              ...order,
              isFree: false,
              status: 'completed',
              paidCents: depositCents + paid.amountCents,
              refundsUnderwayCents: 0,
              balanceCents: 0,
              ...(paidWithCard ? { paidWithCard } : {}),
            },
            deps.clock(),
          );
          const rendered = await renderEmail('payment-receipt', {
            firstName: submission.form.firstName,
            receiptNumber: conf.orderId,
            what: `Balance of ${state.item.title}`,
            amountCents: paid.amountCents,
            paidAt: paid.paidAt,
            method: paid.card ? cardWords(paid.card) : 'Credit Card',
            note: `Your booking is now paid in full: ${formatUsd(depositCents + paid.amountCents)} in all. The receipt attached is the booking's, as it now stands.`,
            manageUrl: await bookingUrl(deps, enrollmentId),
            publicUrl: deps.config.PUBLIC_URL ?? null,
          });
          return {
            to: submission.form.email,
            ...rendered,
            messageId: `<receipt-balance-${conf.orderId}-${event.position}@${DOMAIN}>`,
            attachments: [pdf],
          };
        },
        metadata,
      );
    },
  });
}
