import { describe, expect, it } from 'vitest';
import { scheduleProjector } from '../../../projections/catalogue/schedule.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { given, on } from '../../support/projection.js';

describe('schedule projector', () => {
  const workshop = SEED_WORKSHOPS[3]!;
  const s = `workshop-${workshop.id}`;
  const scheduled = on(s, { type: 'WorkshopScheduled', data: { workshop } });
  const seats = (type: string, n: number, extra = {}) =>
    on(s, { type, data: { workshopId: workshop.id, enrollmentId: 'e', seats: n, ...extra } });

  it('given a scheduled workshop, then every spot is left', async () => {
    await given(scheduleProjector, [scheduled]).then({
      '4': expect.objectContaining({ id: '4', spotsLeft: 15, seatsTaken: 0 }),
    });
  });

  it('given holds, a confirmation and a release, then spots left follow the seats taken', async () => {
    await given(scheduleProjector, [
      scheduled,
      seats('SeatsReserved', 4, { expiresAt: '2025-01-01T00:00:00Z' }),
      seats('SeatsConfirmed', 4),
      seats('SeatsReserved', 2, { expiresAt: '2025-01-01T00:00:00Z' }),
      seats('SeatsReleased', 2, { reason: 'expired' }),
    ]).then({ '4': expect.objectContaining({ spotsLeft: 11, seatsTaken: 4 }) });
  });

  it('given an update with a new capacity, then spots left keep the seats taken', async () => {
    await given(scheduleProjector, [
      scheduled,
      seats('SeatsReserved', 5, { expiresAt: '2025-01-01T00:00:00Z' }),
      on(s, { type: 'WorkshopUpdated', data: { workshop: { ...workshop, capacity: 20, title: 'Renamed' } } }),
    ]).then({ '4': expect.objectContaining({ title: 'Renamed', capacity: 20, spotsLeft: 15 }) });
  });

  it('given a workshop published, then updated, then its sales opened at its publication and stay so', async () => {
    await given(scheduleProjector, [
      on(s, { type: 'WorkshopScheduled', data: { workshop } }, 'admin', '2025-04-20T15:00:00.000Z'),
      on(
        s,
        { type: 'WorkshopUpdated', data: { workshop: { ...workshop, title: 'Renamed' } } },
        'admin',
        '2025-05-03T10:00:00.000Z',
      ),
    ]).then({ '4': expect.objectContaining({ title: 'Renamed', scheduledAt: '2025-04-20T15:00:00.000Z' }) });
  });

  it('given a removal, then the workshop leaves the schedule', async () => {
    await given(scheduleProjector, [
      scheduled,
      on(s, { type: 'WorkshopRemoved', data: { workshopId: workshop.id } }),
    ]).then({});
  });
});
