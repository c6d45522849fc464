import { defineProjector } from '../../platform/processor/projector.js';
import { giftCardIdOf, type GiftCardEvent } from '../../contracts/gift-cards/events.js';
import type { GiftCardView } from '../../contracts/gift-cards/api.js';

export const GIFT_CARDS = 'gift-cards';

/** The read model's document: the admin's view, and what the e-mail timer looks for (paid, not e-mailed, by send date). */
export type GiftCardDoc = GiftCardView & { emailDue: boolean };

const statusOf = (doc: GiftCardDoc, balanceCents: number): GiftCardDoc['status'] =>
  doc.paidAt === null ? 'awaiting-payment' : balanceCents > 0 ? 'active' : 'spent';

/**
 * `gift-cards`: one document per card (id = the card's id), never its code: the admin's list with
 * balances and redemptions, and the e-mail timer's work (`emailDue`, `sendOn`). The balance counts
 * parts held by unpaid enrollments as taken, as the card's ledger does.
 */
export const giftCardsProjector = defineProjector<GiftCardEvent, GiftCardDoc>({
  name: GIFT_CARDS,
  collection: GIFT_CARDS,
  indexes: [[{ field: 'emailDue' }, { field: 'sendOn' }], [{ field: 'orderedAt', direction: 'desc' }]],
  eventTypes: [
    'GiftCardOrdered',
    'GiftCardPaid',
    'GiftCardEmailSent',
    'GiftCardAmountReserved',
    'GiftCardReservationReleased',
    'GiftCardAmountReturned',
  ],
  keys: (e) => [giftCardIdOf(e)],
  project(doc, e) {
    if (e.type === 'GiftCardOrdered') {
      const d = e.data;
      return {
        id: d.giftCardId,
        last4: d.code.slice(-4),
        amountCents: d.amountCents,
        balanceCents: 0,
        status: 'awaiting-payment',
        purchaserName: d.purchaserName,
        purchaserEmail: d.purchaserEmail,
        recipientName: d.recipientName,
        recipientEmail: d.recipientEmail,
        sendOn: d.sendOn,
        orderedAt: d.orderedAt,
        paidAt: null,
        emailSentAt: null,
        redemptions: [],
        emailDue: false,
      };
    }
    if (!doc) return undefined;
    const withBalance = (next: GiftCardDoc, delta: number): GiftCardDoc => {
      const balanceCents = next.balanceCents + delta;
      return { ...next, balanceCents, status: statusOf(next, balanceCents) };
    };
    switch (e.type) {
      case 'GiftCardPaid':
        if (doc.paidAt) return undefined;
        return withBalance({ ...doc, paidAt: e.data.paidAt, emailDue: doc.emailSentAt === null }, e.data.amountCents);
      case 'GiftCardEmailSent':
        return { ...doc, emailSentAt: e.data.sentAt, emailDue: false };
      case 'GiftCardAmountReserved': {
        const { enrollmentId, amountCents, reservedAt, replaces } = e.data;
        let back = 0;
        const redemptions = [...doc.redemptions];
        if (replaces) {
          const held = heldBy(doc, replaces);
          if (held > 0) {
            back = held;
            redemptions.unshift({ enrollmentId: replaces, amountCents: held, at: reservedAt, kind: 'released' });
          }
        }
        redemptions.unshift({ enrollmentId, amountCents, at: reservedAt, kind: 'reserved' });
        return withBalance({ ...doc, redemptions }, back - amountCents);
      }
      case 'GiftCardReservationReleased': {
        const held = heldBy(doc, e.data.enrollmentId);
        const redemptions = [
          { enrollmentId: e.data.enrollmentId, amountCents: held, at: e.data.releasedAt, kind: 'released' as const },
          ...doc.redemptions,
        ];
        return withBalance({ ...doc, redemptions }, held);
      }
      case 'GiftCardAmountReturned': {
        const { enrollmentId, amountCents, returnedAt } = e.data;
        const redemptions = [
          { enrollmentId, amountCents, at: returnedAt, kind: 'returned' as const },
          ...doc.redemptions,
        ];
        return withBalance({ ...doc, redemptions }, amountCents);
      }
    }
  },
});

/** What an enrollment holds on the card now: its last reservation, unless released since. */
function heldBy(doc: GiftCardDoc, enrollmentId: string): number {
  const latest = doc.redemptions.find((r) => r.enrollmentId === enrollmentId && r.kind !== 'returned');
  return latest?.kind === 'reserved' ? latest.amountCents : 0;
}
