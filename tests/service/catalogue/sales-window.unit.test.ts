import { describe, expect, it } from 'vitest';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';
import type { WorkshopEvent } from '../../../contracts/catalogue/events.js';
import type { WorkshopData } from '../../../contracts/catalogue/workshop.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { salesClosedSentence } from '../../../contracts/catalogue/sales-window.js';
import { deciderSpec } from '../../support/decider.js';

// The sales window, decided by the seat decision with the time the command brings.

const given = deciderSpec(workshopDecider);
/** Manners & Me Training: Saturday, September 20, 2025, 10:00 AM in Plano (15:00 UTC). */
const workshop: WorkshopData = { ...SEED_WORKSHOPS.find((w) => w.id === '8')!, capacity: 10 };
const START = Date.parse(workshop.date);
const at = (ms: number) => new Date(ms).toISOString();
const scheduled = (w: WorkshopData = workshop): WorkshopEvent => ({ type: 'WorkshopScheduled', data: { workshop: w } });
const reserve = (enrollmentId: string, when: number) =>
  ({
    type: 'ReserveSeats',
    workshopId: workshop.id,
    enrollmentId,
    seats: 2,
    expiresAt: at(when + 30 * 60_000),
    at: at(when),
  }) as const;
const reserved = (enrollmentId: string, when: number): WorkshopEvent => ({
  type: 'SeatsReserved',
  data: { workshopId: workshop.id, enrollmentId, seats: 2, expiresAt: at(when + 30 * 60_000) },
});

describe('sales window', () => {
  it('given a workshop, when seats are asked for one millisecond before it starts, then they are held', () => {
    given([scheduled()])
      .when(reserve('e1', START - 1))
      .then([reserved('e1', START - 1)]);
  });

  /** The refusal of a closed sales window: the workshop, its closing instant, whether it has begun. */
  const closed = (closesAt: number, begun: boolean) => ({
    code: 'enrollment_closed',
    refusal: { code: 'sales_closed', title: workshop.title, closesAt: at(closesAt), begun },
  });

  it('given a workshop, when seats are asked for at the exact instant it starts, then 409 enrollment_closed with the date in school time', () => {
    given([scheduled()]).when(reserve('e1', START)).thenThrows(closed(START, true));
    expect(salesClosedSentence({ title: workshop.title, closesAt: at(START), begun: true })).toBe(
      'Enrollment for Manners & Me Training closed on Saturday, September 20, 2025 at 10:00 AM CDT: it has already begun. Please pick another date from the schedule.',
    );
  });

  it('given a workshop under way, when seats are asked for an hour later, then it is refused the same way', () => {
    given([scheduled()])
      .when(reserve('e1', START + 3_600_000))
      .thenThrows(closed(START, true));
  });

  describe('with an earlier enrollmentClosesAt', () => {
    const closes = '2025-09-18T17:00:00-05:00';
    const early = { ...workshop, enrollmentClosesAt: closes };
    const CLOSES = Date.parse(closes);

    it('given closing on Thursday 5 PM, when seats are asked for one millisecond before, then they are held', () => {
      given([scheduled(early)])
        .when(reserve('e1', CLOSES - 1))
        .then([reserved('e1', CLOSES - 1)]);
    });

    it('given closing on Thursday 5 PM, when seats are asked for at 5 PM, then refused, saying it closed before it begins', () => {
      given([scheduled(early)])
        .when(reserve('e1', CLOSES))
        .thenThrows(closed(CLOSES, false));
      expect(salesClosedSentence({ title: workshop.title, closesAt: at(CLOSES), begun: false })).toBe(
        'Enrollment for Manners & Me Training closed on Thursday, September 18, 2025 at 5:00 PM CDT, before it begins. Please pick another date from the schedule.',
      );
    });

    it('given a closing time after the start, when seats are asked for at the start, then the start still closes it', () => {
      given([scheduled({ ...workshop, enrollmentClosesAt: '2025-09-21T10:00:00-05:00' })])
        .when(reserve('e1', START))
        .thenThrows(closed(START, true));
    });
  });

  describe('payments', () => {
    const hold = reserved('e1', START - 600_000);
    const confirm = (paidAt: number) =>
      ({
        type: 'ConfirmSeats',
        workshopId: workshop.id,
        enrollmentId: 'e1',
        seats: 2,
        at: at(paidAt + 5_000),
        paidAt: at(paidAt),
      }) as const;

    it('given a hold, when the money arrived one millisecond before the start, then the seats are confirmed', () => {
      given([scheduled(), hold])
        .when(confirm(START - 1))
        .then([{ type: 'SeatsConfirmed', data: { workshopId: workshop.id, enrollmentId: 'e1', seats: 2 } }]);
    });

    it('given a hold, when the money arrived at the start, then it is refused (and the payment is refunded by settle)', () => {
      given([scheduled(), hold]).when(confirm(START)).thenThrows(closed(START, true));
    });

    it('given a free enrollment confirmed before the start, when the hold timer confirms its seats after it, then they are confirmed', () => {
      given([scheduled(), hold])
        .when({ type: 'ConfirmSeats', workshopId: workshop.id, enrollmentId: 'e1', seats: 2, at: at(START + 60_000) })
        .then([{ type: 'SeatsConfirmed', data: { workshopId: workshop.id, enrollmentId: 'e1', seats: 2 } }]);
    });
  });
});
