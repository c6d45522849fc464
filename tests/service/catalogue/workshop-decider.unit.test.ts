import { describe, expect, it } from 'vitest';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';
import type { WorkshopEvent } from '../../../contracts/catalogue/events.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { givenWhen } from '../../support/decider.js';

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
  ({ type: 'ReserveSeats', workshopId: workshop.id, enrollmentId, seats, expiresAt: '2025-01-01T00:30:00Z' }) as const;

describe('workshop decider', () => {
  it('given free seats, when seats are reserved, then a hold is recorded', () => {
    expect(givenWhen(workshopDecider, [scheduled], reserve('e1', 3))).toEqual([reserved('e1', 3)]);
  });

  it('given 8 of 10 seats taken, when 3 are asked for, then it refuses with the spots left', () => {
    expect(() => givenWhen(workshopDecider, [scheduled, reserved('a', 5), confirmed('a', 5), reserved('b', 3)], reserve('c', 3))).toThrow(
      /only 2 spots are left/,
    );
  });

  it('given a full workshop, when a seat is asked for, then it says the workshop is full', () => {
    expect(() => givenWhen(workshopDecider, [scheduled, reserved('a', 10)], reserve('c', 1))).toThrow(/this workshop is full/);
  });

  it('given a hold, when the same enrollment reserves again, then nothing changes', () => {
    expect(givenWhen(workshopDecider, [scheduled, reserved('e1', 2)], reserve('e1', 2))).toEqual([]);
  });

  it('given a released hold, when another visitor reserves, then the seats are free again', () => {
    const released: WorkshopEvent = { type: 'SeatsReleased', data: { workshopId: workshop.id, enrollmentId: 'a', seats: 10, reason: 'expired' } };
    expect(givenWhen(workshopDecider, [scheduled, reserved('a', 10), released], reserve('b', 10))).toEqual([reserved('b', 10)]);
  });

  it('given a hold, when seats are confirmed, then the hold becomes a sale', () => {
    const events = givenWhen(workshopDecider, [scheduled, reserved('e1', 2)], {
      type: 'ConfirmSeats',
      workshopId: workshop.id,
      enrollmentId: 'e1',
      seats: 2,
      at: '2025-01-01T00:00:00Z',
    });
    expect(events).toEqual([confirmed('e1', 2)]);
  });

  it('given an expired hold and seats still free, when payment confirms, then seats are taken again and confirmed', () => {
    const events = givenWhen(workshopDecider, [scheduled], { type: 'ConfirmSeats', workshopId: workshop.id, enrollmentId: 'e1', seats: 2, at: '2025-01-01T00:00:00Z' });
    expect(events.map((e) => e.type)).toEqual(['SeatsReserved', 'SeatsConfirmed']);
  });

  it('given an expired hold and a full workshop, when payment confirms, then it refuses so the payment can be refunded', () => {
    expect(() =>
      givenWhen(workshopDecider, [scheduled, reserved('other', 10)], { type: 'ConfirmSeats', workshopId: workshop.id, enrollmentId: 'e1', seats: 1, at: 'x' }),
    ).toThrow(/full/);
  });

  it('given 6 seats taken, when capacity is lowered to 5, then it refuses and names the seats taken', () => {
    expect(() => givenWhen(workshopDecider, [scheduled, reserved('a', 6)], { type: 'UpdateWorkshop', workshop: { ...workshop, capacity: 5 } })).toThrow(
      /cannot be lower than the 6 seats already taken/,
    );
  });

  it('given active enrollments, when the workshop is removed, then it refuses', () => {
    expect(() => givenWhen(workshopDecider, [scheduled, reserved('a', 1)], { type: 'RemoveWorkshop', workshopId: workshop.id })).toThrow(
      /1 active enrollment/,
    );
  });

  it('given a removed workshop, when seats are asked for, then it is not found', () => {
    const removed: WorkshopEvent = { type: 'WorkshopRemoved', data: { workshopId: workshop.id } };
    expect(() => givenWhen(workshopDecider, [scheduled, removed], reserve('a', 1))).toThrow(/could not find that workshop/);
  });

  describe('a holder submitting again', () => {
    const HOLDER = 'holder-key-of-ada-00';
    const heldBy = (enrollmentId: string, seats: number, holderKey = HOLDER): WorkshopEvent => ({
      type: 'SeatsReserved',
      data: { workshopId: workshop.id, enrollmentId, seats, expiresAt: '2025-01-01T00:30:00Z', holderKey },
    });
    const reserveAs = (enrollmentId: string, seats: number, holderKey = HOLDER) => ({ ...reserve(enrollmentId, seats), holderKey });

    it('given an unpaid hold of a holder, when the same holder reserves again, then the old hold is released as replaced and the new one recorded', () => {
      expect(givenWhen(workshopDecider, [scheduled, heldBy('old', 2)], reserveAs('new', 3))).toEqual([
        { type: 'SeatsReleased', data: { workshopId: workshop.id, enrollmentId: 'old', seats: 2, reason: 'replaced', replacedBy: 'new' } },
        heldBy('new', 3),
      ]);
    });

    it('given a full workshop holding 4 of the holder\'s seats, when the holder asks for 4 again, then the old seats pay for the new ones', () => {
      const events = givenWhen(workshopDecider, [scheduled, heldBy('old', 4), reserved('other', 6)], reserveAs('new', 4));
      expect(events.map((e) => e.type)).toEqual(['SeatsReleased', 'SeatsReserved']);
    });

    it('given a full workshop, when the holder asks for more seats than their old hold frees, then it refuses and the old hold stays', () => {
      expect(() => givenWhen(workshopDecider, [scheduled, heldBy('old', 4), reserved('other', 6)], reserveAs('new', 5))).toThrow(/only 4 spots are left/);
    });

    it('given the holder\'s hold was confirmed (paid), when they reserve again, then nothing is replaced', () => {
      expect(givenWhen(workshopDecider, [scheduled, heldBy('old', 2), confirmed('old', 2)], reserveAs('new', 1))).toEqual([heldBy('new', 1)]);
    });

    it('given a replaced hold, when the holder reserves a third time, then only the second hold is replaced', () => {
      const replacedFirst: WorkshopEvent = { type: 'SeatsReleased', data: { workshopId: workshop.id, enrollmentId: 'first', seats: 1, reason: 'replaced', replacedBy: 'second' } };
      const third = givenWhen(workshopDecider, [scheduled, heldBy('first', 1), replacedFirst, heldBy('second', 1)], reserveAs('third', 1));
      expect(third[0]).toMatchObject({ type: 'SeatsReleased', data: { enrollmentId: 'second', reason: 'replaced' } });
    });

    it('given another holder\'s hold, when a holder reserves, then nothing is replaced', () => {
      expect(givenWhen(workshopDecider, [scheduled, heldBy('theirs', 2, 'holder-key-of-bob-00')], reserveAs('mine', 2))).toEqual([heldBy('mine', 2)]);
    });
  });
});
