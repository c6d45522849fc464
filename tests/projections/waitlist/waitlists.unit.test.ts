import { describe, expect, it } from 'vitest';
import { given, on } from '../../support/projection.js';
import { waitlistsProjector } from '../../../projections/waitlist/waitlists.js';

const joined = (entryId: string) => ({
  type: 'WaitlistJoined',
  data: {
    entryId,
    workshopId: 'w1',
    firstName: 'Ann',
    lastName: 'Lee',
    email: `${entryId}@example.com`,
    phone: '9725550100',
    participants: 2,
    emailKey: `key-${entryId}`,
    joinedAt: '2026-03-01T10:00:00.000Z',
  },
});

describe('waitlists projection', () => {
  it('given two parents joining and the first offered, e-mailed and expiring, then each entry shows who, since when and until when', async () => {
    await given(waitlistsProjector, [
      on('waitlist-w1', joined('a')),
      on('waitlist-w1', joined('b')),
      on('waitlist-w1', {
        type: 'WaitlistOffered',
        data: {
          entryId: 'a',
          offerId: 'offer-a',
          seats: 2,
          tokenNonce: 'n'.repeat(43),
          offeredAt: '2026-03-02T10:00:00.000Z',
          expiresAt: '2026-03-03T10:00:00.000Z',
        },
      }),
      on('waitlist-w1', {
        type: 'WaitlistOfferEmailSent',
        data: {
          entryId: 'a',
          offerId: 'offer-a',
          messageId: '<m>',
          transport: 'outbox',
          sentAt: '2026-03-02T10:00:01.000Z',
        },
      }),
      on('waitlist-w1', {
        type: 'WaitlistOfferExpired',
        data: { entryId: 'a', offerId: 'offer-a', expiredAt: '2026-03-03T10:00:05.000Z' },
      }),
    ]).then({
      a: {
        id: 'a',
        workshopId: 'w1',
        seq: 1,
        status: 'expired',
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'a@example.com',
        phone: '9725550100',
        participants: 2,
        joinedAt: '2026-03-01T10:00:00.000Z',
        confirmBy: null,
        confirmedAt: null,
        offeredAt: '2026-03-02T10:00:00.000Z',
        offerExpiresAt: '2026-03-03T10:00:00.000Z',
        offerEmailSentAt: '2026-03-02T10:00:01.000Z',
        endedAt: '2026-03-03T10:00:05.000Z',
        enrollmentId: null,
      },
      b: expect.objectContaining({ seq: 2, status: 'waiting', offeredAt: null }),
    });
  });

  it('given entries that need confirming, then one waits unconfirmed until its time, one is confirmed, one lapses', async () => {
    const asked = (entryId: string) => {
      const e = joined(entryId);
      return { ...e, data: { ...e.data, confirmBy: '2026-03-02T10:00:00.000Z', clientKey: 'client-key' } };
    };
    await given(waitlistsProjector, [
      on('waitlist-w1', asked('a')),
      on('waitlist-w1', asked('b')),
      on('waitlist-w1', asked('c')),
      on('waitlist-w1', {
        type: 'WaitlistEntryConfirmed',
        data: { entryId: 'b', confirmedAt: '2026-03-01T10:05:00.000Z' },
      }),
      on('waitlist-w1', { type: 'WaitlistEntryLapsed', data: { entryId: 'c', lapsedAt: '2026-03-02T10:00:30.000Z' } }),
    ]).then({
      a: expect.objectContaining({ status: 'unconfirmed', confirmBy: '2026-03-02T10:00:00.000Z', confirmedAt: null }),
      b: expect.objectContaining({ status: 'waiting', confirmedAt: '2026-03-01T10:05:00.000Z', endedAt: null }),
      c: expect.objectContaining({ status: 'lapsed', endedAt: '2026-03-02T10:00:30.000Z' }),
    });
  });
});
