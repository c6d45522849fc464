import type { EventMetadata } from '../../contracts/core/events.js';
import { enrollmentFormSchemaFor } from '../../contracts/enrollment/form.js';
import { EnrollWorkshopExtrasSchema, type EnrollmentResponse } from '../../contracts/enrollment/api.js';
import { enrollmentStream, orderIdFor, orderReferenceFor, type PurchasedItem } from '../../contracts/enrollment/events.js';
import { formatUsd, priceEnrollment, toCents } from '../../contracts/enrollment/money.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import type { AppDeps } from '../core/deps.js';
import { notFound, validationError } from '../core/errors.js';
import { describeIssues } from '../core/validate.js';
import { submissionOf } from './submission.js';
import { writersFor } from './writers.js';

export const WORKSHOP_NOT_FOUND = 'Workshop Not Found: it may have been removed. Please pick another from the schedule.';

export const itemOfWorkshop = (w: WorkshopData): PurchasedItem => ({
  kind: 'workshop',
  id: w.id,
  title: w.title,
  date: w.date,
  time: w.time,
  location: w.location,
  instructor: w.instructor,
  duration: w.duration,
  category: w.category,
  attire: w.attire ?? '',
  unitPriceCents: toCents(w.price),
});

/**
 * Enrolls in a workshop: checks the form with the workshop's schema, prices it from the catalogue,
 * refuses a differing totalPrice, holds the seats on the workshop stream (revision-checked), then
 * records the enrollment. A free one is confirmed at once.
 */
export async function enrollInWorkshop(deps: AppDeps, workshopId: string, body: unknown, metadata: EventMetadata): Promise<EnrollmentResponse> {
  const extras = EnrollWorkshopExtrasSchema.safeParse(body);
  if (!extras.success) {
    const { message, issues } = describeIssues(extras.error);
    throw validationError(message, issues);
  }
  if (extras.data.workshopId !== undefined && String(extras.data.workshopId) !== workshopId) {
    throw validationError(`workshopId ${String(extras.data.workshopId)} does not match the workshop in the address (${workshopId}).`);
  }
  const now = deps.clock();
  const enrollmentId = deps.newId();
  const holdExpiresAt = new Date(now.getTime() + deps.config.HOLD_MINUTES * 60_000).toISOString();
  const writers = writersFor(deps.eventStore);

  let planned: ReturnType<typeof planSubmission> | undefined;
  const hold = await writers.workshops.execute(
    workshopStream(workshopId),
    (state) => {
      if (state.status !== 'scheduled' || !state.workshop) throw notFound(WORKSHOP_NOT_FOUND);
      planned = planSubmission(state.workshop, body, extras.data.totalPrice);
      return { type: 'ReserveSeats', workshopId, enrollmentId, seats: planned.form.participants, expiresAt: holdExpiresAt };
    },
    metadata,
  );
  const { form, item } = planned!;

  const submission = submissionOf({ enrollmentId, workshopId, programId: null, form, item, holdExpiresAt, test: false, at: now });
  const stream = enrollmentStream(enrollmentId);
  let position = hold.position ?? -1n;
  const advance = (p: bigint | null | undefined) => {
    if (p != null && p > position) position = p;
  };
  try {
    advance(await recorded(deps, stream, 'EnrollmentSubmitted', () => writers.enrollments.execute(stream, () => ({ type: 'SubmitEnrollment', submission }), metadata)));
  } catch (err) {
    // Without its enrollment the hold is an orphan: give the seats back now rather than at expiry,
    // but only when the enrollment is really absent (an append can commit and lose its answer).
    const written = await deps.eventStore.readStream(stream).then((events) => events.length > 0, () => true);
    if (!written) {
      await writers.workshops
        .execute(workshopStream(workshopId), () => ({ type: 'ReleaseSeats', workshopId, enrollmentId, reason: 'cancelled' }), metadata)
        .catch((e: unknown) => deps.log.warn('orphan hold left to expiry', { enrollmentId, err: e }));
    }
    throw err;
  }

  if (submission.isFree) {
    const orderId = orderIdFor('free', enrollmentId);
    advance(
      await recorded(deps, stream, 'EnrollmentConfirmed', () =>
        writers.enrollments.execute(
          stream,
          () => ({ type: 'ConfirmEnrollment', orderId, orderReference: orderReferenceFor(now), paymentMethod: 'Free Enrollment', at: now.toISOString() }),
          metadata,
        ),
      ),
    );
    try {
      const seats = await writers.workshops.execute(
        workshopStream(workshopId),
        () => ({ type: 'ConfirmSeats', workshopId, enrollmentId, seats: form.participants, at: now.toISOString() }),
        metadata,
      );
      advance(seats.position);
    } catch (err) {
      // The enrollment is confirmed and its seats are held; the reactor turns the hold into a sale
      // at expiry. Refusing now would make the visitor enroll twice for one booking.
      deps.log.warn('seat confirmation deferred to the reactor', { enrollmentId, err });
    }
  }

  deps.log.info('enrollment submitted', { enrollmentId, workshopId, participants: form.participants, free: submission.isFree });
  return {
    success: true,
    isFree: submission.isFree,
    enrollmentId,
    ...(submission.isFree ? { orderId: orderIdFor('free', enrollmentId) } : { holdExpiresAt }),
    amountCents: submission.amountCents,
    position: position.toString(),
  };
}

/** Runs inside the seat decision, against the workshop as the revision being checked has it. */
function planSubmission(workshop: WorkshopData, body: unknown, totalPrice: number) {
  const parsed = enrollmentFormSchemaFor(workshop.category).safeParse(body);
  if (!parsed.success) {
    const { message, issues } = describeIssues(parsed.error);
    throw validationError(message, issues);
  }
  const form = parsed.data;
  const item = itemOfWorkshop(workshop);
  const { amountCents } = priceEnrollment(item.unitPriceCents, form.participants);
  if (toCents(totalPrice) !== amountCents) {
    throw validationError(
      `The total sent (${formatUsd(toCents(totalPrice))}) does not match the price: ${formatUsd(item.unitPriceCents)} x ${form.participants} ` +
        `${form.participants === 1 ? 'participant' : 'participants'} = ${formatUsd(amountCents)}. Please reload the page and try again.`,
      [{ path: 'totalPrice', message: `The total is ${formatUsd(amountCents)}.` }],
    );
  }
  return { form, item };
}

/**
 * Runs a write; when it fails, looks at the stream: if the event it was to append is there, the
 * append committed and only its answer was lost, so the write counts as done.
 */
async function recorded(deps: AppDeps, stream: string, type: string, write: () => Promise<{ position: bigint | null }>): Promise<bigint | null> {
  try {
    return (await write()).position;
  } catch (err) {
    const events = await deps.eventStore.readStream(stream).catch(() => []);
    const found = events.find((e) => e.type === type);
    if (found) return found.position;
    throw err;
  }
}
