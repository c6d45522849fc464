import type { MakeupCreditEvent, MakeupCreditGranted, VoidReason } from '../../contracts/courses/events.js';
import type { Decider } from '../../platform/command/decider.js';
import { refuse } from './refusals.js';

/**
 * The ledger of one make-up credit (stream `makeup-credit-<id>`): granted once, booked into one
 * session at a time, given back when that make-up is cancelled or refused, void for good once the
 * place it came from is cancelled or moved. The stream's expected revision makes "never used twice"
 * a decision: two bookings of one credit at once are decided one after the other, and the second
 * finds it booked (or void).
 */
export type CreditState =
  | { status: 'none' }
  | { status: 'available'; credit: MakeupCreditGranted }
  | { status: 'booked'; credit: MakeupCreditGranted; booking: { workshopId: string; session: number } }
  | { status: 'voided'; credit: MakeupCreditGranted; reason: VoidReason };

export type CreditCommand =
  | { type: 'GrantCredit'; credit: MakeupCreditGranted }
  | {
      type: 'BookMakeup';
      /** The booking that asks (its link): a credit of another booking is not found. */
      enrollmentId: string;
      workshopId: string;
      session: number;
      /** The target's program and title, read from its workshop stream. */
      targetProgramId: string | null;
      targetTitle: string;
      at: string;
    }
  | {
      type: 'CancelMakeup';
      reason: 'cancelled' | 'refused';
      /** The workshop's words when it refused the seat. */
      refusal?: string;
      /** With `cancelled`: the booked session's start (the parent may cancel only before it). */
      sessionStartsAt?: string;
      /** Only this booking is cancelled (a redelivery after a rebooking leaves the new one alone). */
      workshopId: string;
      session: number;
      at: string;
    }
  | {
      type: 'VoidCredit';
      reason: VoidReason;
      /**
       * The make-up the credit was seen booked into, with its session's start: one not begun ends
       * with the credit; one begun stands (the credit was spent). Another booking than the one seen
       * is decided again on a fresh read.
       */
      booked?: { workshopId: string; session: number; startsAt: string | undefined };
      at: string;
    };

/** The 409 a void credit answers (worded in service/courses/refusal-answers.ts). */
export const creditVoided = (reason: VoidReason) => refuse({ code: 'makeup_credit_voided', reason });

/** Where a credit may be used: offerings of its program, or the workshop it came from when it has none. */
export const creditFits = (
  credit: Pick<MakeupCreditGranted, 'programId' | 'workshopId'>,
  target: { id: string; programId: string | null },
) => (credit.programId === null ? target.id === credit.workshopId : target.programId === credit.programId);

export const creditDecider: Decider<CreditCommand, MakeupCreditEvent, CreditState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'MakeupCreditGranted':
        return { status: 'available', credit: event.data };
      case 'MakeupBooked':
        if (state.status === 'none') return state;
        return {
          status: 'booked',
          credit: state.credit,
          booking: { workshopId: event.data.workshopId, session: event.data.session },
        };
      case 'MakeupCancelled':
        if (state.status !== 'booked') return state;
        return { status: 'available', credit: state.credit };
      case 'MakeupCreditVoided':
        if (state.status === 'none') return state;
        return { status: 'voided', credit: state.credit, reason: event.data.reason };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'GrantCredit':
        return state.status === 'none' ? [{ type: 'MakeupCreditGranted', data: command.credit }] : [];

      case 'BookMakeup': {
        if (state.status === 'none' || state.credit.enrollmentId !== command.enrollmentId)
          throw refuse({ code: 'makeup_credit_not_found' });
        if (state.status === 'voided') throw creditVoided(state.reason);
        const { credit } = state;
        const { workshopId, session } = command;
        if (state.status === 'booked') {
          if (state.booking.workshopId === workshopId && state.booking.session === session) return [];
          throw refuse({ code: 'makeup_credit_booked' });
        }
        if (Date.parse(command.at) > Date.parse(credit.validUntil))
          throw refuse({ code: 'makeup_credit_expired', validUntil: credit.validUntil });
        if (!creditFits(credit, { id: workshopId, programId: command.targetProgramId }))
          throw refuse({ code: 'makeup_other_program', targetTitle: command.targetTitle });
        const { creditId, enrollmentId, participant } = credit;
        return [
          {
            type: 'MakeupBooked',
            data: { creditId, enrollmentId, participant, workshopId, session, bookedAt: command.at },
          },
        ];
      }

      case 'CancelMakeup': {
        if (state.status !== 'booked') return [];
        const { workshopId, session } = state.booking;
        if (workshopId !== command.workshopId || session !== command.session) return [];
        if (
          command.reason === 'cancelled' &&
          command.sessionStartsAt !== undefined &&
          Date.parse(command.at) >= Date.parse(command.sessionStartsAt)
        )
          throw refuse({ code: 'makeup_begun' });
        return [
          {
            type: 'MakeupCancelled',
            data: {
              creditId: state.credit.creditId,
              workshopId,
              session,
              reason: command.reason,
              ...(command.refusal ? { refusal: command.refusal } : {}),
              cancelledAt: command.at,
            },
          },
        ];
      }

      case 'VoidCredit':
        return voidCredit(command, state);
    }
  },
};

function voidCredit(command: Extract<CreditCommand, { type: 'VoidCredit' }>, state: CreditState): MakeupCreditEvent[] {
  if (state.status === 'none' || state.status === 'voided') return [];
  let booking: { workshopId: string; session: number } | null = null;
  if (state.status === 'booked') {
    const seen = command.booked;
    if (!seen || seen.workshopId !== state.booking.workshopId || seen.session !== state.booking.session)
      throw refuse({ code: 'makeup_credit_changed' });
    // A make-up under way or over stands: the credit was spent on it.
    if (seen.startsAt !== undefined && Date.parse(command.at) >= Date.parse(seen.startsAt)) return [];
    booking = state.booking;
  }
  const { creditId, enrollmentId, participant } = state.credit;
  return [
    {
      type: 'MakeupCreditVoided',
      data: { creditId, enrollmentId, participant, reason: command.reason, booking, voidedAt: command.at },
    },
  ];
}
