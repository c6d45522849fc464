import { withSessions, type WorkshopData, type WorkshopRecord } from '../../contracts/catalogue/workshop.js';
import type { CheckoutHolds, WorkshopEvent } from '../../contracts/catalogue/events.js';
import type { Decider } from '../../platform/command/decider.js';
import {
  enrollmentClosedMessage,
  hasBegun,
  isEnrollmentOpen,
  isPastLastJoin,
} from '../../contracts/catalogue/sales-window.js';
import { AppError, conflict, enrollmentClosed, notFound } from '../core/errors.js';
import { freeSeatRefusal, type FreeSeatClaim } from './free-seats.js';
import {
  dropAbsencesOf,
  emptySessionSeats,
  enrollmentLoad,
  evolveSessionSeats,
  releaseMakeupSeat,
  reportAbsence,
  sessionEditRefusal,
  takeMakeupSeat,
  type SessionSeatCommand,
  type SessionSeats,
} from './session-seats.js';

export type WorkshopCommand =
  /** A record without sessions is a one-date workshop: recorded as a course of one session. */
  | { type: 'ScheduleWorkshop'; workshop: WorkshopRecord }
  | { type: 'UpdateWorkshop'; workshop: WorkshopRecord }
  | { type: 'RemoveWorkshop'; workshopId: string }
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
  /** A transfer's target: seats sold at once, refused when too few are left or the workshop has begun. */
  | { type: 'TakeTransferSeats'; workshopId: string; enrollmentId: string; seats: number; at: string }
  /** Courses: an absence frees one child's seat in one session; a make-up takes one (session-seats.ts). */
  | SessionSeatCommand;

export interface WorkshopState {
  status: 'none' | 'scheduled' | 'removed';
  workshop: WorkshopData | null;
  /** Seats held by unpaid enrollments, by enrollment id. */
  holds: Record<string, number>;
  /** Seats confirmed (paid or free), by enrollment id. */
  confirmed: Record<string, number>;
  /** When each unpaid hold lapses, by enrollment id: a replacement keeps it. */
  expiries: Record<string, string>;
  /** Free seats counted against each key (client address, e-mail), and what each enrollment counts. */
  freeSeatsBy: Record<string, number>;
  freeSeatsOf: Record<string, { keys: string[]; seats: number }>;
  /** Seats held plus seats confirmed, kept as the events come: every seat decision needs it. */
  taken: number;
  /** Per session: absences and make-ups beside the seats per enrollment (session-seats.ts). */
  sessionSeats: SessionSeats;
}

export const seatsTaken = (s: WorkshopState) => s.taken;

/** `taken` after `enrollmentId` ends with `seats` (0: released), whatever it held or had confirmed before. */
export const takenAfter = (s: WorkshopState, enrollmentId: string, seats: number) =>
  s.taken - (s.holds[enrollmentId] ?? 0) - (s.confirmed[enrollmentId] ?? 0) + seats;

/** Seats a new enrollment can take: it must fit every session, and a seat freed by an absence is a make-up's only. */
export const spotsLeft = (s: WorkshopState) => Math.max(0, (s.workshop?.capacity ?? 0) - enrollmentLoad(s));

const requireScheduled = (s: WorkshopState) => {
  if (s.status !== 'scheduled' || !s.workshop)
    throw notFound('We could not find that workshop. It may have been removed.');
  return s.workshop;
};

const fullMessage = (left: number, wanted: number) =>
  left === 0
    ? 'Sorry, this workshop is full. Please choose another date or contact us to join the waiting list.'
    : `Sorry, only ${left} ${left === 1 ? 'spot is' : 'spots are'} left in this workshop and you asked for ${wanted}. Please reduce the number of participants.`;

/** What `enrollmentId` counted against the free-seat keys leaves the counts (its seats, or `seats` of them, given back). */
function dropFreeSeats(state: WorkshopState, enrollmentId: string, seats?: number): void {
  const counted = state.freeSeatsOf[enrollmentId];
  if (!counted) return;
  const given = Math.min(seats ?? counted.seats, counted.seats);
  for (const key of counted.keys) state.freeSeatsBy[key] = (state.freeSeatsBy[key] ?? 0) - given;
  if (given < counted.seats) state.freeSeatsOf[enrollmentId] = { ...counted, seats: counted.seats - given };
  else delete state.freeSeatsOf[enrollmentId];
}

/** The hold a resubmission replaces: the one its token names, while it is unpaid and has not ended. */
export const replaceableHold = (s: WorkshopState, enrollmentId: string | undefined, at: string) => {
  if (enrollmentId === undefined || s.holds[enrollmentId] === undefined) return undefined;
  const ends = s.expiries[enrollmentId];
  return ends !== undefined && Date.parse(ends) > Date.parse(at) ? enrollmentId : undefined;
};

/**
 * The one decider of the workshop stream: the catalogue's decisions (schedule, update, remove) and
 * the seat decisions of every enrollment, waitlist offer and transfer. Its state is a draft that
 * `evolve` changes in place: a popular workshop's stream holds thousands of seat events, and a
 * copy of the holds at each would make every fold quadratic. That is safe because nobody shares a
 * state: each fold starts from a fresh `initialState` (a getter), and the command handler drops a
 * state whose append failed.
 */
export const workshopDecider: Decider<WorkshopCommand, WorkshopEvent, WorkshopState> = {
  get initialState(): WorkshopState {
    return {
      status: 'none',
      workshop: null,
      holds: {},
      confirmed: {},
      expiries: {},
      freeSeatsBy: {},
      freeSeatsOf: {},
      taken: 0,
      sessionSeats: emptySessionSeats(),
    };
  },

  evolve(state, event) {
    switch (event.type) {
      case 'WorkshopScheduled':
        state.status = 'scheduled';
        state.workshop = event.data.workshop;
        return state;
      case 'WorkshopUpdated':
        state.workshop = event.data.workshop;
        return state;
      case 'WorkshopRemoved':
        state.status = 'removed';
        return state;
      case 'SeatsReserved': {
        const { enrollmentId, seats, expiresAt, freeSeatKeys: keys } = event.data;
        state.taken = takenAfter(state, enrollmentId, seats + (state.confirmed[enrollmentId] ?? 0));
        state.holds[enrollmentId] = seats;
        state.expiries[enrollmentId] = expiresAt;
        if (keys?.length) {
          for (const key of keys) state.freeSeatsBy[key] = (state.freeSeatsBy[key] ?? 0) + seats;
          state.freeSeatsOf[enrollmentId] = { keys, seats };
        }
        return state;
      }
      case 'SeatsReleased': {
        const { enrollmentId } = event.data;
        // After the sale, sold seats go back (a cancellation, a transfer's source); before it, a hold.
        const ledger =
          state.holds[enrollmentId] === undefined && state.confirmed[enrollmentId] !== undefined
            ? state.confirmed
            : state.holds;
        const had = ledger[enrollmentId] ?? 0;
        if (event.data.seats < had) {
          // Some of them: one participant of several left.
          ledger[enrollmentId] = had - event.data.seats;
          state.taken -= event.data.seats;
          dropFreeSeats(state, enrollmentId, event.data.seats);
          dropAbsencesOf(state.sessionSeats, enrollmentId, event.data.participants);
          return state;
        }
        state.taken -= had;
        delete ledger[enrollmentId];
        if (ledger === state.holds) delete state.expiries[enrollmentId];
        else dropAbsencesOf(state.sessionSeats, enrollmentId);
        dropFreeSeats(state, enrollmentId);
        return state;
      }
      case 'SeatsConfirmed': {
        const { enrollmentId, seats } = event.data;
        state.taken = takenAfter(state, enrollmentId, seats);
        delete state.holds[enrollmentId];
        delete state.expiries[enrollmentId];
        state.confirmed[enrollmentId] = seats;
        return state;
      }
      case 'AbsenceReported':
      case 'MakeupSeatTaken':
      case 'MakeupSeatReleased':
        evolveSessionSeats(state.sessionSeats, event);
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ScheduleWorkshop':
        if (state.status !== 'none') throw conflict(`A workshop with id ${command.workshop.id} already exists.`);
        return [{ type: 'WorkshopScheduled', data: { workshop: withSessions(command.workshop) } }];

      case 'UpdateWorkshop': {
        requireScheduled(state);
        const workshop = withSessions(command.workshop);
        const sessionsRefused = sessionEditRefusal(state, workshop);
        if (sessionsRefused) throw conflict(sessionsRefused);
        const taken = enrollmentLoad(state);
        if (workshop.capacity < taken) {
          throw conflict(
            `Capacity cannot be lower than the ${taken} ${taken === 1 ? 'seat' : 'seats'} already taken. Set it to ${taken} or more.`,
          );
        }
        return [{ type: 'WorkshopUpdated', data: { workshop } }];
      }

      case 'RemoveWorkshop': {
        requireScheduled(state);
        const active =
          Object.keys(state.holds).length +
          Object.keys(state.confirmed).length +
          Object.keys(state.sessionSeats.makeupsByCredit).length;
        if (active > 0) {
          throw conflict(
            `This workshop has ${active} active ${active === 1 ? 'enrollment' : 'enrollments'} and cannot be deleted. Cancel them first or keep the workshop.`,
          );
        }
        return [{ type: 'WorkshopRemoved', data: { workshopId: command.workshopId } }];
      }

      case 'ReserveSeats': {
        const workshop = requireScheduled(state);
        if (state.holds[command.enrollmentId] !== undefined || state.confirmed[command.enrollmentId] !== undefined)
          return [];
        const at = new Date(command.at);
        if (!isEnrollmentOpen(workshop, at)) throw enrollmentClosed(enrollmentClosedMessage(workshop, at));
        const { workshopId, enrollmentId, seats, free } = command;
        // The sender's own unpaid hold (proved by its token): the new hold replaces it and ends when it would have.
        const replaced = replaceableHold(state, command.replaces, command.at);
        const freed = replaced === undefined ? 0 : (state.holds[replaced] ?? 0);
        const expiresAt = replaced === undefined ? command.expiresAt : state.expiries[replaced]!;
        // A waitlist offer still standing: its seats are this enrollment's (taken over like a replaced hold).
        const offer = command.offerId === undefined ? undefined : state.holds[command.offerId];
        const left = spotsLeft(state) + freed + (offer ?? 0);
        if (seats > left) throw new AppError('conflict', fullMessage(left, seats));
        const refused = free && freeSeatRefusal(workshop, state.freeSeatsBy, free, seats);
        if (refused) throw refused;
        const reserved: WorkshopEvent = {
          type: 'SeatsReserved',
          data: {
            workshopId,
            enrollmentId,
            seats,
            expiresAt,
            ...(free ? { freeSeatKeys: free.keys } : {}),
            ...(command.checkout ? { checkout: command.checkout } : {}),
          },
        };
        const released: WorkshopEvent[] = [];
        if (offer !== undefined)
          released.push({
            type: 'SeatsReleased',
            data: {
              workshopId,
              enrollmentId: command.offerId!,
              seats: offer,
              reason: 'replaced',
              replacedBy: enrollmentId,
            },
          });
        if (replaced !== undefined)
          released.push({
            type: 'SeatsReleased',
            data: { workshopId, enrollmentId: replaced, seats: freed, reason: 'replaced', replacedBy: enrollmentId },
          });
        return [...released, reserved];
      }

      case 'OfferSeats': {
        requireScheduled(state);
        const { workshopId, offerId, waitlistEntryId, seats, expiresAt } = command;
        // Held already (a redelivered reaction, or two offer makers racing): one offer, never two.
        if (state.holds[offerId] !== undefined) return [];
        const left = spotsLeft(state);
        if (seats > left) throw new AppError('conflict', fullMessage(left, seats));
        return [
          { type: 'SeatsReserved', data: { workshopId, enrollmentId: offerId, seats, expiresAt, waitlistEntryId } },
        ];
      }

      case 'ReleaseSeats': {
        const seats = state.holds[command.enrollmentId];
        if (seats === undefined) return [];
        const { workshopId, enrollmentId, reason } = command;
        return [{ type: 'SeatsReleased', data: { workshopId, enrollmentId, seats, reason } }];
      }

      case 'GiveBackSeats': {
        const { workshopId, enrollmentId, reason } = command;
        const had = state.holds[enrollmentId] ?? state.confirmed[enrollmentId];
        const seats = (had ?? 0) - (command.keep ?? 0);
        if (seats <= 0) return [];
        const participants = command.keep !== undefined && command.leaving ? { participants: command.leaving } : {};
        return [{ type: 'SeatsReleased', data: { workshopId, enrollmentId, seats, reason, ...participants } }];
      }

      case 'TakeTransferSeats': {
        const { workshopId, enrollmentId, seats, at } = command;
        if (state.confirmed[enrollmentId] !== undefined) return [];
        const workshop = requireScheduled(state);
        if (!isEnrollmentOpen(workshop, new Date(at)))
          throw conflict(
            hasBegun(workshop, new Date(at))
              ? `${workshop.title} has already begun, so no one can be moved into it. Please pick a later date.`
              : `Enrollment for ${workshop.title} is closed, so no one can be moved into it. Please pick another date.`,
          );
        const left = spotsLeft(state) + (state.holds[enrollmentId] ?? 0);
        if (seats > left)
          throw conflict(
            `${workshop.title} has ${left === 0 ? 'no seats' : `only ${left} ${left === 1 ? 'seat' : 'seats'}`} left and this enrollment needs ${seats}.`,
          );
        return [
          { type: 'SeatsReserved', data: { workshopId, enrollmentId, seats, expiresAt: at } },
          { type: 'SeatsConfirmed', data: { workshopId, enrollmentId, seats } },
        ];
      }

      case 'ConfirmSeats': {
        const { workshopId, enrollmentId } = command;
        if (state.confirmed[enrollmentId] !== undefined) return [];
        if (
          command.paidAt !== undefined &&
          state.workshop &&
          isPastLastJoin(state.workshop, new Date(command.paidAt))
        ) {
          const paidAt = new Date(command.paidAt);
          throw enrollmentClosed(enrollmentClosedMessage(state.workshop, paidAt));
        }
        const held = state.holds[enrollmentId];
        if (held !== undefined) return [{ type: 'SeatsConfirmed', data: { workshopId, enrollmentId, seats: held } }];
        // The hold expired before the payment arrived: take the seats again only if they are still free.
        requireScheduled(state);
        const left = spotsLeft(state);
        if (command.seats > left) throw new AppError('conflict', fullMessage(left, command.seats));
        const seats = command.seats;
        return [
          { type: 'SeatsReserved', data: { workshopId, enrollmentId, seats, expiresAt: command.at } },
          { type: 'SeatsConfirmed', data: { workshopId, enrollmentId, seats } },
        ];
      }

      case 'ReportAbsence':
        return reportAbsence(command, state, requireScheduled(state));
      case 'TakeMakeupSeat':
        return takeMakeupSeat(command, state, requireScheduled(state));
      case 'ReleaseMakeupSeat':
        return releaseMakeupSeat(command, state);
    }
  },
};
