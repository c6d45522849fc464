import type { CodeRefusal } from '../../../contracts/pricing/refusals.js';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { discountCodeDecider } from '../../../service/pricing/discount-code-decider.js';
import type { DiscountCodeEvent } from '../../../contracts/pricing/discount-codes.js';

const spec = deciderSpec(discountCodeDecider);
const at = '2025-05-10T12:00:00.000Z';
const created = (rules: Record<string, unknown> = {}): DiscountCodeEvent => ({
  type: 'DiscountCodeCreated',
  data: { code: 'SPRING10', percentOff: 10, createdAt: '2025-05-01T00:00:00.000Z', ...rules },
});
const redeemed = (enrollmentId: string): DiscountCodeEvent => ({
  type: 'DiscountCodeRedeemed',
  data: { code: 'SPRING10', enrollmentId, workshopId: '4', discountCents: 750, redeemedAt: at },
});
const redeem = (enrollmentId: string, extra: Record<string, unknown> = {}) => ({
  type: 'RedeemDiscountCode' as const,
  enrollmentId,
  discountCents: 750,
  workshopId: '4',
  category: 'tea-party',
  participants: 1,
  at,
  ...extra,
});

/** The order's code refused, with why (worded at the edge, naming the enroll form's field). */
const refused = (reason: CodeRefusal) => ({
  code: 'validation',
  refusal: { code: 'discount_code_refused', reason },
});

describe('discount code decider', () => {
  it('given nothing, when the code is created, then DiscountCodeCreated', () => {
    spec([])
      .when({ type: 'CreateDiscountCode', rules: { code: 'SPRING10', percentOff: 10 }, at })
      .then([{ type: 'DiscountCodeCreated', data: { code: 'SPRING10', percentOff: 10, createdAt: at } }]);
  });

  it('given a code, when created again, then refused: codes are never reused', () => {
    spec([created()])
      .when({ type: 'CreateDiscountCode', rules: { code: 'SPRING10', percentOff: 5 }, at })
      .thenThrows({ code: 'conflict', refusal: { code: 'discount_code_exists', discountCode: 'SPRING10' } });
  });

  it('given a code, when redeemed, then DiscountCodeRedeemed', () => {
    spec([created()])
      .when(redeem('e1'))
      .then([
        {
          type: 'DiscountCodeRedeemed',
          data: { code: 'SPRING10', enrollmentId: 'e1', workshopId: '4', discountCents: 750, redeemedAt: at },
        },
      ]);
  });

  it('given the enrollment redeemed it already, when again, then nothing more', () => {
    spec([created(), redeemed('e1')])
      .when(redeem('e1'))
      .then([]);
  });

  it('given 2 uses and 2 redeemed, when a third, then refused naming discountCode', () => {
    spec([created({ maxRedemptions: 2 }), redeemed('e1'), redeemed('e2')])
      .when(redeem('e3'))
      .thenThrows(refused({ code: 'used-up' }));
  });

  it('given 2 uses, one given back, when another, then it counts again', () => {
    spec([
      created({ maxRedemptions: 2 }),
      redeemed('e1'),
      redeemed('e2'),
      {
        type: 'DiscountRedemptionReleased',
        data: { code: 'SPRING10', enrollmentId: 'e1', reason: 'expired', releasedAt: at },
      },
    ])
      .when(redeem('e3'))
      .then([expect.objectContaining({ type: 'DiscountCodeRedeemed' })]);
  });

  it('given 1 use taken by e1, when the same parent sends again (replaces e1), then e2 takes it over', () => {
    spec([created({ maxRedemptions: 1 }), redeemed('e1')])
      .when(redeem('e2', { replaces: 'e1' }))
      .then([{ type: 'DiscountCodeRedeemed', data: expect.objectContaining({ enrollmentId: 'e2', replaces: 'e1' }) }]);
  });

  it('given a deactivated code, when redeemed, then "not valid" as for a code that never existed', () => {
    spec([created(), { type: 'DiscountCodeDeactivated', data: { code: 'SPRING10', deactivatedAt: at } }])
      .when(redeem('e1'))
      .thenThrows(refused({ code: 'unknown' }));
    spec([])
      .when(redeem('e1'))
      .thenThrows(refused({ code: 'unknown' }));
  });

  it('given dates, when before or at the end, then refused with the date', () => {
    spec([created({ validFrom: '2025-06-01T00:00:00.000Z' })])
      .when(redeem('e1'))
      .thenThrows(refused({ code: 'not-yet', from: '2025-06-01T00:00:00.000Z' }));
    spec([created({ validUntil: at })])
      .when(redeem('e1'))
      .thenThrows(refused({ code: 'expired', until: at }));
  });

  it('given a code for workshops 1-3 or for camps, when a tea party, then refused', () => {
    spec([created({ workshopIds: ['1', '2', '3'] })])
      .when(redeem('e1'))
      .thenThrows(refused({ code: 'not-for-this' }));
    spec([created({ categories: ['summer'] })])
      .when(redeem('e1'))
      .thenThrows(refused({ code: 'not-for-this' }));
  });

  it('given at least 2 participants, when 1, then refused', () => {
    spec([created({ minParticipants: 2 })])
      .when(redeem('e1'))
      .thenThrows(refused({ code: 'too-few', min: 2 }));
  });

  it('given a redemption, when released, then DiscountRedemptionReleased once', () => {
    spec([created(), redeemed('e1')])
      .when({ type: 'ReleaseRedemption', enrollmentId: 'e1', reason: 'expired', at })
      .then([
        {
          type: 'DiscountRedemptionReleased',
          data: { code: 'SPRING10', enrollmentId: 'e1', reason: 'expired', releasedAt: at },
        },
      ]);
    spec([created()]).when({ type: 'ReleaseRedemption', enrollmentId: 'e1', reason: 'expired', at }).then([]);
  });
});
