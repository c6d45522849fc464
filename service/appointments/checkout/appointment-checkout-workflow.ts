import type { AppointmentEvent } from '../../../contracts/appointments/booking.js';
import type { CalendarCommand } from '../../instructors/calendar-decider.js';
import type { AppointmentCommand, AppointmentState } from '../appointment-decider.js';
import type { LessonPackCommand } from '../packs/lesson-pack-decider.js';

/**
 * The appointment's checkout, in the checkout workflow's shape (record 052: `decide` over its
 * inputs, commands out to the streams that own them), run as a reactor
 * (appointment-checkout-reactor.ts). The request holds the time on the instructor's calendar and
 * records the appointment (confirmed at once when nothing is due); from there:
 * - paid: the time confirmed on the calendar (taken again when the hold lapsed and it is still
 *   free), then the appointment confirmed; the calendar refusing (the time went meanwhile), the
 *   money goes back;
 * - expired unpaid: its time given back;
 * - cancelled: its time given back, and what the policy refunds sent back to the card;
 * - paid by a lesson pack: the lesson back on the pack when it expired, or was cancelled in time.
 * Every command is idempotent on its stream, so a delivery again repeats nothing.
 */
export type AppointmentCheckoutInput =
  | Extract<AppointmentEvent, { type: 'AppointmentPaid' | 'AppointmentExpired' | 'AppointmentCancelled' }>
  /** A command of this workflow was refused by its stream (the calendar: the time is gone). */
  | { type: 'StepRefused'; data: { step: AppointmentCheckoutOutput['to'] } };

export type AppointmentCheckoutOutput =
  | { to: 'calendar'; instructorId: string; command: CalendarCommand }
  | { to: 'appointment'; appointmentId: string; command: AppointmentCommand }
  | { to: 'lesson-pack'; lessonPackId: string; command: LessonPackCommand }
  /**
   * An effect: money back through the payments port (all of it when `amountCents` is absent), then
   * recorded (RecordAppointmentRefund).
   */
  | {
      to: 'refund';
      appointmentId: string;
      paymentIntentId: string;
      amountCents?: number;
      reason: 'time-taken' | 'cancelled';
    };

export interface AppointmentCheckoutContext {
  now: Date;
  /** The type's daily cap, checked again when a lapsed hold's time is taken again. */
  maxPerDay: number | null;
}

export function decideAppointmentCheckout(
  input: AppointmentCheckoutInput,
  state: AppointmentState,
  context: AppointmentCheckoutContext,
): AppointmentCheckoutOutput[] {
  const at = context.now.toISOString();
  switch (input.type) {
    case 'AppointmentPaid': {
      if (state.phase !== 'paid') return [];
      const { appointmentId, instructorId } = state.request;
      return [
        {
          to: 'calendar',
          instructorId,
          command: { type: 'ConfirmSlot', instructorId, appointmentId, maxPerDay: context.maxPerDay, at },
        },
        { to: 'appointment', appointmentId, command: { type: 'ConfirmAppointment', at } },
      ];
    }
    case 'AppointmentExpired': {
      if (state.phase !== 'expired') return [];
      const { appointmentId, instructorId } = state.request;
      return [
        {
          to: 'calendar',
          instructorId,
          command: { type: 'ReleaseSlot', instructorId, appointmentId, reason: 'expired', at },
        },
        ...lessonBack(state, 'expired', at),
      ];
    }
    case 'AppointmentCancelled': {
      if (state.phase !== 'cancelled') return [];
      const { appointmentId, instructorId } = state.request;
      const release: AppointmentCheckoutOutput = {
        to: 'calendar',
        instructorId,
        command: { type: 'ReleaseSlot', instructorId, appointmentId, reason: 'cancelled', at },
      };
      const lesson = input.data.lessonBack ? lessonBack(state, 'cancelled', at) : [];
      if (state.refunded || state.refundCents === 0 || !state.money) return [release, ...lesson];
      const { paymentIntentId } = state.money;
      return [
        release,
        ...lesson,
        { to: 'refund', appointmentId, paymentIntentId, amountCents: state.refundCents, reason: 'cancelled' },
      ];
    }
    case 'StepRefused':
      if (state.phase !== 'paid' || input.data.step !== 'calendar') return [];
      return [
        {
          to: 'refund',
          appointmentId: state.request.appointmentId,
          paymentIntentId: state.money.paymentIntentId,
          reason: 'time-taken',
        },
      ];
  }
}

/** The lesson a pack paid for, given back to it (once: the pack takes back only a lesson it gave). */
function lessonBack(
  state: Exclude<AppointmentState, { phase: 'none' }>,
  reason: 'cancelled' | 'expired',
  at: string,
): AppointmentCheckoutOutput[] {
  const { lessonPackId, appointmentId } = state.request;
  if (!lessonPackId) return [];
  return [{ to: 'lesson-pack', lessonPackId, command: { type: 'ReturnLesson', appointmentId, reason, at } }];
}

export const appointmentCheckoutWorkflow = { decide: decideAppointmentCheckout };
