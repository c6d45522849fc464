import { defineProjector } from '../../platform/processor/projector.js';
import { workshopIdOfWaitlist, type WaitlistEvent } from '../../contracts/waitlist/events.js';
import type { WaitlistEntryView } from '../../contracts/waitlist/api.js';

export type WaitlistDoc = WaitlistEntryView & { [field: string]: unknown };

/**
 * `waitlists`: one document per waitlist entry (id = entry id), with its workshop, its place in the
 * order of joining, its confirmation (until when, since when) and its offer (since when, until
 * when, e-mailed or not), for the administrator; and the unconfirmed entries by their time, for
 * the lapse timer (service/waitlist/lapse-timer.ts).
 */
export const waitlistsProjector = defineProjector<WaitlistEvent, WaitlistDoc>({
  name: 'waitlists',
  collection: 'waitlists',
  // A workshop's waitlist in the order of joining.
  indexes: [
    [{ field: 'workshopId' }, { field: 'seq' }],
    // The lapse timer: unconfirmed entries, earliest time first.
    [{ field: 'status' }, { field: 'confirmBy' }],
  ],
  eventTypes: [
    'WaitlistJoined',
    'WaitlistEntryConfirmed',
    'WaitlistEntryLapsed',
    'WaitlistOffered',
    'WaitlistOfferEmailSent',
    'WaitlistOfferAccepted',
    'WaitlistOfferExpired',
    'WaitlistLeft',
  ],
  keys: (e) => [e.data.entryId],
  project(doc, e) {
    if (e.type === 'WaitlistJoined') {
      const d = e.data;
      return {
        id: d.entryId,
        workshopId: workshopIdOfWaitlist(e),
        // The stream's revision orders entries as they joined (revision 0 is the first event).
        seq: Number(e.revision) + 1,
        // Entries from before confirmation counted at once.
        status: d.confirmBy ? 'unconfirmed' : 'waiting',
        firstName: d.firstName,
        lastName: d.lastName,
        email: d.email,
        phone: d.phone,
        participants: d.participants,
        joinedAt: d.joinedAt,
        confirmBy: d.confirmBy ?? null,
        confirmedAt: null,
        offeredAt: null,
        offerExpiresAt: null,
        offerEmailSentAt: null,
        endedAt: null,
        enrollmentId: null,
      };
    }
    if (!doc) return undefined;
    switch (e.type) {
      case 'WaitlistEntryConfirmed':
        return { ...doc, status: 'waiting', confirmedAt: e.data.confirmedAt };
      case 'WaitlistEntryLapsed':
        return { ...doc, status: 'lapsed', endedAt: e.data.lapsedAt };
      case 'WaitlistOffered':
        return { ...doc, status: 'offered', offeredAt: e.data.offeredAt, offerExpiresAt: e.data.expiresAt };
      case 'WaitlistOfferEmailSent':
        return { ...doc, offerEmailSentAt: e.data.sentAt };
      case 'WaitlistOfferAccepted':
        return { ...doc, status: 'accepted', endedAt: e.data.acceptedAt, enrollmentId: e.data.enrollmentId };
      case 'WaitlistOfferExpired':
        return { ...doc, status: 'expired', endedAt: e.data.expiredAt };
      case 'WaitlistLeft':
        return { ...doc, status: 'left', endedAt: e.data.leftAt };
    }
  },
});
