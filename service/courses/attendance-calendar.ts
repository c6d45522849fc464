import { workshopStream } from '../../contracts/catalogue/events.js';
import { SCHOOL } from '../../contracts/core/school.js';
import {
  attendanceMailStream,
  type AttendanceCalendarSent,
  type AttendanceMailEvent,
} from '../../contracts/courses/attendance-mail.js';
import type { PurchasedItem } from '../../contracts/enrollment/events.js';
import type { Decider } from '../../platform/command/decider.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import type { WorkshopState } from '../catalogue/workshop-state.js';
import type { AppDeps } from '../core/deps.js';
import type { MailAttachment } from '../mail/port.js';
import { calendarSequence, calendarUid } from '../enrollment/emails/calendar-event.js';
import { workshopIcsAttachment } from '../enrollment/emails/confirmation-email.js';
import { workshopIcs } from '../enrollment/emails/ics.js';
import type { Booking } from '../enrollment/decider/enrollment-state.js';

export type AttendanceMailCommand = { type: 'RecordAttendanceCalendar' } & AttendanceCalendarSent;

export interface AttendanceMailState {
  /** The events already told, by key. */
  told: Record<string, true>;
  /** How many calendar revisions these e-mails have sent. */
  sent: number;
}

/** One e-mail per absence or make-up event: the second record of a key records nothing. */
export const attendanceMailDecider: Decider<AttendanceMailCommand, AttendanceMailEvent, AttendanceMailState> = {
  initialState: { told: {}, sent: 0 },
  evolve: (state, event) => ({ told: { ...state.told, [event.data.key]: true }, sent: state.sent + 1 }),
  decide: (command, state) => {
    if (state.told[command.key]) return [];
    const { type: _type, ...data } = command;
    return [{ type: 'AttendanceCalendarSent', data }];
  },
};

export const attendanceMailState = (deps: Pick<AppDeps, 'commands'>, enrollmentId: string) =>
  deps.commands.state(attendanceMailDecider, attendanceMailStream(enrollmentId));

/**
 * The calendar's revision now: each change of date or place (calendar-event.ts) and each calendar
 * an absence or a make-up e-mailed raise it, so every file handed out replaces the one before.
 */
export const attendanceSequence = (booking: Pick<Booking, 'moves'>, mails: AttendanceMailState) =>
  calendarSequence(booking) + mails.sent;

/** Sessions of the workshop the booking no longer attends: every child still booked reported missing them. */
export function missedSessions(ledger: WorkshopState, enrollmentId: string): number[] {
  const seats = ledger.confirmed[enrollmentId] ?? 0;
  const bySession = new Map<number, number>();
  for (const a of Object.values(ledger.sessionSeats.absences))
    if (a.enrollmentId === enrollmentId) bySession.set(a.session, (bySession.get(a.session) ?? 0) + 1);
  return [...bySession].filter(([, absent]) => seats > 0 && absent >= seats).map(([session]) => session);
}

export async function missedSessionsOf(deps: Pick<AppDeps, 'commands'>, workshopId: string, enrollmentId: string) {
  return missedSessions(await deps.commands.state(workshopDecider, workshopStream(workshopId)), enrollmentId);
}

/**
 * The booking's calendar as it now stands: the sessions attended (METHOD:PUBLISH) and, when some
 * are missed, those cancelled (METHOD:CANCEL, STATUS:CANCELLED), same UIDs, at `sequence`.
 */
export function attendanceCalendars(input: {
  orderId: string;
  item: PurchasedItem;
  missed: readonly number[];
  sequence: number;
  stamp: Date;
}): MailAttachment[] {
  const base = { uid: calendarUid(input.orderId), item: input.item, orderId: input.orderId, stamp: input.stamp };
  const publish = workshopIcs({ ...base, sequence: input.sequence, missed: input.missed });
  const cancel =
    input.missed.length > 0
      ? workshopIcs({ ...base, sequence: input.sequence, missed: input.missed, method: 'CANCEL' })
      : null;
  return [
    ...(publish ? [workshopIcsAttachment(input.orderId, publish)] : []),
    ...(cancel
      ? [
          {
            filename: `${SCHOOL.product}-${input.orderId}-cancelled.ics`,
            content: cancel,
            contentType: 'text/calendar; charset=utf-8; method=CANCEL',
          },
        ]
      : []),
  ];
}
