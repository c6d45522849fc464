import { workshopStream } from '../../../contracts/catalogue/events.js';
import { attendanceMailStream } from '../../../contracts/courses/attendance-mail.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import type { WorkshopState } from '../../catalogue/workshop-state.js';
import type { AppDeps } from '../../core/deps.js';
import type { Booking } from '../decider/enrollment-state.js';
import { calendarSequence } from './calendar-event.js';

/** Sessions of the workshop the booking no longer attends: every child still booked reported missing them. */
export function missedSessions(ledger: WorkshopState, enrollmentId: string): number[] {
  const seats = ledger.confirmed[enrollmentId] ?? 0;
  const bySession = new Map<number, number>();
  for (const a of Object.values(ledger.sessionSeats.absences))
    if (a.enrollmentId === enrollmentId) bySession.set(a.session, (bySession.get(a.session) ?? 0) + 1);
  return [...bySession].filter(([, absent]) => seats > 0 && absent >= seats).map(([session]) => session);
}

/**
 * Sessions none of `participants` attends: each of them reported missing it. Read by the
 * participant, not by the seats held, so it holds before the seats of a child who left go back.
 */
export function sessionsNoneAttend(ledger: WorkshopState, enrollmentId: string, participants: readonly number[]) {
  if (participants.length === 0) return [];
  const absent = new Map<number, Set<number>>();
  for (const a of Object.values(ledger.sessionSeats.absences))
    if (a.enrollmentId === enrollmentId) absent.set(a.session, (absent.get(a.session) ?? new Set()).add(a.participant));
  return [...absent]
    .filter(([, who]) => participants.every((p) => who.has(p)))
    .map(([session]) => session)
    .sort((x, y) => x - y);
}

export async function missedSessionsOf(deps: Pick<AppDeps, 'commands'>, workshopId: string, enrollmentId: string) {
  return missedSessions(await deps.commands.state(workshopDecider, workshopStream(workshopId)), enrollmentId);
}

/** How many calendars the absence and make-up e-mails (service/courses) sent the booking so far. */
export async function attendanceCalendarsSent(deps: Pick<AppDeps, 'eventStore'>, enrollmentId: string) {
  const events = await deps.eventStore.readStream(attendanceMailStream(enrollmentId));
  return events.filter((e) => e.type === 'AttendanceCalendarSent').length;
}

/**
 * The booking's calendar as every file handed out must carry it (issue 37): the SEQUENCE above
 * every one sent before, the moves (up to `move` when given) and the absence and make-up
 * e-mails' calendars counted, and the sessions missed, which a file must not bring back.
 */
export async function calendarRevision(
  deps: Pick<AppDeps, 'commands' | 'eventStore'>,
  enrollmentId: string,
  state: Pick<Booking, 'moves' | 'workshopId'>,
  move?: string,
): Promise<{ sequence: number; missed: number[] }> {
  const sent = await attendanceCalendarsSent(deps, enrollmentId);
  const missed = state.workshopId ? await missedSessionsOf(deps, state.workshopId, enrollmentId) : [];
  return { sequence: calendarSequence(state, move) + sent, missed };
}

/** A calendar revision given as a SEQUENCE alone (nothing missed), or as calendarRevision answers it. */
export type CalendarAt = number | { sequence: number; missed: readonly number[] };
export const calendarAt = (at: CalendarAt) => (typeof at === 'number' ? { sequence: at, missed: [] } : at);
