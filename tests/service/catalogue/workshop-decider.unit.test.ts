import { describe, expect, it } from 'vitest';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';
import type { WorkshopEvent } from '../../../contracts/catalogue/events.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(workshopDecider);

const workshop = { ...SEED_WORKSHOPS[7]!, capacity: 10 };
const scheduled: WorkshopEvent = { type: 'WorkshopScheduled', data: { workshop } };
const reserved = (enrollmentId: string, seats: number): WorkshopEvent => ({
  type: 'SeatsReserved',
  data: { workshopId: workshop.id, enrollmentId, seats, expiresAt: '2025-01-01T00:30:00Z' },
});
const confirmed = (enrollmentId: string, seats: number): WorkshopEvent => ({
  type: 'SeatsConfirmed',
  data: { workshopId: workshop.id, enrollmentId, seats },
});
const reserve = (enrollmentId: string, seats: number) =>
  ({
    type: 'ReserveSeats',
    workshopId: workshop.id,
    enrollmentId,
    seats,
    expiresAt: '2025-01-01T00:30:00Z',
    at: '2025-01-01T00:00:00Z',
  }) as const;

describe('workshop decider', () => {
  it('given free seats, when seats are reserved, then a hold is recorded', () => {
    given([scheduled])
      .when(reserve('e1', 3))
      .then([reserved('e1', 3)]);
  });

  it('given 8 of 10 seats taken, when 3 are asked for, then it refuses with the spots left', () => {
    given([scheduled, reserved('a', 5), confirmed('a', 5), reserved('b', 3)])
      .when(reserve('c', 3))
      .thenThrows({ code: 'conflict', refusal: { code: 'seats_short', left: 2, wanted: 3 } });
  });

  it('given a full workshop, when a seat is asked for, then it says the workshop is full', () => {
    given([scheduled, reserved('a', 10)])
      .when(reserve('c', 1))
      .thenThrows({ code: 'conflict', refusal: { code: 'seats_short', left: 0, wanted: 1 } });
  });

  it('given a hold, when the same enrollment reserves again, then nothing changes', () => {
    given([scheduled, reserved('e1', 2)])
      .when(reserve('e1', 2))
      .then([]);
  });

  it('given a released hold, when another visitor reserves, then the seats are free again', () => {
    const released: WorkshopEvent = {
      type: 'SeatsReleased',
      data: { workshopId: workshop.id, enrollmentId: 'a', seats: 10, reason: 'expired' },
    };
    given([scheduled, reserved('a', 10), released])
      .when(reserve('b', 10))
      .then([reserved('b', 10)]);
  });

  it('given a hold, when seats are confirmed, then the hold becomes a sale', () => {
    given([scheduled, reserved('e1', 2)])
      .when({ type: 'ConfirmSeats', workshopId: workshop.id, enrollmentId: 'e1', seats: 2, at: '2025-01-01T00:00:00Z' })
      .then([confirmed('e1', 2)]);
  });

  it('given an expired hold and seats still free, when payment confirms, then seats are taken again and confirmed', () => {
    given([scheduled])
      .when({ type: 'ConfirmSeats', workshopId: workshop.id, enrollmentId: 'e1', seats: 2, at: '2025-01-01T00:00:00Z' })
      .then([
        {
          type: 'SeatsReserved',
          data: { workshopId: workshop.id, enrollmentId: 'e1', seats: 2, expiresAt: '2025-01-01T00:00:00Z' },
        },
        confirmed('e1', 2),
      ]);
  });

  it('given an expired hold and a full workshop, when payment confirms, then it refuses so the payment can be refunded', () => {
    given([scheduled, reserved('other', 10)])
      .when({ type: 'ConfirmSeats', workshopId: workshop.id, enrollmentId: 'e1', seats: 1, at: 'x' })
      .thenThrows({ code: 'conflict', refusal: { code: 'seats_short', left: 0, wanted: 1 } });
  });

  it('given 6 seats taken, when capacity is lowered to 5, then it refuses and names the seats taken', () => {
    given([scheduled, reserved('a', 6)])
      .when({ type: 'UpdateWorkshop', workshop: { ...workshop, capacity: 5 } })
      .thenThrows({ code: 'conflict', refusal: { code: 'capacity_below_taken', taken: 6 } });
  });

  it('given active enrollments, when the workshop is removed, then it refuses', () => {
    given([scheduled, reserved('a', 1)])
      .when({ type: 'RemoveWorkshop', workshopId: workshop.id })
      .thenThrows({ code: 'conflict', refusal: { code: 'workshop_has_bookings', active: 1 } });
  });

  it('given a removed workshop, when seats are asked for, then it is not found', () => {
    const removed: WorkshopEvent = { type: 'WorkshopRemoved', data: { workshopId: workshop.id } };
    given([scheduled, removed])
      .when(reserve('a', 1))
      .thenThrows({ code: 'not_found', refusal: { code: 'workshop_not_found' } });
  });

  describe('a resubmission with the hold token', () => {
    // Held at 00:00 until 00:30; the resubmission comes at 00:10 and names the hold its token proves.
    const ENDS = '2025-01-01T00:30:00Z';
    const heldUntil = (enrollmentId: string, seats: number, expiresAt = ENDS): WorkshopEvent => ({
      type: 'SeatsReserved',
      data: { workshopId: workshop.id, enrollmentId, seats, expiresAt },
    });
    const replacing = (enrollmentId: string, seats: number, replaces: string, at = '2025-01-01T00:10:00Z') => ({
      ...reserve(enrollmentId, seats),
      expiresAt: '2025-01-01T00:40:00Z',
      at,
      replaces,
    });
    const released = (enrollmentId: string, seats: number, by: string): WorkshopEvent => ({
      type: 'SeatsReleased',
      data: { workshopId: workshop.id, enrollmentId, seats, reason: 'replaced', replacedBy: by },
    });

    it('given an unpaid hold, when its token comes with a new form, then the old hold is released as replaced and the new one keeps its expiry', () => {
      given([scheduled, heldUntil('old', 2)])
        .when(replacing('new', 3, 'old'))
        .then([released('old', 2, 'new'), heldUntil('new', 3, ENDS)]);
    });

    it('given a hold replaced twice, then the third hold still ends when the first did', () => {
      given([scheduled, heldUntil('first', 1), released('first', 1, 'second'), heldUntil('second', 1, ENDS)])
        .when(replacing('third', 2, 'second', '2025-01-01T00:25:00Z'))
        .then([released('second', 1, 'third'), heldUntil('third', 2, ENDS)]);
    });

    it('given a form without a token, then no hold of anyone is replaced', () => {
      given([scheduled, heldUntil('theirs', 2)])
        .when(reserve('mine', 2))
        .then([reserved('mine', 2)]);
    });

    it("given a full workshop holding 4 of the sender's seats, when they ask for 4 again, then the old seats pay for the new ones", () => {
      given([scheduled, heldUntil('old', 4), reserved('other', 6)])
        .when(replacing('new', 4, 'old'))
        .then([released('old', 4, 'new'), heldUntil('new', 4)]);
    });

    it('given a full workshop, when the sender asks for more seats than their old hold frees, then it refuses and the old hold stays', () => {
      given([scheduled, heldUntil('old', 4), reserved('other', 6)])
        .when(replacing('new', 5, 'old'))
        .thenThrows({ code: 'conflict', refusal: { code: 'seats_short', left: 4, wanted: 5 } });
    });

    it('given the hold was paid, when its token comes again, then nothing is replaced and the new hold gets a time of its own', () => {
      given([scheduled, heldUntil('old', 2), confirmed('old', 2)])
        .when(replacing('new', 1, 'old'))
        .then([heldUntil('new', 1, '2025-01-01T00:40:00Z')]);
    });

    it('given the hold has ended (its expiry passed, not yet released), when its token comes, then nothing is replaced', () => {
      given([scheduled, heldUntil('old', 2)])
        .when(replacing('new', 1, 'old', ENDS))
        .then([heldUntil('new', 1, '2025-01-01T00:40:00Z')]);
    });
  });

  describe('free seats per family', () => {
    const FREE = { ...SEED_WORKSHOPS[9]!, capacity: 50 };
    const freeScheduled: WorkshopEvent = { type: 'WorkshopScheduled', data: { workshop: FREE } };
    const keys = (family: string) => [`client-key-${family}-0000`, `email-key-${family}-00000`];
    const freeHeld = (enrollmentId: string, seats: number, family: string): WorkshopEvent => ({
      type: 'SeatsReserved',
      data: { workshopId: FREE.id, enrollmentId, seats, expiresAt: '2025-01-01T00:30:00Z', freeSeatKeys: keys(family) },
    });
    const reserveFree = (enrollmentId: string, seats: number, family: string, max: number | null = 5) => ({
      ...reserve(enrollmentId, seats),
      workshopId: FREE.id,
      free: { keys: keys(family), max },
    });

    it('given no free seats taken, when a family reserves 5, then they count against its keys', () => {
      given([freeScheduled])
        .when(reserveFree('a', 5, 'ada'))
        .then([freeHeld('a', 5, 'ada')]);
    });

    it('given a family with 5 free seats, when it asks for one more, then 429 with Retry-After; another family is served', () => {
      const five = [freeScheduled, freeHeld('a', 5, 'ada'), confirmed('a', 5)];
      given(five)
        .when(reserveFree('b', 1, 'ada'))
        .thenThrows({
          code: 'rate_limited',
          refusal: { code: 'free_seats_capped', title: FREE.title, taken: 5, max: 5 },
        });
      given(five)
        .when(reserveFree('b', 5, 'bob'))
        .then([freeHeld('b', 5, 'bob')]);
    });

    it('given one key shared (the same e-mail from another address), then the shared key is counted', () => {
      const mixed = { ...reserveFree('b', 1, 'bob'), free: { keys: ['client-key-bob-0000', keys('ada')[1]!], max: 5 } };
      given([freeScheduled, freeHeld('a', 5, 'ada')])
        .when(mixed)
        .thenThrows({ code: 'rate_limited' });
    });

    it('given free seats given back (cancelled), then they count no more', () => {
      const cancelled: WorkshopEvent = {
        type: 'SeatsReleased',
        data: { workshopId: FREE.id, enrollmentId: 'a', seats: 5, reason: 'cancelled' },
      };
      given([freeScheduled, freeHeld('a', 5, 'ada'), confirmed('a', 5), cancelled])
        .when(reserveFree('b', 5, 'ada'))
        .then([freeHeld('b', 5, 'ada')]);
    });

    it('given a cap the workshop sets, then it wins over the site default; with no cap (off), none applies', () => {
      const raised: WorkshopEvent = {
        type: 'WorkshopUpdated',
        data: { workshop: { ...FREE, maxFreeSeatsPerClient: 15 } },
      };
      given([freeScheduled, raised, freeHeld('a', 5, 'ada'), freeHeld('b', 5, 'ada')])
        .when(reserveFree('c', 5, 'ada'))
        .then([freeHeld('c', 5, 'ada')]);
      given([freeScheduled, freeHeld('a', 5, 'ada')])
        .when(reserveFree('b', 5, 'ada', null))
        .then([freeHeld('b', 5, 'ada')]);
    });
  });
});

describe('workshop decider: its one evolve, over a draft', () => {
  /** A random but reproducible history of holds, releases and confirmations on one workshop. */
  function history(seed: number, length: number): WorkshopEvent[] {
    let x = seed;
    const rnd = (n: number) => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % n);
    const big = { ...workshop, capacity: 1_000 };
    const events: WorkshopEvent[] = [{ type: 'WorkshopScheduled', data: { workshop: big } }];
    for (let i = 0; i < length; i++) {
      const enrollmentId = `e${rnd(40)}`;
      const seats = 1 + rnd(5);
      const family = String(rnd(8)).padStart(6, '0');
      const freeSeatKeys = rnd(2) === 0 ? [`client-key-${family}`, `email-key-${family}`] : undefined;
      const kind = rnd(3);
      if (kind === 0)
        events.push({
          type: 'SeatsReserved',
          data: { workshopId: big.id, enrollmentId, seats, expiresAt: AT, ...(freeSeatKeys ? { freeSeatKeys } : {}) },
        });
      else if (kind === 1)
        events.push({ type: 'SeatsReleased', data: { workshopId: big.id, enrollmentId, seats, reason: 'expired' } });
      else events.push({ type: 'SeatsConfirmed', data: { workshopId: big.id, enrollmentId, seats } });
    }
    return events;
  }
  const AT = '2025-05-01T15:00:00.000Z';
  const sum = (m: Record<string, number>) => Object.values(m).reduce((x, y) => x + y, 0);

  it('given random seat histories, when folded, then the running count of seats taken is the holds and sales it sums', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const state = history(seed, 300).reduce(workshopDecider.evolve, workshopDecider.initialState);
      expect(state.taken).toBe(sum(state.holds) + sum(state.confirmed));
    }
  });

  it('given a fold, then the next initial state is a fresh one: no fold sees another’s seats', () => {
    const folded = history(7, 50).reduce(workshopDecider.evolve, workshopDecider.initialState);
    expect(folded.taken).toBeGreaterThan(0);
    expect(workshopDecider.initialState).toEqual({
      status: 'none',
      workshop: null,
      holds: {},
      confirmed: {},
      expiries: {},
      freeSeatsBy: {},
      freeSeatsOf: {},
      taken: 0,
      sessionSeats: { absent: [], makeups: [], absences: {}, makeupsByCredit: {} },
    });
  });
});

describe('workshop decider: an organization invoice line (issue 39)', () => {
  const hold = (groupId: string, seats: number) =>
    ({
      type: 'HoldInvoiceSeats',
      workshopId: workshop.id,
      groupId,
      invoiceId: 'inv-1',
      seats,
      heldUntil: '2025-01-31T00:00:00Z',
      at: '2025-01-01T00:00:00Z',
    }) as const;
  const invoiceHeld = (groupId: string, seats: number): WorkshopEvent => ({
    type: 'SeatsReserved',
    data: {
      workshopId: workshop.id,
      enrollmentId: groupId,
      seats,
      expiresAt: '2025-01-31T00:00:00Z',
      invoiceId: 'inv-1',
    },
  });

  it('given free seats, when an invoice line holds 8, then they are held until the due date, marked as the invoice', () => {
    given([scheduled])
      .when(hold('inv-1-L0', 8))
      .then([invoiceHeld('inv-1-L0', 8)]);
  });

  it('given 3 seats held by a family, when an invoice line asks for 8 of 10, then it is refused: never over capacity', () => {
    given([scheduled, reserved('a', 3)])
      .when(hold('inv-1-L0', 8))
      .thenThrows({ code: 'conflict', refusal: { code: 'seats_short', left: 7, wanted: 8 } });
  });

  it('given an invoice line held, when it is held again (a retry), then nothing more is held', () => {
    given([scheduled, invoiceHeld('inv-1-L0', 8)])
      .when(hold('inv-1-L0', 8))
      .then([]);
  });

  it("given an invoice line's seats held, when a family asks for the 3 left of 10, then only 2 are left", () => {
    given([scheduled, invoiceHeld('inv-1-L0', 8)])
      .when(reserve('b', 3))
      .thenThrows({ refusal: { code: 'seats_short', left: 2, wanted: 3 } });
  });

  it("given a voided invoice's seats given back, when a family asks for them, then they are free again", () => {
    given([
      scheduled,
      invoiceHeld('inv-1-L0', 8),
      {
        type: 'SeatsReleased',
        data: { workshopId: workshop.id, enrollmentId: 'inv-1-L0', seats: 8, reason: 'cancelled' },
      },
    ])
      .when(reserve('b', 10))
      .then([reserved('b', 10)]);
  });

  it('given a private workshop, when a family reserves a seat, then it is not found', () => {
    const privateOne: WorkshopEvent = {
      type: 'WorkshopScheduled',
      data: { workshop: { ...workshop, privateFor: { organizationId: 'acme', invoiceId: 'inv-1', line: 1 } } },
    };
    given([privateOne])
      .when(reserve('b', 1))
      .thenThrows({ refusal: { code: 'workshop_not_found' } });
  });
});
