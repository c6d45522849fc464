import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import type { WorkshopEvent } from '../../contracts/catalogue/events.js';
import { refuse } from './refusals.js';
import {
  dropAbsencesOf,
  emptySessionSeats,
  enrollmentLoad,
  evolveSessionSeats,
  type SessionSeats,
} from './session-seats.js';

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

/** A workshop stream before its first event: a fresh draft each time (evolve changes it in place). */
export const emptyWorkshop = (): WorkshopState => ({
  status: 'none',
  workshop: null,
  holds: {},
  confirmed: {},
  expiries: {},
  freeSeatsBy: {},
  freeSeatsOf: {},
  taken: 0,
  sessionSeats: emptySessionSeats(),
});

export const seatsTaken = (s: WorkshopState) => s.taken;

/** `taken` after `enrollmentId` ends with `seats` (0: released), whatever it held or had confirmed before. */
export const takenAfter = (s: WorkshopState, enrollmentId: string, seats: number) =>
  s.taken - (s.holds[enrollmentId] ?? 0) - (s.confirmed[enrollmentId] ?? 0) + seats;

/** Seats a new enrollment can take: it must fit every session, and a seat freed by an absence is a make-up's only. */
export const spotsLeft = (s: WorkshopState) => Math.max(0, (s.workshop?.capacity ?? 0) - enrollmentLoad(s));

/** The workshop, while it is scheduled; refused as not found otherwise. */
export const requireScheduled = (s: WorkshopState) => {
  if (s.status !== 'scheduled' || !s.workshop) throw refuse({ code: 'workshop_not_found' });
  return s.workshop;
};

/** What `enrollmentId` counted against the free-seat keys leaves the counts (its seats, or `seats` of them, given back). */
function dropFreeSeats(state: WorkshopState, enrollmentId: string, seats?: number): void {
  const counted = state.freeSeatsOf[enrollmentId];
  if (!counted) return;
  const given = Math.min(seats ?? counted.seats, counted.seats);
  for (const key of counted.keys) state.freeSeatsBy[key] = (state.freeSeatsBy[key] ?? 0) - given;
  if (given < counted.seats) state.freeSeatsOf[enrollmentId] = { ...counted, seats: counted.seats - given };
  else delete state.freeSeatsOf[enrollmentId];
}

type Event<T extends WorkshopEvent['type']> = Extract<WorkshopEvent, { type: T }>;

function reserved(state: WorkshopState, event: Event<'SeatsReserved'>): WorkshopState {
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

function released(state: WorkshopState, event: Event<'SeatsReleased'>): WorkshopState {
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

/**
 * The workshop stream's evolve. Its state is a draft changed in place: a popular workshop's stream
 * holds thousands of seat events, and a copy of the holds at each would make every fold quadratic.
 * That is safe because nobody shares a state: each fold starts from a fresh initial state, and the
 * command handler drops a state whose append failed.
 */
export function evolveWorkshop(state: WorkshopState, event: WorkshopEvent): WorkshopState {
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
    case 'SeatsReserved':
      return reserved(state, event);
    case 'SeatsReleased':
      return released(state, event);
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
}
