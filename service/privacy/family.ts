import { enrollmentStream } from '../../contracts/enrollment/events.js';
import type { UpcomingBooking } from '../../contracts/privacy/api.js';
import { emailKeyOf, type EnrollmentEmailDoc } from '../../projections/admin/enrollment-emails.js';
import type { EnrollmentRowDoc } from '../../projections/admin/enrollments.js';
import { GIFT_CARDS, type GiftCardDoc } from '../../projections/gift-cards/gift-cards.js';
import type { AppDeps } from '../core/deps.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { policyTermsOf } from '../enrollment/after-sale/cancel.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { accountEmailDecider } from '../account/account-email-decider.js';
import { accountEmailStream } from '../../contracts/account/events.js';
import { HOUSEHOLD_SUBJECT_PREFIX } from '../../contracts/privacy/account.js';

/** A family as an erasure finds it by its e-mail: its data subjects and its bookings. */
export interface Family {
  /** The e-mail's own subject (bookings without an account, waitlist entries, messages to the school). */
  subjectId: string;
  /**
   * Every subject to erase: the e-mail's (which also holds what other people's events say of the
   * address: a second parent typed into a booking, an invitation; see `shared` in the registry),
   * that of each booking the address made as its contact, found on the booking's own events, so a
   * booking written under an earlier pseudonym secret is found too, and the family account the
   * address signs in to (`household:<id>`: its details, children and signatures).
   */
  subjects: string[];
  /** The bookings the address made as their contact; one that merely names it as the second parent is not its. */
  enrollments: EnrollmentRowDoc[];
}

export async function findFamily(deps: AppDeps, email: string): Promise<Family> {
  const subjectId = pseudonymsFor(deps.config).email(email);
  const index = await deps.readStore.get<EnrollmentEmailDoc>('enrollment-emails', emailKeyOf(email));
  const ids = index?.doc.enrollmentIds ?? [];
  const rows = ids.length ? await deps.readStore.getMany<EnrollmentRowDoc>('enrollments', ids) : new Map();
  const made = [...rows.values()].map((r) => r.doc).filter((row) => emailKeyOf(row.email) === emailKeyOf(email));
  const subjects = new Set([subjectId]);
  for (const row of made) {
    const s = await deps.encryption?.subjectOfStream(enrollmentStream(row.id));
    if (s) subjects.add(s);
  }
  const account = await deps.commands.state(accountEmailDecider, accountEmailStream(subjectId));
  if (account.linked) subjects.add(`${HOUSEHOLD_SUBJECT_PREFIX}${account.linked.householdId}`);
  return { subjectId, subjects: [...subjects], enrollments: made };
}

/**
 * The family of several addresses (the parents of one household): one family whose subjects and
 * bookings are those of every address, the first address's own subject named as the family's.
 */
export async function findFamilies(deps: AppDeps, emails: string[]): Promise<Family> {
  const found = await Promise.all(emails.map((email) => findFamily(deps, email)));
  const bookings = new Map(found.flatMap((f) => f.enrollments.map((e) => [e.id, e] as const)));
  return {
    subjectId: found[0]!.subjectId,
    subjects: [...new Set(found.flatMap((f) => f.subjects))],
    enrollments: [...bookings.values()],
  };
}

const PAID = new Set(['paid', 'partially-refunded']);

/** The family's paid bookings whose class is still ahead, with what cancelling them gives today. */
export async function upcomingPaidBookings(deps: AppDeps, family: Family): Promise<UpcomingBooking[]> {
  const now = deps.clock().getTime();
  const ahead = family.enrollments.filter(
    (row) =>
      row.status === 'completed' &&
      PAID.has(row.paymentStatus) &&
      row.workshop !== null &&
      Date.parse(row.workshop.date) > now,
  );
  const upcoming: UpcomingBooking[] = [];
  for (const row of ahead) {
    const state = await deps.commands.state(enrollmentDecider, enrollmentStream(row.id));
    const terms = policyTermsOf(deps, state);
    upcoming.push({
      enrollmentId: row.id,
      title: row.workshop!.title,
      date: row.workshop!.date,
      amount: row.amount,
      refund: terms.kind === 'full-refund' ? 'full' : terms.kind === 'free' ? 'free' : 'none',
    });
  }
  return upcoming;
}

/** The gift cards bought with one of these addresses, paid and not yet e-mailed to their recipients. */
export async function scheduledGiftCards(deps: AppDeps, emails: string[]): Promise<string[]> {
  const buyers = new Set(emails.map(emailKeyOf));
  const { items } = await deps.readStore.find<GiftCardDoc>(GIFT_CARDS, { where: { emailDue: true }, limit: 10_000 });
  return items.filter(({ doc }) => buyers.has(emailKeyOf(doc.purchaserEmail))).map(({ doc }) => doc.id);
}
