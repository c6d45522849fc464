import { randomUUID } from 'node:crypto';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { EventStore } from '../../../platform/eventstore/port.js';
import { record, submitted } from '../../support/enrollment-events.js';

const CATEGORIES = ['children', 'teen', 'adult', 'tea-party', 'dining'] as const;
const at = (day: string, hour = 15) => `${day}T${String(hour).padStart(2, '0')}:05:00.000-05:00`;
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A year of mixed activity, appended as the service records it: card payments, courses of one to
 * four weekly sessions spanning months, balances, gift cards sold and spent, family credit, free
 * places, and refunds back to the card, onto gift cards and into credit, some after the sessions.
 * Deterministic (no randomness), so a failure repeats.
 */
export async function recordSchoolYear(store: EventStore, bookings = 160): Promise<void> {
  for (let i = 0; i < bookings; i++) {
    const id = `year-${i}`;
    const bookedOn = dayAfter('2025-01-03', (i * 7) % 300);
    const firstSession = dayAfter(bookedOn, 10 + (i % 40));
    const sessions = Array.from({ length: 1 + (i % 4) }, (_, k) => {
      // Evening sessions: at 7 PM in Plano the UTC day is already the next one.
      const d = dayAfter(firstSession, 7 * k);
      return { startsAt: `${d}T19:00:00-05:00`, endsAt: `${d}T20:00:00-05:00` };
    });
    const base = submitted(id);
    if (base.type !== 'EnrollmentSubmitted') throw new Error('submitted');
    const events: EnrollmentEvent[] = [
      {
        type: 'EnrollmentSubmitted',
        data: {
          ...base.data,
          workshopId: `w-${i % 9}`,
          item: { ...base.data.item, id: `w-${i % 9}`, category: CATEGORIES[i % CATEGORIES.length]!, sessions },
        },
      },
    ];
    const cents = 9_999 + ((i * 1_237) % 20_000);
    const free = i % 23 === 0;
    const giftCard = i % 5 === 1 ? 2_500 + (i % 7) * 101 : 0;
    const credit = i % 7 === 2 ? 1_001 + i : 0;
    const pi = `pi_${id}`;
    if (!free)
      events.push({
        type: 'PaymentSucceeded',
        data: {
          enrollmentId: id,
          paymentIntentId: pi,
          amountCents: cents,
          providerEventId: null,
          source: 'webhook',
          succeededAt: at(bookedOn),
        },
      });
    if (giftCard) {
      const giftCardId = `giftcard-${String(i).padStart(8, '0')}`;
      await store.append(
        `gift-card-${giftCardId}`,
        [
          {
            id: randomUUID(),
            type: 'GiftCardPaid',
            data: {
              giftCardId,
              paymentIntentId: `pi_gc_${i}`,
              amountCents: giftCard + 1_000,
              providerEventId: null,
              source: 'webhook',
              paidAt: at(dayAfter(bookedOn, -40), 10),
            },
            metadata: { correlationId: 'y', causationId: 'y', actor: 'provider', at: at(bookedOn) },
          },
        ],
        'any',
      );
    }
    events.push({
      type: 'EnrollmentConfirmed',
      data: {
        enrollmentId: id,
        orderId: `${free ? 'FREE' : 'ORD'}-${id}`,
        orderReference: 'GL-123456',
        paymentMethod: free ? 'Free Enrollment' : 'Credit Card',
        amountCents: free ? 0 : cents + giftCard + credit,
        paymentIntentId: free ? null : pi,
        confirmedAt: at(bookedOn, 16),
        ...(giftCard && !free ? { paidByGiftCardCents: giftCard } : {}),
        ...(credit && !free ? { paidByCreditCents: credit } : {}),
      },
    });
    if (!free && i % 6 === 3)
      events.push({
        type: 'BalancePaid',
        data: {
          enrollmentId: id,
          paymentIntentId: `${pi}_balance`,
          amountCents: 5_003,
          providerEventId: null,
          source: 'webhook',
          paidAt: at(dayAfter(bookedOn, 5)),
        },
      });
    if (!free && i % 4 === 0) {
      // A refund: before the course, between its sessions, or a month after it ended.
      const when = dayAfter(firstSession, [-3, 8, 45][i % 3]!);
      const to = (['card', 'credit', 'gift-card'] as const)[i % 3]!;
      events.push({
        type: 'RefundIssued',
        data: {
          enrollmentId: id,
          paymentIntentId: pi,
          refundId: `re_${id}`,
          amountCents: Math.floor(cents / (1 + (i % 3))),
          reason: 'cancelled',
          refundedAt: at(when, 11),
          ...(to === 'card' ? {} : { source: 'card' as const, to }),
        },
      });
    }
    await record(
      store,
      id,
      events.map((event) => ({ event, actor: 'provider' as const })),
    );
  }
}
