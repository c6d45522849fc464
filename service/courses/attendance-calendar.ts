import {
  attendanceMailStream,
  type AttendanceCalendarSent,
  type AttendanceMailEvent,
} from '../../contracts/courses/attendance-mail.js';
import type { PurchasedItem } from '../../contracts/enrollment/events.js';
import type { Decider } from '../../platform/command/decider.js';
import type { AppDeps } from '../core/deps.js';
import { UnsendableMessageError, type MailAttachment, type MailMessage } from '../mail/port.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import { calendarSequence, calendarUid } from '../enrollment/emails/calendar-event.js';
import { workshopIcsAttachment } from '../enrollment/emails/confirmation-email.js';
import { workshopIcs } from '../enrollment/emails/ics.js';
import { cancellingIcsAttachment } from '../enrollment/emails/after-sale-emails.js';
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

export { missedSessions, missedSessionsOf } from '../enrollment/emails/calendar-revision.js';

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
    ...(cancel ? [cancellingIcsAttachment(input.orderId, cancel)] : []),
  ];
}

/**
 * Sends an absence's or a make-up's e-mail and records it on the booking's `attendance-mail-`
 * stream under `key` (the event's type and position), with the SEQUENCE its calendar carried. A
 * message that can never be sent is logged and passed over.
 */
export async function sendAttendanceMail(
  deps: Pick<AppDeps, 'commands' | 'mailer' | 'log'>,
  sent: { enrollmentId: string; key: string; sequence: number; at: Date; message: MailMessage },
  metadata: EventMetadata,
): Promise<boolean> {
  const { enrollmentId, key, sequence, message } = sent;
  try {
    await deps.mailer.send(message);
  } catch (err) {
    if (!(err instanceof UnsendableMessageError)) throw err;
    deps.log.error('attendance e-mail cannot be sent; passed over', { enrollmentId, key, reason: err.message });
    return false;
  }
  await deps.commands.handle(
    attendanceMailDecider,
    attendanceMailStream(enrollmentId),
    {
      type: 'RecordAttendanceCalendar',
      enrollmentId,
      key,
      messageId: message.messageId,
      transport: deps.mailer.transport,
      sequence,
      sentAt: sent.at.toISOString(),
    },
    metadata,
  );
  return true;
}
