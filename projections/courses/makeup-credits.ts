import { defineProjector } from '../../platform/processor/projector.js';
import type { MakeupCreditEvent, VoidReason } from '../../contracts/courses/events.js';

/** One make-up credit as the booking page and the enrollment record show it (ids and indexes, no names). */
export interface MakeupCreditDoc {
  [field: string]: unknown;
  id: string;
  enrollmentId: string;
  participant: number;
  programId: string | null;
  workshopId: string;
  reason: 'absence' | 'school';
  from: { workshopId: string; session: number } | null;
  validUntil: string;
  grantedAt: string;
  /** The administrator who granted a school credit (their name, from the event's metadata). */
  grantedBy: string | null;
  /** `voided`: the place it came from was cancelled or moved; it can never be booked again. */
  status: 'available' | 'booked' | 'voided';
  booking: { workshopId: string; session: number } | null;
  /** Why and when it was voided (only once voided). */
  voided?: { reason: VoidReason; at: string };
}

/** `makeup-credits`: every credit of the make-up ledgers (`makeup-credit-<id>`), found by booking. */
export const makeupCreditsProjector = defineProjector<MakeupCreditEvent, MakeupCreditDoc>({
  name: 'makeup-credits',
  collection: 'makeup-credits',
  indexes: [[{ field: 'enrollmentId' }]],
  eventTypes: ['MakeupCreditGranted', 'MakeupBooked', 'MakeupCancelled', 'MakeupCreditVoided'],
  keys: (e) => [e.data.creditId],
  project(doc, e) {
    switch (e.type) {
      case 'MakeupCreditGranted': {
        const { creditId, enrollmentId, participant, programId, workshopId, reason, from, validUntil, grantedAt } =
          e.data;
        return {
          id: creditId,
          enrollmentId,
          participant,
          programId,
          workshopId,
          reason,
          from,
          validUntil,
          grantedAt,
          grantedBy: e.metadata.administrator?.name ?? null,
          status: 'available',
          booking: null,
        };
      }
      case 'MakeupBooked':
        return doc
          ? { ...doc, status: 'booked', booking: { workshopId: e.data.workshopId, session: e.data.session } }
          : undefined;
      case 'MakeupCancelled':
        return doc ? { ...doc, status: 'available', booking: null } : undefined;
      case 'MakeupCreditVoided':
        return doc
          ? { ...doc, status: 'voided', booking: null, voided: { reason: e.data.reason, at: e.data.voidedAt } }
          : undefined;
    }
  },
});
