import type { EventMetadata } from '../../../contracts/core/events.js';
import type { CreatePaymentIntentResponse } from '../../../contracts/payments/api.js';
import { CreatePaymentIntentRequestSchema } from '../../../contracts/payments/api.js';
import { enrollmentStream, type EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { enrollmentClosedMessage, isPastLastJoin } from '../../../contracts/catalogue/sales-window.js';
import { formatUsd, toCents } from '../../../contracts/enrollment/money.js';
import { pricingOf } from '../../../contracts/enrollment/pricing.js';
import type { z } from 'zod';
import type { AppDeps } from '../../core/deps.js';
import { AppError, enrollmentClosed, validationError } from '../../core/errors.js';
import { assertPayable, enrollmentDecider } from '../decider/enrollment-decider.js';
import { recordTestEnrollment } from '../sale/enroll-test.js';
import { META } from '../../payments/port.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';

type Request = z.output<typeof CreatePaymentIntentRequestSchema>;

/**
 * One PaymentIntent per enrollment: the amount is what the enrollment owes now (its total, less
 * what its gift card and credit pay, or its deposit; a different `amount` from the page is refused), the idempotency key is the enrollment's, and a second call returns the first
 * intent. Without an enrollment (the /enrollment-test page, test mode only) a test enrollment is
 * recorded first.
 */
export async function createIntent(
  deps: AppDeps,
  req: Request,
  metadata: EventMetadata,
): Promise<CreatePaymentIntentResponse> {
  let enrollmentId = req.enrollmentId;
  let created: string | undefined;
  if (!enrollmentId) {
    if (!deps.config.testPages)
      throw validationError('enrollmentId is required: open the checkout from your enrollment.', [
        { path: 'enrollmentId', message: 'Required.' },
      ]);
    enrollmentId = created = await recordTestEnrollment(deps, req, metadata);
  }

  const stream = enrollmentStream(enrollmentId);
  // The state as this process last knew it: an enrollment only moves forward (paid, expired,
  // replaced never go back), so a refusal on it is right even if another process moved it since,
  // and what it lets through is checked again by the decision that records the PaymentIntent.
  const state = await deps.commands.state(enrollmentDecider, stream, Infinity);
  const sub = assertPayable(state);
  const due = pricingOf(sub).dueNowCents;
  if (toCents(req.amount) !== due) {
    const what = due === sub.amountCents ? "this enrollment's total" : 'what this enrollment owes now';
    throw validationError(
      `The amount sent (${formatUsd(toCents(req.amount))}) does not match ${what} (${formatUsd(due)}). Please reload the checkout page.`,
      [{ path: 'amount', message: `The amount due now is ${formatUsd(due)}.` }],
    );
  }

  await refuseOnceBegun(deps, sub);

  const payments = deps.payments;
  const existing =
    state.submission && state.paymentIntentId ? await payments.retrievePaymentIntent(state.paymentIntentId) : null;
  const intent =
    existing ??
    (await payments.createPaymentIntent({
      amountCents: due,
      idempotencyKey: `enrollment-${enrollmentId}`,
      description: `${sub.item.title} x ${sub.participants}`,
      metadata: metadataOf(sub),
      receiptEmail: sub.form.email || undefined,
      // Paid in instalments: the card is kept for the later ones (issue 43).
      ...(pricingOf(sub).installments
        ? { saveCard: { customerIdempotencyKey: `customer-${enrollmentId}`, email: sub.form.email || undefined } }
        : {}),
    }));
  await deps.commands.handle(
    enrollmentDecider,
    stream,
    {
      type: 'RecordPaymentIntent',
      paymentIntentId: intent.id,
      provider: payments.provider,
      amountCents: intent.amountCents,
    },
    metadata,
  );
  if (!intent.clientSecret)
    throw new AppError('payment_provider', 'The payment provider did not return a payment form. Please try again.');
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amountCents: intent.amountCents,
    ...(created ? { enrollmentId: created } : {}),
  };
}

/**
 * No card is taken for a workshop that has begun: its hold can no longer become a seat. A payment
 * already under way when it begins is refunded when it arrives (the checkout workflow,
 * checkout-workflow.ts).
 */
async function refuseOnceBegun(deps: AppDeps, sub: EnrollmentSubmitted): Promise<void> {
  if (!sub.workshopId) return;
  const { workshop } = await deps.commands.state(workshopDecider, workshopStream(sub.workshopId), 1_000);
  const now = deps.clock();
  if (workshop && isPastLastJoin(workshop, now)) throw enrollmentClosed(enrollmentClosedMessage(workshop, now));
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
