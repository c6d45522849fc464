import type { Decider } from '../../platform/command/decider.js';
import type {
  AppointmentKind,
  AppointmentSlotHeld,
  CalendarEvent,
  TimeSpan,
} from '../../contracts/instructors/calendar.js';
import type { CheckoutHolds } from '../../contracts/catalogue/events.js';
import { refusalOf, type Busy, type Candidate } from '../../contracts/instructors/time-rules.js';
import { schoolInstant } from '../../contracts/instructors/school-clock.js';
import { refuse } from './refusals.js';
import {
  busyOf,
  calendarInitialState,
  evolveCalendar,
  type CalendarAppointment,
  type CalendarState,
} from './calendar-state.js';

export { calendarInitialState, busyOf, type CalendarState } from './calendar-state.js';

interface Base {
  instructorId: string;
  at: string;
}

export type CalendarCommand =
  | (Base & {
      type: 'HoldSlot';
      appointmentId: string;
      typeId: string;
      kind: AppointmentKind;
      startsAt: string;
      endsAt: string;
      bufferMinutes: number;
      maxPerDay?: number | null;
      expiresAt: string | null;
      checkout?: CheckoutHolds;
    })
  | (Base & { type: 'ConfirmSlot'; appointmentId: string; maxPerDay?: number | null })
  | (Base & { type: 'ReleaseSlot'; appointmentId: string; reason: 'expired' | 'cancelled' | 'refused' | 'refunded' })
  | (Base & {
      type: 'MoveSlot';
      appointmentId: string;
      moveId: string;
      startsAt: string;
      endsAt: string;
      by: 'parent' | 'office';
      maxPerDay?: number | null;
    })
  | (Base & { type: 'BlockClassTime'; workshopId: string; sessions: TimeSpan[]; strict: boolean })
  | (Base & { type: 'FreeClassTime'; workshopId: string })
  | (Base & {
      type: 'RecordInstructorNotice';
      appointmentId: string;
      ref: string;
      kind: 'booked' | 'moved' | 'cancelled';
      messageId: string;
      transport: 'smtp' | 'outbox';
    });

type Of<T extends CalendarCommand['type']> = Extract<CalendarCommand, { type: T }>;

/** The refusal of a candidate time: the first overlap (what and when), or the day's cap. */
function refuseTaken(busy: Busy[], candidate: Candidate, now: number, except?: string): void {
  const why = refusalOf(busy, candidate, now, except);
  if (!why) return;
  if ('dayFull' in why)
    throw refuse({ code: 'instructor_day_full', day: why.dayFull, maxPerDay: candidate.maxPerDay! });
  const { overlap } = why;
  throw refuse({
    code: 'instructor_time_taken',
    startsAt: schoolInstant(overlap.start),
    endsAt: schoolInstant(overlap.end),
    what: overlap.kind,
  });
}

const candidateOf = (
  a: Pick<CalendarAppointment, 'start' | 'end' | 'bufferMinutes' | 'typeId'>,
  maxPerDay?: number | null,
) => ({
  start: a.start,
  end: a.end,
  bufferMinutes: a.bufferMinutes,
  typeId: a.typeId,
  maxPerDay,
});

const spanOf = (a: CalendarAppointment) => ({ startsAt: schoolInstant(a.start), endsAt: schoolInstant(a.end) });

function holdSlot(c: Of<'HoldSlot'>, state: CalendarState): CalendarEvent[] {
  // Asked again (a retried request): the hold stands as first decided.
  if (state.appointments[c.appointmentId]) return [];
  const start = Date.parse(c.startsAt);
  const end = Date.parse(c.endsAt);
  refuseTaken(
    busyOf(state),
    { start, end, bufferMinutes: c.bufferMinutes, typeId: c.typeId, maxPerDay: c.maxPerDay },
    Date.parse(c.at),
  );
  const held: AppointmentSlotHeld = {
    instructorId: c.instructorId,
    appointmentId: c.appointmentId,
    typeId: c.typeId,
    kind: c.kind,
    startsAt: schoolInstant(start),
    endsAt: schoolInstant(end),
    bufferMinutes: c.bufferMinutes,
    expiresAt: c.expiresAt,
    ...(c.checkout ? { checkout: c.checkout } : {}),
    heldAt: c.at,
  };
  return [{ type: 'AppointmentSlotHeld', data: held }];
}

/**
 * Sold: the hold becomes the instructor's time for good. A hold that lapsed (or was released when
 * it lapsed) is taken again when its time is still free; otherwise refused, and the checkout
 * workflow gives the money back.
 */
function confirmSlot(c: Of<'ConfirmSlot'>, state: CalendarState): CalendarEvent[] {
  const known = state.appointments[c.appointmentId];
  if (!known) throw refuse({ code: 'appointment_not_on_calendar' });
  if (known.status === 'booked') return [];
  const now = Date.parse(c.at);
  const lapsed = known.status === 'released' || (known.expiresAt !== null && known.expiresAt <= now);
  if (lapsed) refuseTaken(busyOf(state), candidateOf(known, c.maxPerDay), now, known.id);
  return [
    {
      type: 'AppointmentSlotBooked',
      data: {
        instructorId: c.instructorId,
        appointmentId: known.id,
        typeId: known.typeId,
        kind: known.kind,
        ...spanOf(known),
        bufferMinutes: known.bufferMinutes,
        bookedAt: c.at,
      },
    },
  ];
}

function releaseSlot(c: Of<'ReleaseSlot'>, state: CalendarState): CalendarEvent[] {
  const known = state.appointments[c.appointmentId];
  if (!known || known.status === 'released') return [];
  return [
    {
      type: 'AppointmentSlotReleased',
      data: {
        instructorId: c.instructorId,
        appointmentId: known.id,
        ...spanOf(known),
        reason: c.reason,
        releasedAt: c.at,
      },
    },
  ];
}

/** A reschedule: the new time checked against everything else, then taken and the old freed in one event. */
function moveSlot(c: Of<'MoveSlot'>, state: CalendarState): CalendarEvent[] {
  if (state.moves[c.moveId]) return [];
  const known = state.appointments[c.appointmentId];
  if (!known || known.status === 'released') throw refuse({ code: 'appointment_not_on_calendar' });
  const moved = { ...known, start: Date.parse(c.startsAt), end: Date.parse(c.endsAt) };
  refuseTaken(busyOf(state), candidateOf(moved, c.maxPerDay), Date.parse(c.at), known.id);
  return [
    {
      type: 'AppointmentSlotMoved',
      data: {
        instructorId: c.instructorId,
        appointmentId: known.id,
        moveId: c.moveId,
        typeId: known.typeId,
        kind: known.kind,
        bufferMinutes: known.bufferMinutes,
        status: known.status === 'booked' ? 'booked' : 'held',
        expiresAt: known.status === 'booked' || known.expiresAt === null ? null : schoolInstant(known.expiresAt),
        from: spanOf(known),
        ...spanOf(moved),
        by: c.by,
        movedAt: c.at,
      },
    },
  ];
}

/**
 * A class's sessions on the instructor's time. `strict` (the office scheduling or moving it) refuses
 * a session over a lesson or party held or booked; otherwise (a class already scheduled, told to
 * the calendar afterwards) the fact is recorded as it is.
 */
function blockClassTime(c: Of<'BlockClassTime'>, state: CalendarState): CalendarEvent[] {
  const sessions = c.sessions.map((s) => ({
    startsAt: schoolInstant(Date.parse(s.startsAt)),
    endsAt: schoolInstant(Date.parse(s.endsAt)),
  }));
  const replaced = state.classes[c.workshopId] ?? [];
  if (JSON.stringify(replaced) === JSON.stringify(sessions)) return [];
  if (c.strict) {
    const now = Date.parse(c.at);
    const appointments = busyOf(state).filter((b) => b.kind !== 'class');
    for (const s of sessions)
      refuseTaken(
        appointments,
        { start: Date.parse(s.startsAt), end: Date.parse(s.endsAt), bufferMinutes: 0, typeId: '' },
        now,
      );
  }
  return [
    {
      type: 'ClassTimeBlocked',
      data: {
        instructorId: c.instructorId,
        workshopId: c.workshopId,
        sessions,
        replaced: [...replaced],
        blockedAt: c.at,
      },
    },
  ];
}

function freeClassTime(c: Of<'FreeClassTime'>, state: CalendarState): CalendarEvent[] {
  const sessions = state.classes[c.workshopId];
  if (!sessions) return [];
  return [
    {
      type: 'ClassTimeFreed',
      data: { instructorId: c.instructorId, workshopId: c.workshopId, sessions: [...sessions], freedAt: c.at },
    },
  ];
}

function recordNotice(c: Of<'RecordInstructorNotice'>, state: CalendarState): CalendarEvent[] {
  if (state.notified[c.ref]) return [];
  const { instructorId, appointmentId, ref, kind, messageId, transport, at } = c;
  return [
    { type: 'InstructorNotified', data: { instructorId, appointmentId, ref, kind, messageId, transport, sentAt: at } },
  ];
}

const DECISIONS: { [T in CalendarCommand['type']]: (c: Of<T>, s: CalendarState) => CalendarEvent[] } = {
  HoldSlot: holdSlot,
  ConfirmSlot: confirmSlot,
  ReleaseSlot: releaseSlot,
  MoveSlot: moveSlot,
  BlockClassTime: blockClassTime,
  FreeClassTime: freeClassTime,
  RecordInstructorNotice: recordNotice,
};

/**
 * The stream `instructor-calendar-<instructorId>`: the one place an instructor's time is decided.
 * A lesson or party is held only where nothing else keeps the time (its buffer and theirs kept
 * free) and under its type's daily cap; sold, moved (the new time taken and the old freed in one
 * event) or released; a class's sessions are placed on it by the office (refused over an
 * appointment) or recorded after the fact. Every decision rests on the stream's revision.
 */
export const calendarDecider: Decider<CalendarCommand, CalendarEvent, CalendarState> = {
  initialState: calendarInitialState,
  evolve: evolveCalendar,
  decide: <T extends CalendarCommand['type']>(command: Of<T>, state: CalendarState) =>
    (DECISIONS[command.type] as (c: Of<T>, s: CalendarState) => CalendarEvent[])(command, state),
};
