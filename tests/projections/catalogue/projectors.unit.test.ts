import { describe, expect, it } from 'vitest';
import { scheduleProjector } from '../../../projections/catalogue/schedule.js';
import { programsProjector } from '../../../projections/catalogue/programs.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { SEED_PROGRAMS } from '../../../service/catalogue/seed-programs.js';
import type { RecordedEvent } from '../../../platform/eventstore/port.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';

let position = 0n;
const event = (type: string, data: unknown): RecordedEvent => ({
  id: `e${position}`,
  streamId: 's',
  revision: 0n,
  position: position++,
  type,
  data,
  metadata: { correlationId: 'c', causationId: 'c', actor: 'system', at: '2025-01-01T00:00:00Z' },
});

const fold = (events: RecordedEvent[]) =>
  events.reduce<Workshop | null>((doc, e) => {
    const next = scheduleProjector.project(doc, e, scheduleProjector.keys(e)[0]!);
    return next === undefined ? doc : next;
  }, null);

describe('schedule projector', () => {
  const workshop = SEED_WORKSHOPS[3]!;
  const seats = (type: string, n: number, extra = {}) => event(type, { workshopId: workshop.id, enrollmentId: 'e', seats: n, ...extra });

  it('given a scheduled workshop, then every spot is left', () => {
    expect(fold([event('WorkshopScheduled', { workshop })])).toMatchObject({ id: '4', spotsLeft: 15, seatsTaken: 0 });
  });

  it('given holds, a confirmation and a release, then spots left follow the seats taken', () => {
    const doc = fold([
      event('WorkshopScheduled', { workshop }),
      seats('SeatsReserved', 4, { expiresAt: '2025-01-01T00:00:00Z' }),
      seats('SeatsConfirmed', 4),
      seats('SeatsReserved', 2, { expiresAt: '2025-01-01T00:00:00Z' }),
      seats('SeatsReleased', 2, { reason: 'expired' }),
    ]);
    expect(doc).toMatchObject({ spotsLeft: 11, seatsTaken: 4 });
  });

  it('given an update with a new capacity, then spots left keep the seats taken', () => {
    const doc = fold([
      event('WorkshopScheduled', { workshop }),
      seats('SeatsReserved', 5, { expiresAt: '2025-01-01T00:00:00Z' }),
      event('WorkshopUpdated', { workshop: { ...workshop, capacity: 20, title: 'Renamed' } }),
    ]);
    expect(doc).toMatchObject({ title: 'Renamed', capacity: 20, spotsLeft: 15 });
  });

  it('given a removal, then the workshop leaves the schedule', () => {
    expect(fold([event('WorkshopScheduled', { workshop }), event('WorkshopRemoved', { workshopId: workshop.id })])).toBeNull();
  });
});

describe('programs projector', () => {
  it('given a published then updated program, then it keeps its place in the list', () => {
    const program = SEED_PROGRAMS[0]!;
    const published = event('ProgramPublished', { program });
    const first = programsProjector.project(null, published, program.id)!;
    const updated = programsProjector.project(first, event('ProgramUpdated', { program: { ...program, price: 240 } }), program.id);
    expect(updated).toMatchObject({ price: 240, listedAt: Number(published.position) });
  });
});
