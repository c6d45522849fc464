import type { Context } from 'hono';
import { appointmentStream, type AppointmentView } from '../../contracts/appointments/booking.js';
import { calendarStream } from '../../contracts/instructors/calendar.js';
import { INSTRUCTORS_STREAM } from '../../contracts/instructors/events.js';
import { schoolDateOf, schoolInstant } from '../../contracts/instructors/school-clock.js';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { calendarDecider } from '../instructors/calendar-decider.js';
import { instructorsDecider } from '../instructors/instructors-decider.js';
import { appointmentDecider, inFullRefundWindow, paidCentsOf, type AppointmentState } from './appointment-decider.js';
import { nearest, SLOT_TAKEN, taken } from './book.js';
import { refuse } from './refusals.js';
import { appointmentTypeOf, instructorsOf, slotsOf } from './slots.js';

type Known = Exclude<AppointmentState, { phase: 'none' }>;

const STATUS: Record<Known['phase'], AppointmentView['status']> = {
  held: 'held',
  // Paid, settled a moment later by the appointment checkout.
  paid: 'held',
  confirmed: 'confirmed',
  expired: 'expired',
  refunded: 'refunded',
  cancelled: 'cancelled',
};

/** The appointment as its stream tells it now, or refused as not found. */
export async function appointmentOf(deps: AppDeps, appointmentId: string): Promise<Known> {
  const state = await deps.commands.state(appointmentDecider, appointmentStream(appointmentId));
  if (state.phase === 'none') throw refuse({ code: 'appointment_not_found' });
  return state;
}

/** GET /api/appointments/:token: the appointment, what cancelling gives today and whether it may still move. */
export async function appointmentView(deps: AppDeps, state: Known): Promise<AppointmentView> {
  const r = state.request;
  const [type, instructors] = await Promise.all([
    appointmentTypeOf(deps, r.typeId),
    deps.commands.state(instructorsDecider, INSTRUCTORS_STREAM),
  ]);
  const now = deps.clock().toISOString();
  const hours = deps.config.LESSON_FULL_REFUND_HOURS;
  const open = state.phase === 'held' || state.phase === 'confirmed';
  const inWindow = inFullRefundWindow(r.startsAt, now, hours);
  const paidCents = paidCentsOf(state);
  const refundedCents =
    state.phase === 'refunded'
      ? state.refundedCents
      : state.phase === 'cancelled' && state.refunded
        ? state.refundCents
        : 0;
  return {
    appointmentId: r.appointmentId,
    status: STATUS[state.phase],
    typeId: r.typeId,
    title: type.title,
    kind: r.kind,
    instructorId: r.instructorId,
    instructorName: instructors.byId[r.instructorId]?.record.name ?? '',
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    participantName: r.participantName,
    ...(r.guests ? { guests: r.guests } : {}),
    amountCents: r.amountCents,
    paidCents,
    dueLaterCents: r.amountCents - r.dueNowCents,
    refundedCents,
    holdExpiresAt: state.phase === 'held' ? r.holdExpiresAt : null,
    fullRefundUntil: schoolInstant(Date.parse(r.startsAt) - hours * 3_600_000),
    canCancel: open,
    canReschedule: open && inWindow,
    refundIfCancelledCents: open && inWindow ? paidCents : 0,
  };
}

/** POST /api/appointments/:token/cancel: cancelled by the parent; the checkout gives the time and the refund back. */
export async function cancelAppointment(c: Context, deps: AppDeps, appointmentId: string): Promise<Known> {
  await appointmentOf(deps, appointmentId);
  const { state } = await deps.commands.handle(
    appointmentDecider,
    appointmentStream(appointmentId),
    {
      type: 'CancelAppointment',
      by: 'parent',
      fullRefundHours: deps.config.LESSON_FULL_REFUND_HOURS,
      at: deps.clock().toISOString(),
    },
    requestMetadata(c, deps, 'visitor'),
  );
  return state as Known;
}

/**
 * POST /api/appointments/:token/reschedule: another of the type's free times with the same
 * instructor, decided on their calendar in one event (the new time taken and the old freed), then
 * recorded on the appointment. A time just taken is the same 409 as a booking's, with the nearest
 * free times; too late to move is refused before anything is written.
 */
export async function rescheduleAppointment(
  c: Context,
  deps: AppDeps,
  appointmentId: string,
  startsAt: string,
): Promise<Known> {
  const state = await appointmentOf(deps, appointmentId);
  const r = state.request;
  const at = deps.clock().toISOString();
  const hours = deps.config.LESSON_FULL_REFUND_HOURS;
  if (state.phase !== 'held' && state.phase !== 'confirmed') throw refuse({ code: 'appointment_closed' });
  if (!inFullRefundWindow(r.startsAt, at, hours)) throw refuse({ code: 'appointment_too_late_to_move', hours });
  const type = await appointmentTypeOf(deps, r.typeId);
  const instructors = await instructorsOf(deps, type, r.instructorId);
  const day = schoolDateOf(Date.parse(startsAt));
  const offered = await slotsOf(deps, type, instructors, { from: day, to: day }, { ignoreBusy: true });
  const slot = offered.find((s) => Date.parse(s.startsAt) === Date.parse(startsAt));
  if (!slot) throw refuse({ code: 'slot_not_offered' });
  const metadata = requestMetadata(c, deps, 'visitor');
  const moveId = deps.newId();
  try {
    await deps.commands.handle(
      calendarDecider,
      calendarStream(r.instructorId),
      {
        type: 'MoveSlot',
        instructorId: r.instructorId,
        appointmentId,
        moveId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        by: 'parent',
        maxPerDay: type.maxPerDay ?? null,
        at,
      },
      metadata,
    );
  } catch (err) {
    if (!taken(err)) throw err;
    throw new AppError('conflict', SLOT_TAKEN, {
      body: { nearest: await nearest(deps, type, startsAt, r.instructorId) },
    });
  }
  const moved = await deps.commands.handle(
    appointmentDecider,
    appointmentStream(appointmentId),
    {
      type: 'RescheduleAppointment',
      moveId,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      by: 'parent',
      fullRefundHours: hours,
      at,
    },
    metadata,
  );
  return moved.state as Known;
}
