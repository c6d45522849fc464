import type { SessionSeatEvent, WorkshopEvent } from '../../contracts/catalogue/events.js';
import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import type { CatalogueRefusal } from '../../contracts/catalogue/refusals.js';
import { refuse } from './refusals.js';

/**
 * Seats per session, beside the workshop's seats per enrollment. An enrollment takes a seat in
 * every session (the workshop's `taken`); per session, an absence reported in advance frees one
 * child's seat and a make-up takes one. So a session holds `taken - absent + makeups` children,
 * and the rules are:
 * - a make-up fits when its session holds fewer than the capacity;
 * - a new enrollment must fit every session, counting no freed seat: `taken + seats` plus the
 *   make-ups a session holds beyond its absences stays within the capacity. A freed seat is
 *   therefore only ever used by a make-up.
 * Absences of an enrollment whose seats go back (a cancellation, a transfer) leave the counts with it.
 */
export interface SessionSeats {
  /** Per session (index 0 is session 1): children absent by notice. */
  absent: number[];
  /** Per session: make-up seats taken. */
  makeups: number[];
  /** Absences by `<enrollmentId>:<session>:<participant>`, with the credit each gave. */
  absences: Record<string, Absence>;
  /** Make-ups by credit id. */
  makeupsByCredit: Record<string, { session: number; enrollmentId: string; participant: number }>;
}

export interface Absence {
  enrollmentId: string;
  session: number;
  participant: number;
  creditId: string;
  validUntil: string;
  reportedAt: string;
}

export const emptySessionSeats = (): SessionSeats => ({ absent: [], makeups: [], absences: {}, makeupsByCredit: {} });

export const absenceKey = (enrollmentId: string, session: number, participant: number) =>
  `${enrollmentId}:${session}:${participant}`;

/** What the session-seat rules read of the workshop's state. */
export interface SeatLedger {
  workshop: WorkshopData | null;
  taken: number;
  holds: Record<string, number>;
  confirmed: Record<string, number>;
  sessionSeats: SessionSeats;
}

const at = (list: number[], i: number) => list[i] ?? 0;

/** Children session `session` (1-based) holds: every enrollment, less the absent, plus the make-ups. */
export const sessionLoad = (s: SeatLedger, session: number) =>
  s.taken - at(s.sessionSeats.absent, session - 1) + at(s.sessionSeats.makeups, session - 1);

/** The seats a new enrollment must fit beside: every enrollment plus the make-ups beyond the absences of the fullest session. */
export function enrollmentLoad(s: SeatLedger): number {
  const { absent, makeups } = s.sessionSeats;
  let beyond = 0;
  for (let i = 0; i < makeups.length; i++) beyond = Math.max(beyond, at(makeups, i) - at(absent, i));
  return s.taken + beyond;
}

/** Seats a make-up can still take in `session`. */
export const makeupSeatsLeft = (s: SeatLedger, session: number) =>
  Math.max(0, (s.workshop?.capacity ?? 0) - sessionLoad(s, session));

const bump = (list: number[], i: number, by: number) => {
  while (list.length <= i) list.push(0);
  list[i] = Math.max(0, list[i]! + by);
};

/** Folds one per-session seat event into the state (in place, as the workshop's evolve does). */
export function evolveSessionSeats(seats: SessionSeats, event: SessionSeatEvent): void {
  switch (event.type) {
    case 'AbsenceReported': {
      const { enrollmentId, session, participant, creditId, validUntil, reportedAt } = event.data;
      const key = absenceKey(enrollmentId, session, participant);
      if (seats.absences[key] !== undefined) return;
      seats.absences[key] = { enrollmentId, session, participant, creditId, validUntil, reportedAt };
      bump(seats.absent, session - 1, 1);
      return;
    }
    case 'MakeupSeatTaken': {
      const { creditId, session, enrollmentId, participant } = event.data;
      if (seats.makeupsByCredit[creditId] !== undefined) return;
      seats.makeupsByCredit[creditId] = { session, enrollmentId, participant };
      bump(seats.makeups, session - 1, 1);
      return;
    }
    case 'MakeupSeatReleased': {
      const held = seats.makeupsByCredit[event.data.creditId];
      if (!held) return;
      delete seats.makeupsByCredit[event.data.creditId];
      bump(seats.makeups, held.session - 1, -1);
      return;
    }
  }
}

/** The enrollment's seats went back (or only those of `participants`): their absences free nothing any more. */
export function dropAbsencesOf(seats: SessionSeats, enrollmentId: string, participants?: readonly number[]): void {
  for (const [key, absence] of Object.entries(seats.absences)) {
    if (absence.enrollmentId !== enrollmentId) continue;
    if (participants && !participants.includes(absence.participant)) continue;
    delete seats.absences[key];
    bump(seats.absent, absence.session - 1, -1);
  }
}

export interface ReportAbsence {
  type: 'ReportAbsence';
  workshopId: string;
  enrollmentId: string;
  session: number;
  participant: number;
  creditId: string;
  /** The credit is valid this many days after the session ends (MAKEUP_VALID_DAYS). */
  validDays: number;
  at: string;
}

export interface TakeMakeupSeat {
  type: 'TakeMakeupSeat';
  workshopId: string;
  creditId: string;
  session: number;
  enrollmentId: string;
  participant: number;
  /** The child's name for the refusal's words (never recorded); absent: "This child". */
  who?: string;
  at: string;
}

export interface ReleaseMakeupSeat {
  type: 'ReleaseMakeupSeat';
  workshopId: string;
  creditId: string;
}

export type SessionSeatCommand = ReportAbsence | TakeMakeupSeat | ReleaseMakeupSeat;

function sessionOf(workshop: WorkshopData, session: number) {
  const found = workshop.sessions[session - 1];
  if (!found) throw refuse({ code: 'no_such_session', title: workshop.title, count: workshop.sessions.length });
  return found;
}

const DAY_MS = 86_400_000;

/**
 * A child will miss a session that has not begun: their seat in it is freed for a make-up and a
 * credit is given. Only for a confirmed booking's participant; the same absence again records nothing.
 */
export function reportAbsence(c: ReportAbsence, s: SeatLedger, workshop: WorkshopData): WorkshopEvent[] {
  const session = sessionOf(workshop, c.session);
  const seats = s.confirmed[c.enrollmentId];
  if (seats === undefined) throw refuse({ code: 'absence_not_booked' });
  if (c.participant >= seats) throw refuse({ code: 'absence_no_such_participant', seats });
  if (s.sessionSeats.absences[absenceKey(c.enrollmentId, c.session, c.participant)] !== undefined) return [];
  if (Date.parse(c.at) >= Date.parse(session.startsAt))
    throw refuse({ code: 'absence_session_begun', sessions: workshop.sessions, session: c.session });
  const validUntil = new Date(Date.parse(session.endsAt) + c.validDays * DAY_MS).toISOString();
  return [
    {
      type: 'AbsenceReported',
      data: {
        workshopId: c.workshopId,
        enrollmentId: c.enrollmentId,
        session: c.session,
        participant: c.participant,
        creditId: c.creditId,
        validUntil,
        reportedAt: c.at,
      },
    },
  ];
}

/** Why a child is already in a session, so no make-up of theirs can go there. */
export type Expected = 'missed' | 'booked' | 'makeup';

/** The 409 of a make-up into a session its child is already in, naming the child when the command does. */
export const alreadyExpectedError = (c: TakeMakeupSeat, workshop: WorkshopData, why: Expected) =>
  refuse({
    code: 'makeup_already_expected',
    why,
    who: c.who ?? null,
    title: workshop.title,
    sessions: workshop.sessions,
    session: c.session,
  });

/**
 * The child of this credit is already expected in the session, or reported missing it: their own
 * booking is in this workshop (every session of it is theirs, the one they miss included), or
 * another credit of theirs holds a make-up seat in it. One child, one seat per session.
 */
function alreadyExpected(c: TakeMakeupSeat, s: SeatLedger): Expected | null {
  const { enrollmentId, participant, session } = c;
  if (s.sessionSeats.absences[absenceKey(enrollmentId, session, participant)] !== undefined) return 'missed';
  if (s.confirmed[enrollmentId] !== undefined || s.holds[enrollmentId] !== undefined) return 'booked';
  const another = Object.entries(s.sessionSeats.makeupsByCredit).some(
    ([creditId, m]) =>
      creditId !== c.creditId &&
      m.enrollmentId === enrollmentId &&
      m.participant === participant &&
      m.session === session,
  );
  return another ? 'makeup' : null;
}

/**
 * One make-up seat in one session that has not begun, that the child is not already expected in
 * (nor reported missing), and that holds fewer children than the capacity. The credit's own stream
 * has already decided it may be used; a seat held for it already (a redelivery) records nothing,
 * one held in another session of this workshop moves.
 */
export function takeMakeupSeat(c: TakeMakeupSeat, s: SeatLedger, workshop: WorkshopData): WorkshopEvent[] {
  const session = sessionOf(workshop, c.session);
  const held = s.sessionSeats.makeupsByCredit[c.creditId];
  if (held?.session === c.session) return [];
  const named = { title: workshop.title, sessions: workshop.sessions, session: c.session };
  if (Date.parse(c.at) >= Date.parse(session.startsAt)) throw refuse({ code: 'makeup_session_begun', ...named });
  const expected = alreadyExpected(c, s);
  if (expected) throw alreadyExpectedError(c, workshop, expected);
  if (sessionLoad(s, c.session) + 1 > workshop.capacity) throw refuse({ code: 'makeup_session_full', ...named });
  const { workshopId, creditId, enrollmentId, participant } = c;
  const moved: WorkshopEvent[] = held
    ? [{ type: 'MakeupSeatReleased', data: { workshopId, creditId, session: held.session, reason: 'moved' } }]
    : [];
  return [
    ...moved,
    { type: 'MakeupSeatTaken', data: { workshopId, creditId, session: c.session, enrollmentId, participant } },
  ];
}

export function releaseMakeupSeat(c: ReleaseMakeupSeat, s: SeatLedger): WorkshopEvent[] {
  const held = s.sessionSeats.makeupsByCredit[c.creditId];
  if (!held) return [];
  return [
    {
      type: 'MakeupSeatReleased',
      data: { workshopId: c.workshopId, creditId: c.creditId, session: held.session, reason: 'cancelled' },
    },
  ];
}

/**
 * An edit may not drop a session that absences or make-ups name, nor lower the capacity below what
 * the fullest session holds: the refusal says what to do instead.
 */
export function sessionEditRefusal(s: SeatLedger, next: WorkshopData): CatalogueRefusal | null {
  const { absent, makeups } = s.sessionSeats;
  const used = Math.max(...absent.map((n, i) => (n > 0 ? i + 1 : 0)), ...makeups.map((n, i) => (n > 0 ? i + 1 : 0)), 0);
  if (next.sessions.length < used) return { code: 'sessions_in_use', sessions: used };
  return null;
}
