import { describe, expect, it } from 'vitest';
import { seatLedgerDecider } from '../../../service/enrollment/seat-ledger.js';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import type { WorkshopEvent } from '../../../contracts/catalogue/events.js';

const AT = '2025-05-01T15:00:00.000Z';

/** A random but reproducible history of holds, releases and confirmations on one workshop. */
function history(seed: number, length: number): WorkshopEvent[] {
  let x = seed;
  const rnd = (n: number) => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % n);
  const workshop = { ...SEED_WORKSHOPS[0]!, capacity: 1_000 };
  const events: WorkshopEvent[] = [{ type: 'WorkshopScheduled', data: { workshop } }];
  for (let i = 0; i < length; i++) {
    const enrollmentId = `e${rnd(40)}`;
    const seats = 1 + rnd(5);
    const kind = rnd(3);
    // Some are free seats counted against a family's keys (a few families, so their counts add up).
    const family = String(rnd(8)).padStart(6, '0');
    const freeSeatKeys = rnd(2) === 0 ? [`client-key-${family}`, `email-key-${family}`] : undefined;
    if (kind === 0)
      events.push({
        type: 'SeatsReserved',
        data: { workshopId: '1', enrollmentId, seats, expiresAt: AT, ...(freeSeatKeys ? { freeSeatKeys } : {}) },
      });
    else if (kind === 1)
      events.push({
        type: 'SeatsReleased',
        data: { workshopId: '1', enrollmentId, seats, reason: rnd(2) === 0 ? 'expired' : 'replaced' },
      });
    else events.push({ type: 'SeatsConfirmed', data: { workshopId: '1', enrollmentId, seats } });
    if (i === length / 2) events.push({ type: 'WorkshopUpdated', data: { workshop: { ...workshop, capacity: 900 } } });
  }
  return events;
}

describe('seat ledger decider', () => {
  it('given random seat histories, when folded, then it reaches the same state as the catalogue decider', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const events = history(seed, 300);
      const expected = events.reduce(workshopDecider.evolve, workshopDecider.initialState);
      const actual = events.reduce(seatLedgerDecider.evolve, seatLedgerDecider.initialState);
      expect(actual).toEqual(expected);
      // The running count of seats taken matches the holds and sales it sums.
      const sum = (m: Record<string, number>) => Object.values(m).reduce((x, y) => x + y, 0);
      expect(expected.taken).toBe(sum(expected.holds) + sum(expected.confirmed));
    }
  });

  it('given a fold, then the catalogue decider’s initial state is left untouched', () => {
    history(7, 50).reduce(seatLedgerDecider.evolve, seatLedgerDecider.initialState);
    expect(workshopDecider.initialState).toEqual({
      status: 'none',
      workshop: null,
      holds: {},
      confirmed: {},
      expiries: {},
      freeSeatsBy: {},
      freeSeatsOf: {},
      taken: 0,
    });
  });
});
