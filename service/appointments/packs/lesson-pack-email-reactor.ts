import { APPOINTMENT_TYPES_STREAM } from '../../../contracts/appointments/appointment-type.js';
import { lessonPackIdOf, lessonPackStream, type LessonPackEvent } from '../../../contracts/appointments/lesson-pack.js';
import { SCHOOL } from '../../../contracts/core/school.js';
import { groupGiftCardCode } from '../../../contracts/gift-cards/code.js';
import { schoolDateOf } from '../../../contracts/instructors/school-clock.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { pseudonymsFor } from '../../core/pseudonyms.js';
import { UnsendableMessageError, type MailMessage } from '../../mail/port.js';
import { renderEmail } from '../../mail/templates/index.js';
import { siteOrigin } from '../../site/origin.js';
import { appointmentTypesDecider } from '../types-decider.js';
import { lessonPackDecider } from './lesson-pack-decider.js';

export const LESSON_PACK_EMAIL_REACTOR = 'lesson-pack-email';

const DOMAIN = SCHOOL.email.split('@')[1]!;
/** One pack, one Message-ID: a send again after a crash is the same message (one outbox file). */
export const lessonPackMessageId = (lessonPackId: string) => `<lesson-pack-${lessonPackId}@${DOMAIN}>`;

/**
 * The purchaser's code, e-mailed once the pack is paid. Exactly once as a gift card's: the pack's
 * stream records the send (`LessonPackEmailSent`, taken once by its decider), and a delivery
 * again finds it recorded; a crash between the send and the record sends the same message again.
 */
export function lessonPackEmailReactor(deps: AppDeps) {
  return defineReactor<Extract<LessonPackEvent, { type: 'LessonPackPaid' }>>({
    name: LESSON_PACK_EMAIL_REACTOR,
    eventTypes: ['LessonPackPaid'],
    async handle(event, { metadata }) {
      const lessonPackId = lessonPackIdOf(event);
      const stream = lessonPackStream(lessonPackId);
      const state = await deps.commands.state(lessonPackDecider, stream);
      if (state.phase !== 'issued' || state.emailSent) return;
      const { order } = state;
      const types = await deps.commands.state(appointmentTypesDecider, APPOINTMENT_TYPES_STREAM, 1_000);
      const type = types.byId[order.typeId];
      const origin = siteOrigin(deps.config);
      const rendered = await renderEmail('lesson-pack', {
        purchaserName: order.purchaserName,
        title: type?.title ?? 'Private lessons',
        count: order.count,
        amountCents: order.amountCents,
        code: groupGiftCardCode(order.code),
        validUntil: schoolDateOf(Date.parse(state.expiresAt)),
        bookUrl: type?.programId ? `${origin}/private-lessons/${type.programId}` : `${origin}/schedule`,
        publicUrl: deps.config.PUBLIC_URL ?? null,
      });
      const message: MailMessage = {
        to: order.purchaserEmail,
        ...rendered,
        messageId: lessonPackMessageId(lessonPackId),
        attachments: [],
        // It names its purchaser: their erasure deletes the copy kept of it.
        about: [pseudonymsFor(deps.config).email(order.purchaserEmail)],
      };
      try {
        await deps.mailer.send(message);
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('lesson pack e-mail cannot be sent; passed over', { lessonPackId, reason: err.message });
        return;
      }
      await deps.commands.handle(
        lessonPackDecider,
        stream,
        {
          type: 'RecordLessonPackEmail',
          messageId: message.messageId,
          transport: deps.mailer.transport,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
    },
  });
}
