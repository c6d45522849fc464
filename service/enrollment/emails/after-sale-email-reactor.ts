import { enrollmentIdOf, enrollmentStream, type EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { UnsendableMessageError, type MailMessage } from '../../mail/port.js';
import { enrollmentDecider, refundableCents, type EnrollmentState } from '../decider/enrollment-decider.js';
import { rescheduleMove, transferMove } from '../decider/enrollment-state.js';
import { cancellationEmail, rescheduleEmail, transferEmail } from './after-sale-emails.js';
import { bookingUrl } from '../after-sale/booking-link.js';
import { calendarRevision } from './calendar-revision.js';
import { cancellationTerms } from '../after-sale/cancellation-policy.js';
import { cancellationOf, hasSale, orderOf } from '../decider/enrollment-state.js';
import { stayingAttendees } from '../decider/participants.js';
import { ofCancellation, ofPlace, ofTransfer, refundsTold } from './refunds-told.js';

type Told = Extract<
  EnrollmentEvent,
  { type: 'EnrollmentCancelled' | 'ParticipantCancelled' | 'EnrollmentTransferred' | 'BookingRescheduled' }
>;
type Kind = 'cancellation' | 'transfer' | 'reschedule';

/** What to send for an event, or null when nothing is due; with the notification it is recorded as. */
async function messageFor(
  event: Told,
  state: EnrollmentState,
  now: Date,
  config: AppDeps['config'],
  manageUrl: string | null,
  /** The calendar's SEQUENCE with every calendar the absence and make-up e-mails sent (calendar-revision.ts). */
  sequenceOf: (move?: string) => Promise<number>,
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
      sequence: await sequenceOf(rescheduleMove(moved.changeId)),
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
      // Above every calendar handed out: the moves and the absence and make-up e-mails', and one more.
      calendar: { sequence: (await sequenceOf()) + 1, stamp: now },
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
    sequence: await sequenceOf(transferMove(transferId)),
    now,
    publicUrl,
    manageUrl,
  });
  return { message, kind: 'transfer', ref: transferId };
}

/**
 * The parent's e-mails after the sale: a cancellation (with the refund and the reason, unless the
 * administrator chose not to tell), one participant's place cancelled, each transfer, and each move of the workshop by the school
 * (the new date, time or place, a calendar file and what cancelling gives now). Once per
 * event, as the confirmation e-mail: CustomerNotified is recorded after the send, and a delivery
 * that finds it sends nothing; a crash between the two sends the same message (same Message-ID) again.
 */
export function afterSaleEmailReactor(
  deps: Pick<AppDeps, 'commands' | 'eventStore' | 'mailer' | 'clock' | 'config' | 'log'>,
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
      const due = await messageFor(
        event,
        state,
        deps.clock(),
        deps.config,
        await bookingUrl(deps, enrollmentId),
        sequenceOf,
      );
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
