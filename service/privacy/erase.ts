import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../contracts/core/events.js';
import { UPCOMING_BOOKINGS_CODE, type UpcomingBooking } from '../../contracts/privacy/api.js';
import { privacyStream } from '../../contracts/privacy/events.js';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/errors.js';
import { cancelEnrollment } from '../enrollment/after-sale/cancel.js';
import { endPlansOnErasure } from '../enrollment/installments/plan-end-reactor.js';
import { sendGiftCardEmail } from '../gift-cards/gift-card-email.js';
import { withdrawReviewsOnErasure } from '../reviews/withdraw-on-erasure.js';
import { revokeCertificatesOnErasure } from '../certificates/revoke-on-erasure.js';
import { findFamilies, scheduledGiftCards, upcomingPaidBookings } from './family.js';
import { writeToLedger } from './ledger.js';

export interface ErasureRequest {
  /** The family's addresses: the one the school was given, or every parent of a household erasing itself. */
  emails: string[];
  /** Cancel the family's upcoming paid bookings under the policy first; without it, they refuse the erasure. */
  cancelUpcoming: boolean;
  by: 'school' | 'family';
}

export interface Erasure {
  subjectId: string;
  erasedAt: string;
  position: bigint;
}

const upcomingRefused = (upcoming: UpcomingBooking[]) =>
  new AppError(
    UPCOMING_BOOKINGS_CODE,
    `This family has ${upcoming.length === 1 ? 'a paid class' : `${upcoming.length} paid classes`} ahead. Cancel ${upcoming.length === 1 ? 'it' : 'them'} under the cancellation policy and erase, or keep the family's data until after the class.`,
    { body: { upcoming } },
  );

/**
 * Erases a family's personal data, for the school (`POST /api/admin/privacy/erasures`) or, once
 * families have accounts, the family itself (`POST /api/account/erase`, issue 26). In order:
 * 1. a family with a paid class ahead is refused (409 `upcoming_bookings`), unless told to cancel
 *    those bookings under the policy first;
 * 2. the gift cards the family bought that wait for their send date are e-mailed to their
 *    recipients now (afterwards their addresses read "Erased");
 * 3. its reviews are withdrawn (ReviewWithdrawn by `erasure`: off the pages and the figures), its
 *    certificates revoked (CertificateRevoked by `erasure`: a verification answers "revoked"), its
 *    instalment plans ended (InstallmentPlanEnded by `erased`: their saved cards detached by a reactor);
 * 4. each subject goes into the erasure ledger beside the backups, so a restored backup is erased again;
 * 5. every key of each subject is destroyed: from now on every event of theirs reads "Erased";
 * 6. `PersonalDataErased` is recorded per subject, and the mailer's copies of messages to the
 *    address deleted. The scrub reactor (scrub-reactor.ts) then rebuilds the read models holding
 *    personal data and, on the embedded default, compacts the SQLite files.
 * Bookings, payments and attendance stay, counted in every figure. Erasing again finds nothing
 * live and records the erasure again: the answer is the same.
 */
export async function eraseFamily(deps: AppDeps, request: ErasureRequest, metadata: EventMetadata): Promise<Erasure> {
  const family = await findFamilies(deps, request.emails);
  const upcoming = await upcomingPaidBookings(deps, family);
  if (upcoming.length > 0 && !request.cancelUpcoming) throw upcomingRefused(upcoming);
  for (const booking of upcoming)
    await cancelEnrollment(
      deps,
      booking.enrollmentId,
      // The family asked to be forgotten: no e-mail goes to an address about to be erased.
      { by: 'admin', refund: { kind: booking.refund === 'full' ? 'full' : 'none' }, note: null, notify: false },
      metadata,
    );

  // A card the family bought for someone, paid and waiting for its send date: once the purchaser's
  // key is gone its recipient's address reads "Erased", so it goes to them now.
  const cards = await scheduledGiftCards(deps, request.emails);
  for (const giftCardId of cards) await sendGiftCardEmail(deps, giftCardId, metadata, { early: true });

  const at = deps.clock();
  const erasedAt = at.toISOString();
  // Its reviews leave the pages and the figures (their words and shown name go with the keys).
  const reviews = await withdrawReviewsOnErasure(
    deps,
    family.enrollments.map((e) => e.id),
    at,
    metadata,
  );
  // Its certificates no longer verify: revoked, "revoked", rather than a holder reading "Erased".
  const certificates = await revokeCertificatesOnErasure(deps, family.enrollments, at, metadata);
  // Its instalment plans end, so their saved cards are detached (by a reactor) and never charged.
  await endPlansOnErasure(
    deps,
    family.enrollments.map((e) => e.id),
    erasedAt,
    metadata,
  );
  for (const subjectId of family.subjects)
    writeToLedger(deps.config.backupDir, { subjectId, at: erasedAt, by: request.by });
  let position = -1n;
  for (const subjectId of family.subjects) {
    await deps.keys.destroy(subjectId, at);
    const written = await deps.eventStore.append(
      privacyStream(subjectId),
      [{ id: randomUUID(), type: 'PersonalDataErased', data: { subjectId, at: erasedAt, by: request.by }, metadata }],
      'any',
    );
    position = written.position;
  }
  // The copies of messages to the addresses, and of every message that carries the family's data
  // whoever it went to (a gift card names its purchaser, an invitation its family and parent).
  let copies = 0;
  for (const email of request.emails) copies += (await deps.mailer.eraseCopiesTo?.(email)) ?? 0;
  copies += (await deps.mailer.eraseCopiesAbout?.(family.subjects)) ?? 0;
  deps.log.info('personal data erased', {
    subjectId: family.subjectId,
    subjects: family.subjects.length,
    bookings: family.enrollments.length,
    cancelled: upcoming.length,
    giftCardsSentEarly: cards.length,
    reviewsWithdrawn: reviews,
    certificatesRevoked: certificates,
    mailCopies: copies,
  });
  return { subjectId: family.subjectId, erasedAt, position };
}
