import type { AppointmentType, SlotView } from '../../contracts/appointments/appointment-type.js';
import { APPOINTMENT_TYPES_STREAM } from '../../contracts/appointments/appointment-type.js';
import { calendarStream } from '../../contracts/instructors/calendar.js';
import { INSTRUCTORS_STREAM } from '../../contracts/instructors/events.js';
import { freeSlots } from '../../contracts/instructors/slots.js';
import type { AppDeps } from '../core/deps.js';
import { busyOf, calendarDecider } from '../instructors/calendar-decider.js';
import { instructorsDecider, type InstructorState } from '../instructors/instructors-decider.js';
import { appointmentTypesDecider } from './types-decider.js';
import { refuse } from './refusals.js';

/** How old a calendar's known state may be for the slot list (advice: the calendar decides a booking). */
const SLOTS_STATE_AGE_MS = 1_000;

/** The type, or refused as not found. */
export async function appointmentTypeOf(deps: AppDeps, typeId: string): Promise<AppointmentType> {
  const types = await deps.commands.state(appointmentTypesDecider, APPOINTMENT_TYPES_STREAM);
  const found = types.byId[typeId];
  if (!found) throw refuse({ code: 'appointment_type_not_found' });
  return found;
}

/** The instructors who give the type (only the one asked for, when one is): refused when that one does not. */
export async function instructorsOf(
  deps: AppDeps,
  type: AppointmentType,
  instructorId?: string,
): Promise<InstructorState[]> {
  if (instructorId !== undefined && !type.instructorIds.includes(instructorId))
    throw refuse({ code: 'instructor_not_offered' });
  const instructors = await deps.commands.state(instructorsDecider, INSTRUCTORS_STREAM);
  const ids = instructorId === undefined ? type.instructorIds : [instructorId];
  return ids.flatMap((id) => (instructors.byId[id] ? [instructors.byId[id]] : []));
}

export const rulesOf = (type: AppointmentType) => ({
  typeId: type.id,
  minutes: type.minutes,
  bufferMinutes: type.bufferMinutes,
  minNoticeHours: type.minNoticeHours,
  horizonDays: type.horizonDays,
  maxPerDay: type.maxPerDay ?? null,
});

/**
 * GET /api/appointment-types/:id/slots: each instructor's free slots from their hours minus what
 * their calendar stream holds (read fresh, not from a read model, so a time just taken is not
 * offered), in time order.
 */
export async function slotsOf(
  deps: AppDeps,
  type: AppointmentType,
  instructors: readonly InstructorState[],
  range: { from: string; to: string },
  options: { ignoreBusy?: boolean } = {},
): Promise<SlotView[]> {
  const now = deps.clock().getTime();
  const lists = await Promise.all(
    instructors.map(async ({ record, availability }) => {
      const busy = options.ignoreBusy
        ? []
        : busyOf(await deps.commands.state(calendarDecider, calendarStream(record.instructorId), SLOTS_STATE_AGE_MS));
      return freeSlots(availability, busy, rulesOf(type), range, now).map((s) => ({
        ...s,
        instructorId: record.instructorId,
        instructorName: record.name,
      }));
    }),
  );
  return lists
    .flat()
    .sort(
      (a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.instructorName.localeCompare(b.instructorName),
    );
}
