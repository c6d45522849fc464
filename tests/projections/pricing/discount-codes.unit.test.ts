import { describe, expect, it } from 'vitest';
import { discountCodesProjector } from '../../../projections/pricing/discount-codes.js';
import { discountCodeRedemptionsProjector } from '../../../projections/pricing/discount-code-redemptions.js';
import { given, on, record } from '../../support/projection.js';

const s = 'discount-code-SPRING10';
const created = on(s, {
  type: 'DiscountCodeCreated',
  data: { code: 'SPRING10', percentOff: 10, maxRedemptions: 100, createdAt: '2025-05-01T00:00:00.000Z' },
});
const redeemed = (enrollmentId: string, at: string, replaces?: string) =>
  on(s, {
    type: 'DiscountCodeRedeemed',
    data: {
      code: 'SPRING10',
      enrollmentId,
      workshopId: '4',
      discountCents: 750,
      redeemedAt: at,
      ...(replaces ? { replaces } : {}),
    },
  });
const released = (enrollmentId: string, at: string) =>
  on(s, {
    type: 'DiscountRedemptionReleased',
    data: { code: 'SPRING10', enrollmentId, reason: 'expired', releasedAt: at },
  });

const journey = [
  created,
  redeemed('e1', '2025-05-02T10:00:00.000Z'),
  redeemed('e2', '2025-05-02T11:00:00.000Z'),
  // The parent of e2 changes the order: e3 takes over e2's use.
  redeemed('e3', '2025-05-02T11:05:00.000Z', 'e2'),
  released('e1', '2025-05-02T10:30:00.000Z'),
];

describe('discount codes projectors', () => {
  it('given uses taken, handed over and given back, then the code counts the uses that count now', async () => {
    await given(discountCodesProjector, journey).then({
      SPRING10: {
        code: 'SPRING10',
        percentOff: 10,
        maxRedemptions: 100,
        active: true,
        createdAt: '2025-05-01T00:00:00.000Z',
        deactivatedAt: null,
        redemptions: 1,
      },
    });
  });

  it('given the same events, then each redemption is its own document, with how and when it ended', async () => {
    const use = { code: 'SPRING10', workshopId: '4', discountCents: 750 };
    await given(discountCodeRedemptionsProjector, journey).then({
      'SPRING10:e1': {
        ...use,
        enrollmentId: 'e1',
        redeemedAt: '2025-05-02T10:00:00.000Z',
        releasedAt: '2025-05-02T10:30:00.000Z',
        releaseReason: 'expired',
      },
      'SPRING10:e2': {
        ...use,
        enrollmentId: 'e2',
        redeemedAt: '2025-05-02T11:00:00.000Z',
        releasedAt: '2025-05-02T11:05:00.000Z',
        releaseReason: 'replaced',
      },
      'SPRING10:e3': {
        ...use,
        enrollmentId: 'e3',
        redeemedAt: '2025-05-02T11:05:00.000Z',
        releasedAt: null,
        releaseReason: null,
      },
    });
  });

  it('given a code stored with its list of uses (before they had their own collection), when one more is taken, then the list is dropped and the count goes on', () => {
    const stored = {
      code: 'SPRING10',
      percentOff: 10,
      active: true,
      createdAt: '2025-05-01T00:00:00.000Z',
      deactivatedAt: null,
      redemptions: 1,
      redeemed: [{ enrollmentId: 'e1', workshopId: '4', discountCents: 750, redeemedAt: '2025-05-02T10:00:00.000Z' }],
    };
    const [event] = record([redeemed('e2', '2025-05-02T12:00:00.000Z')]);
    const next = discountCodesProjector.project(stored as never, event as never, 'SPRING10');
    expect(next).toEqual({ ...stored, redeemed: undefined, redemptions: 2 });
    expect(next).not.toHaveProperty('redeemed');
  });
});
