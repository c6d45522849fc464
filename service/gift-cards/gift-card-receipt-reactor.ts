import { SCHOOL } from '../../contracts/core/school.js';
import { giftCardIdOf, giftCardStream, type GiftCardEvent } from '../../contracts/gift-cards/events.js';
import { cardWords } from '../../contracts/enrollment/payment-words.js';
import { receiptDate } from '../../contracts/enrollment/receipt.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { paymentReceiptPdfAttachment, type PaymentReceipt } from '../mail/payment-receipt-pdf.js';
import { renderEmail } from '../mail/templates/index.js';
import { sendPaymentReceipt } from '../receipts/receipt-mail.js';
import { giftCardDecider } from './gift-card-decider.js';

export const GIFT_CARD_RECEIPT_REACTOR = 'gift-card-receipt';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/**
 * The buyer's receipt for a gift card, as soon as it is paid (issue 37: the page tells them it
 * is on its way): the card bought and for whom, the amount, when and how it was paid, in text and
 * as a PDF. The card itself goes to its recipient on its own day (gift-card-email.ts). Once per
 * GiftCardPaid, by its position (service/receipts/receipt-mail.ts).
 */
export function giftCardReceiptReactor(deps: AppDeps) {
  return defineReactor<Extract<GiftCardEvent, { type: 'GiftCardPaid' }>>({
    name: GIFT_CARD_RECEIPT_REACTOR,
    eventTypes: ['GiftCardPaid'],
    async handle(event, { metadata }) {
      const giftCardId = giftCardIdOf(event);
      await sendPaymentReceipt(
        deps,
        { position: event.position, paid: `gift-card:${giftCardId}` },
        async () => {
          const state = await deps.commands.state(giftCardDecider, giftCardStream(giftCardId));
          if (state.status !== 'active') return null;
          const { order } = state;
          const receipt: PaymentReceipt = {
            receiptNumber: `GC-${giftCardId.slice(0, 10)}`,
            what: `Gift card for ${order.recipientName}`,
            amountCents: event.data.amountCents,
            paidAt: event.data.paidAt,
            method: event.data.card ? cardWords(event.data.card) : 'Credit Card',
            billedTo: order.purchaserName,
          };
          const rendered = await renderEmail('payment-receipt', {
            firstName: order.purchaserName.trim().split(/\s+/)[0] || order.purchaserName,
            ...receipt,
            note: `${order.recipientName} gets the card by e-mail on ${receiptDate(`${order.sendOn}T17:00:00Z`)}, with a card to print.`,
            manageUrl: null,
            publicUrl: deps.config.PUBLIC_URL ?? null,
          });
          return {
            to: order.purchaserEmail,
            ...rendered,
            messageId: `<receipt-gift-card-${giftCardId}@${DOMAIN}>`,
            attachments: [await paymentReceiptPdfAttachment(receipt, deps.clock())],
            // It names its buyer: their erasure deletes the copy kept of it.
            about: [pseudonymsFor(deps.config).email(order.purchaserEmail)],
          };
        },
        metadata,
      );
    },
  });
}
