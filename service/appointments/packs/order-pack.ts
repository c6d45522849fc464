import type { EventMetadata } from '../../../contracts/core/events.js';
import type { AppointmentType } from '../../../contracts/appointments/appointment-type.js';
import {
  LESSON_PACK_PAYMENT_KIND,
  lessonPackStream,
  type LessonPackOrderAnswer,
  type LessonPackOrderRequest,
} from '../../../contracts/appointments/lesson-pack.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { META } from '../../payments/port.js';
import { refuse } from '../refusals.js';
import { lessonPackDecider } from './lesson-pack-decider.js';
import { lessonPackIdFor, newLessonPackCode } from './pack-code.js';

/**
 * POST /api/appointment-types/:id/packs: one of the type's packs at its price. A new code (its
 * stream's id a hash of it), a PaymentIntent through the payments port keyed by the pack (ids only
 * in its metadata, as a gift card's), then the order on `lesson-pack-<id>` with the purchaser under
 * their key. The webhook or the payment page's verification records the payment once
 * (lesson-pack-payment.ts); the code is e-mailed by the pack's reactor.
 */
export async function orderLessonPack(
  deps: AppDeps,
  type: AppointmentType,
  body: LessonPackOrderRequest,
  metadata: EventMetadata,
  random?: (n: number) => Uint8Array,
): Promise<LessonPackOrderAnswer> {
  const offer = type.packs?.find((p) => p.count === body.count);
  if (!offer || type.packValidDays === undefined)
    throw refuse({ code: 'lesson_pack_not_sold', counts: (type.packs ?? []).map((p) => p.count) });
  const code = newLessonPackCode(random);
  const lessonPackId = lessonPackIdFor(code);
  const intent = await deps.payments.createPaymentIntent({
    amountCents: offer.priceCents,
    idempotencyKey: `lesson-pack-${lessonPackId}`,
    description: `${type.title}: ${offer.count} lessons`,
    metadata: { [META.kind]: LESSON_PACK_PAYMENT_KIND, [META.lessonPackId]: lessonPackId, typeId: type.id },
    receiptEmail: body.purchaserEmail,
  });
  if (!intent.clientSecret)
    throw new AppError('payment_provider', 'The payment provider did not return a payment form. Please try again.');
  await deps.commands.handle(
    lessonPackDecider,
    lessonPackStream(lessonPackId),
    {
      type: 'OrderLessonPack',
      order: {
        lessonPackId,
        code,
        typeId: type.id,
        count: offer.count,
        amountCents: offer.priceCents,
        validDays: type.packValidDays,
        paymentIntentId: intent.id,
        purchaserName: body.purchaserName,
        purchaserEmail: body.purchaserEmail,
        orderedAt: deps.clock().toISOString(),
      },
    },
    metadata,
  );
  deps.log.info('lesson pack ordered', { lessonPackId, typeId: type.id, count: offer.count });
  return { packOrderId: lessonPackId, amountCents: intent.amountCents, clientSecret: intent.clientSecret };
}
