import { describe, expect, it } from 'vitest';
import { cardWords, paymentMethodWords } from '../../../contracts/enrollment/payment-words.js';
import { receiptText } from '../../../contracts/enrollment/receipt.js';

/** Issue 37 item 5: "Payment method" names every source of an order, not "Credit Card" for one paid mostly by gift card. */

const none = { paidByGiftCardCents: 0, paidByCreditCents: 0 };

describe('the payment method in words', () => {
  it('given an order paid $200 by gift card and $25 by card, then it reads "Gift card and credit card"', () => {
    expect(paymentMethodWords('Credit Card', { ...none, paidByGiftCardCents: 20_000 })).toBe(
      'Gift card and credit card',
    );
  });

  it('given the gift card, the family credit and the card, then all three, the card last', () => {
    expect(paymentMethodWords('Credit Card', { paidByGiftCardCents: 100, paidByCreditCents: 100 })).toBe(
      'Gift card, family credit and credit card',
    );
    expect(paymentMethodWords('Gift Card', { paidByGiftCardCents: 100, paidByCreditCents: 100 })).toBe(
      'Gift card and family credit',
    );
  });

  it('given one source only, or no breakdown, then the method as recorded', () => {
    expect(paymentMethodWords('Credit Card', none)).toBe('Credit Card');
    expect(paymentMethodWords('Gift Card', { ...none, paidByGiftCardCents: 22_500 })).toBe('Gift Card');
    expect(paymentMethodWords('Free Enrollment', none)).toBe('Free Enrollment');
    expect(paymentMethodWords('Credit Card', undefined)).toBe('Credit Card');
    expect(paymentMethodWords(null, none)).toBeNull();
  });

  it('given the card that paid is known, then it is named by brand and last four digits instead of "Credit Card"', () => {
    const visa = { brand: 'visa', last4: '4242' };
    expect(cardWords(visa)).toBe('Visa ending 4242');
    expect(cardWords({ brand: 'amex', last4: '8431' })).toBe('American Express ending 8431');
    expect(cardWords({ brand: 'something_new', last4: '0005' })).toBe('Card ending 0005');
    expect(paymentMethodWords('Credit Card', none, visa)).toBe('Visa ending 4242');
    expect(paymentMethodWords('Credit Card', undefined, visa)).toBe('Visa ending 4242');
    expect(paymentMethodWords('Credit Card', { ...none, paidByGiftCardCents: 20_000 }, visa)).toBe(
      'Gift card and Visa ending 4242',
    );
    // No card was charged: the card recorded changes nothing.
    expect(paymentMethodWords('Gift Card', { ...none, paidByGiftCardCents: 22_500 }, visa)).toBe('Gift Card');
    expect(paymentMethodWords('Free Enrollment', none, visa)).toBe('Free Enrollment');
  });

  it('given a receipt of an order paid $200 by gift card and $25 by card, then its payment method names both', () => {
    const text = receiptText('ORD-gc', {
      orderReference: 'GL-654321',
      confirmedAt: '2025-05-01T15:00:00.000Z',
      submittedAt: '2025-05-01T14:58:00.000Z',
      paymentMethod: 'Credit Card',
      item: {
        kind: 'workshop',
        id: '1',
        title: 'Dinner',
        date: '2025-06-23T10:00:00-05:00',
        time: '10:00 AM',
        location: 'Plano',
        instructor: 'Margaret Ellison',
        duration: '2 hours',
        category: 'adult',
        attire: '',
        unitPriceCents: 22_500,
      },
      participants: 1,
      subtotalCents: 22_500,
      taxCents: 0,
      amountCents: 22_500,
      refundedCents: 0,
      pricing: {
        lines: [
          { kind: 'seats', label: '$225.00 x 1 participant', amountCents: 22_500 },
          { kind: 'gift-card', label: 'Gift card ending 4321', amountCents: -20_000 },
        ],
        subtotalCents: 22_500,
        discountCents: 0,
        paidByGiftCardCents: 20_000,
        paidByCreditCents: 0,
        dueNowCents: 2_500,
        balanceCents: 0,
        totalCents: 22_500,
        balanceDueAt: null,
      },
    });
    expect(text).toMatch(/Payment method: +Gift card and credit card/);
  });

  it('given a receipt of an order paid by a Visa ending 4242, then its payment method says so', () => {
    const text = receiptText('ORD-visa', {
      orderReference: 'GL-654322',
      confirmedAt: '2025-05-01T15:00:00.000Z',
      submittedAt: '2025-05-01T14:58:00.000Z',
      paymentMethod: 'Credit Card',
      card: { brand: 'visa', last4: '4242' },
      item: {
        kind: 'workshop',
        id: '1',
        title: 'Dinner',
        date: '2025-06-23T10:00:00-05:00',
        time: '10:00 AM',
        location: 'Plano',
        instructor: 'Margaret Ellison',
        duration: '2 hours',
        category: 'adult',
        attire: '',
        unitPriceCents: 22_500,
      },
      participants: 1,
      subtotalCents: 22_500,
      taxCents: 0,
      amountCents: 22_500,
      refundedCents: 0,
    });
    expect(text).toMatch(/Payment method: +Visa ending 4242/);
  });
});
