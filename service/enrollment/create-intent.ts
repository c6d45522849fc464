import type { EventMetadata } from '../../contracts/core/events.js';
import type { CreatePaymentIntentResponse } from '../../contracts/payments/api.js';
import { CreatePaymentIntentRequestSchema } from '../../contracts/payments/api.js';
import { enrollmentStream, type EnrollmentSubmitted } from '../../contracts/enrollment/events.js';
import { formatUsd, toCents } from '../../contracts/enrollment/money.js';
import type { z } from 'zod';
import type { AppDeps } from '../core/deps.js';
import { AppError, conflict, notFound, validationError } from '../core/errors.js';
import { writersFor } from './writers.js';
import { recordTestEnrollment } from './enroll-test.js';
import { META } from '../payments/port.js';

type Request = z.output<typeof CreatePaymentIntentRequestSchema>;

/**
 * One PaymentIntent per enrollment: the amount is the enrollment's (a different `amount` from the
 * page is refused), the idempotency key is the enrollment's, and a second call returns the first
 * intent. Without an enrollment (the /enrollment-test page, test mode only) a test enrollment is
 * recorded first.
 */
export async function createIntent(deps: AppDeps, req: Request, metadata: EventMetadata): Promise<CreatePaymentIntentResponse> {
  let enrollmentId = req.enrollmentId;
  let created: string | undefined;
  if (!enrollmentId) {
    if (!deps.config.testPages) throw validationError('enrollmentId is required: open the checkout from your enrollment.', [{ path: 'enrollmentId', message: 'Required.' }]);
    enrollmentId = created = await recordTestEnrollment(deps, req, metadata);
  }

  const writers = writersFor(deps.eventStore);
  const stream = enrollmentStream(enrollmentId);
  const state = await writers.enrollments.read(stream);
  const sub = state.submission;
  if (!sub) throw notFound('We could not find that enrollment. Please enroll again from the schedule.');
  if (sub.isFree) throw validationError('This enrollment is free: no payment is needed.');
  if (state.status === 'paid' || state.status === 'confirmed') throw conflict('This enrollment is already paid. Check your e-mail for the confirmation.');
  if (state.status === 'expired') throw conflict('Your seat reservation has expired. Please enroll again from the schedule to pick a spot.');
  if (state.replacedBy) {
    throw conflict('You sent the enrollment form again, so this earlier enrollment was replaced by the newer one. Please pay for your newer enrollment, or enroll again from the schedule.');
  }
  if (state.status !== 'pending') throw conflict(`This enrollment is ${state.status} and cannot be paid.`);
  if (toCents(req.amount) !== sub.amountCents) {
    throw validationError(`The amount sent (${formatUsd(toCents(req.amount))}) does not match this enrollment's total (${formatUsd(sub.amountCents)}). Please reload the checkout page.`, [
      { path: 'amount', message: `The total is ${formatUsd(sub.amountCents)}.` },
    ]);
  }

  const payments = deps.payments;
  const existing = state.paymentIntentId ? await payments.retrievePaymentIntent(state.paymentIntentId) : null;
  const intent =
    existing ??
    (await payments.createPaymentIntent({
      amountCents: sub.amountCents,
      idempotencyKey: `enrollment-${enrollmentId}`,
      description: `${sub.item.title} x ${sub.participants}`,
      metadata: metadataOf(sub),
      receiptEmail: sub.form.email || undefined,
    }));
  await writers.enrollments.execute(stream, () => ({ type: 'RecordPaymentIntent', paymentIntentId: intent.id, provider: payments.provider, amountCents: intent.amountCents }), metadata);
  if (!intent.clientSecret) throw new AppError('payment_provider', 'The payment provider did not return a payment form. Please try again.');
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountCents: intent.amountCents, ...(created ? { enrollmentId: created } : {}) };
}

/** Ids only: names and e-mails stay out of the provider's metadata. */
const metadataOf = (sub: EnrollmentSubmitted): Record<string, string> => ({
  [META.enrollmentId]: sub.enrollmentId,
  [META.kind]: sub.test ? 'test-enrollment' : 'enrollment',
  ...(sub.workshopId ? { workshopId: sub.workshopId } : {}),
  ...(sub.programId ? { programId: sub.programId } : {}),
  participants: String(sub.participants),
  programName: sub.item.title,
});
