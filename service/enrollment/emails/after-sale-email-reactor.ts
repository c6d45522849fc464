import { workshopStream } from '../../../contracts/catalogue/events.js';
import {
  enrollmentIdOf,
  enrollmentStream,
  itemSessions,
  type EnrollmentEvent,
} from '../../../contracts/enrollment/events.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { UnsendableMessageError, type MailMessage } from '../../mail/port.js';
import { enrollmentDecider, refundableCents, type EnrollmentState } from '../decider/enrollment-decider.js';
import { rescheduleMove, transferMove } from '../decider/enrollment-state.js';
import { cancellationEmail, rescheduleEmail, transferEmail, type CancellingCalendar } from './after-sale-emails.js';
import { makeupsEnding } from './booked-makeups.js';
import { bookingUrl } from '../after-sale/booking-link.js';
import { calendarRevision, sessionsNoneAttend } from './calendar-revision.js';
import { cancellationTerms } from '../after-sale/cancellation-policy.js';
import { cancellationOf, hasSale, orderOf, type SoldEnrollment } from '../decider/enrollment-state.js';
import { stayingAttendees, stayingParticipants } from '../decider/participants.js';
import { ofCancellation, ofPlace, ofTransfer, refundsTold } from './refunds-told.js';

type Told = Extract<
  EnrollmentEvent,
  { type: 'EnrollmentCancelled' | 'ParticipantCancelled' | 'EnrollmentTransferred' | 'BookingRescheduled' }
>;
type Kind = 'cancellation' | 'transfer' | 'reschedule';

interface Calendars {
  /** The calendar's SEQUENCE with every calendar the absence and make-up e-mails sent (calendar-revision.ts). */
  sequenceOf: (move?: string) => Promise<number>;
  /** What a cancellation takes out of the calendar: the whole booking's, or one child's place's. */
  cancelling: (left?: { participant: number }) => Promise<Omit<CancellingCalendar, 'stamp'>>;
}

/** What to send for an event, or null when nothing is due; with the notification it is recorded as. */
async function messageFor(
  event: Told,
  state: EnrollmentState,
  now: Date,
  config: AppDeps['config'],
  manageUrl: string | null,
  calendars: Calendars,
): Promise<{ message: MailMessage; kind: Kind; ref: string } | null> {
  // Those still coming are the ones the e-mails name (a participant may have left a booking of several).
  const submission = state.submission && { ...state.submission, attendees: stayingAttendees(state) };
  const publicUrl = config.PUBLIC_URL;
  // Each of these happens to a sold booking only.
  if (!submission || !hasSale(state)) return null;
  if (event.type === 'BookingRescheduled') {
    const moved = event.data;
    if (state.notified.includes(`reschedule:${moved.changeId}`)) return null;
    // Only a booking that stands hears of it; an unpaid hold gets the new date in its confirmation.
    if (state.status !== 'confirmed' || state.workshopId !== moved.workshopId) return null;
    // A class already over (a past date corrected, a change found when the reactor first went
    // through an old feed) is not news to a parent.
    if (!moved.item.date || Date.parse(moved.item.date) <= now.getTime()) return null;
    const terms = cancellationTerms({
      startsAt: moved.item.date,
      bookedStartsAt: state.bookedItem?.date ?? null,
      now,
      fullRefundDays: config.CANCELLATION_FULL_REFUND_DAYS,
      isFree: submission.isFree,
      refundableCents: refundableCents(state),
    });
    const message = await rescheduleEmail({
      submission,
      moved,
      orderId: orderOf(state)?.orderId ?? null,
      sequence: await calendars.sequenceOf(rescheduleMove(moved.changeId)),
      fullRefundUntil: terms.kind === 'full-refund' && terms.refundCents > 0 ? terms.deadline : null,
      now,
      publicUrl,
      manageUrl,
    });
    return { message, kind: 'reschedule', ref: moved.changeId };
  }
  if (event.type === 'EnrollmentCancelled') {
    const cancellation = cancellationOf(state);
    if (!cancellation || !cancellation.notify || state.notified.includes('cancellation:cancellation')) return null;
    const message = await cancellationEmail({
      submission,
      item: state.item,
      orderId: orderOf(state)?.orderId ?? null,
      cancelledBy: cancellation.by === 'visitor' ? 'parent' : 'school',
      note: cancellation.note,
      ...refundsTold(state, ofCancellation(cancellation.at)),
      publicUrl,
      calendar: { ...(await calendars.cancelling()), stamp: now },
    });
    return { message, kind: 'cancellation', ref: 'cancellation' };
  }
  if (event.type === 'ParticipantCancelled') {
    const left = event.data;
    const ref = `participant-${left.participant}`;
    if (!left.notify || state.notified.includes(`cancellation:${ref}`)) return null;
    const message = await cancellationEmail({
      submission,
      item: state.item,
      orderId: orderOf(state)?.orderId ?? null,
      cancelledBy: left.reason === 'cancelled-by-visitor' ? 'parent' : 'school',
      note: left.note ?? null,
      ...refundsTold(state, ofPlace(left.participant)),
      publicUrl,
      place: {
        participant: left.participant,
        name: left.name,
        staying: stayingAttendees(state),
        remainingCents: state.priceCents,
        manageUrl,
      },
      calendar: { ...(await calendars.cancelling(left)), stamp: now },
    });
    return { message, kind: 'cancellation', ref };
  }
  const { transferId } = event.data;
  if (state.notified.includes(`transfer:${transferId}`)) return null;
  const message = await transferEmail({
    submission,
    from: event.data.fromItem,
    to: event.data.item,
    orderId: orderOf(state)?.orderId ?? null,
    transferId,
    refundCents: event.data.refundCents,
    refunds: refundsTold(state, ofTransfer(transferId)).refunds,
    sequence: await calendars.sequenceOf(transferMove(transferId)),
    now,
    publicUrl,
    manageUrl,
  });
  return { message, kind: 'transfer', ref: transferId };
}

/**
 * The sessions not begun that no one still in the booking attends (decision record 150): a child
 * leaving takes out of the calendar only what the others all miss; the sessions stay for the rest.
 */
async function sessionsLeft(deps: Pick<AppDeps, 'commands'>, enrollmentId: string, state: SoldEnrollment, now: Date) {
  if (!state.workshopId) return [];
  const ledger = await deps.commands.state(workshopDecider, workshopStream(state.workshopId));
  const sessions = itemSessions(state.item);
  return sessionsNoneAttend(ledger, enrollmentId, stayingParticipants(state)).filter(
    (n) => Date.parse(sessions[n - 1]?.startsAt ?? '') > now.getTime(),
  );
}

/**
 * The parent's e-mails after the sale: a cancellation (with the refund and the reason, unless the
 * administrator chose not to tell), one participant's place cancelled, each transfer, and each move of the workshop by the school
 * (the new date, time or place, a calendar file and what cancelling gives now). Once per
 * event, as the confirmation e-mail: CustomerNotified is recorded after the send, and a delivery
 * that finds it sends nothing; a crash between the two sends the same message (same Message-ID) again.
 */
export function afterSaleEmailReactor(
  deps: Pick<AppDeps, 'commands' | 'eventStore' | 'readStore' | 'projections' | 'mailer' | 'clock' | 'config' | 'log'>,
) {
  return defineReactor<Told>({
    name: 'after-sale-email',
    eventTypes: ['EnrollmentCancelled', 'ParticipantCancelled', 'EnrollmentTransferred', 'BookingRescheduled'],
    async handle(event, { metadata }) {
      const enrollmentId = enrollmentIdOf(event);
      const stream = enrollmentStream(enrollmentId);
      const state = await deps.commands.state(enrollmentDecider, stream);
      const sequenceOf = async (move?: string) =>
        hasSale(state) ? (await calendarRevision(deps, enrollmentId, state, move)).sequence : 0;
      const cancelling = async (left?: { participant: number }) => {
        // Above every calendar handed out: the moves and the absence and make-up e-mails', and one more.
        const sequence = (await sequenceOf()) + 1;
        const makeups = await makeupsEnding(deps, enrollmentId, { ...left, position: event.position });
        if (!left || !hasSale(state)) return { sequence, makeups };
        return { sequence, makeups, sessions: await sessionsLeft(deps, enrollmentId, state, deps.clock()) };
      };
      const due = await messageFor(event, state, deps.clock(), deps.config, await bookingUrl(deps, enrollmentId), {
        sequenceOf,
        cancelling,
      });
      if (!due) return;
      try {
        await deps.mailer.send(due.message);
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('after-sale e-mail cannot be sent; passed over', {
          enrollmentId,
          kind: due.kind,
          reason: err.message,
        });
        return;
      }
      await deps.commands.handle(
        enrollmentDecider,
        stream,
        {
          type: 'RecordNotification',
          kind: due.kind,
          ref: due.ref,
          messageId: due.message.messageId,
          transport: deps.mailer.transport,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
      deps.log.info('after-sale e-mail sent', { enrollmentId, kind: due.kind });
    },
  });
}
