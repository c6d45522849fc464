import type { Decider } from '../../platform/command/decider.js';
import type { GiftCardEvent, GiftCardOrdered } from '../../contracts/gift-cards/events.js';
import type { PaidCard } from '../../contracts/enrollment/events.js';
import { refuse } from './refusals.js';
import {
  availableFor,
  balanceOf,
  EMPTY_LEDGER,
  giveBack,
  putIn,
  take,
  type BalanceLedger,
} from '../pricing/balance-ledger.js';
import type { ReleaseReason } from '../pricing/credit-decider.js';

export type GiftCardCommand =
  | { type: 'OrderGiftCard'; order: GiftCardOrdered }
  | { type: 'RecordGiftCardIntent'; paymentIntentId: string; provider: 'stripe' | 'offline'; amountCents: number }
  | {
      type: 'RecordGiftCardPayment';
      paymentIntentId: string;
      amountCents: number;
      providerEventId: string | null;
      source: 'webhook' | 'verification';
      at: string;
      card?: PaidCard;
    }
  | { type: 'RecordGiftCardEmail'; messageId: string; transport: 'smtp' | 'outbox'; at: string }
  | { type: 'ReserveGiftCardAmount'; enrollmentId: string; amountCents: number; replaces?: string; at: string }
  | { type: 'ReleaseGiftCardAmount'; enrollmentId: string; reason: ReleaseReason; at: string }
  | { type: 'ReturnToGiftCard'; enrollmentId: string; refundKey: string; amountCents: number; at: string };

interface Ordered {
  order: GiftCardOrdered;
  paymentIntentId: string | null;
  emailSent: boolean;
}
export type GiftCardState =
  | { status: 'none' }
  | ({ status: 'awaiting-payment' } & Ordered)
  | ({ status: 'active'; paidAt: string; ledger: BalanceLedger } & Ordered);

export const giftCardBalance = (s: GiftCardState) => (s.status === 'active' ? Math.max(0, balanceOf(s.ledger)) : 0);

/**
 * One gift card (stream `gift-card-<id>`): ordered, paid once (whoever reports the payment first),
 * e-mailed once, then its balance as a ledger. A part for an enrollment is refused when the
 * balance cannot cover it, so a card is never spent twice, whatever the concurrency: every part is
 * decided on the stream's revision.
 */
export const giftCardDecider: Decider<GiftCardCommand, GiftCardEvent, GiftCardState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'GiftCardOrdered':
        return { status: 'awaiting-payment', order: event.data, paymentIntentId: null, emailSent: false };
      case 'GiftCardPaymentIntentCreated':
        return state.status === 'none' ? state : { ...state, paymentIntentId: event.data.paymentIntentId };
      case 'GiftCardPaid':
        if (state.status !== 'awaiting-payment') return state;
        return {
          ...state,
          status: 'active',
          paidAt: event.data.paidAt,
          ledger: putIn(EMPTY_LEDGER, event.data.amountCents),
        };
      case 'GiftCardEmailSent':
        return state.status === 'none' ? state : { ...state, emailSent: true };
      case 'GiftCardAmountReserved':
        if (state.status !== 'active') return state;
        return {
          ...state,
          ledger: take(state.ledger, event.data.enrollmentId, event.data.amountCents, event.data.replaces),
        };
      case 'GiftCardReservationReleased':
        if (state.status !== 'active') return state;
        return { ...state, ledger: giveBack(state.ledger, event.data.enrollmentId) };
      case 'GiftCardAmountReturned':
        if (state.status !== 'active') return state;
        return { ...state, ledger: putIn(state.ledger, event.data.amountCents, event.data.refundKey) };
    }
  },

  decide(command, state) {
    if (command.type === 'OrderGiftCard') {
      if (state.status !== 'none') throw refuse({ code: 'gift_card_ordered_already' });
      return [{ type: 'GiftCardOrdered', data: command.order }];
    }
    if (state.status === 'none') throw refuse({ code: 'gift_card_unknown' });
    const giftCardId = state.order.giftCardId;
    switch (command.type) {
      case 'RecordGiftCardIntent':
        if (state.paymentIntentId === command.paymentIntentId) return [];
        if (state.status !== 'awaiting-payment') throw refuse({ code: 'gift_card_paid_already' });
        return [
          {
            type: 'GiftCardPaymentIntentCreated',
            data: {
              giftCardId,
              paymentIntentId: command.paymentIntentId,
              provider: command.provider,
              amountCents: command.amountCents,
            },
          },
        ];
      case 'RecordGiftCardPayment':
        // Duplicate, late and out-of-order deliveries: the card is paid once.
        if (state.status !== 'awaiting-payment') return [];
        return [
          {
            type: 'GiftCardPaid',
            data: {
              giftCardId,
              paymentIntentId: command.paymentIntentId,
              amountCents: command.amountCents,
              providerEventId: command.providerEventId,
              source: command.source,
              paidAt: command.at,
              ...(command.card ? { card: command.card } : {}),
            },
          },
        ];
      case 'RecordGiftCardEmail':
        if (state.emailSent) return [];
        return [
          {
            type: 'GiftCardEmailSent',
            data: { giftCardId, messageId: command.messageId, transport: command.transport, sentAt: command.at },
          },
        ];
      case 'ReserveGiftCardAmount': {
        if (state.status !== 'active') throw refuse({ code: 'gift_card_unknown' });
        if (state.ledger.taken[command.enrollmentId] !== undefined) return [];
        const available = availableFor(state.ledger, command.replaces);
        if (command.amountCents > available) {
          const balanceCents = Math.max(0, balanceOf(state.ledger));
          throw refuse({ code: 'gift_card_short', balanceCents, amountCents: command.amountCents });
        }
        const replaces =
          command.replaces && state.ledger.taken[command.replaces] !== undefined ? command.replaces : undefined;
        return [
          {
            type: 'GiftCardAmountReserved',
            data: {
              giftCardId,
              enrollmentId: command.enrollmentId,
              amountCents: command.amountCents,
              ...(replaces ? { replaces } : {}),
              reservedAt: command.at,
            },
          },
        ];
      }
      case 'ReleaseGiftCardAmount':
        if (state.status !== 'active' || state.ledger.taken[command.enrollmentId] === undefined) return [];
        return [
          {
            type: 'GiftCardReservationReleased',
            data: { giftCardId, enrollmentId: command.enrollmentId, reason: command.reason, releasedAt: command.at },
          },
        ];
      case 'ReturnToGiftCard':
        if (state.status !== 'active') throw refuse({ code: 'gift_card_not_active' });
        if (state.ledger.returned.includes(command.refundKey)) return [];
        return [
          {
            type: 'GiftCardAmountReturned',
            data: {
              giftCardId,
              enrollmentId: command.enrollmentId,
              refundKey: command.refundKey,
              amountCents: command.amountCents,
              returnedAt: command.at,
            },
          },
        ];
    }
  },
};
