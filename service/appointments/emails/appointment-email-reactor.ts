import { APPOINTMENT_TYPES_STREAM } from '../../../contracts/appointments/appointment-type.js';
import { appointmentStream, type AppointmentEvent } from '../../../contracts/appointments/booking.js';
import { SCHOOL } from '../../../contracts/core/school.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import { calendarStream } from '../../../contracts/instructors/calendar.js';
import { INSTRUCTORS_STREAM } from '../../../contracts/instructors/events.js';
import { schoolClockText, schoolDayText } from '../../../contracts/instructors/school-clock.js';
import type { EventMetadata } from '../../../contracts/core/events.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { pseudonymsFor } from '../../core/pseudonyms.js';
import { UnsendableMessageError } from '../../mail/port.js';
import { renderEmail } from '../../mail/templates/index.js';
import type { AppointmentChange } from '../../mail/templates/appointment.js';
import { calendarDecider } from '../../instructors/calendar-decider.js';
import { instructorsDecider } from '../../instructors/instructors-decider.js';
import { appointmentDecider } from '../appointment-decider.js';
import { appointmentUrl } from '../appointment-link.js';
import { appointmentTypesDecider } from '../types-decider.js';
import { appointmentIcs, appointmentIcsAttachment } from './appointment-ics.js';

type Deps = Pick<AppDeps, 'commands' | 'eventStore' | 'mailer' | 'config' | 'log' | 'clock'>;
type Told = Extract<
  AppointmentEvent,
  { type: 'AppointmentConfirmed' | 'AppointmentCancelled' | 'AppointmentRescheduled' }
>;

const DOMAIN = SCHOOL.email.split('@')[1]!;

/** "Tuesday, March 5, 2030, 10:00 AM - 11:00 AM" on the school's clock. */
export const appointmentWhen = (startsAt: string, endsAt: string) =>
  `${schoolDayText(startsAt)}, ${schoolClockText(startsAt)} - ${schoolClockText(endsAt)}`;

/** One message per appointment and change: a delivery again writes the same Message-ID. */
export const appointmentMessageId = (appointmentId: string, ref: string, to: 'parent' | 'instructor') =>
  `<appointment-${appointmentId}-${ref}-${to}@${DOMAIN}>`;

/**
 * An appointment sold (AppointmentConfirmed), moved or cancelled: the parent gets its message with
 * the calendar file (a move's with a higher SEQUENCE, a cancellation's a CANCEL) and the link to
 * the appointment page; the instructor is told, once (InstructorNotified on their calendar stream,
 * by the change's ref). Sent where the effects run, never in a request.
 */
export function appointmentEmailReactor(deps: Deps) {
  return defineReactor<Told>({
    name: 'appointment-email',
    eventTypes: ['AppointmentConfirmed', 'AppointmentCancelled', 'AppointmentRescheduled'],
    keyOf: (event) => event.data.appointmentId,
    async handle(event, { metadata }) {
      const { appointmentId } = event.data;
      if (event.type === 'AppointmentConfirmed') return tell(deps, appointmentId, 'booked', 'booked', metadata);
      const state = await deps.commands.state(appointmentDecider, appointmentStream(appointmentId));
      const moves = state.phase === 'none' ? 0 : state.moves;
      if (event.type === 'AppointmentCancelled') {
        const { refundCents } = event.data;
        const refund = refundCents > 0 ? `${formatUsd(refundCents)} to the card used for payment` : undefined;
        return tell(deps, appointmentId, 'cancelled', 'cancelled', metadata, {
          ...(refund ? { refund } : {}),
          sequence: moves + 1,
        });
      }
      const { moveId, from, startsAt, endsAt } = event.data;
      return tell(deps, appointmentId, 'moved', `moved-${moveId}`, metadata, {
        before: appointmentWhen(from.startsAt, from.endsAt),
        span: { startsAt, endsAt },
        sequence: await moveNumber(deps, appointmentId, moveId),
      });
    },
  });
}

/** The parent and the instructor told of one change of the appointment (`ref` names it once). */
export async function tell(
  deps: Deps,
  appointmentId: string,
  change: AppointmentChange,
  ref: string,
  metadata: EventMetadata,
  extra: { before?: string; refund?: string; sequence?: number; span?: { startsAt: string; endsAt: string } } = {},
): Promise<void> {
  const state = await deps.commands.state(appointmentDecider, appointmentStream(appointmentId));
  if (state.phase === 'none') return;
  const r = state.request;
  const [instructors, types] = await Promise.all([
    deps.commands.state(instructorsDecider, INSTRUCTORS_STREAM),
    deps.commands.state(appointmentTypesDecider, APPOINTMENT_TYPES_STREAM),
  ]);
  const instructor = instructors.byId[r.instructorId]?.record;
  const title = types.byId[r.typeId]?.title ?? 'Private appointment';
  const { startsAt, endsAt } = extra.span ?? r;
  const when = appointmentWhen(startsAt, endsAt);
  const paidCents = state.phase === 'confirmed' && state.money ? state.money.amountCents : 0;
  const dueLater = r.amountCents - r.dueNowCents;
  const publicUrl = deps.config.PUBLIC_URL ?? null;
  const ics = appointmentIcs({
    appointmentId,
    title,
    startsAt,
    endsAt,
    instructorName: instructor?.name ?? SCHOOL.name,
    stamp: deps.clock(),
    ...(extra.sequence ? { sequence: extra.sequence } : {}),
    method: change === 'cancelled' ? 'CANCEL' : 'PUBLISH',
  });
  const parent = await renderEmail('appointment', {
    change,
    firstName: r.firstName,
    title,
    when,
    ...(extra.before ? { before: extra.before } : {}),
    instructorName: instructor?.name ?? SCHOOL.name,
    participantName: r.participantName,
    ...(r.guests ? { guests: r.guests } : {}),
    paid: paidCents > 0 ? formatUsd(paidCents) : null,
    dueLater: dueLater > 0 ? formatUsd(dueLater) : null,
    ...(extra.refund ? { refund: extra.refund } : {}),
    manageUrl: appointmentUrl(deps.config, appointmentId),
    publicUrl,
  });
  await send(deps, appointmentId, {
    to: r.email,
    ...parent,
    messageId: appointmentMessageId(appointmentId, ref, 'parent'),
    attachments: [appointmentIcsAttachment(appointmentId, ics)],
  });
  if (!instructor) return;
  const calendar = await deps.commands.state(calendarDecider, calendarStream(r.instructorId));
  const noticeRef = `${appointmentId}:${ref}`;
  if (calendar.notified[noticeRef]) return;
  const notice = await renderEmail('instructor-notice', {
    change,
    instructorName: instructor.name,
    title,
    when,
    ...(extra.before ? { before: extra.before } : {}),
    participantName: r.participantName,
    ...(r.guests ? { guests: r.guests } : {}),
    ...(r.notes ? { notes: r.notes } : {}),
    publicUrl,
  });
  const messageId = appointmentMessageId(appointmentId, ref, 'instructor');
  await send(deps, appointmentId, {
    to: instructor.email,
    ...notice,
    messageId,
    attachments: [appointmentIcsAttachment(appointmentId, ics)],
    // It names the family's child: their erasure deletes this copy too.
    about: [pseudonymsFor(deps.config).email(r.email)],
  });
  await deps.commands.handle(
    calendarDecider,
    calendarStream(r.instructorId),
    {
      type: 'RecordInstructorNotice',
      instructorId: r.instructorId,
      appointmentId,
      ref: noticeRef,
      kind: change,
      messageId,
      transport: deps.mailer.transport,
      at: deps.clock().toISOString(),
    },
    metadata,
  );
}

/** Which move this is (1 for the first): the calendar file's SEQUENCE, so a calendar takes the latest. */
async function moveNumber(deps: Deps, appointmentId: string, moveId: string): Promise<number> {
  const moves = (await deps.eventStore.readStream(appointmentStream(appointmentId))).filter(
    (e) => e.type === 'AppointmentRescheduled',
  );
  const index = moves.findIndex((e) => (e.data as { moveId: string }).moveId === moveId);
  return (index < 0 ? moves.length : index) + 1;
}

async function send(deps: Deps, appointmentId: string, message: Parameters<Deps['mailer']['send']>[0]) {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    if (!(err instanceof UnsendableMessageError)) throw err;
    deps.log.error('appointment e-mail cannot be sent; passed over', { appointmentId, reason: err.message });
  }
}
