import type { EventMetadata } from '../../../contracts/core/events.js';
import { lessonPackStream } from '../../../contracts/appointments/lesson-pack.js';
import type { AppDeps } from '../../core/deps.js';
import { refuse } from '../refusals.js';
import { lessonPackDecider } from './lesson-pack-decider.js';
import { lessonPackOfTyped } from './pack-code.js';

/**
 * One lesson of the pack a typed code names, for this booking, decided on the pack's stream with
 * its expected revision (so never more than were bought): refused when the code names no paid
 * pack, the pack is for another type, it has expired or has no lesson left. Answers the pack's id.
 */
export async function drawLesson(
  deps: Pick<AppDeps, 'commands'>,
  o: { packCode: string; typeId: string; appointmentId: string; at: string },
  metadata: EventMetadata,
): Promise<string> {
  const typed = lessonPackOfTyped(o.packCode);
  if (!typed) throw refuse({ code: 'lesson_pack_unknown' });
  await deps.commands.handle(
    lessonPackDecider,
    lessonPackStream(typed.lessonPackId),
    { type: 'DrawLesson', appointmentId: o.appointmentId, typeId: o.typeId, at: o.at },
    metadata,
  );
  return typed.lessonPackId;
}

/** The lesson back on the pack, once (a second return finds it back already). */
export async function returnLesson(
  deps: Pick<AppDeps, 'commands'>,
  o: { lessonPackId: string; appointmentId: string; reason: 'cancelled' | 'expired' | 'not-booked'; at: string },
  metadata: EventMetadata,
): Promise<void> {
  await deps.commands.handle(
    lessonPackDecider,
    lessonPackStream(o.lessonPackId),
    { type: 'ReturnLesson', appointmentId: o.appointmentId, reason: o.reason, at: o.at },
    metadata,
  );
}
