import { describe, expect, it } from 'vitest';
import { priceEnrollment } from '../../../contracts/enrollment/money.js';

// The one pricing rule, in its fixed order: seats or tier, sibling discount, code, then gift card
// and credit, then the deposit now and the balance later. Every discount rounds once, half a cent up.

const kinds = (p: ReturnType<typeof priceEnrollment>) => p.lines.map((l) => l.kind);

describe('the seats', () => {
  it('given $75 a seat, when 2 enroll, then one seats line of $150 and $150 due now', () => {
    const p = priceEnrollment(7_500, 2);
    expect(p.lines).toEqual([{ kind: 'seats', label: '$75.00 x 2 participants', amountCents: 15_000 }]);
    expect(p).toMatchObject({
      subtotalCents: 15_000,
      discountCents: 0,
      totalCents: 15_000,
      dueNowCents: 15_000,
      balanceCents: 0,
    });
  });

  it('given the couple tier, when 2 enroll, then a tier line instead of the seats', () => {
    const p = priceEnrollment(15_000, 2, [{ participants: 2, totalCents: 25_000 }]);
    expect(p.lines).toEqual([{ kind: 'tier', label: 'Group price: 2 for $250.00', amountCents: 25_000 }]);
  });
});

describe('the sibling discount', () => {
  it('given 10 %, when 3 enroll at $75, then 10 % off the second and third: $15 off', () => {
    const p = priceEnrollment(7_500, 3, [], { siblingDiscountPercent: 10 });
    expect(p.lines[1]).toEqual({
      kind: 'sibling',
      label: 'Sibling discount: 10% off 2 participants',
      amountCents: -1_500,
    });
    expect(p.totalCents).toBe(21_000);
  });

  it('given 10 %, when 1 enrolls, then no sibling line', () => {
    expect(kinds(priceEnrollment(7_500, 1, [], { siblingDiscountPercent: 10 }))).toEqual(['seats']);
  });

  it('given a sibling already holds a seat, when 1 enrolls, then that one gets it too', () => {
    const p = priceEnrollment(7_500, 1, [], { siblingDiscountPercent: 10, siblingAlreadyEnrolled: true });
    expect(p.lines[1]?.amountCents).toBe(-750);
  });

  it("given a tier of 2 for $250 and 15 %, then 15 % of the second one's share ($125): $18.75", () => {
    const p = priceEnrollment(15_000, 2, [{ participants: 2, totalCents: 25_000 }], { siblingDiscountPercent: 15 });
    expect(kinds(p)).toEqual(['tier', 'sibling']);
    expect(p.lines[1]?.amountCents).toBe(-1_875);
  });

  it('given 3 for $100 and 10 %, then 2/3 of $100 x 10 % = $6.666… rounds to $6.67', () => {
    const p = priceEnrollment(5_000, 3, [{ participants: 3, totalCents: 10_000 }], { siblingDiscountPercent: 10 });
    expect(p.lines[1]?.amountCents).toBe(-667);
    expect(p.totalCents).toBe(9_333);
  });

  it('given half a cent, then it rounds up: $0.25 x 2 at 10 % = 2.5 cents off, 3 cents', () => {
    expect(priceEnrollment(25, 2, [], { siblingDiscountPercent: 10 }).lines[1]?.amountCents).toBe(-3);
  });
});

describe('the discount code', () => {
  it('given 10 % off, when $150, then $15 off after the seats', () => {
    const p = priceEnrollment(7_500, 2, [], { code: { code: 'SPRING10', percentOff: 10 } });
    expect(p.lines[1]).toEqual({ kind: 'discount-code', label: 'Code SPRING10: 10% off', amountCents: -1_500 });
    expect(p).toMatchObject({ discountCents: 1_500, totalCents: 13_500 });
  });

  it('given $20 off, when $75, then $55', () => {
    const p = priceEnrollment(7_500, 1, [], { code: { code: 'TWENTY', amountOffCents: 2_000 } });
    expect(p.lines[1]).toEqual({ kind: 'discount-code', label: 'Code TWENTY: $20.00 off', amountCents: -2_000 });
    expect(p.totalCents).toBe(5_500);
  });

  it('given $100 off, when $75, then free, never below zero', () => {
    const p = priceEnrollment(7_500, 1, [], { code: { code: 'BIG', amountOffCents: 10_000 } });
    expect(p).toMatchObject({ totalCents: 0, isFree: true, discountCents: 7_500 });
  });

  it('given the sibling discount and 10 % off, then the code takes 10 % of what the sibling discount left', () => {
    // $75 x 2 = $150; sibling 10 % of $75 = $7.50; left $142.50; code 10 % = $14.25
    const p = priceEnrollment(7_500, 2, [], { siblingDiscountPercent: 10, code: { code: 'X10', percentOff: 10 } });
    expect(p.lines.map((l) => l.amountCents)).toEqual([15_000, -750, -1_425]);
    expect(p).toMatchObject({ discountCents: 2_175, totalCents: 12_825 });
  });

  it('given 15 % of $33.33, then $4.9995 rounds to $5.00', () => {
    expect(priceEnrollment(3_333, 1, [], { code: { code: 'P15', percentOff: 15 } }).lines[1]?.amountCents).toBe(-500);
  });
});

describe('gift card and credit', () => {
  it('given a $40 gift card, when $80, then $40 from the card and $40 due now; the total stays $80', () => {
    const p = priceEnrollment(8_000, 1, [], { giftCard: { last4: '2WVB', balanceCents: 4_000 } });
    expect(p.lines[1]).toEqual({ kind: 'gift-card', label: 'Gift card ending 2WVB', amountCents: -4_000 });
    expect(p).toMatchObject({ totalCents: 8_000, paidByGiftCardCents: 4_000, dueNowCents: 4_000 });
  });

  it('given a $100 card, when $80, then $80 from it and nothing due', () => {
    const p = priceEnrollment(8_000, 1, [], { giftCard: { last4: '2WVB', balanceCents: 10_000 } });
    expect(p).toMatchObject({ paidByGiftCardCents: 8_000, dueNowCents: 0, isFree: false });
  });

  it('given a $30 card and $30 of credit, when $80, then the card first, then the credit, then $20 due', () => {
    const p = priceEnrollment(8_000, 1, [], {
      giftCard: { last4: 'AAAA', balanceCents: 3_000 },
      creditBalanceCents: 3_000,
    });
    expect(kinds(p)).toEqual(['seats', 'gift-card', 'credit']);
    expect(p).toMatchObject({ paidByGiftCardCents: 3_000, paidByCreditCents: 3_000, dueNowCents: 2_000 });
  });
});

describe('deposit now, balance later', () => {
  it('given a $50 deposit a child, when 2 children at $250, then $100 now and $400 later', () => {
    const p = priceEnrollment(25_000, 2, [], { depositPerParticipantCents: 5_000 });
    expect(p).toMatchObject({ totalCents: 50_000, dueNowCents: 10_000, balanceCents: 40_000 });
  });

  it('given a deposit and a $60 gift card, then the card pays toward the deposit first', () => {
    const p = priceEnrollment(25_000, 2, [], {
      depositPerParticipantCents: 5_000,
      giftCard: { last4: 'AAAA', balanceCents: 6_000 },
    });
    expect(p).toMatchObject({ paidByGiftCardCents: 6_000, dueNowCents: 4_000, balanceCents: 40_000 });
  });

  it('given a deposit above the price, then all of it now', () => {
    expect(priceEnrollment(2_000, 1, [], { depositPerParticipantCents: 5_000 })).toMatchObject({
      dueNowCents: 2_000,
      balanceCents: 0,
    });
  });
});

describe('every rule together, in the fixed order', () => {
  it('given tier, sibling, code, gift card, credit and deposit, then each line in turn and the sums agree', () => {
    // 3 for $600 (tier) | sibling 10 % of 2/3 of $600 = $40 | code 5 % of $560 = $28 | total $532
    // gift card $100, credit $12.34 | deposit $100 x 3 = $300, less $112.34 paid = $187.66 now | balance $232
    const p = priceEnrollment(25_000, 3, [{ participants: 3, totalCents: 60_000 }], {
      siblingDiscountPercent: 10,
      code: { code: 'FAMILY5', percentOff: 5 },
      giftCard: { last4: 'QX2W', balanceCents: 10_000 },
      creditBalanceCents: 1_234,
      depositPerParticipantCents: 10_000,
    });
    expect(p.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['tier', 60_000],
      ['sibling', -4_000],
      ['discount-code', -2_800],
      ['gift-card', -10_000],
      ['credit', -1_234],
    ]);
    expect(p).toMatchObject({
      subtotalCents: 60_000,
      discountCents: 6_800,
      totalCents: 53_200,
      paidByGiftCardCents: 10_000,
      paidByCreditCents: 1_234,
      dueNowCents: 18_766,
      balanceCents: 23_200,
    });
    expect(p.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(p.dueNowCents + p.balanceCents);
  });
});
