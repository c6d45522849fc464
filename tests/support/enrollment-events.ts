import { randomUUID } from 'node:crypto';
import { enrollmentStream, type EnrollmentEvent } from '../../contracts/enrollment/events.js';
import { BaseEnrollmentFormSchema, type EnrollmentFormData } from '../../contracts/enrollment/form.js';
import type { Actor } from '../../contracts/core/events.js';
import type { NewEvent } from '../../platform/eventstore/port.js';

export { enrollmentStream };

export const form = (overrides: Partial<EnrollmentFormData> = {}): EnrollmentFormData =>
  BaseEnrollmentFormSchema.parse({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '2145550100',
    participants: 2,
    agreeToTerms: true,
    ...overrides,
  });

/** An EnrollmentSubmitted for workshop 6 (the dinner, $150) unless told otherwise. */
export function submitted(
  enrollmentId: string,
  o: {
    participants?: number;
    unitCents?: number;
    title?: string;
    location?: string;
    kind?: 'workshop' | 'program';
  } = {},
): EnrollmentEvent {
  const participants = o.participants ?? 2;
  const unit = o.unitCents ?? 15_000;
  const kind = o.kind ?? 'workshop';
  return {
    type: 'EnrollmentSubmitted',
    data: {
      enrollmentId,
      workshopId: kind === 'workshop' ? '6' : null,
      programId: kind === 'program' ? '7' : null,
      form: form({ participants }),
      item: {
        kind,
        id: kind === 'workshop' ? '6' : '7',
        title: o.title ?? 'Etiquette After Dark - Dinner',
        date: kind === 'workshop' ? '2025-07-19T19:00:00-05:00' : null,
        time: '7:00 PM - 9:00 PM',
        location: o.location ?? 'Legacy Commons, Plano',
        instructor: 'Margaret Ellison',
        duration: '2 hours',
        category: 'adult',
        attire: 'Black attire',
        unitPriceCents: unit,
      },
      participants,
      attendees: ['Ada Lovelace'],
      subtotalCents: unit * participants,
      taxCents: 0,
      amountCents: unit * participants,
      currency: 'usd',
      isFree: unit === 0,
      holdExpiresAt: unit === 0 ? null : '2025-06-01T15:30:00.000Z',
      test: false,
      submittedAt: '2025-06-01T15:00:00.000Z',
    },
  };
}

export const paid = (enrollmentId: string, amountCents: number): EnrollmentEvent => ({
  type: 'PaymentSucceeded',
  data: {
    enrollmentId,
    paymentIntentId: `pi_${enrollmentId}`,
    amountCents,
    providerEventId: 'evt_1',
    source: 'webhook',
    succeededAt: '2025-06-01T15:05:00.000Z',
  },
});

export const confirmed = (enrollmentId: string, amountCents: number): EnrollmentEvent => ({
  type: 'EnrollmentConfirmed',
  data: {
    enrollmentId,
    orderId: `${amountCents === 0 ? 'FREE' : 'ORD'}-${enrollmentId}`,
    orderReference: 'GL-123456',
    paymentMethod: amountCents === 0 ? 'Free Enrollment' : 'Credit Card',
    amountCents,
    paymentIntentId: amountCents === 0 ? null : `pi_${enrollmentId}`,
    confirmedAt: '2025-06-01T15:05:01.000Z',
  },
});

/** Appends events to an enrollment's stream as their actors would; answers the position written. */
export async function record(
  store: { append: (s: string, e: NewEvent[], x: 'any') => Promise<{ position: bigint }> },
  enrollmentId: string,
  events: { event: EnrollmentEvent; actor: Actor }[],
): Promise<bigint> {
  const written = await store.append(
    enrollmentStream(enrollmentId),
    events.map(({ event, actor }) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {
        correlationId: `t-${enrollmentId}`,
        causationId: `t-${enrollmentId}`,
        actor,
        at: '2025-06-01T15:00:00.000Z',
      },
    })),
    'any',
  );
  return written.position;
}

/** The school moved workshop 6 under `submitted`'s enrollment: the item's date, time or place as given. */
export function rescheduled(
  enrollmentId: string,
  changeId: string,
  to: { date?: string; time?: string; location?: string },
  from = submitted(enrollmentId),
): EnrollmentEvent {
  if (from.type !== 'EnrollmentSubmitted') throw new Error('rescheduled() moves a submitted item');
  const fromItem = from.data.item;
  const item = { ...fromItem, ...to };
  const changed = (['date', 'time', 'location'] as const).filter((f) => item[f] !== fromItem[f]);
  return {
    type: 'BookingRescheduled',
    data: {
      enrollmentId,
      workshopId: '6',
      changeId,
      fromItem,
      item,
      changed,
      rescheduledAt: '2025-06-05T15:00:00.000Z',
    },
  };
}
