import type { EnrollmentEvent } from '../../contracts/enrollment/events.js';
import { submitted } from './enrollment-events.js';

/** `submitted` for workshop `w`, in the family `household` (none: no account), its sessions as given. */
export function booked(
  id: string,
  o: { workshopId?: string; household?: string; at?: string; sessions?: string[]; test?: boolean } = {},
): EnrollmentEvent {
  const e = submitted(id);
  if (e.type !== 'EnrollmentSubmitted') throw new Error('submitted');
  const workshopId = o.workshopId ?? 'w1';
  const sessions = (o.sessions ?? ['2025-06-10']).map((d) => ({
    startsAt: `${d}T19:00:00-05:00`,
    endsAt: `${d}T20:00:00-05:00`,
  }));
  return {
    type: 'EnrollmentSubmitted',
    data: {
      ...e.data,
      workshopId,
      item: { ...e.data.item, id: workshopId, sessions },
      submittedAt: o.at ?? '2025-06-01T15:00:00.000Z',
      test: o.test ?? false,
      ...(o.household ? { householdId: o.household } : {}),
    },
  };
}
export const confirmedAt = (id: string, at: string): EnrollmentEvent => ({
  type: 'EnrollmentConfirmed',
  data: {
    enrollmentId: id,
    orderId: `ORD-${id}`,
    orderReference: 'GL-123456',
    paymentMethod: 'Credit Card',
    amountCents: 30_000,
    paymentIntentId: `pi_${id}`,
    confirmedAt: at,
  },
});
export const marked = (
  id: string,
  o: {
    workshopId?: string;
    session?: number;
    participant?: number;
    present?: boolean;
    at?: string;
    makeup?: boolean;
    undone?: boolean;
  },
): EnrollmentEvent => ({
  type: 'AttendanceMarked',
  data: {
    enrollmentId: id,
    workshopId: o.workshopId ?? 'w1',
    participant: o.participant ?? 0,
    name: 'Ada Lovelace',
    present: o.present ?? true,
    markedAt: o.at ?? '2025-06-10T19:30:00-05:00',
    session: o.session ?? 1,
    ...(o.makeup ? { makeup: true } : {}),
    ...(o.undone ? { undone: true as const } : {}),
  },
});

/** A workshop as the reports read it: its program, instructor and sessions (an hour each, 7 PM). */
export const workshopScheduled = (
  id: string,
  o: { programId?: string; instructorId?: string; title?: string; sessions?: string[] } = {},
) => ({
  type: 'WorkshopScheduled',
  data: {
    workshop: {
      id,
      title: o.title ?? `Class ${id}`,
      ...(o.programId ? { programId: o.programId } : {}),
      ...(o.instructorId ? { instructorId: o.instructorId } : {}),
      sessions: (o.sessions ?? ['2025-06-10']).map((d) => ({
        startsAt: `${d}T19:00:00-05:00`,
        endsAt: `${d}T20:00:00-05:00`,
      })),
    },
  },
});
export const programPublished = (id: string, title: string) => ({
  type: 'ProgramPublished',
  data: { program: { id, title } },
});
