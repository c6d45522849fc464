import type { CalendarEvent, TimeSpan } from '../../contracts/instructors/calendar.js';
import type { CheckoutHolds } from '../../contracts/catalogue/events.js';
import type { Busy } from '../../contracts/instructors/time-rules.js';

/** An appointment on the calendar, as long as the stream has known it (a released one keeps its times). */
export interface CalendarAppointment {
  id: string;
  kind: 'lesson' | 'party';
  typeId: string;
  start: number;
  end: number;
  bufferMinutes: number;
  status: 'held' | 'booked' | 'released';
  expiresAt: number | null;
  checkout?: CheckoutHolds;
}

/** One instructor's time: appointments by id, classes' sessions by workshop, moves and e-mails done. */
export interface CalendarState {
  appointments: Readonly<Record<string, CalendarAppointment>>;
  classes: Readonly<Record<string, readonly TimeSpan[]>>;
  moves: Readonly<Record<string, true>>;
  notified: Readonly<Record<string, true>>;
}

export const calendarInitialState: CalendarState = { appointments: {}, classes: {}, moves: {}, notified: {} };

const withAppointment = (state: CalendarState, id: string, change: Partial<CalendarAppointment>): CalendarState => {
  const known = state.appointments[id];
  return known ? { ...state, appointments: { ...state.appointments, [id]: { ...known, ...change } } } : state;
};

/** Always a new state (never changed in place), so the command handler may catch a cached one up. */
export function evolveCalendar(state: CalendarState, event: CalendarEvent): CalendarState {
  switch (event.type) {
    case 'AppointmentSlotHeld': {
      const d = event.data;
      const held: CalendarAppointment = {
        id: d.appointmentId,
        kind: d.kind,
        typeId: d.typeId,
        start: Date.parse(d.startsAt),
        end: Date.parse(d.endsAt),
        bufferMinutes: d.bufferMinutes,
        status: 'held',
        expiresAt: d.expiresAt === null ? null : Date.parse(d.expiresAt),
        ...(d.checkout ? { checkout: d.checkout } : {}),
      };
      return { ...state, appointments: { ...state.appointments, [d.appointmentId]: held } };
    }
    case 'AppointmentSlotBooked':
      return withAppointment(state, event.data.appointmentId, {
        status: 'booked',
        start: Date.parse(event.data.startsAt),
        end: Date.parse(event.data.endsAt),
      });
    case 'AppointmentSlotReleased':
      return withAppointment(state, event.data.appointmentId, { status: 'released' });
    case 'AppointmentSlotMoved':
      return {
        ...withAppointment(state, event.data.appointmentId, {
          start: Date.parse(event.data.startsAt),
          end: Date.parse(event.data.endsAt),
        }),
        moves: { ...state.moves, [event.data.moveId]: true },
      };
    case 'ClassTimeBlocked':
      return { ...state, classes: { ...state.classes, [event.data.workshopId]: event.data.sessions } };
    case 'ClassTimeFreed': {
      const { [event.data.workshopId]: _freed, ...classes } = state.classes;
      return { ...state, classes };
    }
    case 'InstructorNotified':
      return { ...state, notified: { ...state.notified, [event.data.ref]: true } };
  }
}

/** Everything that keeps time on this calendar, as the time rules read it (released appointments left out). */
export function busyOf(state: CalendarState): Busy[] {
  const busy: Busy[] = [];
  for (const a of Object.values(state.appointments))
    if (a.status !== 'released')
      busy.push({
        id: a.id,
        kind: a.kind,
        typeId: a.typeId,
        start: a.start,
        end: a.end,
        bufferMinutes: a.bufferMinutes,
        status: a.status,
        expiresAt: a.expiresAt,
      });
  for (const [workshopId, sessions] of Object.entries(state.classes))
    for (const s of sessions)
      busy.push({
        id: workshopId,
        kind: 'class',
        start: Date.parse(s.startsAt),
        end: Date.parse(s.endsAt),
        bufferMinutes: 0,
        status: 'booked',
        expiresAt: null,
      });
  return busy;
}
