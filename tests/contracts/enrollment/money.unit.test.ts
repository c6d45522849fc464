import { describe, expect, it } from 'vitest';
import { priceEnrollment } from '../../../contracts/enrollment/money.js';

// Group prices: the lowest of price x participants and the tiers for exactly that many.

describe('priceEnrollment with tiers', () => {
  const couple = [{ participants: 2, totalCents: 25_000 }];

  it('given the dinner ($150, couple $250), when 2 enroll, then $250 by the couple tier', () => {
    expect(priceEnrollment(15_000, 2, couple)).toMatchObject({ amountCents: 25_000, tier: couple[0] });
  });

  it('given the couple tier, when 1 or 3 enroll, then price x participants (a tier applies to its count only)', () => {
    expect(priceEnrollment(15_000, 1, couple)).toMatchObject({ amountCents: 15_000, tier: null });
    expect(priceEnrollment(15_000, 3, couple)).toMatchObject({ amountCents: 45_000, tier: null });
  });

  it('given two tiers for the same count, then the lower one', () => {
    const tiers = [
      { participants: 2, totalCents: 27_000 },
      { participants: 2, totalCents: 24_000 },
    ];
    expect(priceEnrollment(15_000, 2, tiers).amountCents).toBe(24_000);
  });

  it('given a tier dearer than paying per person, then per person', () => {
    expect(priceEnrollment(10_000, 2, [{ participants: 2, totalCents: 25_000 }])).toMatchObject({
      amountCents: 20_000,
      tier: null,
    });
  });
});
