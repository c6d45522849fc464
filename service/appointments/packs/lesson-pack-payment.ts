import { LESSON_PACK_PAYMENT_KIND, lessonPackStream } from '../../../contracts/appointments/lesson-pack.js';
import { META } from '../../payments/port.js';
import { byIdIn, positionAfter } from '../../core/payment-kinds.js';
import { lessonPackDecider } from './lesson-pack-decider.js';

/** A lesson pack bought by card: its money on the pack, which is then issued; its e-mail is its reactor's. */
export const lessonPackPayment = byIdIn(LESSON_PACK_PAYMENT_KIND, META.lessonPackId, (lessonPackId) => ({
  named: { kind: 'lesson-pack', lessonPackId },
  enrollmentId: null,
  record: async (deps, money, _intent, metadata) =>
    (
      await deps.commands.handle(
        lessonPackDecider,
        lessonPackStream(lessonPackId),
        { type: 'RecordLessonPackPayment', ...money },
        metadata,
      )
    ).position,
  verified: async (deps, recorded, base) => ({
    ...base,
    status: 'succeeded',
    position: await positionAfter(deps, recorded),
  }),
}));
