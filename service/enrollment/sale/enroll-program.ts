import type { EventMetadata } from '../../../contracts/core/events.js';
import type { EnrollProgramRequestSchema, EnrollProgramResponse } from '../../../contracts/enrollment/api.js';
import { enrollmentStream, orderIdFor, orderReferenceFor } from '../../../contracts/enrollment/events.js';
import { toCents } from '../../../contracts/enrollment/money.js';
import type { z } from 'zod';
import type { AppDeps } from '../../core/deps.js';
import { notFound } from '../../core/errors.js';
import { findProgram } from '../../catalogue/queries.js';
import { EMPTY_FORM, submissionOf } from './submission.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';

/**
 * Enrolls in a program (the /free-enrollment-test page). Programs have no seats, so nothing is
 * held; the price comes from the `programs` read model; a free one is confirmed at once.
 */
export async function enrollInProgram(
  deps: AppDeps,
  programId: string,
  req: z.output<typeof EnrollProgramRequestSchema>,
  metadata: EventMetadata,
): Promise<EnrollProgramResponse> {
  const program = await findProgram(deps.readStore, programId);
  if (!program) throw notFound("The program you're looking for doesn't exist or has been removed.");
  const at = deps.clock();
  const enrollmentId = deps.newId();
  const form = {
    ...EMPTY_FORM,
    firstName: req.firstName,
    lastName: req.lastName,
    email: req.email,
    phone: req.phone,
    participants: req.participants,
    specialRequirements: req.notes,
  };
  const item = {
    kind: 'program' as const,
    id: program.id,
    title: program.title,
    date: null,
    time: '',
    location: program.location ?? '',
    instructor: '',
    duration: program.duration ?? '',
    category: program.category,
    attire: '',
    unitPriceCents: toCents(program.price),
  };
  const submission = submissionOf({
    enrollmentId,
    workshopId: null,
    programId: program.id,
    form,
    item,
    holdExpiresAt: null,
    test: false,
    at,
  });
  const stream = enrollmentStream(enrollmentId);
  let result = await deps.commands.handle(
    enrollmentDecider,
    stream,
    { type: 'SubmitEnrollment', submission },
    metadata,
  );
  const orderId = orderIdFor('free', enrollmentId);
  if (submission.isFree) {
    result = await deps.commands.handle(
      enrollmentDecider,
      stream,
      {
        type: 'ConfirmEnrollment',
        orderId,
        orderReference: orderReferenceFor(at),
        paymentMethod: 'Free Enrollment',
        at: at.toISOString(),
      },
      metadata,
    );
  }
  return {
    success: true,
    message: submission.isFree
      ? `You are enrolled in ${program.title}. Your order number is ${orderId}.`
      : `Your enrollment in ${program.title} is recorded; payment of the balance is due before the first class.`,
    enrollmentId,
    isFree: submission.isFree,
    ...(submission.isFree ? { orderId } : {}),
    position: (result.position ?? -1n).toString(),
  };
}
