import type { z } from 'zod';
import type { EventMetadata } from '../../../contracts/core/events.js';
import { CreatePaymentIntentRequestSchema } from '../../../contracts/payments/api.js';
import { REFERRAL_SOURCES, type ReferralSource } from '../../../contracts/enrollment/form.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { toCents } from '../../../contracts/enrollment/money.js';
import type { AppDeps } from '../../core/deps.js';
import { validationError } from '../../core/errors.js';
import { EMPTY_FORM, submissionOf } from './submission.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';

type Request = z.output<typeof CreatePaymentIntentRequestSchema>;

const isReferral = (v: string | undefined): v is ReferralSource =>
  (REFERRAL_SOURCES as readonly string[]).includes(v ?? '');

/**
 * The /enrollment-test page's enrollment (test mode only): the amount is the tester's choice
 * (minimum $1), nothing is held, and it is confirmed with a TEST- order id once paid.
 */
export async function recordTestEnrollment(deps: AppDeps, req: Request, metadata: EventMetadata): Promise<string> {
  const amountCents = toCents(req.amount);
  if (amountCents < 100)
    throw validationError('amount: the test amount is at least $1.', [{ path: 'amount', message: 'Minimum $1.' }]);
  const email =
    req.customerEmail && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(req.customerEmail) ? req.customerEmail : 'guest@example.com';
  const participants = req.participants ?? 1;
  const enrollmentId = deps.newId();
  const at = deps.clock();
  const form = {
    ...EMPTY_FORM,
    firstName: req.firstName || 'Test',
    lastName: req.lastName || 'Visitor',
    email,
    phone: req.phone ?? '',
    participants,
    participantNames: req.participantNames ?? '',
    specialRequirements: req.specialRequirements ?? '',
    referralSource: isReferral(req.referralSource) ? req.referralSource : ('' as const),
  };
  const item = {
    kind: 'test' as const,
    id: null,
    title: req.programName || 'Test Enrollment',
    date: null,
    time: '',
    location: '',
    instructor: '',
    duration: '',
    category: 'test',
    attire: '',
    unitPriceCents: Math.round(amountCents / participants),
  };
  const priced = submissionOf({
    enrollmentId,
    workshopId: null,
    programId: null,
    form,
    item,
    holdExpiresAt: null,
    test: true,
    at,
  });
  // The tester's amount is the total; the unit price above is only for display.
  const submission = { ...priced, subtotalCents: amountCents, amountCents, isFree: false };
  await deps.commands.handle(
    enrollmentDecider,
    enrollmentStream(enrollmentId),
    { type: 'SubmitEnrollment', submission },
    metadata,
  );
  return enrollmentId;
}
