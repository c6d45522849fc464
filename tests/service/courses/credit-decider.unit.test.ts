import { describe, expect, it } from 'vitest';
import type { MakeupCreditEvent, MakeupCreditGranted } from '../../../contracts/courses/events.js';
import { creditDecider } from '../../../service/courses/credit-decider.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(creditDecider);

const credit: MakeupCreditGranted = {
  creditId: 'c1',
  enrollmentId: 'e1',
  participant: 0,
  programId: '1',
  workshopId: '11',
  reason: 'absence',
  from: { workshopId: '11', session: 3 },
  validUntil: '2025-11-14T16:30:00.000Z',
  grantedAt: '2025-07-01T12:00:00Z',
};
const granted: MakeupCreditEvent = { type: 'MakeupCreditGranted', data: credit };
const AT = '2025-08-01T12:00:00Z';
const book = (
  over: Partial<{
    workshopId: string;
    session: number;
    targetProgramId: string | null;
    at: string;
    enrollmentId: string;
  }> = {},
) =>
  ({
    type: 'BookMakeup',
    enrollmentId: 'e1',
    workshopId: '12',
    session: 2,
    targetProgramId: '1',
    targetTitle: 'Manners & Me (Tuesday afternoons)',
    at: AT,
    ...over,
  }) as const;
const booked: MakeupCreditEvent = {
  type: 'MakeupBooked',
  data: { creditId: 'c1', enrollmentId: 'e1', participant: 0, workshopId: '12', session: 2, bookedAt: AT },
};

describe('make-up credit decider', () => {
  it('given a credit, when it is booked into a session of another offering of the same program, then the booking is recorded', () => {
    given([granted]).when(book()).then([booked]);
  });

  it('given a credit booked, when it is booked into another session, then it is used', () => {
    given([granted, booked])
      .when(book({ session: 3 }))
      .thenThrows({ code: 'credit_used', refusal: { code: 'makeup_credit_booked' } });
  });

  it('given a credit booked, when the same booking is asked again, then nothing more is recorded', () => {
    given([granted, booked]).when(book()).then([]);
  });

  it('given a credit past its date, when it is booked, then it has expired', () => {
    given([granted])
      .when(book({ at: '2025-11-14T16:30:00.001Z' }))
      .thenThrows({
        code: 'credit_expired',
        refusal: { code: 'makeup_credit_expired', validUntil: '2025-11-14T16:30:00.000Z' },
      });
  });

  it('given a credit of Manners & Me, when it is booked into another program, then it is refused', () => {
    given([granted])
      .when(book({ targetProgramId: '7' }))
      .thenThrows({ code: 'other_program', refusal: { code: 'makeup_other_program' } });
  });

  it('given a credit of another booking, when it is booked with this booking, then it is not found', () => {
    given([granted])
      .when(book({ enrollmentId: 'e2' }))
      .thenThrows({ code: 'not_found', refusal: { code: 'makeup_credit_not_found' } });
  });

  it('given a credit without a program, when it is booked into its own workshop, then it may be; into another, not', () => {
    const own: MakeupCreditEvent = { type: 'MakeupCreditGranted', data: { ...credit, programId: null } };
    given([own])
      .when(book({ workshopId: '11', targetProgramId: null }))
      .then([expect.objectContaining({ type: 'MakeupBooked' })]);
    given([own])
      .when(book({ targetProgramId: null }))
      .thenThrows({ code: 'other_program' });
  });

  it('given a make-up, when the parent cancels it before its session, then the credit comes back; at its start, it is refused', () => {
    const cancel = (at: string) =>
      ({
        type: 'CancelMakeup',
        reason: 'cancelled',
        workshopId: '12',
        session: 2,
        sessionStartsAt: '2025-08-12T16:30:00-05:00',
        at,
      }) as const;
    given([granted, booked])
      .when(cancel(AT))
      .then([
        {
          type: 'MakeupCancelled',
          data: { creditId: 'c1', workshopId: '12', session: 2, reason: 'cancelled', cancelledAt: AT },
        },
      ]);
    given([granted, booked]).when(cancel('2025-08-12T16:30:00-05:00')).thenThrows({ code: 'session_over' });
  });

  it('given a make-up cancelled and the credit booked again elsewhere, when the old cancellation is redelivered, then nothing happens', () => {
    const rebooked: MakeupCreditEvent = { type: 'MakeupBooked', data: { ...booked.data, session: 4 } as never };
    given([
      granted,
      booked,
      {
        type: 'MakeupCancelled',
        data: { creditId: 'c1', workshopId: '12', session: 2, reason: 'refused', cancelledAt: AT },
      },
      rebooked,
    ])
      .when({ type: 'CancelMakeup', reason: 'refused', workshopId: '12', session: 2, at: AT })
      .then([]);
  });

  it('given a credit granted, when it is granted again, then nothing more is recorded', () => {
    given([granted]).when({ type: 'GrantCredit', credit }).then([]);
  });

  describe('voided with its place (issue 36)', () => {
    const TUESDAY_2 = '2025-08-12T16:30:00-05:00';
    const voidIt = (
      over: { booked?: { workshopId: string; session: number; startsAt: string | undefined }; at?: string } = {},
    ) => ({ type: 'VoidCredit', reason: 'booking-cancelled', at: AT, ...over }) as const;
    const voided = (booking: { workshopId: string; session: number } | null = null): MakeupCreditEvent => ({
      type: 'MakeupCreditVoided',
      data: { creditId: 'c1', enrollmentId: 'e1', participant: 0, reason: 'booking-cancelled', booking, voidedAt: AT },
    });

    it('given a credit available, when its booking is cancelled, then it is voided', () => {
      given([granted]).when(voidIt()).then([voided()]);
    });

    it('given a credit voided, when it is booked, then 409 in words a parent understands; voided again, nothing more', () => {
      given([granted, voided()])
        .when(book())
        .thenThrows({ code: 'credit_voided', refusal: { code: 'makeup_credit_voided', reason: 'booking-cancelled' } });
      given([granted, voided()]).when(voidIt()).then([]);
      given([granted, voided()]).when({ type: 'GrantCredit', credit }).then([]);
    });

    it('given a make-up booked whose session has not begun, when the credit is voided, then the make-up ends with it', () => {
      given([granted, booked])
        .when(voidIt({ booked: { workshopId: '12', session: 2, startsAt: TUESDAY_2 } }))
        .then([voided({ workshopId: '12', session: 2 })]);
    });

    it('given a make-up under way, when the credit is voided, then the make-up stands (the credit was spent)', () => {
      given([granted, booked])
        .when(voidIt({ booked: { workshopId: '12', session: 2, startsAt: TUESDAY_2 }, at: TUESDAY_2 }))
        .then([]);
    });

    it('given a make-up booked elsewhere than the one seen, when the credit is voided, then it is decided again', () => {
      given([granted, booked])
        .when(voidIt({ booked: { workshopId: '12', session: 3, startsAt: TUESDAY_2 } }))
        .thenThrows({ code: 'conflict' });
      given([granted, booked]).when(voidIt()).thenThrows({ code: 'conflict' });
    });

    it('given no credit, when it is voided, then nothing is recorded', () => {
      given([]).when(voidIt()).then([]);
    });
  });
});
