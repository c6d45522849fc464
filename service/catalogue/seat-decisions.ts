import type { CheckoutHolds, WorkshopEvent } from '../../contracts/catalogue/events.js';
import { hasBegun, isEnrollmentOpen, isPastLastJoin, salesClosedOf } from '../../contracts/catalogue/sales-window.js';
import { freeSeatRefusal, type FreeSeatClaim } from './free-seats.js';
import { refuse } from './refusals.js';
import { releaseMakeupSeat, reportAbsence, takeMakeupSeat, type SessionSeatCommand } from './session-seats.js';
import { requireScheduled, spotsLeft, type WorkshopState } from './workshop-state.js';

/** The seats of every enrollment, waitlist offer and transfer in the workshop, and per session (courses). */
export type SeatCommand =
  | {
      type: 'ReserveSeats';
      workshopId: string;
      enrollmentId: string;
      seats: number;
      expiresAt: string;
      /**
       * The unpaid hold this one replaces: the enrollment the sender's hold token names (checked
       * first). Its seats go back in the same decision and the new hold keeps its expiry. A hold
       * that has ended or was paid is not replaced.
       */
      replaces?: string;
      /** Free seats: counted against these keys' allowance in this workshop. */
      free?: FreeSeatClaim;
      /** When the parent submitted: the sales window is decided on this instant. */
      at: string;
      /** The waitlist offer this enrollment takes (checked by its token first): its held seats are this hold's. */
      offerId?: string;
      /** What the checkout holding these seats asks of other streams, kept with the hold (CheckoutHolds). */
      checkout?: CheckoutHolds;
    }
  /** Holds seats for a waitlist offer (hold id `offerId`) until `expiresAt`, when they are free. */
  | {
      type: 'OfferSeats';
      workshopId: string;
      offerId: string;
      waitlistEntryId: string;
      seats: number;
      expiresAt: string;
    }
  | {
      type: 'ReleaseSeats';
      workshopId: string;
      enrollmentId: string;
      reason: 'expired' | 'payment-failed' | 'cancelled';
    }
  /**
   * Confirms a hold; without a live hold (it expired) it takes the seats again if they are free.
   * With `paidAt` (a card payment), money that arrived once the workshop had begun is refused.
   */
  | { type: 'ConfirmSeats'; workshopId: string; enrollmentId: string; seats: number; at: string; paidAt?: string }
  /**
   * After the sale: the enrollment's seats, held or sold, go back (a cancellation, the source of a
   * transfer); with `keep`, only those beyond it (one participant left a booking of several). Giving
   * back down to a count, not a count of seats, makes a second delivery give back nothing.
   */
  | {
      type: 'GiveBackSeats';
      workshopId: string;
      enrollmentId: string;
      reason: 'cancelled' | 'transferred';
      keep?: number;
      /** With `keep`: the participants who left (their absences in a course's sessions free nothing any more). */
      leaving?: number[];
    }
  /**
   * An organization's invoice line (issue 39): seats held under the line's group id until the
   * invoice's due date, counted like any booking's, while sales are open and seats are left. Held
   * already: nothing more. Paid, they are confirmed (ConfirmSeats); voided, given back (GiveBackSeats).
   */
  | {
      type: 'HoldInvoiceSeats';
      workshopId: string;
      groupId: string;
      invoiceId: string;
      seats: number;
      heldUntil: string;
      at: string;
    }
  /** A transfer's target: seats sold at once, refused when too few are left or the workshop has begun. */
  | { type: 'TakeTransferSeats'; workshopId: string; enrollmentId: string; seats: number; at: string }
  /** Courses: an absence frees one child's seat in one session; a make-up takes one (session-seats.ts). */
  | SessionSeatCommand;

type Command<T extends SeatCommand['type']> = Extract<SeatCommand, { type: T }>;

/** The hold a resubmission replaces: the one its token names, while it is unpaid and has not ended. */
export const replaceableHold = (s: WorkshopState, enrollmentId: string | undefined, at: string) => {
  if (enrollmentId === undefined || s.holds[enrollmentId] === undefined) return undefined;
  const ends = s.expiries[enrollmentId];
  return ends !== undefined && Date.parse(ends) > Date.parse(at) ? enrollmentId : undefined;
};

/**
 * An enrollment's hold, while sales are open and seats are left (a free one within its family's
 * allowance). It may take over the sender's own unpaid hold, or the waitlist offer it accepts.
 */
function reserveSeats(command: Command<'ReserveSeats'>, state: WorkshopState): WorkshopEvent[] {
  const workshop = requireScheduled(state);
  // An organization's private workshop: its seats are its invoice's only.
  if (workshop.privateFor) throw refuse({ code: 'workshop_not_found' });
  if (state.holds[command.enrollmentId] !== undefined || state.confirmed[command.enrollmentId] !== undefined) return [];
  const at = new Date(command.at);
  if (!isEnrollmentOpen(workshop, at)) throw refuse({ code: 'sales_closed', ...salesClosedOf(workshop, at) });
  const { workshopId, enrollmentId, seats, free, offerId } = command;
  // The sender's own unpaid hold (proved by its token): the new hold replaces it and ends when it would have.
  const replaced = replaceableHold(state, command.replaces, command.at);
  const freed = replaced === undefined ? 0 : (state.holds[replaced] ?? 0);
  const expiresAt = replaced === undefined ? command.expiresAt : state.expiries[replaced]!;
  // A waitlist offer still standing: its seats are this enrollment's (taken over like a replaced hold).
  const offer = offerId === undefined ? undefined : state.holds[offerId];
  const left = spotsLeft(state) + freed + (offer ?? 0);
  if (seats > left) throw refuse({ code: 'seats_short', left, wanted: seats });
  const refused = free && freeSeatRefusal(workshop, state.freeSeatsBy, free, seats);
  if (refused) throw refuse(refused);
  const replacing = (id: string, n: number): WorkshopEvent => ({
    type: 'SeatsReleased',
    data: { workshopId, enrollmentId: id, seats: n, reason: 'replaced', replacedBy: enrollmentId },
  });
  return [
    ...(offer !== undefined ? [replacing(offerId!, offer)] : []),
    ...(replaced !== undefined ? [replacing(replaced, freed)] : []),
    {
      type: 'SeatsReserved',
      data: {
        workshopId,
        enrollmentId,
        seats,
        expiresAt,
        ...(free ? { freeSeatKeys: free.keys } : {}),
        ...(command.checkout ? { checkout: command.checkout } : {}),
      },
    },
  ];
}

function holdInvoiceSeats(command: Command<'HoldInvoiceSeats'>, state: WorkshopState): WorkshopEvent[] {
  const workshop = requireScheduled(state);
  const { workshopId, groupId, invoiceId, seats, heldUntil } = command;
  if (state.holds[groupId] !== undefined || state.confirmed[groupId] !== undefined) return [];
  const at = new Date(command.at);
  if (!isEnrollmentOpen(workshop, at)) throw refuse({ code: 'sales_closed', ...salesClosedOf(workshop, at) });
  const left = spotsLeft(state);
  if (seats > left) throw refuse({ code: 'seats_short', left, wanted: seats });
  return [
    { type: 'SeatsReserved', data: { workshopId, enrollmentId: groupId, seats, expiresAt: heldUntil, invoiceId } },
  ];
}

function offerSeats(command: Command<'OfferSeats'>, state: WorkshopState): WorkshopEvent[] {
  requireScheduled(state);
  const { workshopId, offerId, waitlistEntryId, seats, expiresAt } = command;
  // Held already (a redelivered reaction, or two offer makers racing): one offer, never two.
  if (state.holds[offerId] !== undefined) return [];
  const left = spotsLeft(state);
  if (seats > left) throw refuse({ code: 'seats_short', left, wanted: seats });
  return [{ type: 'SeatsReserved', data: { workshopId, enrollmentId: offerId, seats, expiresAt, waitlistEntryId } }];
}

function releaseSeats(command: Command<'ReleaseSeats'>, state: WorkshopState): WorkshopEvent[] {
  const seats = state.holds[command.enrollmentId];
  if (seats === undefined) return [];
  const { workshopId, enrollmentId, reason } = command;
  return [{ type: 'SeatsReleased', data: { workshopId, enrollmentId, seats, reason } }];
}

function giveBackSeats(command: Command<'GiveBackSeats'>, state: WorkshopState): WorkshopEvent[] {
  const { workshopId, enrollmentId, reason } = command;
  const had = state.holds[enrollmentId] ?? state.confirmed[enrollmentId];
  const seats = (had ?? 0) - (command.keep ?? 0);
  if (seats <= 0) return [];
  const participants = command.keep !== undefined && command.leaving ? { participants: command.leaving } : {};
  return [{ type: 'SeatsReleased', data: { workshopId, enrollmentId, seats, reason, ...participants } }];
}

function takeTransferSeats(command: Command<'TakeTransferSeats'>, state: WorkshopState): WorkshopEvent[] {
  const { workshopId, enrollmentId, seats, at } = command;
  if (state.confirmed[enrollmentId] !== undefined) return [];
  const workshop = requireScheduled(state);
  const { title } = workshop;
  if (!isEnrollmentOpen(workshop, new Date(at)))
    throw refuse({ code: 'transfer_target_closed', title, begun: hasBegun(workshop, new Date(at)) });
  const left = spotsLeft(state) + (state.holds[enrollmentId] ?? 0);
  if (seats > left) throw refuse({ code: 'transfer_seats_short', title, left, seats });
  return [
    { type: 'SeatsReserved', data: { workshopId, enrollmentId, seats, expiresAt: at } },
    { type: 'SeatsConfirmed', data: { workshopId, enrollmentId, seats } },
  ];
}

function confirmSeats(command: Command<'ConfirmSeats'>, state: WorkshopState): WorkshopEvent[] {
  const { workshopId, enrollmentId } = command;
  if (state.confirmed[enrollmentId] !== undefined) return [];
  if (command.paidAt !== undefined && state.workshop && isPastLastJoin(state.workshop, new Date(command.paidAt))) {
    throw refuse({ code: 'sales_closed', ...salesClosedOf(state.workshop, new Date(command.paidAt)) });
  }
  const held = state.holds[enrollmentId];
  if (held !== undefined) return [{ type: 'SeatsConfirmed', data: { workshopId, enrollmentId, seats: held } }];
  // The hold expired before the payment arrived: take the seats again only if they are still free.
  requireScheduled(state);
  const left = spotsLeft(state);
  if (command.seats > left) throw refuse({ code: 'seats_short', left, wanted: command.seats });
  const seats = command.seats;
  return [
    { type: 'SeatsReserved', data: { workshopId, enrollmentId, seats, expiresAt: command.at } },
    { type: 'SeatsConfirmed', data: { workshopId, enrollmentId, seats } },
  ];
}

export const seatDecisions = {
  ReserveSeats: reserveSeats,
  OfferSeats: offerSeats,
  HoldInvoiceSeats: holdInvoiceSeats,
  ReleaseSeats: releaseSeats,
  GiveBackSeats: giveBackSeats,
  TakeTransferSeats: takeTransferSeats,
  ConfirmSeats: confirmSeats,
  ReportAbsence: (command: Command<'ReportAbsence'>, state: WorkshopState) =>
    reportAbsence(command, state, requireScheduled(state)),
  TakeMakeupSeat: (command: Command<'TakeMakeupSeat'>, state: WorkshopState) =>
    takeMakeupSeat(command, state, requireScheduled(state)),
  ReleaseMakeupSeat: releaseMakeupSeat,
};
