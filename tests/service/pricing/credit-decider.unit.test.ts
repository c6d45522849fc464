import { describe, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { familyCreditDecider } from '../../../service/pricing/credit-decider.js';
import type { FamilyCreditEvent } from '../../../contracts/pricing/credit.js';

const spec = deciderSpec(familyCreditDecider);
const at = '2025-05-10T12:00:00.000Z';
const householdId = 'h1';
const added = (amountCents: number, refundKey: string): FamilyCreditEvent => ({
  type: 'FamilyCreditAdded',
  data: { householdId, amountCents, refundKey, enrollmentId: 'old', addedAt: at },
});

describe('family credit decider', () => {
  it('given a refund kept as credit, when the same refund is added again, then nothing', () => {
    spec([])
      .when({ type: 'AddFamilyCredit', householdId, enrollmentId: 'old', refundKey: 'old-1', amountCents: 5_000, at })
      .then([added(5_000, 'old-1')]);
    spec([added(5_000, 'old-1')])
      .when({ type: 'AddFamilyCredit', householdId, enrollmentId: 'old', refundKey: 'old-1', amountCents: 5_000, at })
      .then([]);
  });

  it('given $50 of credit, when an order takes $50, then reserved; when another takes $1, then refused: never negative', () => {
    spec([added(5_000, 'old-1')])
      .when({ type: 'ReserveFamilyCredit', householdId, enrollmentId: 'e1', amountCents: 5_000, at })
      .then([
        { type: 'FamilyCreditReserved', data: { householdId, enrollmentId: 'e1', amountCents: 5_000, reservedAt: at } },
      ]);
    spec([
      added(5_000, 'old-1'),
      { type: 'FamilyCreditReserved', data: { householdId, enrollmentId: 'e1', amountCents: 5_000, reservedAt: at } },
    ])
      .when({ type: 'ReserveFamilyCredit', householdId, enrollmentId: 'e2', amountCents: 100, at })
      .thenThrows({ code: 'conflict', refusal: { code: 'family_credit_short', balanceCents: 0, amountCents: 100 } });
  });

  it('given a part held, when released, then back; released twice, then once', () => {
    const held: FamilyCreditEvent = {
      type: 'FamilyCreditReserved',
      data: { householdId, enrollmentId: 'e1', amountCents: 5_000, reservedAt: at },
    };
    const released: FamilyCreditEvent = {
      type: 'FamilyCreditReleased',
      data: { householdId, enrollmentId: 'e1', reason: 'expired', releasedAt: at },
    };
    spec([added(5_000, 'k'), held])
      .when({ type: 'ReleaseFamilyCredit', householdId, enrollmentId: 'e1', reason: 'expired', at })
      .then([released]);
    spec([added(5_000, 'k'), held, released])
      .when({ type: 'ReleaseFamilyCredit', householdId, enrollmentId: 'e1', reason: 'expired', at })
      .then([]);
  });
});
