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
      .thenThrows(/only 2 spots are left/);
  });

  it('given a full workshop, when a seat is asked for, then it says the workshop is full', () => {
    given([scheduled, reserved('a', 10)])
      .when(reserve('c', 1))
      .thenThrows(/this workshop is full/);
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
      .thenThrows(/full/);
  });

  it('given 6 seats taken, when capacity is lowered to 5, then it refuses and names the seats taken', () => {
    given([scheduled, reserved('a', 6)])
      .when({ type: 'UpdateWorkshop', workshop: { ...workshop, capacity: 5 } })
      .thenThrows(/cannot be lower than the 6 seats already taken/);
  });

  it('given active enrollments, when the workshop is removed, then it refuses', () => {
    given([scheduled, reserved('a', 1)])
      .when({ type: 'RemoveWorkshop', workshopId: workshop.id })
      .thenThrows(/1 active enrollment/);
  });

  it('given a removed workshop, when seats are asked for, then it is not found', () => {
    const removed: WorkshopEvent = { type: 'WorkshopRemoved', data: { workshopId: workshop.id } };
    given([scheduled, removed])
      .when(reserve('a', 1))
      .thenThrows(/could not find that workshop/);
  });

  describe('a holder submitting again', () => {
    const HOLDER = 'holder-key-of-ada-00';
    const heldBy = (enrollmentId: string, seats: number, holderKey = HOLDER): WorkshopEvent => ({
      type: 'SeatsReserved',
      data: { workshopId: workshop.id, enrollmentId, seats, expiresAt: '2025-01-01T00:30:00Z', holderKey },
    });
    const reserveAs = (enrollmentId: string, seats: number, holderKey = HOLDER) => ({
      ...reserve(enrollmentId, seats),
      holderKey,
    });

    it('given an unpaid hold of a holder, when the same holder reserves again, then the old hold is released as replaced and the new one recorded', () => {
      given([scheduled, heldBy('old', 2)])
        .when(reserveAs('new', 3))
        .then([
          {
            type: 'SeatsReleased',
            data: { workshopId: workshop.id, enrollmentId: 'old', seats: 2, reason: 'replaced', replacedBy: 'new' },
          },
          heldBy('new', 3),
        ]);
    });

    it("given a full workshop holding 4 of the holder's seats, when the holder asks for 4 again, then the old seats pay for the new ones", () => {
      given([scheduled, heldBy('old', 4), reserved('other', 6)])
        .when(reserveAs('new', 4))
        .then([
          expect.objectContaining({
            type: 'SeatsReleased',
            data: expect.objectContaining({ enrollmentId: 'old', seats: 4 }),
          }),
          heldBy('new', 4),
        ]);
    });

    it('given a full workshop, when the holder asks for more seats than their old hold frees, then it refuses and the old hold stays', () => {
      given([scheduled, heldBy('old', 4), reserved('other', 6)])
        .when(reserveAs('new', 5))
        .thenThrows(/only 4 spots are left/);
    });

    it("given the holder's hold was confirmed (paid), when they reserve again, then nothing is replaced", () => {
      given([scheduled, heldBy('old', 2), confirmed('old', 2)])
        .when(reserveAs('new', 1))
        .then([heldBy('new', 1)]);
    });

    it('given a replaced hold, when the holder reserves a third time, then only the second hold is replaced', () => {
      const replacedFirst: WorkshopEvent = {
        type: 'SeatsReleased',
        data: { workshopId: workshop.id, enrollmentId: 'first', seats: 1, reason: 'replaced', replacedBy: 'second' },
      };
      given([scheduled, heldBy('first', 1), replacedFirst, heldBy('second', 1)])
        .when(reserveAs('third', 1))
        .then([
          expect.objectContaining({
            type: 'SeatsReleased',
            data: expect.objectContaining({ enrollmentId: 'second', reason: 'replaced' }),
          }),
          heldBy('third', 1),
        ]);
    });

    it("given another holder's hold, when a holder reserves, then nothing is replaced", () => {
      given([scheduled, heldBy('theirs', 2, 'holder-key-of-bob-00')])
        .when(reserveAs('mine', 2))
        .then([heldBy('mine', 2)]);
    });
  });
});
