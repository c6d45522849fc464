import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { EventStore } from '../../../platform/eventstore/port.js';
import { confirmed, form, paid, record, submitted } from '../../support/enrollment-events.js';

/** The dinner (workshop 6) of 19 July 2025, program "Etiquette After Dark" (program 10); two days after it. */
export const DINNER = '6';
export const AFTER = new Date('2025-07-21T12:00:00Z');

export const CERTIFICATE = {
  title: 'Certificate of Completion',
  wording: 'has completed Etiquette After Dark with distinction',
  signerName: 'Margaret Ellison',
  minSessionsPresent: 1,
};

/** A child marked at the dinner's session (or, on another workshop, at a make-up). */
export const mark = (
  enrollmentId: string,
  participant: number,
  present: boolean,
  workshopId = DINNER,
): EnrollmentEvent => ({
  type: 'AttendanceMarked',
  data: {
    enrollmentId,
    workshopId,
    participant,
    name: `Participant ${participant + 1}`,
    present,
    markedAt: '2025-07-19T19:05:00.000Z',
    session: 1,
    ...(workshopId === DINNER ? {} : { makeup: true }),
  },
});

/** A family's booking of the dinner for two (Lily and Oscar Whitfield, `<id>@example.com`), paid and confirmed, with its marks. */
export async function booked(eventStore: EventStore, id: string, marks: EnrollmentEvent[] = []) {
  const s = submitted(id);
  if (s.type !== 'EnrollmentSubmitted') throw new Error('unreachable');
  const named: EnrollmentEvent = {
    ...s,
    data: {
      ...s.data,
      form: form({
        participants: 2,
        firstName: 'Harriet',
        lastName: 'Whitfield',
        email: `${id}@example.com`,
        participantDetails: [
          { name: 'Lily Whitfield', photographyConsent: false },
          { name: 'Oscar Whitfield', photographyConsent: false },
        ] as never,
      }),
    },
  };
  await record(eventStore, id, [
    { event: named, actor: 'visitor' },
    { event: paid(id, 30_000), actor: 'provider' },
    { event: confirmed(id, 30_000), actor: 'system' },
    ...marks.map((event) => ({ event, actor: 'admin' as const })),
  ]);
}
