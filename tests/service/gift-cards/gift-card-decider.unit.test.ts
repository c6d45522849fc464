import { describe, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { giftCardDecider } from '../../../service/gift-cards/gift-card-decider.js';
import type { GiftCardEvent, GiftCardOrdered } from '../../../contracts/gift-cards/events.js';

const spec = deciderSpec(giftCardDecider);
const at = '2025-05-10T12:00:00.000Z';
const giftCardId = 'card-0123456789abcdef';
const order: GiftCardOrdered = {
  giftCardId,
  code: '7QXM3KPD9HRT2WVB',
  amountCents: 10_000,
  currency: 'usd',
  purchaserName: 'Ada Lovelace',
  purchaserEmail: 'ada@example.com',
  recipientName: 'Grace Hopper',
  recipientEmail: 'grace@example.com',
  message: 'Happy birthday',
  sendOn: '2025-05-10',
  orderedAt: at,
};
const ordered: GiftCardEvent = { type: 'GiftCardOrdered', data: order };
const paid: GiftCardEvent = {
  type: 'GiftCardPaid',
  data: {
    giftCardId,
    paymentIntentId: 'pi_1',
    amountCents: 10_000,
    providerEventId: 'evt_1',
    source: 'webhook',
    paidAt: at,
  },
};
const reserved = (enrollmentId: string, amountCents: number): GiftCardEvent => ({
  type: 'GiftCardAmountReserved',
  data: { giftCardId, enrollmentId, amountCents, reservedAt: at },
});
const reserve = (enrollmentId: string, amountCents: number, replaces?: string) => ({
  type: 'ReserveGiftCardAmount' as const,
  enrollmentId,
  amountCents,
  at,
  ...(replaces ? { replaces } : {}),
});

describe('gift card decider', () => {
  it('given an order, when paid twice (webhook and verification), then paid once', () => {
    spec([ordered])
      .when({
        type: 'RecordGiftCardPayment',
        paymentIntentId: 'pi_1',
        amountCents: 10_000,
        providerEventId: 'evt_1',
        source: 'webhook',
        at,
      })
      .then([paid]);
    spec([ordered, paid])
      .when({
        type: 'RecordGiftCardPayment',
        paymentIntentId: 'pi_1',
        amountCents: 10_000,
        providerEventId: null,
        source: 'verification',
        at,
      })
      .then([]);
  });

  it('given an unpaid card, when an enrollment takes from it, then "not found" as for no card', () => {
    const unknown = { code: 'not_found', refusal: { code: 'gift_card_unknown' } };
    spec([ordered]).when(reserve('e1', 3_000)).thenThrows(unknown);
    spec([]).when(reserve('e1', 3_000)).thenThrows(unknown);
  });

  it('given $100, when $30 three times, then each is taken; a fourth $30 is refused ($10 left)', () => {
    spec([ordered, paid])
      .when(reserve('e1', 3_000))
      .then([reserved('e1', 3_000)]);
    spec([ordered, paid, reserved('e1', 3_000), reserved('e2', 3_000), reserved('e3', 3_000)])
      .when(reserve('e4', 3_000))
      .thenThrows({
        code: 'conflict',
        refusal: { code: 'gift_card_short', balanceCents: 1_000, amountCents: 3_000 },
      });
  });

  it('given $30 held by e1, when the same parent sends again (replaces e1), then the $30 moves to e2', () => {
    spec([ordered, paid, reserved('e1', 3_000), reserved('e2', 7_000)])
      .when(reserve('e3', 3_000, 'e1'))
      .then([
        {
          type: 'GiftCardAmountReserved',
          data: { giftCardId, enrollmentId: 'e3', amountCents: 3_000, replaces: 'e1', reservedAt: at },
        },
      ]);
  });

  it('given a part given back, then the balance is whole again', () => {
    spec([
      ordered,
      paid,
      reserved('e1', 10_000),
      {
        type: 'GiftCardReservationReleased',
        data: { giftCardId, enrollmentId: 'e1', reason: 'expired', releasedAt: at },
      },
    ])
      .when(reserve('e2', 10_000))
      .then([reserved('e2', 10_000)]);
  });

  it('given a refund returned once, when returned again with the same key, then nothing', () => {
    const returned: GiftCardEvent = {
      type: 'GiftCardAmountReturned',
      data: { giftCardId, enrollmentId: 'e1', refundKey: 'e1-1', amountCents: 3_000, returnedAt: at },
    };
    spec([ordered, paid, reserved('e1', 3_000)])
      .when({ type: 'ReturnToGiftCard', enrollmentId: 'e1', refundKey: 'e1-1', amountCents: 3_000, at })
      .then([returned]);
    spec([ordered, paid, reserved('e1', 3_000), returned])
      .when({ type: 'ReturnToGiftCard', enrollmentId: 'e1', refundKey: 'e1-1', amountCents: 3_000, at })
      .then([]);
  });

  it('given the e-mail sent, when recorded again, then nothing', () => {
    const sent: GiftCardEvent = {
      type: 'GiftCardEmailSent',
      data: { giftCardId, messageId: 'm', transport: 'outbox', sentAt: at },
    };
    spec([ordered, paid]).when({ type: 'RecordGiftCardEmail', messageId: 'm', transport: 'outbox', at }).then([sent]);
    spec([ordered, paid, sent]).when({ type: 'RecordGiftCardEmail', messageId: 'm', transport: 'outbox', at }).then([]);
  });
});
